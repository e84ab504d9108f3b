"""Employee sessions of the mobile app: `Authorization: <token>` (also `Bearer`/`Token` prefixes).

Mobile views authenticate employees only; a back-office token is unknown here and vice versa. An
unknown, expired or revoked token, or the token of a resigned employee, authenticates nobody, and
the `EmployeeSignedIn` policy then answers 401.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.core.authentication import TokenAuthentication, TokenPrincipal, TokenScheme
from server.mobile.models import EmployeeAccessToken
from server.mobile.services import employee_token_lookup
from server.workforce.models import Employee


@dataclass(frozen=True)
class SignedInEmployee(TokenPrincipal):
    """`request.user` of a mobile view: the employee behind the token (holds no back-office flags)."""

    employee: Employee


class EmployeeTokenAuthentication(TokenAuthentication):
    def lookup(self, raw: str) -> tuple[SignedInEmployee, EmployeeAccessToken] | None:
        token = employee_token_lookup(raw)
        return (SignedInEmployee(employee=token.employee), token) if token is not None else None


class EmployeeTokenScheme(TokenScheme):
    target_class = "server.mobile.authentication.EmployeeTokenAuthentication"
    name = "EmployeeToken"
