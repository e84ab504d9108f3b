"""The `dashboard` and `wall` topics: snapshots, coalesced pushes, display sockets and revocation."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from server.accounts.models import User
from server.core.build import client_build
from server.dashboard.models import WallDisplay
from server.dashboard.selectors import dashboard_counts_now
from server.dashboard.services import wall_display_create, wall_display_revoke
from server.dashboard.topics import COUNTS, WALL_LIVE
from server.dashboard.wall import wall_live_now
from server.realtime.coalescer import coalescer
from server.realtime.publish import send_now
from server.realtime.services import realtime_ticket_issue
from server.testing.factories import make_employee, make_izin_created, make_log_at, make_man_power
from server.testing.sockets import assert_closed_unauthenticated, new_session, receive, socket, subscribe
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db(transaction=True)

QUIET = 1.0


@pytest.fixture
def amake_user(make_user: Callable[..., User]) -> Callable[..., Any]:
    return database_sync_to_async(make_user)


def _display_ticket(name: str) -> tuple[WallDisplay, str]:
    display, _ = wall_display_create(name=name, created_by=None)
    return display, realtime_ticket_issue(owner=display)


async def display_ticket(name: str = "Lobi") -> tuple[WallDisplay, str]:
    return await database_sync_to_async(_display_ticket)(name)


def _izin_and_hint(employee: Employee | None = None) -> None:
    """A change behind the counts (a new waiting izin request), then its hint."""
    make_izin_created(employee or make_employee(), timezone.now())
    send_now("dashboard", "changed", {"reason": "izin"})


izin_and_hint = database_sync_to_async(_izin_and_hint)
counts_now = database_sync_to_async(dashboard_counts_now)


wall_now = database_sync_to_async(wall_live_now)


async def pushes_until_quiet(ws: WebsocketCommunicator, topic: str) -> list[dict[str, Any]]:
    """Every `counts` push received until nothing arrives for QUIET seconds."""
    pushes = []
    while not await ws.receive_nothing(timeout=QUIET):
        message = await receive(ws)
        assert message["op"] == "event" and message["topic"] == topic and message["type"] == "counts", message
        pushes.append(message)
    return pushes


async def test_dashboard_snapshot_is_the_counts_and_a_hint_pushes_fresh_counts(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=[]))
    async with socket(ticket) as ws:
        subscribed = await subscribe(ws, "dashboard")
        assert subscribed == {
            "op": "subscribed",
            "topic": "dashboard",
            "version": 0,
            "snapshot": await counts_now(),
            "build": client_build(),
        }
        before = subscribed["snapshot"]["izin_waiting"]
        await izin_and_hint()
        pushed = await receive(ws)
        assert pushed["op"] == "event" and pushed["version"] == 1 and pushed["type"] == "counts"
        assert pushed["data"]["izin_waiting"] == before + 1
        assert pushed["data"] == await counts_now()


async def test_a_burst_of_100_hints_costs_a_few_computations_and_pushes(amake_user: Any) -> None:
    _, _, first_ticket = await new_session(await amake_user(flags=[]))
    _, second_ticket = await display_ticket()
    async with socket(first_ticket) as dashboard, socket(second_ticket) as wall:
        await subscribe(dashboard, "dashboard")
        await subscribe(wall, "wall")
        employee = await database_sync_to_async(make_employee)()
        loop = asyncio.get_running_loop()
        started = loop.time()
        for n in range(100):
            # Every tenth hint follows a real change; the others are hints alone (as many as sent).
            if n % 10 == 0:
                await izin_and_hint(employee)
            else:
                await database_sync_to_async(send_now)("dashboard", "changed", {"reason": "izin"})
            await asyncio.sleep(0.005)
        elapsed = loop.time() - started
        dashboard_pushes = await pushes_until_quiet(dashboard, "dashboard")
        wall_pushes = await pushes_until_quiet(wall, "wall")
        truth = await counts_now()
        computations = coalescer().computations(COUNTS.key)
        wall_computations = coalescer().computations(WALL_LIVE.key)

    # At most one computation per 0.4 s window for the whole process (every socket of a key shares it).
    allowed = int(elapsed / 0.4) + 2
    assert 1 <= computations <= allowed + 1
    assert 1 <= wall_computations <= allowed + 1
    for pushes in (dashboard_pushes, wall_pushes):
        assert 1 <= len(pushes) <= allowed
        assert [p["version"] for p in pushes] == list(range(1, len(pushes) + 1))
    assert dashboard_pushes[-1]["data"] == truth
    assert wall_pushes[-1]["data"]["counts"] == truth


async def test_display_socket_may_subscribe_to_wall_only(amake_user: Any) -> None:
    _, ticket = await display_ticket("Lobi Lantai 2")
    async with socket(ticket) as ws:
        for topic in ("dashboard", "session", "approval.attendance", "approval.izin"):
            assert await subscribe(ws, topic) == {"op": "error", "topic": topic, "code": "forbidden"}
        subscribed = await subscribe(ws, "wall")
        assert subscribed["op"] == "subscribed" and subscribed["version"] == 0
        snapshot = subscribed["snapshot"]
        assert snapshot["display_name"] == "Lobi Lantai 2" and snapshot["counts"] == await counts_now()
        await izin_and_hint()
        pushed = await receive(ws)
        assert (pushed["topic"], pushed["version"], pushed["type"]) == ("wall", 1, "counts")
        assert pushed["data"]["counts"] == await counts_now()
        assert pushed["data"] == await wall_now()


async def test_users_cannot_subscribe_to_wall(amake_user: Any) -> None:
    _, _, ticket = await new_session(await amake_user(flags=["allow_user_login"]))
    async with socket(ticket) as ws:
        assert await subscribe(ws, "wall") == {"op": "error", "topic": "wall", "code": "forbidden"}


async def test_revoking_a_display_blanks_its_open_wall_at_once() -> None:
    display, ticket = await display_ticket()
    _, other_ticket = await display_ticket("Lain")
    async with socket(other_ticket) as other:
        ws = WebsocketCommunicator_for(ticket)
        connected, _ = await ws.connect()
        assert connected
        await subscribe(ws, "wall")
        await database_sync_to_async(wall_display_revoke)(display=display)
        assert await receive(ws) == {
            "op": "event",
            "topic": "wall",
            "version": 0,
            "type": "revoked",
            "data": {},
        }
        await assert_closed_unauthenticated(ws)
        await ws.disconnect()
        await other.send_json_to({"op": "ping"})
        assert await receive(other) == {"op": "pong"}


async def test_a_revoked_display_ticket_is_refused() -> None:
    display, ticket = await display_ticket()
    await database_sync_to_async(wall_display_revoke)(display=display)
    ws = WebsocketCommunicator_for(ticket)
    connected, _ = await ws.connect()
    assert connected
    await assert_closed_unauthenticated(ws)
    await ws.disconnect()


def WebsocketCommunicator_for(ticket: str) -> WebsocketCommunicator:
    from server.testing.sockets import communicator

    return communicator(f"?ticket={ticket}")


def _check_in_and_hint() -> Employee:
    """A check-in received now (waiting for approval) at a placement of its own, then its hint."""
    employee = make_employee(man_power=make_man_power(type="site", name="Site Uji Langsung"))
    make_log_at(employee, timezone.now())
    send_now("dashboard", "changed", {"reason": "attendance"})
    return employee


async def test_a_wall_push_carries_the_new_arrival_and_its_sites_counts() -> None:
    _, ticket = await display_ticket()
    async with socket(ticket) as ws:
        snapshot = (await subscribe(ws, "wall"))["snapshot"]
        assert {"counts", "sites", "arrivals"} <= set(snapshot)
        employee = await database_sync_to_async(_check_in_and_hint)()
        pushed = await receive(ws)
        assert (pushed["topic"], pushed["type"]) == ("wall", "counts")
        data = pushed["data"]
        assert data["arrivals"][0]["name"] == employee.name
        assert data["arrivals"][0]["site"] == "Site Uji Langsung"
        site = next(s for s in data["sites"] if s["name"] == "Site Uji Langsung")
        assert (site["checked_in"], site["waiting"]) == (1, 1)
        assert data["counts"]["checkins_received_today"] == snapshot["counts"]["checkins_received_today"] + 1
