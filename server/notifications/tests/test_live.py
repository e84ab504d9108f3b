"""The `notifications` topic over a real socket: each user hears of their own notifications only."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.core.build import client_build
from server.notifications.services import notification_read, notify
from server.testing.sockets import new_session, ping, receive, socket, subscribe

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_users_notifications_reach_their_sockets_and_nobody_elses(amake_user: Any) -> None:
    me = await amake_user(flags=[])
    other = await amake_user(flags=[])
    await database_sync_to_async(notify)(user_ids=[me.pk], kind="x", title="sebelum")
    _, _, mine = await new_session(me)
    _, _, theirs = await new_session(other)
    async with socket(mine) as ws, socket(theirs) as their_ws:
        assert await subscribe(ws, "notifications") == {
            "op": "subscribed",
            "topic": "notifications",
            "version": 1,  # the one sent before
            "snapshot": {"unread": 1},
            "build": client_build(),
        }
        assert (await subscribe(their_ws, "notifications"))["snapshot"] == {"unread": 0}

        await database_sync_to_async(notify)(user_ids=[me.pk], kind="job.ended", title="Proses selesai.")
        event = await receive(ws)
        assert (event["op"], event["type"], event["version"]) == ("event", "notification.created", 2)
        assert event["data"]["unread"] == 2 and event["data"]["notification"]["title"] == "Proses selesai."

        await database_sync_to_async(notification_read)(user_id=me.pk)
        event = await receive(ws)
        assert (event["type"], event["data"], event["version"]) == (
            "notification.read",
            {"ids": None, "unread": 0},
            3,
        )
        # The other user's socket heard nothing: its next frame is the answer to its ping.
        await ping(their_ws)
