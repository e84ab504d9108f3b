"""Employee sign-in sessions of the mobile app (the same token rules as the back-office, DESIGN §4)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from server.accounts.services import (
    SignInCandidate,
    employee_sign_in_account,
    sign_in_attempt,
    unknown_sign_in_account,
)
from server.core.authentication import hash_secret, session_token_create
from server.core.services import rows_touch
from server.mobile import messages as msg
from server.mobile.models import EmployeeAccessToken
from server.realtime.publish import publish
from server.workforce.models import Employee

# The employee screen's list topic (people/topics.py registers it): a lock of an app account refetches it.
EMPLOYEES_TOPIC = "employees"


def employee_token_issue(
    *, employee: Employee, remember: bool, user_agent: str = ""
) -> tuple[EmployeeAccessToken, str]:
    return session_token_create(
        EmployeeAccessToken, remember=remember, user_agent=user_agent, employee=employee
    )


def employee_token_lookup(raw: str) -> EmployeeAccessToken | None:
    """The usable token for `raw`, touched at most once a minute; None if unknown, revoked, expired
    or the employee has resigned."""
    token = (
        EmployeeAccessToken.objects.select_related("employee", "employee__man_power")
        .filter(key_hash=hash_secret(raw))
        .first()
    )
    now = timezone.now()
    if token is None or not token.is_usable(now) or not token.employee.is_active:
        return None
    rows_touch([token], field="last_used_at", now=now, interval=settings.TOKEN_TOUCH_INTERVAL)
    return token


def employee_tokens_revoke(*, employee: Employee, token: EmployeeAccessToken | None = None) -> int:
    """Revoke one session, or every live session of `employee` (password change, resignation)."""
    queryset = EmployeeAccessToken.objects.filter(employee=employee, revoked_at__isnull=True)
    if token is not None:
        queryset = queryset.filter(pk=token.pk)
    return queryset.update(revoked_at=timezone.now())


def _candidates(*, employee_number: str, email: str) -> list[Employee]:
    if employee_number:
        number = employee_number.strip()
        condition = Q(employee_number=number) | Q(employee_number_formatted__iexact=number)
    else:
        condition = Q(email__iexact=email.strip())
    return list(Employee.objects.select_related("man_power").filter(condition).order_by("-is_active", "pk"))


def employee_sign_in(
    *,
    employee_number: str = "",
    email: str = "",
    password: str,
    remember: bool,
    address: str,
    user_agent: str = "",
) -> tuple[Employee, str]:
    """Sign in by employee number (or email) from the client `address`, with the web's sign-in kit on
    the employee's app account: the password is checked before the account status, so a stranger
    learns nothing about which employees exist or have resigned."""

    def issue(employee: Employee) -> str:
        _, raw = employee_token_issue(employee=employee, remember=remember, user_agent=user_agent)
        return raw

    def published(employee: Employee) -> Callable[[], None]:
        return lambda: publish(EMPLOYEES_TOPIC, "updated", {"hash_id": employee.hash_id})

    candidates = [
        SignInCandidate(
            subject=candidate,
            account=employee_sign_in_account(candidate.pk),
            verify=candidate.check_mobile_password,
            is_active=candidate.is_active,
            on_locked=published(candidate),
        )
        for candidate in _candidates(employee_number=employee_number, email=email)
    ]
    return sign_in_attempt(
        address=address,
        candidates=candidates,
        unknown=(
            unknown_sign_in_account("employee-number", employee_number)
            if employee_number
            else unknown_sign_in_account("employee-email", email)
        ),
        password=password,
        wrong=msg.WRONG_CREDENTIALS,
        inactive=msg.INACTIVE,
        issue=issue,
    )


def employee_sign_out(*, token: EmployeeAccessToken) -> None:
    employee_tokens_revoke(employee=token.employee, token=token)
