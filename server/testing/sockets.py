"""Websocket helpers: a signed-in socket on the real ASGI application and channel layer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from server.accounts.models import AccessToken, User
from server.accounts.services import token_issue
from server.config.asgi import application
from server.realtime.services import realtime_ticket_issue

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")
TIMEOUT = 10  # an expected message; the suite runs beside the e2e servers on 2 cores


def _session_and_ticket(user: User) -> tuple[AccessToken, str, str]:
    token, raw = token_issue(user=user, remember=False)
    return token, raw, realtime_ticket_issue(owner=token)


async def new_session(user: User) -> tuple[AccessToken, str, str]:
    """A fresh sign-in of `user`: (token, raw token, websocket ticket)."""
    session: tuple[AccessToken, str, str] = await database_sync_to_async(_session_and_ticket)(user)
    return session


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
