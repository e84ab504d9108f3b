"""What other apps register with attendance, so that the engine imports none of them (DESIGN §15;
registered from their `AppConfig.ready()`, as realtime topics and health counters are):

- leave days: (employee, date) pairs another app grants as approved cuti without an izin (the manual
  leave adjustments' days); the day computation reads them beside the approved izin;
- month log counts: the logs of one month by status as another app keeps them in the write path (the
  dashboard's counters), `cached` when a short-lived shared copy will do. Without one registered the
  logs are counted here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date
from typing import Protocol

from django.db.models import Count

from server.attendance.models import AttendanceLog
from server.core.clock import month_bounds

LeaveDays = Callable[[Sequence[int], date, date], Iterable[tuple[int, date]]]


class MonthLogCounts(Protocol):
    def __call__(self, *, month: int, year: int, cached: bool = False) -> Mapping[str, int]: ...


_leave_days: list[LeaveDays] = []
_month_log_counts: list[MonthLogCounts] = []


def register_leave_days(source: LeaveDays) -> None:
    if source not in _leave_days:
        _leave_days.append(source)


def leave_days(employee_ids: Sequence[int], first: date, last: date) -> Iterable[tuple[int, date]]:
    """The registered leave days of `employee_ids` from `first` to `last` (inclusive)."""
    for source in _leave_days:
        yield from source(employee_ids, first, last)


def register_month_log_counts(counts: MonthLogCounts) -> None:
    _month_log_counts[:] = [counts]


def month_log_counts(*, month: int, year: int, cached: bool = False) -> Mapping[str, int]:
    """Logs of one month (their placement-local `log_date`) by status."""
    if _month_log_counts:
        return _month_log_counts[0](month=month, year=year, cached=cached)
    first, following = month_bounds(month=month, year=year)
    rows = AttendanceLog.objects.filter(log_date__gte=first, log_date__lt=following).order_by()
    return {row["status"]: row["total"] for row in rows.values("status").annotate(total=Count("*"))}
