"""AttendanceDay rows kept current in the database: recompute paths, who gets rows, preserved fields."""

from __future__ import annotations

from datetime import date, time, timedelta

import pytest

from server.attendance.days import (
    attendance_days_recompute,
    attendance_days_recompute_for_izin,
    attendance_days_recompute_for_log,
    attendance_days_recompute_range,
)
from server.attendance.models import AttendanceDay, Keterangan, LogStatus
from server.attendance.tests.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_holiday,
    make_izin,
    make_man_power,
    make_off_shift,
    make_pattern,
    make_shift,
)
from server.izin.models import IzinCode, IzinStatus
from server.schedules.models import SystemTrouble

pytestmark = pytest.mark.django_db

MONDAY = date(2025, 3, 10)  # the office pattern below starts on a Monday
TUESDAY = MONDAY + timedelta(days=1)
SATURDAY = MONDAY + timedelta(days=5)
TODAY = date(2025, 3, 20)


def week_pattern():  # type: ignore[no-untyped-def]
    office = make_shift()
    return make_pattern([office] * 5 + [None, make_off_shift()], starting_date=date(2025, 1, 6))


def row(employee_id: int, day: date) -> AttendanceDay:
    return AttendanceDay.objects.get(employee_id=employee_id, date=day)


def test_range_makes_one_row_per_day_with_the_pattern() -> None:
    emp = make_employee(pattern=week_pattern())
    check_in(emp, local(MONDAY, 7, 55))
    check_out(emp, local(MONDAY, 17, 2))
    attendance_days_recompute_range(
        employee_ids=None, start=MONDAY, end=MONDAY + timedelta(days=6), today=TODAY
    )
    days = {d.date: d for d in AttendanceDay.objects.filter(employee=emp)}
    assert len(days) == 7
    assert days[MONDAY].keterangan == Keterangan.HADIR and days[MONDAY].is_valid
    assert days[MONDAY].man_power_id == emp.man_power_id and days[MONDAY].man_power_type == "office"
    assert days[TUESDAY].keterangan == Keterangan.MANGKIR
    assert days[SATURDAY].keterangan == Keterangan.LIBUR and days[SATURDAY].is_shift_off
    assert days[SATURDAY + timedelta(days=1)].is_shift_off


def test_today_and_future_are_not_absence() -> None:
    emp = make_employee(pattern=week_pattern())
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY, TUESDAY], today=MONDAY)
    assert row(emp.pk, MONDAY).keterangan == Keterangan.BELUM_HADIR
    assert not row(emp.pk, MONDAY).is_closed
    assert row(emp.pk, TUESDAY).keterangan == Keterangan.BELUM_HADIR
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TUESDAY)
    assert row(emp.pk, MONDAY).keterangan == Keterangan.MANGKIR and row(emp.pk, MONDAY).is_closed


def test_only_counted_logs_count() -> None:
    emp = make_employee(pattern=week_pattern())
    waiting = check_in(emp, local(MONDAY, 8), status=LogStatus.WAITING_APPROVAL)
    check_in(emp, local(MONDAY, 7, 30), status=LogStatus.REJECTED)
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TODAY)
    assert row(emp.pk, MONDAY).keterangan == Keterangan.MANGKIR
    waiting.status = LogStatus.MANUAL_APPROVED
    waiting.save()
    attendance_days_recompute_for_log(log=waiting)
    day = row(emp.pk, MONDAY)
    assert day.keterangan == Keterangan.HADIR and day.check_in_log_id == waiting.pk


def test_different_day_flag_moves_the_log_back_a_day() -> None:
    emp = make_employee(pattern=week_pattern())
    check_in(emp, local(MONDAY, 8))
    late_out = check_out(emp, local(TUESDAY, 1), attendance_date=TUESDAY)
    attendance_days_recompute_range(employee_ids=[emp.pk], start=MONDAY, end=TUESDAY, today=TODAY)
    assert row(emp.pk, MONDAY).check_out is None
    assert row(emp.pk, TUESDAY).check_out_log_id == late_out.pk
    late_out.is_different_day = True
    late_out.save()
    attendance_days_recompute_for_log(log=late_out)
    monday = row(emp.pk, MONDAY)
    assert monday.check_out_log_id == late_out.pk and monday.is_valid
    assert monday.overtime_workday_minutes == 8 * 60
    assert row(emp.pk, TUESDAY).check_out is None
    late_out.is_different_day = False
    late_out.save()
    attendance_days_recompute_for_log(log=late_out)
    assert row(emp.pk, MONDAY).check_out is None


def test_holiday_inside_a_pattern() -> None:
    emp = make_employee(pattern=week_pattern())
    make_holiday(TUESDAY)
    make_holiday(SATURDAY)
    attendance_days_recompute_range(employee_ids=[emp.pk], start=MONDAY, end=SATURDAY, today=TODAY)
    tuesday = row(emp.pk, TUESDAY)
    assert (tuesday.keterangan, tuesday.is_holiday, tuesday.is_working_day) == (Keterangan.LIBUR, True, False)
    saturday = row(emp.pk, SATURDAY)
    assert saturday.is_holiday and saturday.is_shift_off and saturday.keterangan == Keterangan.LIBUR
    assert row(emp.pk, MONDAY).keterangan == Keterangan.MANGKIR


