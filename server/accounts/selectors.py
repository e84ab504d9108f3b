"""Reads of sign-in state other apps show (the user-login screen's lock badge)."""

from __future__ import annotations

from django.db.models import CharField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Concat

from server.accounts.models import SignInLock, User
from server.core import clock


def users_with_sign_in_lock(queryset: QuerySet[User]) -> QuerySet[User]:
    """`queryset` with `sign_in_locked_until`: the end of the login's running sign-in lock, or None."""
    account = Concat(Value("user:"), Cast(OuterRef("pk"), output_field=CharField()))
    running = SignInLock.objects.filter(account=account, locked_until__gt=clock.now())
    return queryset.annotate(sign_in_locked_until=Subquery(running.values("locked_until")[:1]))
