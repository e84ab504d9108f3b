"""Reads of the work calendar that the attendance engine needs, shaped for bulk use."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, time
from typing import Any

from django.db.models import Count, QuerySet
from django.db.models.functions import ExtractYear

from server.schedules.models import (
    Holiday,
    HolidayDate,
    Shift,
    ShiftPattern,
    ShiftPatternContent,
    SystemTrouble,
)


def shift_pattern_contents(*, pattern: ShiftPattern) -> dict[int, Shift]:
    """Day number of the cycle → shift, for one pattern."""
    return {
        c.day_number: c.shift
        for c in ShiftPatternContent.objects.filter(pattern=pattern).select_related("shift")
    }


def shift_patterns_with_contents(
    *, pattern_ids: Iterable[int] | None = None
) -> tuple[dict[int, ShiftPattern], dict[int, dict[int, Shift]]]:
    """Patterns by id and, per pattern, day number → shift; two queries (shifts shared as one object each)."""
    patterns_qs = ShiftPattern.objects.all()
    contents_qs = ShiftPatternContent.objects.all()
    if pattern_ids is not None:
        ids = list(pattern_ids)
        patterns_qs = patterns_qs.filter(pk__in=ids)
        contents_qs = contents_qs.filter(pattern_id__in=ids)
    patterns = {p.pk: p for p in patterns_qs}
    shifts: dict[int, Shift] = {}
    contents: dict[int, dict[int, Shift]] = {pk: {} for pk in patterns}
    for item in contents_qs.select_related("shift"):
        shift = shifts.setdefault(item.shift_id, item.shift)
        contents.setdefault(item.pattern_id, {})[item.day_number] = shift
    return patterns, contents


def holiday_dates_between(*, start: date, end: date) -> dict[date, bool]:
    """Holiday dates in [start, end] → whether the date is collective leave (any holiday saying so)."""
    result: dict[date, bool] = {}
    rows = HolidayDate.objects.filter(date__range=(start, end)).values_list("date", "is_collective_leave")
    for day, collective in rows:
        result[day] = result.get(day, False) or collective
    return result


def system_trouble_dates_between(*, start: date, end: date) -> set[date]:
    return set(SystemTrouble.objects.filter(date__range=(start, end)).values_list("date", flat=True))


def pattern_ids_using_shifts(*, shift_ids: Iterable[int]) -> set[int]:
    return set(
        ShiftPatternContent.objects.filter(shift_id__in=list(shift_ids)).values_list("pattern_id", flat=True)
    )


# --- Rows and details of the settings screens ------------------------------------------------------


def time_text(value: time | None) -> str:
    return value.strftime("%H:%M:%S") if value is not None else "00:00:00"


def check_in_start(shift: Shift) -> str:
    """time_in minus minimum_check_in_time hours, wrapping past midnight ('Mulai Check In')."""
    minutes = (shift.time_in.hour * 60 + shift.time_in.minute - shift.minimum_check_in_time * 60) % (24 * 60)
    return f"{minutes // 60:02d}:{minutes % 60:02d}:00"


def shift_pattern_content_list(*, pattern: ShiftPattern) -> QuerySet[ShiftPatternContent]:
    """The cycle's items in day order, each with its shift (doc3 §3)."""
    return ShiftPatternContent.objects.filter(pattern=pattern).select_related("shift").order_by("day_number")


def holiday_years() -> QuerySet[Any]:
    """(year, count) of holidays per calendar year, for the year table."""
    return (
        Holiday.objects.annotate(year=ExtractYear("start_date"))
        .values("year")
        .annotate(count=Count("pk"))
        .order_by()
    )


def holiday_year_detail(*, year: int) -> dict[str, Any]:
    """The holidays starting in `year` (with their dates) and the year's collective leave dates."""
    holidays = list(
        Holiday.objects.filter(start_date__year=year).prefetch_related("dates").order_by("start_date")
    )
    collective = sorted(d.date for h in holidays for d in h.dates.all() if d.is_collective_leave)
    return {"year": year, "count": len(holidays), "holidays": holidays, "collective_leave_dates": collective}
