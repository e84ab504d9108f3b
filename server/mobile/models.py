from __future__ import annotations

from django.db import models

from server.accounts.models import TokenBase


class EmployeeAccessToken(TokenBase):
    """A mobile-app session of an employee (same rules as the web tokens)."""

    employee = models.ForeignKey("workforce.Employee", on_delete=models.CASCADE, related_name="access_tokens")

    class Meta:
        indexes = [models.Index(fields=["employee", "revoked_at"])]

    def __str__(self) -> str:
        return f"mobile token #{self.pk} of {self.employee_id}"
