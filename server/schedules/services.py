"""Schedule edits ripple into attendance days: the hook every shift/pattern/holiday/system-trouble
service calls after its write, in the same transaction."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from server.attendance.days import (
    attendance_days_recompute,
    attendance_days_recompute_range,
    local_today,
)
from server.leave.services import collective_leave_settle
from server.schedules.selectors import pattern_ids_using_shifts
from server.workforce.models import Employee


def schedule_changed_recompute(
    *,
    pattern_ids: Iterable[int] | None = None,
    dates: Iterable[date] | None = None,
    shift_ids: Iterable[int] | None = None,
    since: date | None = None,
) -> None:
    """Recompute the attendance days a schedule edit affects, up to today (bulk).

    - `dates` (holiday, collective leave or system trouble edits): those dates, for everyone (or only
      the employees of `pattern_ids`/`shift_ids` when given); past dates also settle collective
      leave, so a date that stops being cuti bersama gives the day back.
    - `pattern_ids` / `shift_ids` without dates (a pattern's items or start, a shift's hours): the
      employees on those patterns from `since` (default today) up to today.
    Future dates are left alone: their rows are made when they come.
    """
    today = local_today()
    patterns = set(pattern_ids or ())
    if shift_ids is not None:
        patterns |= pattern_ids_using_shifts(shift_ids=shift_ids)
    scoped = pattern_ids is not None or shift_ids is not None
    employee_ids: list[int] | None = None
    if scoped:
        if not patterns:
            return
        employee_ids = list(
            Employee.objects.filter(shift_pattern_id__in=patterns).values_list("pk", flat=True)
        )
        if not employee_ids:
            return
    if dates is not None:
        days = sorted({d for d in dates if d <= today})
        if not days:
            return
        if employee_ids is None:
            attendance_days_recompute_range_sparse(days=days)
        else:
            attendance_days_recompute(employee_ids=employee_ids, dates=days)
        for day in days:
            if day < today:
                collective_leave_settle(day=day, employee_ids=employee_ids)
        return
    start = min(since or today, today)
    attendance_days_recompute_range(employee_ids=employee_ids, start=start, end=today)


def attendance_days_recompute_range_sparse(*, days: list[date]) -> None:
    """Everyone on a few scattered dates: one bulk pass per date keeps the loaded range tight."""
    for day in days:
        attendance_days_recompute_range(employee_ids=None, start=day, end=day)
