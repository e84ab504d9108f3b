"""The `announcement` topic over a real socket: users with allow_announcement follow the list live."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.announcements.services import AnnouncementInput, announcement_create, announcement_delete
from server.core.build import client_build
from server.testing.sockets import new_session, receive, socket, subscribe

pytestmark = pytest.mark.django_db(transaction=True)


async def test_subscribers_see_a_new_announcement_and_its_deletion(amake_user: Any) -> None:
    reader = await amake_user(flags=["allow_announcement"])
    _, _, ticket = await new_session(reader)
    async with socket(ticket) as ws:
        assert await subscribe(ws, "announcement") == {
            "op": "subscribed",
            "topic": "announcement",
            "version": 0,
            "snapshot": {"count": 0},
            "build": client_build(),
        }
        created = await database_sync_to_async(announcement_create)(
            creator=reader, values=AnnouncementInput(title="Rapat", tags=["site"])
        )
        event = await receive(ws)
        assert (event["op"], event["type"], event["version"]) == ("event", "created", 1)
        assert event["data"]["hash_id"] == created.hash_id and event["data"]["row"]["title"] == "Rapat"

        await database_sync_to_async(announcement_delete)(hash_id=created.hash_id)
        event = await receive(ws)
        assert (event["type"], event["data"], event["version"]) == (
            "deleted",
            {"hash_id": created.hash_id},
            2,
        )


async def test_users_without_the_flag_may_not_subscribe(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_employee"]))
    async with socket(ticket) as ws:
        assert await subscribe(ws, "announcement") == {
            "op": "error",
            "topic": "announcement",
            "code": "forbidden",
        }
