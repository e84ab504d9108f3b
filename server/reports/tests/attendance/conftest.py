# ruff: noqa: E501
"""Fixtures of the attendance report tests: a frozen today (20 Mar 2026), a client with allow_report, the month."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from server.attendance.models import Keterangan
from server.izin.models import IzinCode
from server.reports.tests.attendance.month_data import day_at
from server.testing.clock import freeze
from server.testing.factories import (
    local,
    make_employee,
    make_izin,
    make_man_power,
    make_shift,
)
from server.workforce.models import ManPowerGroup, ManPowerTeam


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> date:
    day = date(2026, 3, 20)
    freeze(monkeypatch, local(day, 10))
    return day


@pytest.fixture
def client(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=["allow_report"]))


@pytest.fixture
def month(admin_user: Any) -> dict[str, Any]:
    """Kantor Pusat (WIB): Ani and Budi; Citra at a WITA site. March 2026, shift 08:00-17:00, break
    12:00-13:00, tolerance 5 minutes."""
    office = make_man_power(name="Kantor Pusat")
    team = ManPowerTeam.objects.create(man_power=office, name="Tim A")
    group = ManPowerGroup.objects.create(team=team, name="Grup 1")
    site = make_man_power(name="Site Makassar", type="site", timezone="Asia/Makassar")
    pagi = make_shift(name="Pagi")
    ani = make_employee(
        name="Ani Lestari",
        employee_number_formatted="A-1",
        job_title="Staf",
        man_power=office,
        man_power_team=team,
        man_power_group=group,
    )
    budi = make_employee(name="Budi", employee_number_formatted="B-2", job_title="Operator", man_power=office)
    citra = make_employee(name="Citra", employee_number_formatted="C-3", man_power=site)
    # Ani: late 20, early 30, workday overtime 120 (actual 90), holiday overtime 240, mangkir, sakit.
    day_at(ani, date(2026, 3, 2), shift=pagi, ins=(8, 20), outs=(17, 0), late_minutes=20, working_minutes=460,
           note_in="macet")  # fmt: skip
    day_at(
        ani,
        date(2026, 3, 3),
        shift=pagi,
        ins=(8, 0),
        outs=(16, 30),
        early_out_minutes=30,
        working_minutes=450,
    )
    day_at(ani, date(2026, 3, 4), shift=pagi, ins=(8, 0), outs=(19, 0), overtime_workday_minutes=120,
           actual_overtime_minutes=90, working_minutes=600)  # fmt: skip
    day_at(ani, date(2026, 3, 5), Keterangan.MANGKIR, shift=pagi, is_valid=False)
    sakit = make_izin(ani, IzinCode.SAKIT, date(2026, 3, 6))
    sakit.description = "Demam"
    sakit.decided_by = admin_user
    sakit.save()
    day_at(ani, date(2026, 3, 6), Keterangan.SAKIT, shift=pagi, izin=sakit)
    day_at(ani, date(2026, 3, 7), ins=(9, 0), outs=(13, 0), is_working_day=False, is_shift_off=True,
           overtime_holiday_minutes=240, working_minutes=240)  # fmt: skip
    # Budi: cuti, CTB, lupa absen datang, lupa absen pulang (late 10), a plain day; one day outside March.
    day_at(
        budi,
        date(2026, 3, 2),
        Keterangan.CUTI,
        shift=pagi,
        izin=make_izin(budi, IzinCode.CUTI, date(2026, 3, 2)),
    )
    day_at(budi, date(2026, 3, 3), Keterangan.CTB, shift=pagi,
           izin=make_izin(budi, IzinCode.CUTI_TIDAK_BERBAYAR, date(2026, 3, 3)))  # fmt: skip
    day_at(budi, date(2026, 3, 4), shift=pagi, outs=(17, 0), working_minutes=480,
           izin=make_izin(budi, IzinCode.LUPA_ABSEN_DATANG, date(2026, 3, 4)))  # fmt: skip
    day_at(budi, date(2026, 3, 5), shift=pagi, ins=(8, 10), late_minutes=10, working_minutes=470,
           izin=make_izin(budi, IzinCode.LUPA_ABSEN_PULANG, date(2026, 3, 5)))  # fmt: skip
    day_at(budi, date(2026, 3, 6), shift=pagi, ins=(8, 0), outs=(17, 0), working_minutes=480)
    day_at(budi, date(2026, 2, 27), ins=(8, 30), outs=(17, 0), late_minutes=30)
    # Citra at the WITA site: check-in 08:15 WITA, late 15.
    day_at(
        citra, date(2026, 3, 2), shift=pagi, ins=(8, 15), outs=(17, 0), late_minutes=15, working_minutes=465
    )
    return {"office": office, "ani": ani, "budi": budi, "citra": citra}
