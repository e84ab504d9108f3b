"""Table-driven cases for the pure rules: log placement and the day (no database)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.attendance.engine import (
    DayFacts,
    LogPoint,
    compute_day,
    place_log_local,
)
from server.attendance.models import Keterangan, LogType
from server.attendance.tests.factories import JAKARTA, local
from server.izin.models import IzinCode
from server.schedules.models import Shift, ShiftPattern, ShiftType
from server.schedules.rules import shift_for

DAY = date(2025, 3, 10)
NEXT = DAY + timedelta(days=1)
PREV = DAY - timedelta(days=1)


def shift(pk: int = 1, **kw: Any) -> Shift:
    values: dict[str, Any] = {
        "pk": pk,
        "code": f"S{pk}",
        "name": "Pagi",
        "time_in": time(8),
        "time_out": time(17),
        "break_start": time(12),
        "break_end": time(13),
        "late_in_minutes": 5,
        "early_out_minutes": 5,
        "minimum_check_in_time": 2,
        "maximum_check_out_time": 6,
    }
    values.update(kw)
    return Shift(**values)


OFFICE = shift(1)
NIGHT = shift(2, time_in=time(20), time_out=time(5), break_start=time(0), break_end=time(1))
EARLY = shift(3, time_in=time(0, 30), time_out=time(8, 30), break_start=None, break_end=None)
OFF = shift(
    4, type=ShiftType.NON_WORKING, time_in=time(0), time_out=time(0), break_start=None, break_end=None
)


# --- placement ------------------------------------------------------------------------------------


@dataclass
class PlaceCase:
    name: str
    log_type: str
    when: datetime
    schedule: dict[date, Shift | None]
    expect_date: date
    expect_valid: bool
    expect_shift: Shift | None = None


PLACE_CASES = [
    PlaceCase(
        "check-in at the window start", LogType.CHECK_IN, local(DAY, 6), {DAY: OFFICE}, DAY, True, OFFICE
    ),
    PlaceCase(
        "check-in before the window", LogType.CHECK_IN, local(DAY, 5, 59), {DAY: OFFICE}, DAY, False, OFFICE
    ),
    PlaceCase(
        "check-in late but before time_out", LogType.CHECK_IN, local(DAY, 16, 59), {DAY: OFFICE}, DAY, True
    ),
    PlaceCase("check-in at time_out is outside", LogType.CHECK_IN, local(DAY, 17), {DAY: OFFICE}, DAY, False),
    PlaceCase("check-out early inside the shift", LogType.CHECK_OUT, local(DAY, 9), {DAY: OFFICE}, DAY, True),
    PlaceCase("check-out at time_out + max", LogType.CHECK_OUT, local(DAY, 23), {DAY: OFFICE}, DAY, True),
    PlaceCase(
        "check-out after time_out + max", LogType.CHECK_OUT, local(DAY, 23, 1), {DAY: OFFICE}, DAY, False
    ),
    PlaceCase("check-out before time_in", LogType.CHECK_OUT, local(DAY, 7, 59), {DAY: OFFICE}, DAY, False),
    PlaceCase(
        "night check-in", LogType.CHECK_IN, local(DAY, 18), {DAY: NIGHT, NEXT: NIGHT}, DAY, True, NIGHT
    ),
    PlaceCase(
        "night check-out after midnight counts for the day before",
        LogType.CHECK_OUT,
        local(NEXT, 5, 10),
        {DAY: NIGHT, NEXT: NIGHT},
        DAY,
        True,
        NIGHT,
    ),
    PlaceCase(
        "night check-in after midnight (late) counts for the day before",
        LogType.CHECK_IN,
        local(NEXT, 1),
        {DAY: NIGHT, NEXT: None},
        DAY,
        True,
    ),
    PlaceCase(
        "check-in in tomorrow's window that wraps past midnight",
        LogType.CHECK_IN,
        local(DAY, 23),
        {DAY: None, NEXT: EARLY},
        NEXT,
        True,
        EARLY,
    ),
    PlaceCase("off day", LogType.CHECK_IN, local(DAY, 9), {DAY: None}, DAY, False, None),
    PlaceCase("non-working shift", LogType.CHECK_IN, local(DAY, 9), {DAY: OFF}, DAY, False, None),
    PlaceCase(
        "overlapping windows: the nearest time_in wins",
        LogType.CHECK_IN,
        local(NEXT, 6, 30),
        {
            DAY: shift(5, time_in=time(19), time_out=time(7)),
            NEXT: shift(6, time_in=time(7), time_out=time(19)),
        },
        NEXT,
        True,
    ),
]


@pytest.mark.parametrize("case", PLACE_CASES, ids=lambda c: c.name)
def test_place_log(case: PlaceCase) -> None:
    placement = place_log_local(
        log_type=case.log_type, when=case.when, shift_on=lambda d: case.schedule.get(d)
    )
    assert placement.attendance_date == case.expect_date
    assert placement.is_valid_shift is case.expect_valid
    if case.expect_shift is not None or case.name in {"off day", "non-working shift"}:
        assert placement.shift is case.expect_shift


def test_place_log_in_local_time() -> None:
    # 23:30 UTC is 06:30 the next day in Jakarta: inside that day's 06:00 window.
    when = datetime(2025, 3, 9, 23, 30, tzinfo=UTC).astimezone(JAKARTA)
    placement = place_log_local(log_type=LogType.CHECK_IN, when=when, shift_on=lambda d: OFFICE)
    assert placement.attendance_date == date(2025, 3, 10)
    assert placement.is_valid_shift


# --- the day --------------------------------------------------------------------------------------

_ids = iter(range(1, 10_000))


def ins(*moments: datetime) -> tuple[LogPoint, ...]:
    return tuple(LogPoint(id=next(_ids), when=m) for m in moments)


@dataclass
class DayCase:
    name: str
    facts: dict[str, Any]
    expect: dict[str, Any] = field(default_factory=dict)


DAY_CASES = [
    DayCase(
        "on time, full day",
        {"check_ins": ins(local(DAY, 7, 50)), "check_outs": ins(local(DAY, 17))},
        {
            "keterangan": Keterangan.HADIR,
            "late_minutes": 0,
            "early_out_minutes": 0,
            "working_minutes": 490,
            "overtime_workday_minutes": 0,
            "is_valid": True,
            "is_working_day": True,
        },
    ),
    DayCase("late tolerance boundary minute", {"check_ins": ins(local(DAY, 8, 5))}, {"late_minutes": 0}),
    DayCase("seconds do not count", {"check_ins": ins(local(DAY, 8, 5, 59))}, {"late_minutes": 0}),
    DayCase("one minute past tolerance", {"check_ins": ins(local(DAY, 8, 6))}, {"late_minutes": 6}),
    DayCase(
        "early-out boundary minute",
        {"check_ins": ins(local(DAY, 8)), "check_outs": ins(local(DAY, 16, 55))},
        {"early_out_minutes": 0},
    ),
    DayCase(
        "early out past tolerance",
        {"check_ins": ins(local(DAY, 8)), "check_outs": ins(local(DAY, 16, 54))},
        {"early_out_minutes": 6, "working_minutes": 474},
    ),
    DayCase(
        "workday overtime after time_out",
        {"check_ins": ins(local(DAY, 8)), "check_outs": ins(local(DAY, 18, 30))},
        {"overtime_workday_minutes": 90, "overtime_holiday_minutes": 0, "working_minutes": 570},
    ),
    DayCase(
        "first check-in and last check-out are used",
        {
            "check_ins": ins(local(DAY, 8, 30), local(DAY, 7, 45)),
            "check_outs": ins(local(DAY, 16), local(DAY, 17, 10)),
        },
        {"late_minutes": 0, "overtime_workday_minutes": 10, "check_in": local(DAY, 7, 45)},
    ),
    DayCase(
        "check-out missing",
        {"check_ins": ins(local(DAY, 8))},
        {"keterangan": Keterangan.HADIR, "is_valid": False, "working_minutes": 0, "check_out": None},
    ),
    DayCase(
        "check-out before the check-in is ignored",
        {"check_ins": ins(local(DAY, 9)), "check_outs": ins(local(DAY, 8, 30))},
        {"check_out": None, "is_valid": False},
    ),
    DayCase(
        "check-out only on a closed day is absence",
        {"check_outs": ins(local(DAY, 17)), "closed": True},
        {"keterangan": Keterangan.MANGKIR, "is_valid": False},
    ),
    DayCase("no check-in, closed", {"closed": True}, {"keterangan": Keterangan.MANGKIR, "is_valid": False}),
    DayCase("no check-in, today", {}, {"keterangan": Keterangan.BELUM_HADIR, "is_valid": False}),
    DayCase(
        "off day",
        {"shift": None, "closed": True},
        {"keterangan": Keterangan.LIBUR, "is_shift_off": True, "is_working_day": False, "is_valid": True},
    ),
    DayCase(
        "non-working shift",
        {"shift": OFF, "closed": True},
        {"keterangan": Keterangan.LIBUR, "is_shift_off": True, "shift_id": OFF.pk},
    ),
    DayCase(
        "worked on an off day: all of it is holiday overtime",
        {"shift": None, "check_ins": ins(local(DAY, 9)), "check_outs": ins(local(DAY, 13))},
        {"keterangan": Keterangan.HADIR, "overtime_holiday_minutes": 240, "working_minutes": 240},
    ),
    DayCase(
        "holiday on a working day",
        {"holiday": True, "closed": True},
        {"keterangan": Keterangan.LIBUR, "is_holiday": True, "is_working_day": False, "is_shift_off": False},
    ),
    DayCase(
        "collective leave on a working day",
        {"holiday": True, "collective_leave": True, "closed": True},
        {"keterangan": Keterangan.CUTI_BERSAMA, "is_collective_leave": True, "is_valid": True},
    ),
    DayCase(
        "collective leave on an off day stays libur",
        {"shift": None, "holiday": True, "collective_leave": True, "closed": True},
        {"keterangan": Keterangan.LIBUR},
    ),
    DayCase(
        "worked on a holiday: holiday overtime less the break, no late",
        {"holiday": True, "check_ins": ins(local(DAY, 9)), "check_outs": ins(local(DAY, 17))},
        {
            "keterangan": Keterangan.HADIR,
            "overtime_holiday_minutes": 420,
            "overtime_workday_minutes": 0,
            "late_minutes": 0,
        },
    ),
    DayCase(
        "izin sakit on a working day",
        {"izin_id": 7, "izin_code": IzinCode.SAKIT, "closed": True},
        {"keterangan": Keterangan.SAKIT, "izin_id": 7, "is_valid": True},
    ),
    DayCase(
        "izin cuti wins over logs, nothing late",
        {"izin_id": 8, "izin_code": IzinCode.CUTI, "check_ins": ins(local(DAY, 10))},
        {"keterangan": Keterangan.CUTI, "late_minutes": 0},
    ),
    DayCase(
        "cuti tidak berbayar",
        {"izin_id": 9, "izin_code": IzinCode.CUTI_TIDAK_BERBAYAR},
        {"keterangan": Keterangan.CTB},
    ),
    DayCase(
        "cuti khusus",
        {"izin_id": 9, "izin_code": IzinCode.CUTI_KHUSUS},
        {"keterangan": Keterangan.CUTI_KHUSUS},
    ),
    DayCase("izin", {"izin_id": 9, "izin_code": IzinCode.IZIN}, {"keterangan": Keterangan.IZIN}),
    DayCase(
        "izin on an off day does not apply",
        {"shift": None, "izin_id": 9, "izin_code": IzinCode.SAKIT},
        {"keterangan": Keterangan.LIBUR, "izin_id": None},
    ),
    DayCase(
        "forgot to check in",
        {"izin_id": 3, "izin_code": IzinCode.LUPA_ABSEN_DATANG, "check_outs": ins(local(DAY, 17))},
        {
            "keterangan": Keterangan.HADIR,
            "is_valid": True,
            "working_minutes": 480,
            "late_minutes": 0,
            "izin_id": 3,
        },
    ),
    DayCase(
        "forgot to check out",
        {"izin_id": 4, "izin_code": IzinCode.LUPA_ABSEN_PULANG, "check_ins": ins(local(DAY, 8, 30))},
        {"keterangan": Keterangan.HADIR, "is_valid": True, "late_minutes": 30, "early_out_minutes": 0},
    ),
    DayCase(
        "forgot to check out but never checked in",
        {"izin_id": 4, "izin_code": IzinCode.LUPA_ABSEN_PULANG, "closed": True},
        {"keterangan": Keterangan.HADIR, "is_valid": False},
    ),
    DayCase(
        "system trouble instead of absence",
        {"system_trouble": True, "closed": True},
        {"keterangan": Keterangan.GANGGUAN_SISTEM, "is_valid": True},
    ),
    DayCase(
        "system trouble does not hide attendance",
        {"system_trouble": True, "check_ins": ins(local(DAY, 8))},
        {"keterangan": Keterangan.HADIR},
    ),
    DayCase(
        "night shift across midnight",
        {"shift": NIGHT, "check_ins": ins(local(DAY, 19, 55)), "check_outs": ins(local(NEXT, 5, 10))},
        {"working_minutes": 495, "overtime_workday_minutes": 10, "late_minutes": 0, "early_out_minutes": 0},
    ),
    DayCase(
        "night shift, late and early",
        {"shift": NIGHT, "check_ins": ins(local(DAY, 20, 30)), "check_outs": ins(local(NEXT, 4))},
        {"late_minutes": 30, "early_out_minutes": 60, "working_minutes": 390},
    ),
    DayCase(
        "zero tolerance: one minute late is late",
        {"shift": shift(9, late_in_minutes=0), "check_ins": ins(local(DAY, 8, 1))},
        {"late_minutes": 1},
    ),
]


@pytest.mark.parametrize("case", DAY_CASES, ids=lambda c: c.name)
def test_compute_day(case: DayCase) -> None:
    facts = {"day": DAY, "tz": JAKARTA, "shift": OFFICE, **case.facts}
    result = compute_day(DayFacts(**facts))
    for key, expected in case.expect.items():
        assert getattr(result, key) == expected, key


# --- pattern cycle --------------------------------------------------------------------------------


def pattern(n: int, start: date) -> tuple[ShiftPattern, dict[int, Shift]]:
    contents = {k: shift(100 + k) for k in range(1, n + 1) if k % 3 != 0}
    return ShiftPattern(code="P", name="P", starting_date=start, day_circle_number=n), contents


def test_shift_for_items_and_gaps() -> None:
    p, contents = pattern(4, date(2025, 1, 1))
    assert shift_for(pattern=p, day=date(2025, 1, 1), contents=contents) is contents[1]
    assert shift_for(pattern=p, day=date(2025, 1, 2), contents=contents) is contents[2]
    assert shift_for(pattern=p, day=date(2025, 1, 3), contents=contents) is None
    assert shift_for(pattern=p, day=date(2025, 1, 5), contents=contents) is contents[1]
    assert shift_for(pattern=p, day=date(2024, 12, 31), contents=contents) is contents[4]
    assert shift_for(pattern=None, day=DAY) is None


@given(
    n=st.integers(min_value=1, max_value=40),
    start=st.dates(min_value=date(2000, 1, 1), max_value=date(2040, 1, 1)),
    day=st.dates(min_value=date(1990, 1, 1), max_value=date(2050, 1, 1)),
    k=st.integers(min_value=-5, max_value=5),
)
def test_cycle_repeats_every_n_days(n: int, start: date, day: date, k: int) -> None:
    p, contents = pattern(n, start)
    later = day + timedelta(days=k * n)
    assert shift_for(pattern=p, day=day, contents=contents) is shift_for(
        pattern=p, day=later, contents=contents
    )
    assert shift_for(pattern=p, day=start, contents=contents) is contents.get(1)
