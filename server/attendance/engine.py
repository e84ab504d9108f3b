"""The attendance rules (DESIGN §7) as pure functions: where a log falls, and what a day amounts to.

Nothing here writes to the database; `days.py` loads the facts in bulk, calls `compute_day` and
stores the result. Decisions where the design is silent:

- Times are compared in whole minutes (seconds are dropped, as on a clock showing HH:mm), in the
  local time of the employee's placement (`ManPower.timezone`, else settings.TIME_ZONE).
- The first counted check-in and the last counted check-out of the day are used; a check-out not
  after the check-in is ignored. Counted = approved or manual_approved.
- Late: minutes from time_in when the check-in is more than `late_in_minutes` after time_in (at
  exactly time_in + tolerance it is not late). Early out: minutes up to time_out when the check-out
  is more than `early_out_minutes` before it. Working minutes: check-out minus check-in, less the
  overlap with the break. Workday overtime: minutes of check-out after time_out. Holiday overtime
  (holiday or off day): all worked minutes.
- Keterangan, in order:
  off day (no pattern item, or a non-working shift): hadir if checked in, else libur;
  holiday on a working shift: hadir if checked in, else cuti_bersama on a collective-leave date,
  else libur;
  working day: an approved full-day izin (sakit, cuti, ctb, cuti_khusus, izin) wins, even over logs
  (no late, early-out or overtime is counted then); a check-in, or an approved lupa_absen_* izin,
  gives hadir (the forgotten side is replaced by the shift time and is not late/early); else
  gangguan_sistem on a system-trouble date; else mangkir once the day is closed (before today);
  else belum_hadir.
- is_valid: hadir needs both sides (counted, or forgiven by a lupa_absen izin); mangkir and
  belum_hadir are invalid; days when no attendance was expected (libur, cuti, ...) are valid.
- Log placement: a log belongs to the day (yesterday, today, tomorrow) whose window contains it,
  the nearest anchor (time_in for a check-in, time_out for a check-out) winning when windows
  overlap; outside every window it belongs to its local date and is not a valid shift (approvers
  can move it back a day with 'Mundurkan absen').
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from server.attendance.models import Keterangan, LogType
from server.core.clock import zone
from server.izin.models import IzinCode
from server.schedules.models import Shift
from server.schedules.rules import (
    ONE_DAY,
    break_bounds,
    check_in_window,
    check_out_window,
    shift_bounds,
    shift_for,
    working_shift,
)
from server.workforce.models import Employee

ONE_MINUTE = timedelta(minutes=1)

FULL_DAY_IZIN: dict[str, str] = {
    IzinCode.SAKIT: Keterangan.SAKIT,
    IzinCode.CUTI: Keterangan.CUTI,
    IzinCode.CUTI_TIDAK_BERBAYAR: Keterangan.CTB,
    IzinCode.CUTI_KHUSUS: Keterangan.CUTI_KHUSUS,
    IzinCode.IZIN: Keterangan.IZIN,
}
FORGOTTEN_IN = IzinCode.LUPA_ABSEN_DATANG
FORGOTTEN_OUT = IzinCode.LUPA_ABSEN_PULANG


def employee_zone(employee: Employee) -> ZoneInfo:
    man_power = employee.man_power if employee.man_power_id else None
    return zone(man_power.timezone if man_power else None)


# --- log placement --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogPlacement:
    """Where a log falls: the work day it counts for, that day's working shift, and window fit."""

    attendance_date: date
    shift: Shift | None
    is_valid_shift: bool


def place_log_local(
    *, log_type: str, when: datetime, shift_on: Callable[[date], Shift | None]
) -> LogPlacement:
    """Place a log given `when` in local time (aware) and a day → shift lookup (bulk callers, seeders)."""
    assert when.tzinfo is not None, "place_log needs an aware datetime"
    tz = when.tzinfo
    local_day = when.date()
    best: tuple[timedelta, date, Shift] | None = None
    for day in (local_day - ONE_DAY, local_day, local_day + ONE_DAY):
        shift = working_shift(shift_on(day))
        if shift is None:
            continue
        start, end = shift_bounds(shift, day, tz)
        if log_type == LogType.CHECK_IN:
            low, high = check_in_window(shift, day, tz)
            inside = low <= when < high
            anchor = start
        else:
            low, high = check_out_window(shift, day, tz)
            inside = low <= when <= high
            anchor = end
        if inside:
            distance = abs(when - anchor)
            if best is None or distance < best[0]:
                best = (distance, day, shift)
    if best is not None:
        return LogPlacement(attendance_date=best[1], shift=best[2], is_valid_shift=True)
    return LogPlacement(
        attendance_date=local_day, shift=working_shift(shift_on(local_day)), is_valid_shift=False
    )


def place_log(*, employee: Employee, log_type: str, when: datetime) -> LogPlacement:
    """Where a log of `employee` at `when` (aware) falls, in the placement's local time."""
    from server.schedules.selectors import shift_pattern_contents

    pattern = employee.shift_pattern if employee.shift_pattern_id else None
    contents = shift_pattern_contents(pattern=pattern) if pattern is not None else {}
    local = when.astimezone(employee_zone(employee))
    return place_log_local(
        log_type=log_type,
        when=local,
        shift_on=lambda day: shift_for(pattern=pattern, day=day, contents=contents),
    )


def effective_date(*, attendance_date: date, is_different_day: bool) -> date:
    """The day a log counts for: 'Mundurkan absen' (is_different_day) moves it one day back."""
    return attendance_date - ONE_DAY if is_different_day else attendance_date


# --- the day --------------------------------------------------------------------------------------


@dataclass(slots=True)
class LogPoint:
    id: int
    when: datetime


