"""Events published by services reach subscribed sockets only after commit, carrying versions."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from server.accounts.models import User, UserLevel
from server.accounts.services import user_access_changed
from server.realtime import consumers
from server.realtime.publish import group_name, publish
from server.realtime.tests.conftest import REPORT_TOPIC, SCOPED_TOPIC
from server.realtime.topics import Topic, topics
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


COUNTED_TOPIC = "test.counted"


@pytest.fixture
def counted_topic() -> Any:
    """A topic shared by every principal whose snapshot counts how often it is read."""
    reads: list[int] = []

    def snapshot(principal: Any) -> dict[str, int]:
        reads.append(1)
        return {"reads": len(reads)}

    topic = Topic(
        name=COUNTED_TOPIC,
        allows=lambda principal: principal.is_user,
        groups=lambda principal: [group_name(COUNTED_TOPIC)],
        snapshot=snapshot,
        shared_by=lambda principal: "everyone",
    )
    topics.register(topic)
    yield reads
    topics.unregister(COUNTED_TOPIC)


async def test_a_storm_of_subscriptions_reads_the_snapshot_once_until_an_event(
    amake_user: Any, counted_topic: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    tickets = [(await new_session(await amake_user()))[2] for _ in range(4)]
    async with socket(tickets[0]) as first, socket(tickets[1]) as second:
        assert (await subscribe(first, COUNTED_TOPIC))["snapshot"] == {"reads": 1}
        answer = await subscribe(second, COUNTED_TOPIC)
        assert (answer["version"], answer["snapshot"], len(counted_topic)) == (0, {"reads": 1}, 1)

        await database_sync_to_async(publish_and_commit)(COUNTED_TOPIC, {"n": 1})
        assert (await receive(first))["version"] == (await receive(second))["version"] == 1
        async with socket(tickets[2]) as third:
            # The hub fanned out an event since: read again, at the new version.
            answer = await subscribe(third, COUNTED_TOPIC)
            assert (answer["version"], answer["snapshot"]) == (1, {"reads": 2})
            monkeypatch.setattr(consumers, "SNAPSHOT_REUSE_S", 0.0)
            async with socket(tickets[3]) as fourth:
                # Too old: read again.
                assert (await subscribe(fourth, COUNTED_TOPIC))["snapshot"] == {"reads": 3}
                await database_sync_to_async(publish_and_commit)(COUNTED_TOPIC, {"n": 2})
                for ws in (first, second, third, fourth):
                    assert (await receive(ws))["version"] == 2
