"""Dashboard counts: the approval summary, month and today counts, and their REST endpoints."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.models import AttendanceLog, Keterangan, LogStatus, RiskLevel
from server.dashboard.selectors import (
    approval_summary,
    attendance_month_counts,
    attendance_today_counts,
    dashboard_counts,
)
from server.izin.models import IzinStatus
from server.testing.clock import freeze
from server.testing.factories import local, make_day, make_employee, make_izin_created, make_log_at

pytestmark = pytest.mark.django_db

MARCH = {"month": 3, "year": 2026}


def test_approval_summary_counts_logs_by_local_month_of_log_datetime_and_izin_by_submission() -> None:
    employee = make_employee()
    # Month edges in Asia/Jakarta (UTC+7): 00:30 on 1 March is still February in UTC.
    make_log_at(employee, local(date(2026, 3, 1), 0, 30), LogStatus.WAITING_APPROVAL)
    make_log_at(employee, local(date(2026, 3, 10), 8), LogStatus.APPROVED)
    make_log_at(employee, local(date(2026, 3, 11), 8), LogStatus.APPROVED)
    make_log_at(employee, local(date(2026, 3, 12), 8), LogStatus.MANUAL_APPROVED)
    make_log_at(employee, local(date(2026, 3, 31), 23, 59), LogStatus.REJECTED)
    make_log_at(employee, local(date(2026, 2, 28), 23, 59), LogStatus.WAITING_APPROVAL)
    make_log_at(employee, local(date(2026, 4, 1), 0, 0), LogStatus.WAITING_APPROVAL)
    make_izin_created(make_employee(), local(date(2026, 3, 1), 0, 10), IzinStatus.WAITING_APPROVAL)
    make_izin_created(make_employee(), local(date(2026, 3, 20), 9), IzinStatus.APPROVED)
    make_izin_created(make_employee(), local(date(2026, 3, 21), 9), IzinStatus.REJECTED)
    make_izin_created(make_employee(), local(date(2026, 4, 1), 0, 1), IzinStatus.REJECTED)

    assert approval_summary(**MARCH) == {
        "attendance": {"waiting_approval": 1, "approved": 2, "manual_approval": 1, "rejected": 1},
        "izin": {"waiting_approval": 1, "approved": 1, "rejected": 1},
    }
    assert approval_summary(month=12, year=2025) == {
        "attendance": {"waiting_approval": 0, "approved": 0, "manual_approval": 0, "rejected": 0},
        "izin": {"waiting_approval": 0, "approved": 0, "rejected": 0},
    }


def test_month_counts_aggregate_attendance_days() -> None:
    ani, budi, citra = make_employee(), make_employee(), make_employee()
    make_day(ani, date(2026, 3, 2), late_minutes=10)
    make_day(ani, date(2026, 3, 3), late_minutes=20, early_out_minutes=5)
    make_day(budi, date(2026, 3, 3), late_minutes=7)
    make_day(budi, date(2026, 3, 4), Keterangan.MANGKIR)
    make_day(citra, date(2026, 3, 4), Keterangan.SAKIT)
    make_day(citra, date(2026, 3, 5), Keterangan.CUTI)
    make_day(citra, date(2026, 3, 6), Keterangan.CTB)
    make_day(citra, date(2026, 3, 9), Keterangan.CUTI_BERSAMA)
    make_day(ani, date(2026, 4, 1), Keterangan.MANGKIR, late_minutes=99)

    assert attendance_month_counts(**MARCH) == {
        "late_in": {"total_days": 3, "total_employees": 2, "total_minutes": 37},
        "early_out": {"total_days": 1, "total_employees": 1, "total_minutes": 5},
        "absence": {"alpa": 1, "sakit": 1, "cuti": 1, "ctb": 1, "total": 4},
    }


def test_today_counts() -> None:
    today = date(2026, 3, 4)
    people = [make_employee() for _ in range(5)]
    make_day(people[0], today, check_in=local(today, 8), late_minutes=3)
    make_day(people[1], today, check_in=local(today, 7), early_out_minutes=30)
    make_day(people[2], today, Keterangan.SAKIT)
    make_day(people[3], today, Keterangan.BELUM_HADIR)
    make_day(people[4], date(2026, 3, 3), check_in=local(date(2026, 3, 3), 8), late_minutes=3)
    assert attendance_today_counts(now=local(today, 10)) == {
        "checked_in_today": 2,
        "late_today": 1,
        "early_out_today": 1,
        "absent_today": 1,
    }


def test_count_endpoints_answer_the_selectors(client_for: Any, make_user: Any) -> None:
    ani = make_employee()
    make_day(ani, date(2026, 3, 2), late_minutes=61, early_out_minutes=2)
    make_day(ani, date(2026, 3, 3), Keterangan.MANGKIR)
    client = client_for(make_user(flags=[]))
    late = client.get("/api/web/v1/attendance_log/count_late_in", MARCH).json()
    assert late == {
        "http_status": 200,
        "message": "",
        "data": {"total_days": 1, "total_employees": 1, "total_minutes": 61, "total": 1, "percentage": 0.0},
    }
    early = client.get("/api/web/v1/attendance_log/count_early_out", MARCH).json()["data"]
    assert early == {"total_days": 1, "total_employees": 1, "total_minutes": 2, "total": 1, "percentage": 0.0}
    absence = client.get("/api/web/v1/attendance_log/count_absence", MARCH).json()["data"]
    assert absence == {"alpa": 1, "sakit": 0, "cuti": 0, "ctb": 0, "total": 1}


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"month": 13, "year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"month": "x", "year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"month": 3}, "Tahun harus antara 2000 dan 2100."),
        ({"month": 3, "year": 99999}, "Tahun harus antara 2000 dan 2100."),
    ],
)
def test_count_endpoints_refuse_bad_months(
    client_for: Any, make_user: Any, params: Any, message: str
) -> None:
    client = client_for(make_user(flags=[]))
    for path in ("count_late_in", "count_early_out", "count_absence"):
        body = client.get(f"/api/web/v1/attendance_log/{path}", params).json()
        assert body["http_status"] == 422 and body["message"] == message


def test_dashboard_counts_endpoint_equals_the_selector(
    client_for: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    today = date(2026, 3, 4)
    freeze(monkeypatch, local(today, 10))
    ani, budi = make_employee(), make_employee()
    make_day(ani, today, check_in=local(today, 8, 30), late_minutes=30)
    make_day(budi, today, Keterangan.CUTI)
    make_log_at(ani, local(today, 8, 30), LogStatus.WAITING_APPROVAL)
    make_log_at(budi, local(date(2026, 1, 5), 8), LogStatus.WAITING_APPROVAL)
    make_izin_created(budi, local(today, 9), IzinStatus.WAITING_APPROVAL)

    expected = dashboard_counts(now=local(today, 10))
    body = client_for(make_user(flags=[])).get("/api/web/v1/dashboard/counts").json()
    assert body["data"] == expected
    assert expected["date"] == "2026-03-04" and expected["month"] == 3 and expected["year"] == 2026
    assert expected["checked_in_today"] == 1 and expected["late_today"] == 1 and expected["absent_today"] == 1
    assert expected["attendance_waiting"] == 2 and expected["izin_waiting"] == 1
    assert expected["approval"]["attendance"]["waiting_approval"] == 1
    assert expected["late_in"] == {"total_days": 1, "total_employees": 1, "total_minutes": 30}
    assert expected["absence"]["cuti"] == 1


def test_dashboard_endpoints_need_sign_in(api: APIClient) -> None:
    for path in ("dashboard/counts", "attendance_log/count_late_in", "dashboard/undisciplined_employee"):
        assert api.get(f"/api/web/v1/{path}").status_code == 401


def test_dashboard_counts_are_shared_until_a_change_is_published(
    client_for: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GET dashboard/counts and attendance_log/count compute once and serve that to every caller
    until a write publishes `dashboard changed` (which bumps the group's version); a write that
    published nothing is not seen until then (the cache's 20 s at most)."""
    from server.realtime.publish import send_now

    today = date(2026, 3, 4)
    freeze(monkeypatch, local(today, 10))
    ani = make_employee()
    make_log_at(ani, local(today, 8, 30), LogStatus.APPROVED)
    client = client_for(make_user(flags=[], rights=["allow_reset_attendance"]))

    def waiting() -> tuple[int, int]:
        counts = client.get("/api/web/v1/dashboard/counts").json()["data"]
        month = client.get("/api/web/v1/attendance_log/count", {"month": 3, "year": 2026}).json()["data"]
        return counts["approval"]["attendance"]["approved"], month["approved"]

    assert waiting() == (1, 1)
    make_log_at(ani, local(today, 9), LogStatus.APPROVED)  # no publish: a test-only write
    assert waiting() == (1, 1)
    send_now("dashboard", "changed", {"reason": "attendance_log"})
    assert waiting() == (2, 2)


