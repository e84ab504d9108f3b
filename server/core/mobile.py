"""The base of the employee app's views (/api/mobile/v1/), for every app that serves one (the mobile
app's own, the announcements'): a signed-in employee only, authenticated by an employee token
(`Authorization: <token>`, also `Bearer`/`Token` prefixes). Core knows no app (DESIGN §15): the mobile
app, which keeps the tokens, registers how a raw token is looked up
(`register_employee_token_lookup`, from its `ready()`).

Mobile views authenticate employees only; a back-office token is unknown here and vice versa. An
unknown, expired or revoked token, or the token of a resigned employee, authenticates nobody, and the
`EmployeeSignedIn` policy then answers 401.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from rest_framework.views import APIView

from server.core.authentication import TokenAuthentication, TokenPrincipal, TokenScheme
from server.core.policy import TokenHolder

# Raw token → the usable token (with its `employee`), None if it is unknown, revoked, expired or its
# employee has resigned.
EmployeeTokenLookup = Callable[[str], Any | None]
_lookup: list[EmployeeTokenLookup] = []


def register_employee_token_lookup(lookup: EmployeeTokenLookup) -> None:
    """The mobile app's reader of its tokens (one; a second registration replaces it)."""
    _lookup[:] = [lookup]


@dataclass(frozen=True)
class SignedInEmployee(TokenPrincipal):
    """`request.user` of a mobile view: the employee behind the token (holds no back-office flags)."""

    # A server.workforce.models.Employee (core imports no app).
    employee: Any


class EmployeeTokenAuthentication(TokenAuthentication):
    def lookup(self, raw: str) -> tuple[SignedInEmployee, Any] | None:
        if not _lookup:
            raise ImproperlyConfigured("No employee token lookup is registered (server.mobile registers it)")
        token = _lookup[0](raw)
        return (SignedInEmployee(employee=token.employee), token) if token is not None else None


class EmployeeTokenScheme(TokenScheme):
    target_class = "server.core.mobile.EmployeeTokenAuthentication"
    name = "EmployeeToken"


class EmployeeSignedIn(TokenHolder):
    """Any employee signed in to the mobile app; mobile views authenticate employee tokens only."""

    description = "signed-in employee"


class MobileApiView(APIView):
    """A view of the employee app: authenticated by employee tokens only."""

    authentication_classes = [EmployeeTokenAuthentication]
    access: Any = EmployeeSignedIn()
