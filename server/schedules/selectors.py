"""Reads of the work calendar that the attendance engine needs, shaped for bulk use."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, time
from typing import Any

from django.db.models import Count, QuerySet
from django.db.models.functions import ExtractYear

from server.schedules.models import (
    AdditionalLeave,
    BlacklistApp,
    Holiday,
    HolidayDate,
    Shift,
    ShiftPattern,
    ShiftPatternContent,
    SpecialLeave,
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


def shift_row(shift: Shift) -> dict[str, Any]:
    return {
        "id": shift.hash_id,
        "hash_id": shift.hash_id,
        "code": shift.code,
        "name": shift.name,
        "type": shift.type,
        "time_in": time_text(shift.time_in),
        "time_out": time_text(shift.time_out),
        "break_start": time_text(shift.break_start),
        "break_end": time_text(shift.break_end),
        "late_in_minutes": shift.late_in_minutes,
        "early_out_minutes": shift.early_out_minutes,
        "minimum_check_in_time": shift.minimum_check_in_time,
        "minimum_check_out_time": shift.minimum_check_out_time,
        "maximum_check_out_time": shift.maximum_check_out_time,
        "check_in_start": check_in_start(shift),
    }


def shift_pattern_row(pattern: ShiftPattern) -> dict[str, Any]:
    return {
        "id": pattern.hash_id,
        "hash_id": pattern.hash_id,
        "code": pattern.code,
        "name": pattern.name,
        "type": pattern.type,
        "starting_date": pattern.starting_date.isoformat(),
        "day_circle_number": pattern.day_circle_number,
    }


def shift_pattern_detail(pattern: ShiftPattern) -> dict[str, Any]:
    return {
        **shift_pattern_row(pattern),
        "content_total": pattern.contents.count(),
        "employee_total": pattern.employees.count(),
    }


def shift_pattern_content_rows(*, pattern: ShiftPattern) -> list[dict[str, Any]]:
    """The cycle's items in day order, each with its shift's display fields (doc3 §3)."""
    rows = []
    for item in (
        ShiftPatternContent.objects.filter(pattern=pattern).select_related("shift").order_by("day_number")
    ):
        shift = item.shift
        rows.append(
            {
                "id": item.hash_id,
                "hash_id": item.hash_id,
                "day_number": item.day_number,
                "shift_hash_id": shift.hash_id,
                "setting_shift_name": shift.name,
                "setting_shift_code": shift.code,
                "setting_shift_type": shift.type,
                "setting_shift_time_in": time_text(shift.time_in),
                "setting_shift_time_out": time_text(shift.time_out),
                "setting_shift_minimum_check_in_time": shift.minimum_check_in_time,
                "setting_shift_check_in_start": check_in_start(shift),
                "setting_shift_late_in": shift.late_in_minutes,
                "setting_shift_early_out": shift.early_out_minutes,
            }
        )
    return rows


def holiday_years() -> QuerySet[Any]:
    """(year, count) of holidays per calendar year, for the year table."""
    return (
        Holiday.objects.annotate(year=ExtractYear("start_date"))
        .values("year")
        .annotate(count=Count("pk"))
        .order_by()
    )


def holiday_item(holiday: Holiday) -> dict[str, Any]:
    dates = list(holiday.dates.all())
    return {
        "id": holiday.hash_id,
        "hash_id": holiday.hash_id,
        "name": holiday.name,
        "date": [holiday.start_date.isoformat(), holiday.end_date.isoformat()],
        "leave": [{"label": d.date.isoformat(), "value": 1 if d.is_collective_leave else 0} for d in dates],
    }


def holiday_year_detail(*, year: int) -> dict[str, Any]:
    holidays = list(
        Holiday.objects.filter(start_date__year=year).prefetch_related("dates").order_by("start_date")
    )
    items = [holiday_item(h) for h in holidays]
    collective = sorted(leave["label"] for item in items for leave in item["leave"] if leave["value"])
    return {"year": year, "count": len(items), "holidays": items, "collective_leave_dates": collective}


def blacklist_app_row(app: BlacklistApp, no: int | None = None) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": app.hash_id,
        "hash_id": app.hash_id,
        "name": app.name,
        "package_id": app.package_id,
        "is_allow": 1 if app.is_allow else 0,
    }
    if no is not None:
        row["no"] = no
    return row


def special_leave_row(leave: SpecialLeave) -> dict[str, Any]:
    return {
        "id": leave.hash_id,
        "hash_id": leave.hash_id,
        "name": leave.name,
        "code": leave.code,
        "jumlah_hari": leave.jumlah_hari,
    }


def additional_leave_row(leave: AdditionalLeave) -> dict[str, Any]:
    return {"id": leave.hash_id, "hash_id": leave.hash_id, "name": leave.name, "code": leave.code}


def system_trouble_row(trouble: SystemTrouble) -> dict[str, Any]:
    return {
        "id": trouble.hash_id,
        "hash_id": trouble.hash_id,
        "date": trouble.date.isoformat(),
        "description": trouble.description,
    }
