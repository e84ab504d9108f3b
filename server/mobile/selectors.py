"""Reads for the mobile app."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from server.core.files import employee_viewer, signed_file_url
from server.schedules.models import BlacklistApp
from server.workforce.models import Employee
from server.workforce.selectors import leave_balance, placement_location


def employee_profile(employee: Employee) -> dict[str, Any]:
    man_power = employee.man_power if employee.man_power_id else None
    return {
        "hash_id": employee.hash_id,
        "employee_number": employee.employee_number,
        "employee_number_formatted": employee.employee_number_formatted,
        "name": employee.name,
        "email": employee.email,
        "photo_url": signed_file_url(employee.photo, viewer=employee_viewer(employee)),
        "job_title": employee.job_title,
        "man_power_type": man_power.type if man_power else "",
        "man_power_name": man_power.name if man_power else "",
        **placement_location(man_power),
        "attendance_location_type": employee.attendance_location_type,
        "attendance_disabled": employee.attendance_disabled,
        "cuti": leave_balance(employee),
    }


def blacklisted_apps() -> QuerySet[BlacklistApp]:
    """Packages that block check-ins: the app checks the phone against this list before checking in."""
    return BlacklistApp.objects.filter(is_allow=False).order_by("name", "pk")
