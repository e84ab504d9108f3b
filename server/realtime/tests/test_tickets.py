from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import AccessToken
from server.accounts.services import token_issue, user_set_active, user_sign_out
from server.core.authentication import hash_secret
from server.realtime import services
from server.realtime.models import RealtimeTicket, TicketKind
from server.realtime.services import realtime_ticket_issue, realtime_ticket_redeem, realtime_tickets_redeem

TICKET = "/api/web/v1/realtime/ticket"


@pytest.mark.django_db
class TestTicketEndpoint:
    def test_requires_sign_in(self, api: APIClient) -> None:
        response = api.post(TICKET)
        assert response.status_code == 401
        assert response.json()["http_status"] == 401

    def test_revoked_token_gets_no_ticket(self, make_user: Any, client_for: Any) -> None:
        client = client_for(make_user())
        client.post("/api/web/v1/auth/logout")
        assert client.post(TICKET).status_code == 401

    def test_issues_a_hashed_short_lived_ticket_of_the_calling_session(
        self, make_user: Any, client_for: Any
    ) -> None:
        user = make_user()
        client = client_for(user)
        response = client.post(TICKET)
        body = response.json()
        assert response.status_code == 200 and body["http_status"] == 200
        ticket = body["data"]["ticket"]
        stored = RealtimeTicket.objects.get()
        assert stored.key_hash == hash_secret(ticket) != ticket
        assert stored.kind == TicketKind.USER and stored.user == user
        assert stored.access_token == AccessToken.objects.get(key_hash=hash_secret(client.raw_token))
        assert stored.used_at is None
        lifetime = stored.expires_at - timezone.now()
        assert timedelta(seconds=25) < lifetime <= settings.REALTIME_TICKET_TTL

    def test_each_call_gives_a_different_ticket(self, make_user: Any, client_for: Any) -> None:
        client = client_for(make_user())
        assert client.post(TICKET).json()["data"]["ticket"] != client.post(TICKET).json()["data"]["ticket"]


@pytest.mark.django_db
class TestRedeem:
    def test_once_only(self, make_user: Any) -> None:
        user = make_user(flags=["allow_report"])
        token, _ = token_issue(user=user, remember=False)
        ticket = realtime_ticket_issue(owner=token)
        principal = realtime_ticket_redeem(raw=ticket)
        assert principal is not None
        assert (principal.kind, principal.user_id, principal.access_token_id) == (
            TicketKind.USER,
            user.pk,
            token.pk,
        )
        assert principal.access["allow_report"] == 1
        assert realtime_ticket_redeem(raw=ticket) is None

    @pytest.mark.parametrize("raw", ["", "tidak-ada", "x" * 10_000])
    def test_unknown(self, raw: str) -> None:
        assert realtime_ticket_redeem(raw=raw) is None

    def test_expired(self, make_user: Any) -> None:
        token, _ = token_issue(user=make_user(), remember=False)
        ticket = realtime_ticket_issue(owner=token)
        RealtimeTicket.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
        assert realtime_ticket_redeem(raw=ticket) is None

    def test_session_ended_after_issue(self, make_user: Any) -> None:
        token, _ = token_issue(user=make_user(), remember=False)
        ticket = realtime_ticket_issue(owner=token)
        user_sign_out(token=token)
        assert realtime_ticket_redeem(raw=ticket) is None

    def test_user_deactivated_after_issue(self, make_user: Any) -> None:
        user = make_user()
        token, _ = token_issue(user=user, remember=False)
        ticket = realtime_ticket_issue(owner=token)
        user_set_active(user=user, is_active=False)
        assert realtime_ticket_redeem(raw=ticket) is None

    def test_expired_tickets_are_cleared_when_tickets_are_redeemed(
        self, make_user: Any, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(services, "_last_sweep", -services.TICKET_SWEEP_INTERVAL)
        token, _ = token_issue(user=make_user(), remember=False)
        realtime_ticket_issue(owner=token)
        RealtimeTicket.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
        fresh = realtime_ticket_issue(owner=token)
        assert RealtimeTicket.objects.count() == 2
        assert realtime_ticket_redeem(raw=fresh) is not None
        assert list(RealtimeTicket.objects.values_list("key_hash", flat=True)) == [hash_secret(fresh)]
        # At most once per interval and process: the next redemption leaves a fresh expired one.
        RealtimeTicket.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
        assert realtime_ticket_redeem(raw=realtime_ticket_issue(owner=token)) is not None
        assert RealtimeTicket.objects.count() == 2
        monkeypatch.setattr(services, "_last_sweep", -services.TICKET_SWEEP_INTERVAL)
        assert realtime_ticket_redeem(raw="tidak-ada") is None
        assert RealtimeTicket.objects.filter(expires_at__lte=timezone.now()).count() == 0

    def test_a_batch_answers_each_ticket_in_order_and_each_ticket_once(self, make_user: Any) -> None:
        first, second = make_user(), make_user()
        token_a, _ = token_issue(user=first, remember=False)
        token_b, _ = token_issue(user=second, remember=False)
        ended, _ = token_issue(user=second, remember=False)
        a, b = realtime_ticket_issue(owner=token_a), realtime_ticket_issue(owner=token_b)
        used = realtime_ticket_issue(owner=token_a)
        assert realtime_ticket_redeem(raw=used) is not None
        of_ended = realtime_ticket_issue(owner=ended)
        user_sign_out(token=ended)

        answers = realtime_tickets_redeem([b, "tidak-ada", a, used, b, of_ended, ""])

        assert [p.access_token_id if p else None for p in answers] == [token_b.pk, None, token_a.pk] + [
            None
        ] * 4
        assert RealtimeTicket.objects.filter(used_at__isnull=True).count() == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_redemptions_have_exactly_one_winner(make_user: Any) -> None:
    token, _ = token_issue(user=make_user(), remember=False)
    ticket = realtime_ticket_issue(owner=token)

    def redeem(_: int) -> bool:
        try:
            return realtime_ticket_redeem(raw=ticket) is not None
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = list(pool.map(redeem, range(8)))
    assert outcomes.count(True) == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_batches_redeem_each_ticket_exactly_once(make_user: Any) -> None:
    token, _ = token_issue(user=make_user(), remember=False)
    tickets = [realtime_ticket_issue(owner=token) for _ in range(20)]

    def redeem(n: int) -> list[bool]:
        try:
            # Every batch asks for every ticket, in a different order.
            ordered = tickets[n:] + tickets[:n]
            return [p is not None for p in realtime_tickets_redeem(ordered)]
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=6) as pool:
        outcomes = list(pool.map(redeem, range(6)))
    assert sum(sum(won) for won in outcomes) == len(tickets)
