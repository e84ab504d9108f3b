"""Websocket helpers: real PostgreSQL (committed rows, the consumer reads them from another thread)
and the real Redis channel layer of the test settings."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from server.accounts.models import AccessToken, User
from server.accounts.services import token_issue
from server.config.asgi import application
from server.core.policy import AllFlags
from server.realtime.publish import group_name
from server.realtime.services import realtime_ticket_issue
from server.realtime.topics import Event, Topic, topics, user_policy

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
TIMEOUT = 3

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


@pytest.fixture
def amake_user(make_user: Callable[..., User]) -> Callable[..., Any]:
    """`make_user` for async tests (the ORM must not run on the event loop)."""
    return database_sync_to_async(make_user)


def _session_and_ticket(user: User) -> tuple[AccessToken, str, str]:
    token, raw = token_issue(user=user, remember=False)
    return token, raw, realtime_ticket_issue(access_token=token)


async def new_session(user: User) -> tuple[AccessToken, str, str]:
    """A fresh sign-in of `user`: (token, raw token, websocket ticket)."""
    return await database_sync_to_async(_session_and_ticket)(user)


def communicator(query: str = "", headers: list[tuple[bytes, bytes]] | None = None) -> WebsocketCommunicator:
    return WebsocketCommunicator(application, f"/ws/v1/{query}", headers=headers or [ORIGIN, HOST])


@asynccontextmanager
async def socket(ticket: str) -> AsyncIterator[WebsocketCommunicator]:
    """An accepted socket signed in with `ticket`, disconnected on exit."""
    ws = communicator(f"?ticket={ticket}")
    try:
        connected, _ = await ws.connect(timeout=TIMEOUT)
        assert connected
        await ping(ws)
        yield ws
    finally:
        await ws.disconnect(timeout=TIMEOUT)


async def ping(ws: WebsocketCommunicator) -> None:
    """A round trip: everything the server did before answering is done."""
    await ws.send_json_to({"op": "ping"})
    assert await receive(ws) == {"op": "pong"}


async def receive(ws: WebsocketCommunicator) -> Any:
    return await ws.receive_json_from(timeout=TIMEOUT)


async def subscribe(ws: WebsocketCommunicator, topic: str) -> Any:
    await ws.send_json_to({"op": "subscribe", "topic": topic})
    return await receive(ws)


async def assert_closed_unauthenticated(ws: WebsocketCommunicator) -> None:
    output = await ws.receive_output(timeout=TIMEOUT)
    assert output == {"type": "websocket.close", "code": 4401}
