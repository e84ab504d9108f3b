"""The per-account sign-in lockout (DESIGN §16): 10 failures of one account within 15 minutes lock it
for 15 minutes from every address; kept in the database so it holds without the cache."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from server.accounts import messages as msg
from server.accounts.models import SignInLock
from server.accounts.services import user_sign_in_account
from server.testing.clients import PASSWORD
from server.testing.clock import freeze
from server.testing.events import capture_events

pytestmark = pytest.mark.django_db

SIGN_IN = "/api/web/v1/auth/"
START = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def locked_message(minutes: int) -> str:
    return msg.ACCOUNT_LOCKED.format(minutes=minutes)


class Attempts:
    """Sign-ins from a new peer address (and a new X-Forwarded-For) each time: only the account counts."""

    def __init__(self, api: APIClient) -> None:
        self.api = api
        self.count = 0

    def __call__(self, email: str, password: str = "salah") -> Any:
        self.count += 1
        return self.api.post(
            SIGN_IN,
            {"email": email, "password": password},
            format="json",
            REMOTE_ADDR=f"198.51.{self.count // 250}.{self.count % 250 + 1}",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{self.count % 250 + 1}",
        )


@pytest.fixture
def attempt(api: APIClient) -> Attempts:
    return Attempts(api)


def test_ten_failures_lock_the_account_from_every_address(attempt: Attempts, make_user: Any) -> None:
    make_user(email="a@example.com")
    answers = [attempt("a@example.com") for _ in range(25)]
    assert [a.status_code for a in answers[:10]] == [401] * 10
    assert {a.status_code for a in answers[10:]} == {429}
    assert answers[10].json() == {"http_status": 429, "message": locked_message(15), "errors": {}}
    # Even the right password is refused while the lock runs.
    right = attempt("a@example.com", PASSWORD)
    assert right.status_code == 429 and right.json()["message"] == locked_message(15)
    # The lock is the account's: another account signs in from the same addresses.
    make_user(email="b@example.com")
    assert attempt("b@example.com", PASSWORD).status_code == 200


def test_a_locked_account_says_the_minutes_left_and_opens_after_15_minutes(
    attempt: Attempts, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_user(email="a@example.com")
    freeze(monkeypatch, START)
    for _ in range(10):
        assert attempt("a@example.com").status_code == 401
    freeze(monkeypatch, START + timedelta(minutes=1, seconds=10))
    assert attempt("a@example.com", PASSWORD).json()["message"] == locked_message(14)
    freeze(monkeypatch, START + timedelta(minutes=14, seconds=59))
    assert attempt("a@example.com", PASSWORD).json()["message"] == locked_message(1)
    freeze(monkeypatch, START + timedelta(minutes=15))
    assert attempt("a@example.com", PASSWORD).status_code == 200
    assert not SignInLock.objects.exists()


def test_failures_count_within_a_rolling_15_minutes(
    attempt: Attempts, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_user(email="a@example.com")
    for minute in range(9):
        freeze(monkeypatch, START + timedelta(minutes=minute))
        assert attempt("a@example.com").status_code == 401
    # 15 minutes after the first failure it no longer counts: 9 in the window after the 10th.
    freeze(monkeypatch, START + timedelta(minutes=15))
    assert attempt("a@example.com").status_code == 401
    freeze(monkeypatch, START + timedelta(minutes=15, seconds=1))
    assert attempt("a@example.com").status_code == 401
    assert attempt("a@example.com").json()["message"] == locked_message(15)


def test_a_successful_sign_in_resets_the_count(attempt: Attempts, make_user: Any) -> None:
    make_user(email="a@example.com")
    for _ in range(9):
        assert attempt("a@example.com").status_code == 401
    assert attempt("a@example.com", PASSWORD).status_code == 200
    assert not SignInLock.objects.exists()
    for _ in range(9):
        assert attempt("a@example.com").status_code == 401
    assert attempt("a@example.com", PASSWORD).status_code == 200


def test_an_unknown_email_locks_alike(attempt: Attempts) -> None:
    codes = [attempt("nobody@example.com").status_code for _ in range(11)]
    assert codes == [401] * 10 + [429]
    assert attempt("NOBODY@example.com ").json()["message"] == locked_message(15)


def test_locking_a_login_refreshes_the_user_login_list(
    attempt: Attempts, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = make_user(email="a@example.com")
    for _ in range(9):
        attempt("a@example.com")
    with capture_events(monkeypatch) as events:
        attempt("a@example.com")
    assert events.of("user_logins") == [("user_logins", "updated", {"hash_id": user.hash_id}, None)]


def test_old_rows_are_pruned(attempt: Attempts, make_user: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    make_user(email="a@example.com")
    make_user(email="b@example.com")
    other = make_user(email="other@example.com")
    freeze(monkeypatch, START)
    attempt("a@example.com")
    attempt("b@example.com")
    attempt("nobody@example.com")  # names no account: no row (test_sign_in_kit)
    assert SignInLock.objects.count() == 2
    freeze(monkeypatch, START + timedelta(minutes=16))
    attempt("other@example.com")
    assert list(SignInLock.objects.values_list("account", flat=True)) == [user_sign_in_account(other)]


@override_settings(CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}})
def test_the_lock_holds_without_the_cache(api: APIClient, make_user: Any) -> None:
    """A cache that keeps nothing (Redis down, failing open) lets every request past the throttle."""
    make_user(email="a@example.com")
    body = {"email": "a@example.com", "password": "salah"}
    codes = [api.post(SIGN_IN, body, format="json").status_code for _ in range(11)]
    assert codes == [401] * 10 + [429]
    right = api.post(SIGN_IN, {**body, "password": PASSWORD}, format="json")
    assert right.json()["message"] == locked_message(15)
