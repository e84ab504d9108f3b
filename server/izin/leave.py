"""An izin's leave: an approved request of a type that deducts leave books its working days in the
leave ledger (under `izin:<id>`), through leave's services."""

from __future__ import annotations

from datetime import timedelta

from server.accounts.models import User
from server.izin.models import IzinRequest, IzinStatus
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.leave.services import leave_employee_settle
from server.schedules.rules import shift_for, working_shift
from server.schedules.selectors import holiday_dates_between, shift_pattern_contents


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


def izin_leave_apply(*, izin: IzinRequest, user: User | None = None) -> LeaveLedgerEntry | None:
    """Book an izin's leave: an approved request of a type that deducts leave takes its working days.

    Call after approving (or after any change to an approved request); a request that is not
    approved, or whose type does not deduct, is brought back to zero. Idempotent.
    """
    deducts = izin.status == IzinStatus.APPROVED and izin.izin_type.deducts_leave
    return _izin_settle(izin=izin, days=izin_working_days(izin=izin) if deducts else 0, user=user)


def izin_leave_reverse(*, izin: IzinRequest, user: User | None = None) -> LeaveLedgerEntry | None:
    """Give back whatever an izin request booked (cancelled or reverted approval). Idempotent."""
    return _izin_settle(izin=izin, days=0, user=user)


def _izin_settle(*, izin: IzinRequest, days: int, user: User | None) -> LeaveLedgerEntry | None:
    return leave_employee_settle(
        employee_id=izin.employee_id,
        reference=f"izin:{izin.pk}",
        days=days,
        day=izin.start_date,
        reason=LeaveReason.IZIN,
        reverse_reason=LeaveReason.IZIN_REVERSED,
        description=f"{izin.izin_type.name} {izin.start_date:%d-%m-%Y} s.d. {izin.end_date:%d-%m-%Y}",
        user=user,
    )
