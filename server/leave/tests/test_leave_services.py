"""The leave ledger: balance rules, izin bookings, collective leave, the yearly refresh."""

from __future__ import annotations

from datetime import date, timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from server.attendance.collective import collective_leave_settle
from server.attendance.days import attendance_days_recompute, attendance_days_recompute_range
from server.izin.leave import izin_leave_apply, izin_leave_reverse, izin_working_days
from server.izin.models import IzinCode, IzinStatus
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.leave.selectors import leave_days_booked, leave_year_shown
from server.leave.services import (
    leave_balance_change,
    leave_refresh_year,
)
from server.testing.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_holiday,
    make_izin,
    make_pattern,
    make_shift,
)
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

MONDAY = date(2025, 3, 10)
TODAY = date(2025, 3, 20)


def balance(employee: Employee) -> tuple[int, int, int]:
    employee.refresh_from_db()
    return employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang


def week_employee(**kw: object) -> Employee:
    office = make_shift()
    return make_employee(
        pattern=make_pattern([office] * 5 + [None, None], starting_date=date(2025, 1, 6)), **kw
    )


@pytest.mark.parametrize(
    ("before", "change", "after", "applied"),
    [
        ((5, 0, 0), {"saldo": -2, "terpakai": 2}, (3, 2, 0), (-2, 2, 0)),
        ((1, 0, 0), {"saldo": -3, "terpakai": 3}, (0, 3, 2), (-1, 3, 2)),
        ((0, 4, 2), {"saldo": 3, "terpakai": -1}, (1, 3, 0), (1, -1, -2)),
        ((0, 0, 5), {"saldo": 3}, (0, 0, 2), (0, 0, -3)),
        ((2, 1, 0), {"terpakai": -5}, (2, 0, 0), (0, -1, 0)),
        ((2, 0, 1), {"hutang": -4}, (2, 0, 0), (0, 0, -1)),
    ],
    ids=[
        "take",
        "short: rest to hutang",
        "gain pays hutang first",
        "all to hutang",
        "terpakai floor",
        "hutang floor",
    ],
)
def test_balance_rules(
    before: tuple[int, int, int],
    change: dict[str, int],
    after: tuple[int, int, int],
    applied: tuple[int, int, int],
) -> None:
    emp = make_employee(cuti_saldo=before[0], cuti_terpakai=before[1], cuti_hutang=before[2])
    entry = leave_balance_change(
        employee=emp, reason=LeaveReason.MANUAL, date=MONDAY, reference="manual:1", **change
    )
    assert balance(emp) == after
    assert (emp.cuti_saldo, emp.cuti_terpakai, emp.cuti_hutang) == after
    assert (entry.saldo_change, entry.terpakai_change, entry.hutang_change) == applied
    assert (entry.saldo_after, entry.terpakai_after, entry.hutang_after) == after


def test_izin_cuti_books_working_days_once_and_reverses() -> None:
    emp = week_employee(cuti_saldo=10)
    make_holiday(MONDAY + timedelta(days=2))
    # Monday to the next Monday: 6 working days, less the Wednesday holiday.
    izin = make_izin(emp, IzinCode.CUTI, MONDAY, MONDAY + timedelta(days=7))
    assert izin_working_days(izin=izin) == 5
    entry = izin_leave_apply(izin=izin)
    assert entry is not None and entry.reason == LeaveReason.IZIN and entry.reference == f"izin:{izin.pk}"
    assert izin_leave_apply(izin=izin) is None
    assert balance(emp) == (5, 5, 0)
    izin.status = IzinStatus.REJECTED
    izin.save()
    reversal = izin_leave_apply(izin=izin)
    assert reversal is not None and reversal.reason == LeaveReason.IZIN_REVERSED
    assert balance(emp) == (10, 0, 0)
    assert izin_leave_reverse(izin=izin) is None


def test_izin_that_does_not_deduct() -> None:
    emp = week_employee(cuti_saldo=3)
    assert izin_leave_apply(izin=make_izin(emp, IzinCode.SAKIT, MONDAY)) is None
    assert balance(emp) == (3, 0, 0)


def test_collective_leave_deducts_when_closed_not_when_worked() -> None:
    holiday = MONDAY + timedelta(days=1)
    make_holiday(holiday, collective=True)
    stays_home = week_employee(cuti_saldo=2)
    works = week_employee(cuti_saldo=2)
    check_in(works, local(holiday, 8))
    attendance_days_recompute_range(employee_ids=None, start=MONDAY, end=holiday, today=holiday)
    assert not LeaveLedgerEntry.objects.exists()  # the day is not closed yet

    attendance_days_recompute_range(employee_ids=None, start=MONDAY, end=holiday, today=TODAY)
    assert balance(stays_home) == (1, 1, 0)
    assert balance(works) == (2, 0, 0)
    assert collective_leave_settle(day=holiday) == 0

    # A late approval shows the first one worked after all: the day comes back.
    check_in(stays_home, local(holiday, 9))
    check_out(stays_home, local(holiday, 12))
    attendance_days_recompute(employee_ids=[stays_home.pk], dates=[holiday], today=TODAY)
    assert balance(stays_home) == (2, 0, 0)
    assert leave_days_booked(reference=f"collective_leave:{holiday.isoformat()}") == {stays_home.pk: 0}


def test_yearly_refresh_is_idempotent_and_pays_debt() -> None:
    fresh = make_employee(cuti_saldo=3, cuti_terpakai=9)
    indebted = make_employee(cuti_saldo=0, cuti_terpakai=14, cuti_hutang=2)
    resigned = make_employee(cuti_saldo=1, is_active=False, resigned_date=date(2025, 12, 1))
    assert leave_refresh_year(year=2026) == 2
    assert balance(fresh) == (15, 0, 0)
    assert balance(indebted) == (10, 0, 0)
    assert balance(resigned) == (1, 0, 0)
    assert leave_refresh_year(year=2026) == 0
    assert balance(fresh) == (15, 0, 0)
    entry = LeaveLedgerEntry.objects.get(employee=indebted)
    assert (entry.reason, entry.reference, entry.hutang_change, entry.saldo_change) == (
        LeaveReason.YEARLY_REFRESH,
        "yearly_refresh:2026",
        -2,
        10,
    )


def test_refresh_leave_command_twice() -> None:
    emp = make_employee(cuti_saldo=0)
    out = StringIO()
    call_command("refresh_leave", "--year", "2030", stdout=out)
    call_command("refresh_leave", "--year", "2030", stdout=out)
    assert "2030: 1 karyawan" in out.getvalue() and "2030: 0 karyawan" in out.getvalue()
    assert balance(emp) == (12, 0, 0)


def test_leave_year_shown() -> None:
    assert leave_year_shown(today=date(2026, 1, 14)) == 2025
    assert leave_year_shown(today=date(2026, 1, 15)) == 2026
