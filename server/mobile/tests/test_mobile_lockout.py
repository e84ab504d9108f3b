"""The sign-in lockout of the employee app (DESIGN §16): the web's rule on the employee's app account,
whichever identifier (number, formatted number, email) the attempts use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts import messages as accounts_msg
from server.accounts.models import SignInLock
from server.testing.clients import MOBILE_PASSWORD, PASSWORD, with_mobile_password
from server.testing.clock import freeze
from server.testing.factories import make_employee

pytestmark = pytest.mark.django_db

SIGN_IN = "/api/mobile/v1/auth/"
START = datetime(2026, 11, 30, 2, 0, tzinfo=UTC)


def locked_message(minutes: int) -> str:
    return accounts_msg.ACCOUNT_LOCKED.format(minutes=minutes)


@pytest.fixture
def employee() -> Any:
    return with_mobile_password(make_employee(email="budi@example.com", name="Budi"))


class Attempts:
    """Sign-ins from a new peer address each time: only the account counts."""

    def __init__(self, api: APIClient) -> None:
        self.api = api
        self.count = 0

    def __call__(self, password: str = "salah", **identifier: str) -> Any:
        self.count += 1
        return self.api.post(
            SIGN_IN,
            {**identifier, "password": password},
            format="json",
            REMOTE_ADDR=f"198.51.100.{self.count}",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{self.count}",
        )


@pytest.fixture
def attempt(api: APIClient) -> Attempts:
    return Attempts(api)


def test_ten_failures_lock_the_employee_whatever_the_identifier(attempt: Attempts, employee: Any) -> None:
    identifiers = [
        {"employee_number": employee.employee_number},
        {"employee_number": employee.employee_number_formatted},
        {"email": employee.email.upper()},
    ]
    answers = [attempt(**identifiers[n % 3]) for n in range(25)]
    assert [a.status_code for a in answers[:10]] == [401] * 10
    assert {a.status_code for a in answers[10:]} == {429}
    assert answers[10].json()["message"] == locked_message(15)
    right = attempt(MOBILE_PASSWORD, employee_number=employee.employee_number)
    assert right.status_code == 429 and right.json()["message"] == locked_message(15)
    other = with_mobile_password(make_employee())
    assert attempt(MOBILE_PASSWORD, employee_number=other.employee_number).status_code == 200


def test_the_lock_ends_after_15_minutes(
    attempt: Attempts, employee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, START)
    for _ in range(10):
        assert attempt(employee_number=employee.employee_number).status_code == 401
    freeze(monkeypatch, START + timedelta(minutes=5, seconds=30))
    locked = attempt(MOBILE_PASSWORD, email=employee.email)
    assert locked.status_code == 429 and locked.json()["message"] == locked_message(10)
    freeze(monkeypatch, START + timedelta(minutes=15))
    assert attempt(MOBILE_PASSWORD, email=employee.email).status_code == 200


def test_a_successful_sign_in_resets_the_count(attempt: Attempts, employee: Any) -> None:
    for _ in range(9):
        assert attempt(employee_number=employee.employee_number).status_code == 401
    assert attempt(MOBILE_PASSWORD, employee_number=employee.employee_number).status_code == 200
    assert not SignInLock.objects.exists()
    for _ in range(9):
        assert attempt(employee_number=employee.employee_number).status_code == 401
    assert attempt(MOBILE_PASSWORD, employee_number=employee.employee_number).status_code == 200


def test_an_unknown_number_locks_alike(attempt: Attempts) -> None:
    codes = [attempt(employee_number="999999").status_code for _ in range(11)]
    assert codes == [401] * 10 + [429]


def test_the_web_login_with_the_same_email_is_a_separate_account(
    attempt: Attempts, employee: Any, make_user: Any
) -> None:
    make_user(email=employee.email)
    for _ in range(10):
        attempt(email=employee.email)
    body = {"email": employee.email, "password": PASSWORD}
    web = APIClient().post("/api/web/v1/auth/", body, format="json")
    assert web.status_code == 200
