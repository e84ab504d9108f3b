"""The ticket requests answered on the loop (server.realtime.ticket_endpoint) answer exactly as the DRF
view does, issue the same redeemable tickets, in batches, and leave everything else to Django."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import HttpCommunicator
from django.utils import timezone

from server.accounts.models import AccessToken
from server.accounts.services import token_issue, tokens_lookup
from server.config.asgi import application, django_asgi_app
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_display_create, wall_display_revoke, wall_displays_lookup
from server.realtime import ticket_endpoint
from server.realtime.models import RealtimeTicket, TicketKind
from server.realtime.services import realtime_ticket_redeem
from server.realtime.ticket_endpoint import TICKET_PATH, issue_tickets

pytestmark = pytest.mark.django_db(transaction=True)

HOST = (b"host", b"127.0.0.1:8000")


async def post(
    app: Any, authorization: str | None, *, path: str = TICKET_PATH, **extra: bytes
) -> dict[str, Any]:
    headers = [HOST]
    if authorization is not None:
        headers.append((b"authorization", authorization.encode()))
    headers += [(name.encode(), value) for name, value in extra.items()]
    communicator = HttpCommunicator(app, "POST", path, headers=headers)
    answer: dict[str, Any] = await communicator.get_response(timeout=5)
    return answer


def headers(answer: dict[str, Any]) -> list[tuple[bytes, bytes]]:
    """The answer's headers, names in lower case (HTTP names are case-insensitive), sorted."""
    return sorted((name.lower(), value) for name, value in answer["headers"])


def ticket_of(answer: dict[str, Any]) -> str:
    ticket: str = json.loads(answer["body"])["data"]["ticket"]
    return ticket