def test_approved_izin_on_a_working_day() -> None:
    emp = make_employee(pattern=week_pattern())
    izin = make_izin(emp, IzinCode.SAKIT, MONDAY, TUESDAY, status=IzinStatus.WAITING_APPROVAL)
    attendance_days_recompute_for_izin(izin=izin)
    assert row(emp.pk, MONDAY).keterangan == Keterangan.MANGKIR
    izin.status = IzinStatus.APPROVED
    izin.save()
    attendance_days_recompute_for_izin(izin=izin)
    assert [row(emp.pk, d).keterangan for d in (MONDAY, TUESDAY)] == [Keterangan.SAKIT, Keterangan.SAKIT]
    assert row(emp.pk, MONDAY).izin_id == izin.pk


def test_system_trouble_is_no_absence() -> None:
    emp = make_employee(pattern=week_pattern())
    SystemTrouble.objects.create(date=MONDAY, description="Server mati")
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TODAY)
    assert row(emp.pk, MONDAY).keterangan == Keterangan.GANGGUAN_SISTEM


def test_resigned_and_disabled_employees() -> None:
    pattern = week_pattern()
    resigned = make_employee(pattern=pattern, is_active=False, resigned_date=TUESDAY)
    disabled = make_employee(pattern=pattern)
    joined = make_employee(pattern=pattern, joined_date=TUESDAY)
    attendance_days_recompute_range(
        employee_ids=None, start=MONDAY, end=MONDAY + timedelta(days=2), today=TODAY
    )
    assert set(AttendanceDay.objects.filter(employee=resigned).values_list("date", flat=True)) == {
        MONDAY,
        TUESDAY,
    }
    assert not AttendanceDay.objects.filter(employee=joined, date=MONDAY).exists()
    assert AttendanceDay.objects.filter(employee=disabled).count() == 3
    disabled.attendance_disabled = True
    disabled.save()
    attendance_days_recompute(employee_ids=[disabled.pk], dates=[MONDAY], today=TODAY)
    assert set(AttendanceDay.objects.filter(employee=disabled).values_list("date", flat=True)) == {
        TUESDAY,
        TUESDAY + timedelta(days=1),
    }


def test_adjusted_fields_survive_recomputes() -> None:
    emp = make_employee(pattern=week_pattern())
    check_in(emp, local(MONDAY, 8))
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TODAY)
    AttendanceDay.objects.filter(employee=emp, date=MONDAY).update(
        is_valid=True, validity_overridden=True, actual_overtime_minutes=45, standby=True
    )
    check_in(emp, local(MONDAY, 7, 50))
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TODAY)
    day = row(emp.pk, MONDAY)
    assert day.check_in == local(MONDAY, 7, 50)
    assert (day.is_valid, day.validity_overridden, day.actual_overtime_minutes, day.standby) == (
        True,
        True,
        45,
        True,
    )


def test_recompute_twice_writes_nothing() -> None:
    emp = make_employee(pattern=week_pattern())
    check_in(emp, local(MONDAY, 8))
    attendance_days_recompute_range(employee_ids=None, start=MONDAY, end=SATURDAY, today=TODAY)
    before = {d.pk: d.computed_at for d in AttendanceDay.objects.all()}
    attendance_days_recompute_range(employee_ids=None, start=MONDAY, end=SATURDAY, today=TODAY)
    assert {d.pk: d.computed_at for d in AttendanceDay.objects.all()} == before


def test_night_shift_and_timezone_of_the_placement() -> None:
    night = make_shift(time_in=time(20), time_out=time(5), break_start=time(0), break_end=time(1))
    wita = make_man_power(timezone="Asia/Makassar")
    emp = make_employee(pattern=make_pattern([night]), man_power=wita)
    from zoneinfo import ZoneInfo

    makassar = ZoneInfo("Asia/Makassar")
    check_in(emp, local(MONDAY, 20, 10, tz=makassar), attendance_date=MONDAY)
    check_out(emp, local(TUESDAY, 5, 30, tz=makassar), attendance_date=MONDAY)
    attendance_days_recompute(employee_ids=[emp.pk], dates=[MONDAY], today=TODAY)
    day = row(emp.pk, MONDAY)
    assert (day.late_minutes, day.overtime_workday_minutes, day.working_minutes) == (10, 30, 9 * 60 + 20 - 60)


def test_bulk_copy_path_writes_what_the_row_path_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    from server.attendance import days as days_module

    emp = make_employee(pattern=week_pattern())
    check_in(emp, local(MONDAY, 8, 7))
    check_out(emp, local(MONDAY, 18))
    make_izin(emp, IzinCode.LUPA_ABSEN_PULANG, TUESDAY)
    check_in(emp, local(TUESDAY, 8))
    AttendanceDay.objects.create(employee=emp, date=MONDAY, actual_overtime_minutes=30, standby=True)

    def snapshot() -> list[tuple[object, ...]]:
        return list(AttendanceDay.objects.order_by("date").values_list(*days_module.VALUE_FIELDS, "date"))

    monkeypatch.setattr(days_module, "COPY_THRESHOLD", 0)
    attendance_days_recompute_range(employee_ids=[emp.pk], start=MONDAY, end=SATURDAY, today=TODAY)
    copied = snapshot()
    AttendanceDay.objects.exclude(date=MONDAY).delete()
    AttendanceDay.objects.filter(date=MONDAY).update(keterangan=Keterangan.BELUM_HADIR)
    monkeypatch.setattr(days_module, "COPY_THRESHOLD", 10**9)
    attendance_days_recompute_range(employee_ids=[emp.pk], start=MONDAY, end=SATURDAY, today=TODAY)
    assert snapshot() == copied
    monday = row(emp.pk, MONDAY)
    assert (monday.late_minutes, monday.actual_overtime_minutes, monday.standby) == (7, 30, True)
    assert row(emp.pk, TUESDAY).is_valid
