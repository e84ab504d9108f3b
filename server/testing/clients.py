"""API clients signed in as a web user or as an employee of the mobile app."""

from __future__ import annotations

from rest_framework.test import APIClient

from server.accounts.models import User
from server.accounts.services import token_issue
from server.mobile.services import employee_token_issue
from server.workforce.models import Employee

PASSWORD = "rahasia123"
MOBILE_PASSWORD = "sandi-mobile-1"


def user_client(user: User, *, remember: bool = False) -> APIClient:
    """A web client carrying a fresh access token of `user` (its raw token in `client.raw_token`)."""
    _, raw = token_issue(user=user, remember=remember)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=raw)
    client.raw_token = raw  # type: ignore[attr-defined]
    return client


def with_mobile_password(employee: Employee, password: str = MOBILE_PASSWORD) -> Employee:
    employee.set_mobile_password(password)
    employee.save(update_fields=["mobile_password"])
    return employee


def employee_client(employee: Employee, *, prefix: str = "") -> APIClient:
    _, raw = employee_token_issue(employee=employee, remember=False)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{prefix}{raw}")
    return client