@dataclass(slots=True)
class DayFacts:
    """Everything the rules need about one employee on one date."""

    day: date
    tz: tzinfo
    shift: Shift | None = None
    holiday: bool = False
    collective_leave: bool = False
    system_trouble: bool = False
    closed: bool = False
    izin_id: int | None = None
    izin_code: str | None = None
    check_ins: Sequence[LogPoint] = ()
    check_outs: Sequence[LogPoint] = ()


@dataclass(slots=True)
class DayResult:
    shift_id: int | None
    is_working_day: bool
    is_holiday: bool
    is_collective_leave: bool
    is_shift_off: bool
    check_in: datetime | None
    check_out: datetime | None
    check_in_log_id: int | None
    check_out_log_id: int | None
    late_minutes: int
    early_out_minutes: int
    working_minutes: int
    overtime_workday_minutes: int
    overtime_holiday_minutes: int
    is_valid: bool
    keterangan: str
    izin_id: int | None
    is_closed: bool


@dataclass(frozen=True)
class ShiftDay:
    """A working shift placed on a date, in whole minutes since the epoch (cheap to compare)."""

    start: int
    end: int
    pause: tuple[int, int] | None


def _epoch_minute(moment: datetime) -> int:
    return int(moment.timestamp()) // 60


def shift_day(shift: Shift, day: date, tz: tzinfo) -> ShiftDay:
    start, end = shift_bounds(shift, day, tz)
    pause = break_bounds(shift, day, tz)
    return ShiftDay(
        start=_epoch_minute(start),
        end=_epoch_minute(end),
        pause=(_epoch_minute(pause[0]), _epoch_minute(pause[1])) if pause else None,
    )


def _worked(begin: int, finish: int, pause: tuple[int, int] | None) -> int:
    if finish <= begin:
        return 0
    worked = finish - begin
    if pause is not None:
        worked -= max(0, min(finish, pause[1]) - max(begin, pause[0]))
    return worked


def compute_day(facts: DayFacts, placed: ShiftDay | None = None) -> DayResult:
    """Apply the rules of the module docstring to one employee-day.

    `placed` is the working shift on that day (`shift_day`), for bulk callers that share it.
    """
    shift = facts.shift
    working = working_shift(shift)
    first_in = min(facts.check_ins, key=lambda p: (p.when, p.id), default=None)
    last_out = max(facts.check_outs, key=lambda p: (p.when, p.id), default=None)
    if first_in is not None and last_out is not None and last_out.when <= first_in.when:
        last_out = None
    real_in = _epoch_minute(first_in.when) if first_in else None
    real_out = _epoch_minute(last_out.when) if last_out else None

    late = early = workday_ot = holiday_ot = worked = 0
    keterangan: str
    izin_id: int | None = None
    if working is None:
        keterangan = Keterangan.HADIR if real_in is not None else Keterangan.LIBUR
        if real_in is not None and real_out is not None:
            worked = holiday_ot = _worked(real_in, real_out, None)
        valid = real_out is not None if real_in is not None else True
    else:
        placed = placed or shift_day(working, facts.day, facts.tz)
        if facts.holiday:
            if real_in is not None:
                keterangan = Keterangan.HADIR
                if real_out is not None:
                    worked = holiday_ot = _worked(real_in, real_out, placed.pause)
                valid = real_out is not None
            else:
                keterangan = Keterangan.CUTI_BERSAMA if facts.collective_leave else Keterangan.LIBUR
                valid = True
        else:
            full_day = FULL_DAY_IZIN.get(facts.izin_code or "")
            forgive_in = facts.izin_code == FORGOTTEN_IN
            forgive_out = facts.izin_code == FORGOTTEN_OUT
            if full_day is not None:
                keterangan, izin_id, valid = full_day, facts.izin_id, True
                if real_in is not None and real_out is not None:
                    worked = _worked(real_in, real_out, placed.pause)
            elif real_in is not None or forgive_in or forgive_out:
                keterangan = Keterangan.HADIR
                izin_id = facts.izin_id if (forgive_in or forgive_out) else None
                begin = real_in if real_in is not None else (placed.start if forgive_in else None)
                finish = real_out if real_out is not None else (placed.end if forgive_out else None)
                valid = begin is not None and finish is not None
                if real_in is not None:
                    minutes_late = max(0, real_in - placed.start)
                    late = minutes_late if minutes_late > working.late_in_minutes else 0
                if real_out is not None:
                    minutes_early = max(0, placed.end - real_out)
                    early = minutes_early if minutes_early > working.early_out_minutes else 0
                    workday_ot = max(0, real_out - placed.end)
                if begin is not None and finish is not None:
                    worked = _worked(begin, finish, placed.pause)
            elif facts.system_trouble:
                keterangan, valid = Keterangan.GANGGUAN_SISTEM, True
            elif facts.closed:
                keterangan, valid = Keterangan.MANGKIR, False
            else:
                keterangan, valid = Keterangan.BELUM_HADIR, False

    return DayResult(
        shift_id=shift.pk if shift is not None else None,
        is_working_day=working is not None and not facts.holiday,
        is_holiday=facts.holiday,
        is_collective_leave=facts.collective_leave,
        is_shift_off=working is None,
        check_in=first_in.when if first_in else None,
        check_out=last_out.when if last_out else None,
        check_in_log_id=first_in.id if first_in else None,
        check_out_log_id=last_out.id if last_out else None,
        late_minutes=late,
        early_out_minutes=early,
        working_minutes=worked,
        overtime_workday_minutes=workday_ot,
        overtime_holiday_minutes=holiday_ot,
        is_valid=valid,
        keterangan=keterangan,
        izin_id=izin_id,
        is_closed=facts.closed,
    )
