"""The access policy of the mobile API: a signed-in employee (never a back-office user)."""

from __future__ import annotations

from rest_framework.request import Request

from server.core.authentication import token_principal
from server.core.policy import TokenHolder
from server.mobile.authentication import SignedInEmployee
from server.workforce.models import Employee


class EmployeeSignedIn(TokenHolder):
    """Any employee signed in to the mobile app; mobile views authenticate employee tokens only."""

    description = "signed-in employee"


def signed_in_employee(request: Request) -> Employee:
    return token_principal(request, SignedInEmployee).employee
