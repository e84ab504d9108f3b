"""seed_demo on PostgreSQL at a small size: one seeded company shared by the module (rolled back after)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import date, timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db.models import Count
from django.utils import timezone

from server.accounts.models import User
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus, LogType
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS
from server.demo import catalogue as cat
from server.demo.plan import NUMBER_BASE, build_workforce
from server.izin.models import IzinCode, IzinRequest, IzinStatus, IzinType
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.schedules.models import BlacklistApp, HolidayDate, ShiftPattern, SpecialLeave
from server.testing.seed import seeded_demo
from server.workforce.models import Employee, ManPower

EMPLOYEES, DAYS, SEED = 40, 10, 7


@pytest.fixture(scope="module")
def seeded(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """Seed once inside a transaction that is rolled back when the module is done."""
    media = tmp_path_factory.mktemp("media")
    with seeded_demo(django_db_blocker, media, employees=EMPLOYEES, days=DAYS, seed=SEED) as printed:
        yield printed


pytestmark = pytest.mark.django_db


def test_prints_the_figure(seeded: str) -> None:
    last = seeded.strip().splitlines()[-1]
    logs = AttendanceLog.objects.count()
    days = AttendanceDay.objects.count()
    assert last.startswith(
        f"seed_demo: {EMPLOYEES} karyawan, {DAYS} hari, {logs} log, {days} hari kehadiran dalam "
    )
    assert last.endswith(" s")


def test_workforce_of_every_man_power_type(seeded: str) -> None:
    assert Employee.objects.count() == EMPLOYEES
    per_type = Counter(Employee.objects.values_list("man_power__type", flat=True))
    assert set(per_type) == {"office", "pool", "site", "tug_boat"}
    assert per_type["site"] > per_type["office"]
    zones = set(ManPower.objects.values_list("timezone", flat=True))
    assert zones == {"Asia/Jakarta", "Asia/Makassar"}
    assert Employee.objects.filter(is_owner=True).count() == 1
    owner = Employee.objects.get(is_owner=True)
    assert owner.supervisor_id is None and owner.job_title == cat.OWNER_TITLE
    assert Employee.objects.exclude(is_owner=True).filter(supervisor__isnull=True).count() == 0
    assert Employee.objects.filter(group_head__isnull=False).exists()
    assert Employee.objects.filter(man_power_team__isnull=True).count() == 0
    assert Employee.objects.filter(man_power_group__isnull=True).count() == 0
    numbers = sorted(Employee.objects.values_list("employee_number", flat=True))
    assert numbers[0] == str(NUMBER_BASE + 1) and numbers[-1] == str(NUMBER_BASE + EMPLOYEES)
    assert Employee.objects.exclude(photo="").exists()
    photo = Employee.objects.exclude(photo="").values_list("photo", flat=True).first()
    from django.conf import settings

    assert (Path(settings.MEDIA_ROOT) / str(photo)).read_bytes()[:2] == b"\xff\xd8"


def test_birthdays_today_and_tomorrow(seeded: str) -> None:
    today = timezone.localdate()
    tomorrow = today + timedelta(days=1)
    births = list(Employee.objects.values_list("birth_date", flat=True))
    assert sum(1 for b in births if (b.month, b.day) == (today.month, today.day)) >= 2
    assert sum(1 for b in births if (b.month, b.day) == (tomorrow.month, tomorrow.day)) >= 2


def test_patterns(seeded: str) -> None:
    office = ShiftPattern.objects.get(code="KANTOR-5H")
    items = {c.day_number: c.shift for c in office.contents.select_related("shift")}
    assert office.day_circle_number == 7 and office.starting_date.weekday() == 0  # Monday
    assert all(
        items[d].is_working and items[d].time_in.hour == 8 and items[d].time_out.hour == 17
        for d in range(1, 6)
    )
    assert not items[6].is_working and 7 not in items  # Saturday non-working, Sunday empty

    site = ShiftPattern.objects.get(code="SITE-A")
    shifts = [c.shift for c in site.contents.select_related("shift").order_by("day_number")]
    night = [s for s in shifts if s.code == "SM"]
    assert night and night[0].crosses_midnight and night[0].time_in.hour == 19 and night[0].time_out.hour == 7
    assert any(s.code == "SD" and not s.crosses_midnight for s in shifts)

    tug = ShiftPattern.objects.get(code="TB-A")
    assert tug.day_circle_number == 28
    assert sorted(tug.contents.values_list("day_number", flat=True)) == list(range(1, 15))
    tug_b = ShiftPattern.objects.get(code="TB-B")
    assert (tug_b.starting_date - tug.starting_date).days == 14


def test_night_shift_logs_cross_midnight(seeded: str) -> None:
    check_outs = AttendanceLog.objects.filter(shift__code="SM", log_type=LogType.CHECK_OUT).select_related(
        "man_power"
    )
    assert check_outs.exists()
    for log in check_outs[:50]:
        local = timezone.localtime(log.log_datetime, timezone=_zone(log.man_power.timezone))
        assert local.date() == log.attendance_date + timedelta(days=1)


def test_office_weekend_is_off(seeded: str) -> None:
    weekend_days = AttendanceDay.objects.filter(man_power_type="office", date__week_day__in=(1, 7))
    assert weekend_days.exists()
    assert not weekend_days.filter(is_working_day=True).exists()
    assert not AttendanceLog.objects.filter(
        man_power_type="office", attendance_date__week_day__in=(1, 7), shift__isnull=False
    ).exists()


def test_holidays_with_collective_leave(seeded: str) -> None:
    dates = HolidayDate.objects.filter(date__year=2026)
    assert dates.filter(date=date(2026, 8, 17), is_collective_leave=False).exists()
    assert dates.filter(date=date(2026, 12, 25)).exists()
    collective = set(dates.filter(is_collective_leave=True).values_list("date", flat=True))
    assert {date(2026, 3, 20), date(2026, 3, 23), date(2026, 3, 24), date(2026, 12, 24)} <= collective
    assert dates.count() == sum(len(h.holidays) + len(h.collective_leave) for h in cat.HOLIDAYS_2026)


def test_logs_mostly_approved_about_five_percent_waiting(seeded: str) -> None:
    statuses = Counter(AttendanceLog.objects.values_list("status", flat=True))
    total = sum(statuses.values())
    assert total > EMPLOYEES * DAYS * 0.6
    assert statuses[LogStatus.APPROVED] / total > 0.85
    assert 0.02 <= statuses[LogStatus.WAITING_APPROVAL] / total <= 0.10
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
    assert not waiting.filter(is_valid_location=True, fr_is_match=True, is_valid_shift=True).exists()
    assert AttendanceDay.objects.filter(late_minutes__gt=0).exists()
    assert AttendanceDay.objects.filter(keterangan=Keterangan.HADIR).count() > EMPLOYEES * DAYS * 0.4


def test_izin_in_every_status_addressed_to_supervisors(seeded: str) -> None:
    assert set(IzinType.objects.values_list("code", flat=True)) == set(IzinCode.values)
    seen = set(IzinRequest.objects.values_list("izin_type__code", "status"))
    for code in (
        "cuti",
        "sakit",
        "cuti_tidak_berbayar",
        "lupa_absen_datang",
        "lupa_absen_pulang",
        "cuti_khusus",
    ):
        for status in IzinStatus.values:
            assert (code, status) in seen, (code, status)
    for izin in IzinRequest.objects.select_related("employee"):
        expected = izin.employee.supervisor_id
        if izin.employee.force_approval_permission:
            expected = Employee.objects.get(is_owner=True).pk
        assert izin.approver_id == expected
    decided = IzinRequest.objects.exclude(status=IzinStatus.WAITING_APPROVAL)
    assert not decided.filter(decided_by__isnull=True).exists()
    assert IzinRequest.objects.filter(izin_type__code="cuti_khusus", special_leave__isnull=False).exists()


def test_settings_lists(seeded: str) -> None:
    assert SpecialLeave.objects.get(code="MENIKAH").jumlah_hari == 3
    assert SpecialLeave.objects.get(code="KEMATIAN_KELUARGA").jumlah_hari == 2
    blocked = set(BlacklistApp.objects.filter(is_allow=False).values_list("package_id", flat=True))
    assert {"com.lexa.fakegps", "com.incorporateapps.fakegps.fre"} <= blocked
    assert BlacklistApp.objects.filter(is_allow=True).exists()


def test_leave_balances_open_with_a_ledger_entry(seeded: str) -> None:
    openings = LeaveLedgerEntry.objects.filter(reason=LeaveReason.OPENING)
    assert openings.count() == EMPLOYEES
    per_employee = openings.values("employee").annotate(n=Count("pk"))
    assert all(row["n"] == 1 for row in per_employee)
    for employee in Employee.objects.all():
        last = LeaveLedgerEntry.objects.filter(employee=employee).order_by("pk").last()
        assert last is not None
        assert (last.saldo_after, last.terpakai_after, last.hutang_after) == (
            employee.cuti_saldo,
            employee.cuti_terpakai,
            employee.cuti_hutang,
        )


def test_the_four_demo_users(seeded: str) -> None:
    admin = User.objects.get(email="admin@example.com")
    assert admin.check_password("admin12345")
    assert all(admin.user_access[f] == 1 for f in (*LEVEL_FLAGS, *SPECIAL_RIGHTS))
    hr = User.objects.get(email="hr@example.com")
    assert hr.user_access["allow_employee"] == 1 and hr.user_access["allow_user_level"] == 0
    approver = User.objects.get(email="approver.office@example.com")
    assert approver.user_access["allow_approved_attendance_office"] == 1
    assert approver.user_access["allow_approved_attendance_site"] == 0
    assert approver.user_access["allow_permission"] == 1
    viewer = User.objects.get(email="viewer@example.com")
    assert not any(viewer.user_access.values())


def test_second_run_adds_nothing_and_once_skips(seeded: str) -> None:
    def counts() -> tuple[int, ...]:
        return (
            Employee.objects.count(),
            AttendanceLog.objects.count(),
            AttendanceDay.objects.count(),
            IzinRequest.objects.count(),
            LeaveLedgerEntry.objects.count(),
            HolidayDate.objects.count(),
            ShiftPattern.objects.count(),
            User.objects.count(),
        )

    before = counts()
    call_command("seed_demo", employees=EMPLOYEES, days=DAYS, seed=SEED, stdout=StringIO())
    assert counts() == before
    out = StringIO()
    call_command("seed_demo", once=True, stdout=out)
    assert "dilewati" in out.getvalue()
    assert counts() == before


def test_same_seed_same_people(seeded: str) -> None:
    plan = build_workforce(seed=SEED, employees=EMPLOYEES)
    stored = dict(Employee.objects.values_list("employee_number", "name"))
    assert stored == {p.employee_number: p.name for p in plan.people}
    again = build_workforce(seed=SEED, employees=EMPLOYEES)
    assert [(p.employee_number, p.name, p.email, p.job_title) for p in again.people] == [
        (p.employee_number, p.name, p.email, p.job_title) for p in plan.people
    ]
    other = build_workforce(seed=SEED + 1, employees=EMPLOYEES)
    assert [p.name for p in other.people] != [p.name for p in plan.people]


def test_seeded_employee_signs_in_to_the_mobile_api(seeded: str, api: Any) -> None:
    employee = Employee.objects.filter(is_active=True).order_by("employee_number").first()
    assert employee is not None
    response = api.post(
        "/api/mobile/v1/auth/",
        {"employee_number": employee.employee_number, "password": "karyawan123"},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["data"]["token"]


def _zone(name: str) -> Any:
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)


def test_waiting_logs_carry_a_spread_of_explained_risk(seeded: str) -> None:
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
    levels = Counter(waiting.values_list("risk_level", flat=True))
    assert levels["low"] + levels["medium"] > levels["high"] > 0, levels
    assert levels["low"] > 0 and levels["medium"] > 0, levels
    # The rules an approver trusts: a failed face never low, a blacklisted-app attempt always high.
    for codes, level in (
        ([r["code"] for r in reasons], level)
        for reasons, level in waiting.values_list("risk_reasons", "risk_level")
    ):
        assert "face" not in codes or level != "low", (codes, level)
        assert "blacklist_app" not in codes or level == "high", (codes, level)
    assert not waiting.filter(risk_score__gt=0, risk_reasons=[]).exists()
    out_of_radius = waiting.filter(is_valid_location=False)
    assert out_of_radius.exists()
    assert all(
        any(r["code"] == "distance" for r in reasons)
        for reasons in out_of_radius.values_list("risk_reasons", flat=True)
    )
