"""Test-only topics of the realtime tests. The websocket helpers live in server.testing.sockets
(re-exported here for existing imports)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from server.core.policy import AllFlags
from server.realtime.publish import group_name
from server.realtime.topics import Event, Topic, topics, user_policy
from server.testing.sockets import (
    HOST,
    ORIGIN,
    TIMEOUT,
    assert_closed_unauthenticated,
    communicator,
    new_session,
    ping,
    receive,
    socket,
    subscribe,
)

__all__ = [
    "HOST",
    "ORIGIN",
    "REPORT_TOPIC",
    "SCOPED_TOPIC",
    "TIMEOUT",
    "assert_closed_unauthenticated",
    "communicator",
    "new_session",
    "ping",
    "receive",
    "socket",
    "subscribe",
]

REPORT_TOPIC = "test.report"
SCOPED_TOPIC = "test.scoped"


def hide_secrets(principal: Any, event: Event) -> Event | None:
    return None if event.data.get("secret") else event


@pytest.fixture
def report_topic() -> Iterator[Topic]:
    """A test-only topic for users holding `allow_report`, hiding events marked secret."""
    topic = Topic(
        name=REPORT_TOPIC,
        allows=user_policy(AllFlags("allow_report")),
        groups=lambda principal: [group_name(REPORT_TOPIC)],
        snapshot=lambda principal: {"reports": 3},
        view=hide_secrets,
    )
    topics.register(topic)
    yield topic
    topics.unregister(topic.name)


@pytest.fixture
def scoped_topic() -> Iterator[Topic]:
    """A test-only topic listening to two scoped groups at once (like one group per man power type)."""
    topic = Topic(
        name=SCOPED_TOPIC,
        allows=lambda principal: principal.is_user,
        groups=lambda principal: [group_name(SCOPED_TOPIC, scope) for scope in ("office", "site")],
        snapshot=lambda principal: {},
    )
    topics.register(topic)
    yield topic
    topics.unregister(topic.name)
