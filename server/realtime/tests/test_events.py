"""Events published by services reach subscribed sockets only after commit, carrying versions."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from server.access.models import UserLevel
from server.accounts.models import User
from server.accounts.services import user_access_changed
from server.realtime.publish import publish
from server.realtime.tests.conftest import REPORT_TOPIC, SCOPED_TOPIC
from server.testing.sockets import new_session, receive, socket, subscribe

pytestmark = pytest.mark.django_db(transaction=True)


class Rollback(Exception):
    pass


def publish_and_roll_back(topic: str, data: dict[str, Any]) -> None:
    try:
        with transaction.atomic():
            publish(topic, "changed", data)
            raise Rollback
    except Rollback:
        pass


def publish_and_commit(topic: str, data: dict[str, Any], scope: str | None = None) -> None:
    with transaction.atomic():
        publish(topic, "changed", data, scope=scope)


async def test_rolled_back_publish_sends_nothing_and_committed_publish_arrives(
    amake_user: Any, report_topic: Any
) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
    async with socket(ticket) as ws:
        assert (await subscribe(ws, REPORT_TOPIC))["version"] == 0
        await database_sync_to_async(publish_and_roll_back)(REPORT_TOPIC, {"n": 1})
        assert await ws.receive_nothing(timeout=0.5)

        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 2})
        assert await receive(ws) == {
            "op": "event",
            "topic": REPORT_TOPIC,
            "version": 1,
            "type": "changed",
            "data": {"n": 2},
        }
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 3})
        assert (await receive(ws))["version"] == 2


async def test_subscribe_answers_the_current_version(amake_user: Any, report_topic: Any) -> None:
    await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 1})
    await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 2})
    _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
    async with socket(ticket) as ws:
        assert (await subscribe(ws, REPORT_TOPIC))["version"] == 2
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 3})
        assert (await receive(ws))["version"] == 3


async def test_unsubscribed_socket_receives_nothing(amake_user: Any, report_topic: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
    async with socket(ticket) as ws:
        await subscribe(ws, REPORT_TOPIC)
        await ws.send_json_to({"op": "unsubscribe", "topic": REPORT_TOPIC})
        assert await receive(ws) == {"op": "unsubscribed", "topic": REPORT_TOPIC}
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 1})
        assert await ws.receive_nothing(timeout=0.5)


async def test_events_hidden_from_a_connection_leave_no_gap(amake_user: Any, report_topic: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
    async with socket(ticket) as ws:
        await subscribe(ws, REPORT_TOPIC)
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"secret": True})
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 1})
        event = await receive(ws)
        assert (event["data"], event["version"]) == ({"n": 1}, 1)


async def test_topic_over_several_groups_counts_one_version(amake_user: Any, scoped_topic: Any) -> None:
    _, _, ticket = await new_session(await amake_user())
    await database_sync_to_async(publish_and_commit)(SCOPED_TOPIC, {"n": 0}, "site")
    async with socket(ticket) as ws:
        assert (await subscribe(ws, SCOPED_TOPIC))["version"] == 1
        await database_sync_to_async(publish_and_commit)(SCOPED_TOPIC, {"n": 1}, "office")
        await database_sync_to_async(publish_and_commit)(SCOPED_TOPIC, {"n": 2}, "site")
        await database_sync_to_async(publish_and_commit)(SCOPED_TOPIC, {"n": 3}, "pool")
        first, second = await receive(ws), await receive(ws)
        assert [(first["data"], first["version"]), (second["data"], second["version"])] == [
            ({"n": 1}, 2),
            ({"n": 2}, 3),
        ]
        assert await ws.receive_nothing(timeout=0.3)


def set_level_flags(user: User, flags: list[str]) -> None:
    UserLevel.objects.filter(pk=user.level_id).update(flags={flag: 1 for flag in flags})
    user_access_changed(user=User.objects.select_related("level").get(pk=user.pk))


async def test_gaining_a_flag_lets_the_same_socket_subscribe(amake_user: Any, report_topic: Any) -> None:
    user = await amake_user(flags=["allow_employee"])
    _, _, ticket = await new_session(user)
    async with socket(ticket) as ws:
        await subscribe(ws, "session")
        assert (await subscribe(ws, REPORT_TOPIC))["code"] == "forbidden"
        await database_sync_to_async(set_level_flags)(user, ["allow_employee", "allow_report"])
        assert (await receive(ws))["type"] == "access"
        assert (await subscribe(ws, REPORT_TOPIC))["op"] == "subscribed"


async def test_losing_a_flag_ends_the_subscription(amake_user: Any, report_topic: Any) -> None:
    user = await amake_user(flags=["allow_report"])
    _, _, ticket = await new_session(user)
    async with socket(ticket) as ws:
        await subscribe(ws, REPORT_TOPIC)
        await database_sync_to_async(set_level_flags)(user, ["allow_employee"])
        assert await receive(ws) == {"op": "error", "topic": REPORT_TOPIC, "code": "forbidden"}
        await database_sync_to_async(publish_and_commit)(REPORT_TOPIC, {"n": 1})
        assert await ws.receive_nothing(timeout=0.5)
