"""Holidays (Hari Libur) and their collective-leave days: the old and new dates are recomputed for
everyone."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from rest_framework.exceptions import NotFound

from server.audit.services import Change, audit_record_many
from server.core.envelope import Conflict, Unprocessable
from server.schedules import messages as msg
from server.schedules.models import Holiday, HolidayDate
from server.schedules.services.common import (
    settings_audit,
    settings_changed,
    settings_delete,
    settings_snapshot,
)
from server.schedules.services.recompute import RecomputeScope, schedule_change_apply


def _days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days + 1)]


def holiday_save(
    *,
    holiday: Holiday | None,
    name: str,
    start: date,
    end: date,
    collective: Iterable[date] = (),
    year: int | None = None,
) -> Holiday:
    """Create or change a holiday over [start, end] (one calendar year, no overlap with another
    holiday), with the dates of it that are collective leave. The days of the old and the new dates
    are recomputed for everyone, and closed days settle their collective leave."""
    if end < start:
        raise Unprocessable(msg.HOLIDAY_RANGE_INVALID, errors={"date": [msg.HOLIDAY_RANGE_INVALID]})
    if start.year != end.year:
        raise Unprocessable(msg.HOLIDAY_ONE_YEAR, errors={"date": [msg.HOLIDAY_ONE_YEAR]})
    if year is not None and start.year != year:
        text = msg.HOLIDAY_OTHER_YEAR.format(year=year)
        raise Unprocessable(text, errors={"date": [text]})
    dates = _days(start, end)
    leave = set(collective)
    outside = sorted(leave - set(dates))
    if outside:
        text = msg.HOLIDAY_LEAVE_OUTSIDE.format(date=outside[0].isoformat())
        raise Unprocessable(text, errors={"leave": [text]})
    with transaction.atomic():
        previous: dict[date, bool] = {}
        before: dict[str, Any] = {}
        if holiday is not None:
            holiday = Holiday.objects.select_for_update().get(pk=holiday.pk)
            previous = dict(holiday.dates.values_list("date", "is_collective_leave"))
            before = {
                **settings_snapshot("holiday", holiday),
                "collective": sorted(d for d, c in previous.items() if c),
            }
        others = HolidayDate.objects.filter(date__range=(start, end))
        if holiday is not None:
            others = others.exclude(holiday=holiday)
        clash = others.select_related("holiday").order_by("date").first()
        if clash is not None:
            text = msg.HOLIDAY_OVERLAP.format(date=clash.date.isoformat(), name=clash.holiday.name)
            raise Unprocessable(text, errors={"date": [text]})
        created = holiday is None
        if holiday is None:
            holiday = Holiday(name=name.strip(), start_date=start, end_date=end)
        holiday.name, holiday.start_date, holiday.end_date = name.strip(), start, end
        holiday.save()
        current = {day: day in leave for day in dates}
        if current != previous:
            holiday.dates.all().delete()
            HolidayDate.objects.bulk_create(
                HolidayDate(holiday=holiday, date=day, is_collective_leave=flag)
                for day, flag in current.items()
            )
            changed = {d for d in set(previous) | set(current) if previous.get(d) != current.get(d)}
            schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(changed))))
        after = {
            **settings_snapshot("holiday", holiday),
            "collective": sorted(d for d, c in current.items() if c),
        }
        settings_audit("holiday", "create" if created else "update", holiday, before, after=after)
        settings_changed("holiday", "created" if created else "updated", holiday.hash_id)
    return holiday


def holiday_delete(*, holiday: Holiday) -> None:
    with transaction.atomic():
        holiday = Holiday.objects.select_for_update().get(pk=holiday.pk)
        dates = tuple(holiday.dates.values_list("date", flat=True))
        hash_id = settings_delete("holiday", holiday)
        schedule_change_apply(scope=RecomputeScope(dates=dates))
        settings_changed("holiday", "deleted", hash_id)


def holiday_year_delete(*, year: int) -> int:
    """Delete every holiday of a year; returns how many."""
    with transaction.atomic():
        holidays = list(Holiday.objects.select_for_update().filter(start_date__year=year))
        if not holidays:
            raise NotFound(msg.YEAR_EMPTY.format(year=year))
        dates = tuple(HolidayDate.objects.filter(holiday__in=holidays).values_list("date", flat=True))
        Holiday.objects.filter(pk__in=[h.pk for h in holidays]).delete()
        audit_record_many(
            [
                Change("delete", "holiday", h.hash_id, h.name, settings_snapshot("holiday", h), {})
                for h in holidays
            ]
        )
        schedule_change_apply(scope=RecomputeScope(dates=dates))
        settings_changed("holiday", "deleted", str(year))
    return len(holidays)


def _same_day_in(year: int, day: date) -> date:
    """The date with the same month and day in `year` (29 February becomes 28 February)."""
    try:
        return day.replace(year=year)
    except ValueError:
        return day.replace(year=year, day=28)


def holiday_year_duplicate(*, year: int) -> int:
    """Copy last year's holidays (with their collective-leave days) to `year`, same month and day.

    Refused when `year` already has holidays or the year before has none. Returns how many.
    """
    source = year - 1
    with transaction.atomic():
        if Holiday.objects.select_for_update().filter(start_date__year=year).exists():
            text = msg.DUPLICATE_TARGET_TAKEN.format(year=year)
            raise Conflict(text)
        originals = list(Holiday.objects.filter(start_date__year=source).prefetch_related("dates"))
        if not originals:
            raise Unprocessable(msg.DUPLICATE_SOURCE_EMPTY.format(year=source))
        dates: list[date] = []
        for original in originals:
            start = _same_day_in(year, original.start_date)
            end = max(start, _same_day_in(year, original.end_date))
            copy = Holiday.objects.create(name=original.name, start_date=start, end_date=end)
            settings_audit("holiday", "duplicate", copy, {})
            collective = {_same_day_in(year, d.date) for d in original.dates.all() if d.is_collective_leave}
            # Two source dates can land on one (29 Feb): keep each date once.
            rows = {day: day in collective for day in _days(start, end)}
            taken = set(HolidayDate.objects.filter(date__in=list(rows)).values_list("date", flat=True))
            HolidayDate.objects.bulk_create(
                HolidayDate(holiday=copy, date=day, is_collective_leave=flag)
                for day, flag in rows.items()
                if day not in taken
            )
            dates.extend(rows)
        schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(set(dates)))))
        settings_changed("holiday", "created", str(year))
    return len(originals)