@pytest.fixture
def passthrough(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the endpoint handed to Django."""
    seen: list[str] = []
    original = ticket_endpoint.TicketEndpoint.__call__

    async def spy(self: Any, scope: Any, receive: Any, send: Any) -> None:
        inner = self.app

        async def django(scope: Any, receive: Any, send: Any) -> None:
            seen.append(scope["path"])
            await inner(scope, receive, send)

        self.app = django
        try:
            await original(self, scope, receive, send)
        finally:
            self.app = inner

    monkeypatch.setattr(ticket_endpoint.TicketEndpoint, "__call__", spy)
    return seen


async def test_answers_as_the_drf_view_does(make_user: Any, passthrough: list[str]) -> None:
    user = await database_sync_to_async(make_user)()
    _token, raw = await database_sync_to_async(token_issue)(user=user, remember=False)
    # One request id for both (each answer echoes the caller's, or names a new one).
    same_id = {"x-request-id": b"ticket-endpoint-test"}
    fast = await post(application, f"Bearer {raw}", **same_id)
    django = await post(django_asgi_app, f"Bearer {raw}", **same_id)
    assert passthrough == []  # answered on the loop
    assert fast["status"] == django["status"] == 200
    assert headers(fast) == headers(django), set(headers(fast)) ^ set(headers(django))
    fast_body, django_body = json.loads(fast["body"]), json.loads(django["body"])
    assert fast_body.keys() == django_body.keys() and fast_body["data"].keys() == django_body["data"].keys()
    assert {**fast_body, "data": None} == {**django_body, "data": None}
    assert len(ticket_of(fast)) == len(ticket_of(django)) and ticket_of(fast) != ticket_of(django)


async def test_ticket_is_the_sessions_and_redeems_once(make_user: Any) -> None:
    user = await database_sync_to_async(make_user)()
    token, raw = await database_sync_to_async(token_issue)(user=user, remember=False)
    for authorization in (raw, f"Bearer {raw}", f"token {raw}"):
        ticket = ticket_of(await post(application, authorization))
        stored = await RealtimeTicket.objects.aget(used_at__isnull=True)
        assert (stored.kind, stored.user_id, stored.access_token_id) == (TicketKind.USER, user.pk, token.pk)
        assert stored.expires_at - timezone.now() > timedelta(seconds=25)
        principal = await database_sync_to_async(realtime_ticket_redeem)(raw=ticket)
        assert principal is not None and principal.access_token_id == token.pk
        assert await database_sync_to_async(realtime_ticket_redeem)(raw=ticket) is None


async def test_display_token_gets_a_display_ticket(make_user: Any) -> None:
    display, raw = await database_sync_to_async(wall_display_create)(name="Lobi", created_by=None)
    ticket = ticket_of(await post(application, f"Display {raw}"))
    principal = await database_sync_to_async(realtime_ticket_redeem)(raw=ticket)
    assert principal is not None and principal.is_display and principal.wall_display_id == display.pk


async def test_what_it_cannot_answer_goes_to_django(make_user: Any, passthrough: list[str]) -> None:
    user = await database_sync_to_async(make_user)()
    _token, raw = await database_sync_to_async(token_issue)(user=user, remember=False)
    display, display_raw = await database_sync_to_async(wall_display_create)(name="Lobi", created_by=None)
    await database_sync_to_async(wall_display_revoke)(display=display)
    for authorization in (None, "Bearer nope", f"Display {display_raw}", f"Basic {raw}"):
        answer = await post(application, authorization)
        body = json.loads(answer["body"])
        assert answer["status"] == body["http_status"] == 401, (authorization, answer)
    assert passthrough == [TICKET_PATH] * 4
    # Not JSON: Django's content negotiation answers it (406).
    answer = await post(application, f"Bearer {raw}", accept=b"text/html")
    assert answer["status"] == 406 and passthrough[-1] == TICKET_PATH, answer
    # Other methods and paths are Django's.
    answer = await HttpCommunicator(application, "GET", TICKET_PATH, headers=[HOST]).get_response(timeout=5)
    assert answer["status"] == 401, answer
    answer = await post(application, f"Bearer {raw}", path="/api/web/v1/config")
    assert answer["status"] == 405 and passthrough[-2:] == [TICKET_PATH, "/api/web/v1/config"], answer
    assert await RealtimeTicket.objects.acount() == 0


async def test_concurrent_requests_share_batches(make_user: Any) -> None:
    users = [await database_sync_to_async(make_user)() for _ in range(4)]
    sessions = [await database_sync_to_async(token_issue)(user=u, remember=False) for u in users]
    batches = issue_tickets.batches
    answers = await asyncio.gather(*(post(application, f"Bearer {raw}") for _, raw in sessions * 10))
    tickets = [ticket_of(answer) for answer in answers]
    assert len(set(tickets)) == 40 and await RealtimeTicket.objects.acount() == 40
    assert issue_tickets.batches - batches < 40
    owners = [
        (await database_sync_to_async(realtime_ticket_redeem)(raw=ticket)).access_token_id  # type: ignore[union-attr]
        for ticket in tickets
    ]
    assert owners == [token.pk for token, _ in sessions * 10]


def test_batch_lookups_touch_what_is_due(make_user: Any) -> None:
    fresh, fresh_raw = token_issue(user=make_user(), remember=False)
    stale, stale_raw = token_issue(user=make_user(), remember=False)
    long_ago = timezone.now() - timedelta(hours=1)
    AccessToken.objects.filter(pk__in=[fresh.pk, stale.pk]).update(last_used_at=long_ago)
    just_now = timezone.now()
    AccessToken.objects.filter(pk=fresh.pk).update(last_used_at=just_now)
    found = tokens_lookup([fresh_raw, stale_raw, "unknown", ""])
    assert set(found) == {fresh_raw, stale_raw}
    stale.refresh_from_db()
    fresh.refresh_from_db()
    assert stale.last_used_at > long_ago and fresh.last_used_at == just_now
    display, raw = wall_display_create(name="Lobi", created_by=None)
    WallDisplay.objects.filter(pk=display.pk).update(last_seen_at=None)
    assert wall_displays_lookup([raw, "x" * 10_000]) == {raw: display}
    display.refresh_from_db()
    assert display.last_seen_at is not None
