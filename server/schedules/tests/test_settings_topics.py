"""The settings.<kind> topics over a real socket: who may subscribe, and a write reaching a screen."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.schedules.models import BlacklistApp
from server.schedules.services.blacklist_apps import blacklist_app_save
from server.testing.sockets import new_session, ping, receive, socket, subscribe

pytestmark = pytest.mark.django_db(transaction=True)


async def test_only_users_with_the_list_flag_subscribe(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_setting_shift"]))
    async with socket(ticket) as ws:
        assert await subscribe(ws, "settings.blacklist_app") == {
            "op": "error",
            "topic": "settings.blacklist_app",
            "code": "forbidden",
        }
        assert (await subscribe(ws, "settings.shift"))["op"] == "subscribed"
        assert (await subscribe(ws, "settings.shift_pattern"))["code"] == "forbidden"


async def test_a_saved_app_reaches_the_open_screens(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_blacklist_app"]))
    async with socket(ticket) as ws:
        subscribed = await subscribe(ws, "settings.blacklist_app")
        assert subscribed["op"] == "subscribed" and subscribed["snapshot"] == {}
        save = database_sync_to_async(blacklist_app_save)
        app: BlacklistApp = await save(app=None, name="Fake GPS", package_id="com.fake", is_allow=False)
        event = await receive(ws)
        assert event == {
            "op": "event",
            "topic": "settings.blacklist_app",
            "version": subscribed["version"] + 1,
            "type": "changed",
            "data": {"action": "created", "hash_id": app.hash_id},
        }
        await ping(ws)
