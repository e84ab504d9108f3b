"""The access policy of the mobile API: a signed-in employee (never a back-office user)."""

from __future__ import annotations

from collections.abc import Mapping

from rest_framework.request import Request

from server.core.policy import Policy
from server.mobile.authentication import SignedInEmployee
from server.workforce.models import Employee


class EmployeeSignedIn(Policy):
    """Any employee signed in to the mobile app; mobile views authenticate employee tokens only."""

    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return "signed-in employee"


def signed_in_employee(request: Request) -> Employee:
    principal = request.user
    assert isinstance(principal, SignedInEmployee), "mobile views authenticate employees only"
    return principal.employee
