"""Reads of the adjustments that other apps register (server.attendance.hooks)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from server.adjustments.models import LeaveAdjustment, LeaveAdjustmentDay
from server.workforce.models import Employee


def manual_leave_days(employee_ids: Sequence[int], first: date, last: date) -> Iterable[tuple[int, date]]:
    """(employee, date) of the manual leave adjustments' days from `first` to `last` (inclusive): each
    counts as an approved cuti without an izin in the employee's computed day."""
    days = LeaveAdjustmentDay.objects.filter(employee_id__in=employee_ids, date__range=(first, last))
    return days.order_by().values_list("employee_id", "date")


def manual_leave_overlapping(
    *, employee: Employee, start_date: date, end_date: date
) -> LeaveAdjustment | None:
    """The first manual leave (HR's leave adjustment) of the employee sharing a day with the range:
    those days are leave already, an izin on them would count them twice (registered with izin)."""
    return (
        LeaveAdjustment.objects.filter(employee=employee, start_date__lte=end_date, end_date__gte=start_date)
        .order_by("start_date")
        .first()
    )
