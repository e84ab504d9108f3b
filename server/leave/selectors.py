"""Reads of the leave ledger."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta

from django.db.models import F, Sum
from django.db.models.query import QuerySet

from server.attendance.engine import shift_for, working_shift
from server.izin.models import IzinRequest
from server.leave.models import LeaveLedgerEntry
from server.schedules.selectors import holiday_dates_between, shift_pattern_contents
from server.workforce.models import Employee


def leave_ledger_for(*, employee: Employee) -> QuerySet[LeaveLedgerEntry]:
    return LeaveLedgerEntry.objects.filter(employee=employee).order_by("created", "pk")


def leave_days_booked(*, reference: str, employee_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Employee → net days taken off the balance under `reference` (deductions minus reversals).

    A deduction takes from saldo and puts the rest on hutang, a reversal does the opposite, so the
    days an entry books are its hutang change minus its saldo change.
    """
    qs = LeaveLedgerEntry.objects.filter(reference=reference)
    if employee_ids is not None:
        qs = qs.filter(employee_id__in=list(employee_ids))
    rows = qs.values("employee_id").annotate(net=Sum(F("hutang_change") - F("saldo_change")))
    return {r["employee_id"]: int(r["net"] or 0) for r in rows}


def leave_year_refreshed(*, year: int) -> set[int]:
    """Employees whose balance was already refreshed for `year`."""
    return set(
        LeaveLedgerEntry.objects.filter(reference=f"yearly_refresh:{year}").values_list(
            "employee_id", flat=True
        )
    )


def izin_working_days(*, izin: IzinRequest) -> int:
    """Working days an izin request covers: days with a working shift that are not holidays.

    An employee without a shift pattern has no schedule to go by: the request's total_days count.
    """
    employee = izin.employee
    if not employee.shift_pattern_id or employee.shift_pattern is None:
        return int(izin.total_days)
    pattern = employee.shift_pattern
    contents = shift_pattern_contents(pattern=pattern)
    holidays = holiday_dates_between(start=izin.start_date, end=izin.end_date)
    count = 0
    day = izin.start_date
    while day <= izin.end_date:
        if day not in holidays and working_shift(shift_for(pattern=pattern, day=day, contents=contents)):
            count += 1
        day += timedelta(days=1)
    return count


def leave_year_shown(*, today: date) -> int:
    """The leave year a list shows: the previous year before 15 January, else this year (doc2)."""
    return today.year - 1 if (today.month, today.day) < (1, 15) else today.year
