"""What the wall says about today: the check-ins received and the absences that can be known yet.

- Check-ins received today: employees with a check-in that reached the server on their placement's
  today and was not rejected (waiting ones included): the number that grows as people arrive. The
  approved ones (an approved check-in on the computed day) are `checked_in_today` beside it.
- Absent today: an employee expected at work today (attendance enabled, a working shift today, no
  holiday and no system trouble on the date) is absent once their shift's start plus its late
  tolerance has passed in their placement's time and no check-in of theirs was received today. Before
  that moment nobody can tell an absence from a late arrival, so they are not counted; a placement
  whose first such moment has not come yet is "waiting for the start" (`sites_known` counts the
  others). An approved full-day izin (sakit, cuti, ...) is absent too: nobody came.

Who is expected, and when their absence is known, depends on the schedules alone: it is computed once
per minute and shared by every computation of that minute (a schedule edited shows the next minute).
"""

from __future__ import annotations

import contextlib
import functools
import operator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TypedDict

from django.core.cache import cache
from django.db.models import Q, QuerySet

from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.core import clock
from server.core.clock import zone
from server.schedules.rules import shift_bounds, shift_for, working_shift
from server.schedules.selectors import (
    holiday_dates_between,
    shift_patterns_with_contents,
    system_trouble_dates_between,
)
from server.workforce.models import Employee
from server.workforce.selectors import employee_attends

EXPECTED_CACHE_SECONDS = 60
RECEIVED_STATUSES = (LogStatus.WAITING_APPROVAL, LogStatus.APPROVED, LogStatus.MANUAL_APPROVED)


@dataclass(frozen=True)
class _Person:
    id: int
    man_power_id: int | None
    timezone: str | None
    pattern_id: int | None
    attendance_disabled: bool
    is_active: bool
    joined_date: date | None
    resigned_date: date | None


@dataclass(frozen=True)
class Expected:
    """An employee expected at work on their placement's `day`, absent if not in by `known_at`."""

    employee_id: int
    placement: int  # 0: no placement
    day: date
    known_at: datetime


def expected_today(now: datetime) -> list[Expected]:
    """The employees expected at work on their placement's today at `now`, each with the moment their
    absence becomes known (shift start plus the shift's late tolerance)."""
    fields = (
        "pk",
        "man_power_id",
        "man_power__timezone",
        "shift_pattern_id",
        "attendance_disabled",
        "is_active",
        "joined_date",
        "resigned_date",
    )
    working = Employee.objects.filter(is_active=True, attendance_disabled=False, shift_pattern__isnull=False)
    people = [_Person(*row) for row in working.order_by("pk").values_list(*fields)]
    days = {clock.local_date(now, person.timezone) for person in people}
    if not days:
        return []
    first, last = min(days), max(days)
    holidays = holiday_dates_between(start=first, end=last)
    troubles = system_trouble_dates_between(start=first, end=last)
    pattern_ids = {person.pattern_id for person in people if person.pattern_id is not None}
    patterns, contents = shift_patterns_with_contents(pattern_ids=pattern_ids)
    known: dict[tuple[int | None, date, str | None], datetime | None] = {}

    def known_at(pattern_id: int | None, day: date, tz_name: str | None) -> datetime | None:
        key = (pattern_id, day, tz_name)
        if key not in known:
            pattern = patterns.get(pattern_id) if pattern_id is not None else None
            items = contents.get(pattern_id or 0, {})
            shift = working_shift(shift_for(pattern=pattern, day=day, contents=items))
            if shift is None:
                known[key] = None
            else:
                start, _ = shift_bounds(shift, day, zone(tz_name))
                known[key] = start + timedelta(minutes=shift.late_in_minutes)
        return known[key]

    expected = []
    for person in people:
        day = clock.local_date(now, person.timezone)
        if day in holidays or day in troubles or not employee_attends(person, day):
            continue
        moment = known_at(person.pattern_id, day, person.timezone)
        if moment is not None:
            expected.append(Expected(person.id, person.man_power_id or 0, day, moment))
    return expected


def _expected_shared(now: datetime) -> list[Expected]:
    """expected_today, shared by every computation of the same minute (the cache down: computed)."""
    key = f"dashboard:expected:{now:%Y%m%d%H%M}"
    try:
        cached = cache.get(key)
    except Exception:
        return expected_today(now)
    if cached is not None:
        return list(cached)
    value = expected_today(now)
    with contextlib.suppress(Exception):
        cache.set(key, value, timeout=EXPECTED_CACHE_SECONDS)
    return value


def checkins_received_today(by_date: dict[date, list[int]]) -> QuerySet[AttendanceLog]:
    """The check-ins received (not rejected) on their placement's today (`by_date`: each date's
    placements, 0 for none)."""
    parts = []
    for day, placements in by_date.items():
        real = [p for p in placements if p]
        condition = Q(log_date=day, man_power_id__in=real)
        if 0 in placements:
            condition |= Q(log_date=day, man_power__isnull=True)
        parts.append(condition)
    if not parts:
        return AttendanceLog.objects.none()
    return AttendanceLog.objects.filter(
        functools.reduce(operator.or_, parts), log_type=LogType.CHECK_IN, status__in=RECEIVED_STATUSES
    )


def received_today(by_date: dict[date, list[int]]) -> set[int]:
    """Employees with a check-in received (not rejected) on their placement's today."""
    rows = checkins_received_today(by_date)
    return set(rows.order_by().values_list("employee_id", flat=True).distinct())


def received_today_by_placement(by_date: dict[date, list[int]]) -> dict[int, set[int]]:
    """`received_today` per placement of the check-in (0: none)."""
    rows = checkins_received_today(by_date).order_by().values_list("man_power_id", "employee_id").distinct()
    placed: dict[int, set[int]] = {}
    for placement, employee in rows:
        placed.setdefault(placement or 0, set()).add(employee)
    return placed


class AbsenceToday(TypedDict):
    known: bool
    absent: int
    sites_known: int
    sites_total: int


class WallToday(TypedDict):
    checkins_received_today: int
    absence_today: AbsenceToday


class SiteAbsence(TypedDict):
    known: bool
    absent: int


def absence_by_placement(*, now: datetime, received: set[int]) -> dict[int, SiteAbsence]:
    """Today's absences per placement (0: none) of the employees expected there (module docstring):
    `known` once the placement's first shift start plus tolerance has passed."""
    sites: dict[int, SiteAbsence] = {}
    for person in _expected_shared(now):
        site = sites.setdefault(person.placement, {"known": False, "absent": 0})
        if person.known_at <= now:
            site["known"] = True
            if person.employee_id not in received:
                site["absent"] += 1
    return sites


def wall_today(*, now: datetime, by_date: dict[date, list[int]]) -> WallToday:
    """The check-ins received today and today's known absences (module docstring)."""
    received = received_today(by_date)
    expected = _expected_shared(now)
    sites: dict[int, bool] = {}
    absent = 0
    for person in expected:
        due = person.known_at <= now
        sites[person.placement] = sites.get(person.placement, False) or due
        if due and person.employee_id not in received:
            absent += 1
    sites_known = sum(1 for due in sites.values() if due)
    return {
        "checkins_received_today": len(received),
        "absence_today": {
            "known": sites_known > 0,
            "absent": absent,
            "sites_known": sites_known,
            "sites_total": len(sites),
        },
    }
