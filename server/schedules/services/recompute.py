"""Applying a schedule change to the attendance days: inline when small, in the background otherwise."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from server.core.clock import local_today
from server.core.days_changed import counts_changed, days_changed, days_changed_range, first_computed_day
from server.jobs.runner import job_start
from server.schedules.selectors import pattern_ids_using_shifts
from server.workforce.models import Employee

# Why the days changed (the dashboard hint's reason).
SCHEDULE_REASON = "schedule"


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
        # Everyone on scattered dates: bulk passes over runs of dates keep the loaded range tight.
        days_changed(
            employee_ids=employee_ids,
            dates=days,
            reason=SCHEDULE_REASON,
            bulk=employee_ids is None,
            collective_dates=[day for day in days if day < today],
        )
        return
    start = min(since or today, today)
    days_changed_range(employee_ids=employee_ids, start=start, end=today, reason=SCHEDULE_REASON)


# Employee-days recomputed inside the request's transaction; anything bigger goes to a background
# job that starts once the change commits (the change itself stays atomic either way).
RECOMPUTE_INLINE_LIMIT = 5000
# The job kind that recomputes a big change (registered by server/schedules/jobs.py).
SCHEDULE_RECOMPUTE_KIND = "schedules.recompute"


@dataclass(frozen=True)
class RecomputeScope:
    """What a schedule change touches: dates for everyone, or the employees of some patterns."""

    dates: tuple[date, ...] = ()
    pattern_ids: tuple[int, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.dates and not self.pattern_ids


def pattern_since(pattern_ids: Iterable[int]) -> date:
    """A pattern or shift edit applies to every day already computed for its employees (the days
    mirror the schedule as it now stands), so recompute from the first of those days."""
    first = first_computed_day(pattern_ids=pattern_ids)
    today = local_today()
    return min(first, today) if first else today


def _scope_size(scope: RecomputeScope) -> int:
    today = local_today()
    if scope.dates:
        days = len({d for d in scope.dates if d <= today})
        return days * Employee.objects.filter(is_active=True).count()
    employees = Employee.objects.filter(shift_pattern_id__in=scope.pattern_ids).count()
    return employees * ((today - pattern_since(scope.pattern_ids)).days + 1)


def schedule_change_apply(*, scope: RecomputeScope) -> None:
    """Bring the attendance days in line with a schedule change (call inside the change's transaction).

    Small scopes are recomputed at once in the same transaction; big ones by a `schedules.recompute`
    job started once the change commits (live progress on the `jobs` topic). Either way the dashboard
    is hinted once the new days are committed.
    """
    if scope.is_empty:
        return
    if _scope_size(scope) <= RECOMPUTE_INLINE_LIMIT:
        if scope.dates:
            schedule_changed_recompute(dates=scope.dates)
        if scope.pattern_ids:
            schedule_changed_recompute(pattern_ids=scope.pattern_ids, since=pattern_since(scope.pattern_ids))
        counts_changed(reason=SCHEDULE_REASON)
        return
    job_start(
        kind=SCHEDULE_RECOMPUTE_KIND,
        params={
            "dates": [d.isoformat() for d in sorted(set(scope.dates))],
            "pattern_ids": sorted(set(scope.pattern_ids)),
        },
        user=None,
    )
