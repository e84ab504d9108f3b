from __future__ import annotations

from django.db import models

from server.core.hashids import HashIdMixin


class Employee(HashIdMixin, models.Model):
    """An employee of the workforce. The placement hierarchy, schedule and leave balance
    fields arrive with the workforce domain; sign-in accounts link here (personalia)."""

    employee_number = models.CharField(max_length=32, unique=True)
    name = models.CharField(max_length=150)
    email = models.EmailField(blank=True, default="")
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.employee_number} {self.name}"
