"""The signed-in employee of a mobile view (the views' base and policy: server.core.mobile)."""

from __future__ import annotations

from rest_framework.request import Request

from server.core.authentication import token_principal
from server.core.mobile import SignedInEmployee
from server.workforce.models import Employee


def signed_in_employee(request: Request) -> Employee:
    employee: Employee = token_principal(request, SignedInEmployee).employee
    return employee
