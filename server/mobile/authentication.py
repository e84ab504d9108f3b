"""Employee sessions of the mobile app: `Authorization: <token>` (also `Bearer`/`Token` prefixes).

Mobile views authenticate employees only; a back-office token is unknown here and vice versa. An
unknown, expired or revoked token, or the token of a resigned employee, authenticates nobody, and
the `EmployeeSignedIn` policy then answers 401.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from server.accounts.authentication import raw_token_from_header
from server.mobile.models import EmployeeAccessToken
from server.mobile.services import employee_token_lookup
from server.workforce.models import Employee


@dataclass(frozen=True)
class SignedInEmployee:
    """`request.user` of a mobile view: the employee behind the token (holds no back-office flags)."""

    employee: Employee
    is_authenticated: bool = True
    user_access: Mapping[str, int] = field(default_factory=dict)


class EmployeeTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[SignedInEmployee, EmployeeAccessToken] | None:
        raw = raw_token_from_header(request.META.get("HTTP_AUTHORIZATION", ""))
        if not raw:
            return None
        token = employee_token_lookup(raw)
        if token is None:
            return None
        return SignedInEmployee(employee=token.employee), token

    def authenticate_header(self, request: Request) -> str:
        return "Token"


class EmployeeTokenScheme(OpenApiAuthenticationExtension):
    target_class = "server.mobile.authentication.EmployeeTokenAuthentication"
    name = "EmployeeToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization"}
