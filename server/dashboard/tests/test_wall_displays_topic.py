"""The admins' live list of wall displays: `wall_displays` needs allow_user_login; a change made over
REST reaches a subscribed socket as a hint carrying the display's hash_id."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.dashboard.services import wall_display_create, wall_display_update
from server.testing.sockets import new_session, receive, socket, subscribe

pytestmark = pytest.mark.django_db(transaction=True)

TOPIC = "wall_displays"


async def test_needs_allow_user_login(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
    async with socket(ticket) as ws:
        assert await subscribe(ws, TOPIC) == {"op": "error", "topic": TOPIC, "code": "forbidden"}


async def test_changes_reach_the_admins_list(amake_user: Any) -> None:
    admin = await amake_user(flags=["allow_user_login"])
    _, _, ticket = await new_session(admin)
    async with socket(ticket) as ws:
        subscribed = await subscribe(ws, TOPIC)
        assert subscribed["op"] == "subscribed" and subscribed["snapshot"] == {"count": 0}
        display, _ = await database_sync_to_async(wall_display_create)(name="Lobi", created_by=admin)
        created = await receive(ws)
        assert (created["op"], created["type"], created["data"]) == (
            "event",
            "created",
            {"hash_id": display.hash_id},
        )
        await database_sync_to_async(wall_display_update)(display=display, name="Lobi Utama")
        updated = await receive(ws)
        assert (updated["type"], updated["data"]) == ("updated", {"hash_id": display.hash_id})
        assert updated["version"] == created["version"] + 1
