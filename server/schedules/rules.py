"""The shift rules (DESIGN §7): which shift a pattern gives on a day, and the moments a shift's day
is bounded by (its hours, its break, its check-in and check-out windows), as pure functions. The
attendance engine places logs and computes days with them; leave, uploads and adjustments read them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta, tzinfo

from server.schedules.models import Shift, ShiftPattern

ONE_DAY = timedelta(days=1)


def shift_for(
    *, pattern: ShiftPattern | None, day: date, contents: Mapping[int, Shift] | None = None
) -> Shift | None:
    """The pattern item's shift on `day`: item ((day - starting_date) mod N) + 1; no item → None.

    A non-working shift is returned as is (callers check `shift.is_working`). `contents` (day number
    → shift) saves the query when placing many days.
    """
    if pattern is None or pattern.day_circle_number <= 0:
        return None
    if contents is None:
        from server.schedules.selectors import shift_pattern_contents

        contents = shift_pattern_contents(pattern=pattern)
    return contents.get((day - pattern.starting_date).days % pattern.day_circle_number + 1)


def working_shift(shift: Shift | None) -> Shift | None:
    return shift if shift is not None and shift.is_working else None


def _at(day: date, moment: time, tz: tzinfo) -> datetime:
    return datetime.combine(day, moment.replace(second=0, microsecond=0), tzinfo=tz)


def shift_bounds(shift: Shift, day: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """Start and end of the shift worked on `day`; the end falls on the next day across midnight."""
    start = _at(day, shift.time_in, tz)
    end = _at(day, shift.time_out, tz)
    if end <= start:
        end += ONE_DAY
    return start, end


def break_bounds(shift: Shift, day: date, tz: tzinfo) -> tuple[datetime, datetime] | None:
    if shift.break_start is None or shift.break_end is None or shift.break_start == shift.break_end:
        return None
    start, _ = shift_bounds(shift, day, tz)
    begin = _at(day, shift.break_start, tz)
    if begin < start:
        begin += ONE_DAY
    finish = _at(begin.date(), shift.break_end, tz)
    if finish <= begin:
        finish += ONE_DAY
    return begin, finish


def check_in_window(shift: Shift, day: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """[time_in - minimum_check_in_time hours, time_out)."""
    start, end = shift_bounds(shift, day, tz)
    return start - timedelta(hours=shift.minimum_check_in_time), end


def check_out_window(shift: Shift, day: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """[time_in, time_out + maximum_check_out_time hours] (inclusive)."""
    start, end = shift_bounds(shift, day, tz)
    return start, end + timedelta(hours=shift.maximum_check_out_time)
