"""schedule_changed_recompute: schedule edits reach the attendance days (up to today, in bulk)."""

from __future__ import annotations

from datetime import time, timedelta

import pytest

from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, Keterangan
from server.core.clock import local_today
from server.leave.models import LeaveLedgerEntry
from server.schedules.models import ShiftPatternContent, SystemTrouble
from server.schedules.services.recompute import schedule_changed_recompute
from server.testing.factories import (
    check_in,
    local,
    make_employee,
    make_holiday,
    make_pattern,
    make_shift,
)

pytestmark = pytest.mark.django_db


def keterangan(employee_id: int, day: object) -> str:
    return AttendanceDay.objects.get(employee_id=employee_id, date=day).keterangan


def test_pattern_edit_recomputes_its_employees_since_the_change() -> None:
    today = local_today()
    start = today - timedelta(days=3)
    office = make_shift()
    pattern = make_pattern([office], starting_date=start)
    other = make_employee(pattern=make_pattern([office], starting_date=start))
    emp = make_employee(pattern=pattern)
    attendance_days_recompute_range(employee_ids=None, start=start, end=today)
    assert keterangan(emp.pk, start) == Keterangan.MANGKIR

    ShiftPatternContent.objects.filter(pattern=pattern).delete()
    schedule_changed_recompute(pattern_ids=[pattern.pk], since=start + timedelta(days=1))
    assert keterangan(emp.pk, start) == Keterangan.MANGKIR  # before the change: untouched
    assert [keterangan(emp.pk, start + timedelta(days=i)) for i in (1, 2, 3)] == [Keterangan.LIBUR] * 3
    assert keterangan(other.pk, start + timedelta(days=1)) == Keterangan.MANGKIR
    assert not AttendanceDay.objects.filter(date__gt=today).exists()


def test_shift_edit_reaches_the_patterns_using_it() -> None:
    today = local_today()
    day = today - timedelta(days=1)
    office = make_shift()
    emp = make_employee(pattern=make_pattern([office], starting_date=day))
    check_in(emp, local(day, 8, 30))
    attendance_days_recompute_range(employee_ids=[emp.pk], start=day, end=day)
    assert AttendanceDay.objects.get(employee=emp, date=day).late_minutes == 30
    office.time_in = time(9)
    office.save()
    schedule_changed_recompute(shift_ids=[office.pk], since=day)
    assert AttendanceDay.objects.get(employee=emp, date=day).late_minutes == 0


def test_holiday_and_system_trouble_dates() -> None:
    today = local_today()
    day = today - timedelta(days=2)
    emp = make_employee(pattern=make_pattern([make_shift()], starting_date=day), cuti_saldo=5)
    attendance_days_recompute_range(employee_ids=None, start=day, end=today)
    assert keterangan(emp.pk, day) == Keterangan.MANGKIR

    holiday = make_holiday(day, collective=True)
    schedule_changed_recompute(dates=[day])
    assert keterangan(emp.pk, day) == Keterangan.CUTI_BERSAMA
    emp.refresh_from_db()
    assert emp.cuti_saldo == 4

    holiday.holiday.delete()
    SystemTrouble.objects.create(date=day, description="Gangguan")
    schedule_changed_recompute(dates=[day])
    assert keterangan(emp.pk, day) == Keterangan.GANGGUAN_SISTEM
    emp.refresh_from_db()
    assert emp.cuti_saldo == 5
    assert LeaveLedgerEntry.objects.filter(employee=emp).count() == 2

    schedule_changed_recompute(dates=[today + timedelta(days=5)])
    assert not AttendanceDay.objects.filter(date__gt=today).exists()
