"""Reads of sign-in state other apps show (the lock badges of the user-login and employee screens)."""

from __future__ import annotations

from typing import TypeVar, cast

from django.db.models import CharField, Model, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat
from rest_framework.request import Request

from server.accounts.models import SignInLock, User, UserPreference
from server.accounts.services import EMPLOYEE_ACCOUNT_PREFIX, USER_ACCOUNT_PREFIX, preference_key_check
from server.core import clock

M = TypeVar("M", bound=Model)


def with_sign_in_lock(queryset: QuerySet[M], *, prefix: str) -> QuerySet[M]:
    """`queryset` with `sign_in_locked_until`: the end of the running sign-in lock of the account
    `<prefix><pk>` of each row, or None."""
    account = Concat(Value(prefix), Cast(OuterRef("pk"), output_field=CharField()))
    running = SignInLock.objects.filter(account=account, locked_until__gt=clock.now())
    locked_until = Subquery(running.values("locked_until")[:1])
    return cast("QuerySet[M]", queryset.annotate(sign_in_locked_until=locked_until))


def users_with_sign_in_lock(queryset: QuerySet[User]) -> QuerySet[User]:
    """User logins with their web sign-in lock (`sign_in_locked_until`)."""
    return with_sign_in_lock(queryset, prefix=USER_ACCOUNT_PREFIX)


def employees_with_sign_in_lock(queryset: QuerySet[M]) -> QuerySet[M]:
    """Employees with the sign-in lock of their mobile app account (`sign_in_locked_until`)."""
    return with_sign_in_lock(queryset, prefix=EMPLOYEE_ACCOUNT_PREFIX)


def request_user(request: Request) -> User:
    """The signed-in back-office user of a request its policy let in (never a token principal: a
    mobile employee or a wall display)."""
    assert isinstance(request.user, User)
    return request.user


def user_preference_get(*, user: User, key: str) -> UserPreference | None:
    """The user's own stored preference `key`, None when they kept the defaults."""
    preference_key_check(key)
    return UserPreference.objects.filter(user=user, key=key).first()