def test_dashboard_counts_are_computed_when_the_cache_is_down(
    client_for: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server.dashboard import selectors

    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("redis down")

    monkeypatch.setattr(selectors.cache, "get", down)
    monkeypatch.setattr(selectors.cache, "set", down)
    today = date(2026, 3, 4)
    freeze(monkeypatch, local(today, 10))
    make_log_at(make_employee(), local(today, 8, 30), LogStatus.WAITING_APPROVAL)
    body = client_for(make_user(flags=[])).get("/api/web/v1/dashboard/counts").json()
    assert body["data"]["attendance_waiting"] == 1


def test_waiting_low_risk_is_the_low_risk_part_of_the_waiting_count(
    client_for: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    today = date(2026, 3, 4)
    freeze(monkeypatch, local(today, 10))
    ani = make_employee()
    low_today = make_log_at(ani, local(today, 8), LogStatus.WAITING_APPROVAL)
    low_january = make_log_at(ani, local(date(2026, 1, 5), 8), LogStatus.WAITING_APPROVAL)
    medium = make_log_at(ani, local(today, 9), LogStatus.WAITING_APPROVAL)
    high = make_log_at(ani, local(today, 9, 30), LogStatus.WAITING_APPROVAL)
    decided_low = make_log_at(ani, local(today, 7), LogStatus.APPROVED)
    AttendanceLog.objects.filter(pk=medium.pk).update(risk_level=RiskLevel.MEDIUM, risk_score=40)
    AttendanceLog.objects.filter(pk=high.pk).update(risk_level=RiskLevel.HIGH, risk_score=80)
    assert {low_today.risk_level, low_january.risk_level, decided_low.risk_level} == {RiskLevel.LOW}

    counts = client_for(make_user(flags=[])).get("/api/web/v1/dashboard/counts").json()["data"]
    assert (counts["attendance_waiting"], counts["waiting_low_risk"]) == (4, 2)
