"""Properties: after any sequence of edits, each followed by the recompute its service would run, the
rows equal a computation from scratch; recomputing again changes nothing; the collective-leave ledger
matches the rows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, time, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.attendance.days import (
    attendance_days_recompute_for_izin,
    attendance_days_recompute_for_log,
    attendance_days_recompute_range,
)
from server.attendance.engine import place_log
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus, LogType
from server.attendance.tests.factories import (
    local,
    make_employee,
    make_holiday,
    make_izin,
    make_log,
    make_off_shift,
    make_pattern,
    make_shift,
)
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.leave.selectors import leave_days_booked
from server.schedules.models import HolidayDate
from server.schedules.services.recompute import schedule_changed_recompute
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

START = date(2025, 3, 3)  # a Monday, long closed
WINDOW = [START + timedelta(days=i) for i in range(7)]
# Logs fall at most a day before the window (placement) and one more with the different-day flag.
LOW, HIGH = START - timedelta(days=2), WINDOW[-1] + timedelta(days=1)
STATUSES = [LogStatus.APPROVED, LogStatus.MANUAL_APPROVED, LogStatus.WAITING_APPROVAL, LogStatus.REJECTED]
IZIN_CODES = [IzinCode.SAKIT, IzinCode.CUTI, IzinCode.LUPA_ABSEN_DATANG, IzinCode.LUPA_ABSEN_PULANG]

employee_index = st.integers(min_value=0, max_value=2)
day_index = st.integers(min_value=0, max_value=len(WINDOW) - 1)
pick = st.integers(min_value=0, max_value=50)
edit = st.one_of(
    st.tuples(
        st.just("log"),
        employee_index,
        st.sampled_from([LogType.CHECK_IN, LogType.CHECK_OUT]),
        day_index,
        st.integers(min_value=0, max_value=23),
        st.sampled_from([0, 5, 6, 30, 59]),
        st.sampled_from(STATUSES),
    ),
    st.tuples(st.just("status"), pick, st.sampled_from(STATUSES)),
    st.tuples(st.just("toggle"), pick),
    st.tuples(st.just("holiday"), day_index, st.booleans()),
    st.tuples(st.just("unholiday"), pick),
    st.tuples(st.just("izin"), employee_index, st.sampled_from(IZIN_CODES), day_index, st.integers(0, 2)),
    st.tuples(st.just("unizin"), pick),
)


class _Rollback(Exception):
    pass


@contextmanager
def rolled_back() -> Iterator[None]:
    """Each example starts from an empty database: everything it made is rolled back."""
    from django.db import transaction

    try:
        with transaction.atomic():
            yield
            raise _Rollback
    except _Rollback:
        pass


def build_world() -> list[Employee]:
    office = make_shift()
    night = make_shift(time_in=time(20), time_out=time(5), break_start=time(0), break_end=time(1))
    week = make_pattern([office] * 5 + [None, make_off_shift()], starting_date=date(2025, 1, 6))
    rotation = make_pattern([night, night, None], starting_date=date(2025, 3, 1))
    return [
        make_employee(pattern=week, cuti_saldo=1),
        make_employee(pattern=rotation),
        make_employee(pattern=None),
    ]


def rows() -> dict[tuple[int, date], dict[str, Any]]:
    fields = [
        f.attname for f in AttendanceDay._meta.concrete_fields if f.attname not in {"id", "computed_at"}
    ]
    return {(r["employee_id"], r["date"]): r for r in AttendanceDay.objects.values(*fields)}


def apply(step: tuple[Any, ...], people: list[Employee]) -> None:
    kind = step[0]
    logs = list(AttendanceLog.objects.order_by("pk"))
    if kind == "log":
        _, who, log_type, day, hour, minute, status = step
        employee = people[who]
        when = local(WINDOW[day], hour, minute)
        placement = place_log(employee=employee, log_type=log_type, when=when)
        log = make_log(employee, log_type, when, attendance_date=placement.attendance_date, status=status)
        attendance_days_recompute_for_log(log=log)
    elif kind == "status" and logs:
        log = logs[step[1] % len(logs)]
        log.status = step[2]
        log.save()
        attendance_days_recompute_for_log(log=log)
    elif kind == "toggle" and logs:
        log = logs[step[1] % len(logs)]
        log.is_different_day = not log.is_different_day
        log.save()
        attendance_days_recompute_for_log(log=log)
    elif kind == "holiday":
        day = WINDOW[step[1]]
        make_holiday(day, collective=step[2])
        schedule_changed_recompute(dates=[day])
    elif kind == "unholiday":
        holidays = list(HolidayDate.objects.order_by("pk"))
        if holidays:
            gone = holidays[step[1] % len(holidays)]
            gone.holiday.delete()
            schedule_changed_recompute(dates=[gone.date])
    elif kind == "izin":
        _, who, code, day, length = step
        izin = make_izin(
            people[who], code, WINDOW[day], min(WINDOW[day] + timedelta(days=length), WINDOW[-1])
        )
        attendance_days_recompute_for_izin(izin=izin)
    elif kind == "unizin":
        requests = list(IzinRequest.objects.order_by("pk"))
        if requests:
            izin = requests[step[1] % len(requests)]
            izin.status = IzinStatus.REJECTED
            izin.save()
            attendance_days_recompute_for_izin(izin=izin)


def assert_collective_ledger_matches_rows() -> None:
    for day in {h.date for h in HolidayDate.objects.all()} | set(WINDOW):
        booked = leave_days_booked(reference=f"collective_leave:{day.isoformat()}")
        expected = set(
            AttendanceDay.objects.filter(date=day, keterangan=Keterangan.CUTI_BERSAMA).values_list(
                "employee_id", flat=True
            )
        )
        assert {e for e, n in booked.items() if n} == expected
        assert all(n in (0, 1) for n in booked.values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(edit, max_size=10))
def test_incremental_recompute_equals_scratch(steps: list[tuple[Any, ...]]) -> None:
    with rolled_back():
        people = build_world()
        attendance_days_recompute_range(employee_ids=None, start=LOW, end=HIGH)
        for step in steps:
            apply(step, people)
        incremental = rows()
        assert_collective_ledger_matches_rows()

        stamps = dict(AttendanceDay.objects.values_list("pk", "computed_at"))
        attendance_days_recompute_range(employee_ids=None, start=LOW, end=HIGH)
        assert rows() == incremental
        assert dict(AttendanceDay.objects.values_list("pk", "computed_at")) == stamps

        AttendanceDay.objects.all().delete()
        attendance_days_recompute_range(employee_ids=None, start=LOW, end=HIGH)
        scratch = rows()
        assert scratch.keys() == incremental.keys()
        for key, row in scratch.items():
            assert row == incremental[key], key
