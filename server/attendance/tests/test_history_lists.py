"""The attendance history v2 list: history rows with the computed day each log counts for."""

from __future__ import annotations

from collections.abc import Callable
from datetime import time, timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, LogStatus, LogType
from server.attendance.selectors import attendance_logs_with_days
from server.attendance.serializers import AttendanceLogDayRowSerializer
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.attendance.tests.factories import local, make_pattern, make_shift
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

V2 = "/api/web/v2/attendance_log/list"


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    today = timezone.localdate()
    monday = today - timedelta(days=7)
    pattern = make_pattern(
        [make_shift(time_in=time(8), time_out=time(17), late_in_minutes=5)], starting_date=monday
    )
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    ani = staff(office, "Ani Kantor", shift_pattern=pattern)
    late_in = log_of(ani, local(monday, 8, 25), attendance_date=monday, status=LogStatus.MANUAL_APPROVED)
    out = log_of(
        ani,
        local(monday, 17, 0),
        attendance_date=monday,
        status=LogStatus.APPROVED,
        log_type=LogType.CHECK_OUT,
    )
    moved = log_of(
        ani,
        local(monday + timedelta(days=1), 7, 58),
        attendance_date=monday + timedelta(days=1),
        status=LogStatus.REJECTED,
        is_different_day=True,
    )
    waiting = log_of(ani, local(today, 7, 0))
    attendance_days_recompute_range(employee_ids=[ani.pk], start=monday, end=today)
    return {
        "monday": monday,
        "late_in": late_in,
        "out": out,
        "moved": moved,
        "waiting": waiting,
        "ani": ani,
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
    }


def test_v2_rows_carry_the_day_each_log_counts_for(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    response = client_for(world["hr"]).get(V2, {"order": '{"column": "log_datetime", "dir": "asc"}'})
    assert response.status_code == 200, response.json()
    body = response.json()
    rows = {row["hash_id"]: row for row in body["data"]}
    assert set(rows) == {world["late_in"].hash_id, world["out"].hash_id, world["moved"].hash_id}
    assert body["recordsTotal"] == 3

    late_in = rows[world["late_in"].hash_id]
    assert late_in["status"] == "manual_approved"
    assert late_in["effective_date"] == world["monday"].isoformat()
    assert late_in["keterangan"] == "hadir" and late_in["late_minutes"] == 25
    assert rows[world["out"].hash_id]["working_minutes"] == late_in["working_minutes"] > 0

    moved = rows[world["moved"].hash_id]
    assert moved["attendance_date"] == (world["monday"] + timedelta(days=1)).isoformat()
    assert moved["effective_date"] == world["monday"].isoformat() and moved["is_different_day"] is True


def test_v2_is_for_history_users_and_history_statuses(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    assert client_for(world["budi"]).get(V2).status_code == 403
    hr = client_for(world["hr"])
    refused = hr.get(V2, {"status": "waiting_approval"})
    assert refused.status_code == 422
    assert refused.json()["message"] == "Status harus approved, manual_approved atau rejected."
    rejected = hr.get(V2, {"status": "rejected"}).json()["data"]
    assert [row["hash_id"] for row in rejected] == [world["moved"].hash_id]
    assert hr.get(V2, {"log_type": "check_out"}).json()["recordsTotal"] == 1


def test_v2_reads_the_days_of_a_page_in_one_query(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    client = client_for(world["hr"])

    def queries() -> int:
        cache.clear()  # counted on each call, not shared from the one before
        with CaptureQueriesContext(connection) as captured:
            assert client.get(V2, {"per_page": 100}).status_code == 200
        return len(captured)

    before = queries()
    for n in range(20):
        log_of(world["ani"], status=LogStatus.APPROVED, attendance_date=world["monday"] - timedelta(days=n))
    assert queries() == before


def test_v2_reads_only_the_days_of_the_pages_employee_date_pairs(world: dict[str, Any]) -> None:
    """Two people on different dates: the day query matches the two (employee, date) pairs, not the
    four days of both people on both dates."""
    monday, ani = world["monday"], world["ani"]
    eko = staff(ani.man_power, "Eko Kantor", shift_pattern=ani.shift_pattern)
    tuesday = monday + timedelta(days=1)
    logs = [
        log_of(ani, local(monday, 8, 1), attendance_date=monday, status=LogStatus.APPROVED),
        log_of(eko, local(tuesday, 8, 2), attendance_date=tuesday, status=LogStatus.APPROVED),
    ]
    attendance_days_recompute_range(employee_ids=[ani.pk, eko.pk], start=monday, end=tuesday)
    assert AttendanceDay.objects.filter(employee__in=[ani, eko], date__in=[monday, tuesday]).count() == 4
    with CaptureQueriesContext(connection) as captured:
        logs_with_days = attendance_logs_with_days(logs)
        rows = AttendanceLogDayRowSerializer(logs_with_days, many=True, context={"viewer": None}).data
    assert [row["effective_date"] for row in rows] == [monday.isoformat(), tuesday.isoformat()]
    assert all(row["keterangan"] == "hadir" for row in rows)
    (day_query,) = [q["sql"] for q in captured.captured_queries if "attendance_attendanceday" in q["sql"]]
    with connection.cursor() as cursor:
        cursor.execute(day_query)
        assert len(cursor.fetchall()) == 2
