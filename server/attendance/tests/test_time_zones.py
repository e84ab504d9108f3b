"""The time-zone rule (README "Time zones") at 23:30 WIB on the last day of a month: a WIB, a WITA and
a WIT placement check in at the same moment; each log belongs to its placement's local date, and the
list, the detail, the filters, the month and today counts, the wall and close_day all agree."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import services
from server.attendance.checkin import attendance_log_record
from server.attendance.days import attendance_day_close
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan
from server.attendance.tests.approval_builders import make_approver, placement, staff
from server.attendance.tests.factories import make_pattern, make_shift
from server.core.clock import clock_at, localdate, now, zone_abbreviation
from server.dashboard.selectors import approval_summary, dashboard_counts_now
from server.dashboard.services import wall_display_create
from server.mobile.tests.helpers import photo
from server.reports.selectors import absent_employee_rows
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/attendance_log/list"
DETAIL = "/api/web/v1/attendance_log/detail/"
NOVEMBER_30 = date(2026, 11, 30)
DECEMBER_1 = date(2026, 12, 1)
HALF_PAST_ELEVEN_WIB = datetime.combine(NOVEMBER_30, time(23, 30), tzinfo=ZoneInfo("Asia/Jakarta"))
ZONES = {"WIB": "Asia/Jakarta", "WITA": "Asia/Makassar", "WIT": "Asia/Jayapura"}
PLACES = {"WIB": (-6.2, 106.8), "WITA": (-1.27, 116.83), "WIT": (-2.53, 140.72)}


@pytest.fixture(autouse=True)
def half_past_eleven_wib() -> Iterator[None]:
    with clock_at(HALF_PAST_ELEVEN_WIB):
        yield


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    """Per zone: a placement, an employee checking in now (no shift) and one on a daily 08-17 shift."""
    daily = make_pattern([make_shift(time_in=time(8), time_out=time(17))], starting_date=date(2026, 1, 1))
    logs: dict[str, AttendanceLog] = {}
    absentees = {}
    for abbreviation, zone_name in ZONES.items():
        latitude, longitude = PLACES[abbreviation]
        office = placement(
            ManPowerType.OFFICE,
            f"Kantor {abbreviation}",
            timezone=zone_name,
            latitude=latitude,
            longitude=longitude,
        )
        worker = staff(office, f"Hadir {abbreviation}")
        absentees[abbreviation] = staff(office, f"Absen {abbreviation}", shift_pattern=daily)
        logs[abbreviation] = attendance_log_record(
            employee=worker,
            log_type="check_in",
            latitude=latitude,
            longitude=longitude,
            fr_accuracy=92,
            photo=photo(),
        )
    approver = make_approver(make_user, "office", fullname="Approver Kantor")
    return {"logs": logs, "absentees": absentees, "approver": approver}


def _rows(client: APIClient, **params: str) -> list[dict[str, Any]]:
    body = client.get(LIST, {"status": "waiting_approval", **params}).json()
    assert body["http_status"] == 200, body
    return body["data"]


def test_the_clock_starts_at_half_past_eleven_wib_and_each_zone_has_its_today() -> None:
    assert abs((now() - HALF_PAST_ELEVEN_WIB).total_seconds()) < 60
    assert localdate() == NOVEMBER_30
    assert [localdate(z) for z in ZONES.values()] == [NOVEMBER_30, DECEMBER_1, DECEMBER_1]
    assert [zone_abbreviation(z) for z in ZONES.values()] == list(ZONES)


def test_each_log_is_dated_and_shown_in_its_placement_zone(world: dict[str, Any], client_for: Any) -> None:
    logs = world["logs"]
    assert {k: log.log_date for k, log in logs.items()} == {
        "WIB": NOVEMBER_30,
        "WITA": DECEMBER_1,
        "WIT": DECEMBER_1,
    }
    client = client_for(world["approver"])
    rows = {row["man_power_name"]: row for row in _rows(client)}
    assert {
        name: (row["log_datetime"][:16], row["log_date"], row["log_timezone"]) for name, row in rows.items()
    } == {
        "Kantor WIB": ("2026-11-30 23:30", "2026-11-30", "WIB"),
        "Kantor WITA": ("2026-12-01 00:30", "2026-12-01", "WITA"),
        "Kantor WIT": ("2026-12-01 01:30", "2026-12-01", "WIT"),
    }
    detail = client.get(DETAIL + logs["WITA"].hash_id).json()["data"]
    assert (detail["log_date"], detail["log_time"][:5], detail["log_timezone"]) == (
        "2026-12-01",
        "00:30",
        "WITA",
    )


def test_date_filters_select_by_the_placement_date(world: dict[str, Any], client_for: Any) -> None:
    client = client_for(world["approver"])
    on_30 = _rows(client, start_date="2026-11-30", end_date="2026-11-30")
    # 1 December is already today in WITA and WIT, so it is not 'in the future'.
    on_1 = _rows(client, start_date="2026-12-01", end_date="2026-12-01")
    assert [row["man_power_name"] for row in on_30] == ["Kantor WIB"]
    assert sorted(row["man_power_name"] for row in on_1) == ["Kantor WIT", "Kantor WITA"]
    searched = _rows(client, search='{"log_datetime": "2026-12-01"}')
    assert sorted(row["man_power_name"] for row in searched) == ["Kantor WIT", "Kantor WITA"]
    too_late = client.get(
        LIST, {"status": "waiting_approval", "start_date": "2026-12-01", "end_date": "2026-12-02"}
    )
    assert too_late.status_code == 422


def test_month_counts_follow_the_placement_date(world: dict[str, Any], client_for: Any) -> None:
    assert approval_summary(month=11, year=2026)["attendance"]["waiting_approval"] == 1
    assert approval_summary(month=12, year=2026)["attendance"]["waiting_approval"] == 2
    client = client_for(world["approver"])
    waiting = client.get("/api/web/v1/attendance_log/count_waiting_approval", {"month": 12, "year": 2026})
    assert waiting.json()["data"] == {"count": 2}
    by_default = client.get("/api/web/v1/attendance_log/count_waiting_approval").json()["data"]
    assert by_default == {"count": 1}  # the server's month (November) by default


def test_today_counts_and_the_wall_take_each_placement_today(world: dict[str, Any], client_for: Any) -> None:
    for log in world["logs"].values():
        services.attendance_log_approve(log=log, approver=world["approver"])
    days = {d.man_power.name: d.date for d in AttendanceDay.objects.filter(check_in__isnull=False)}
    assert days == {"Kantor WIB": NOVEMBER_30, "Kantor WITA": DECEMBER_1, "Kantor WIT": DECEMBER_1}

    counts = dashboard_counts_now()
    assert counts["date"] == "2026-11-30"
    assert counts["checked_in_today"] == 3
    # The approver decides office logs only: its dashboard counts that scope (the wall, every type).
    scoped = client_for(world["approver"]).get("/api/web/v1/dashboard/counts").json()["data"]
    assert scoped == dashboard_counts_now(["office"]) and scoped["attendance_types"] == ["office"]

    _display, token = wall_display_create(name="Lobi", created_by=world["approver"])
    wall = APIClient()
    wall.credentials(HTTP_AUTHORIZATION=f"Display {token}")
    snapshot = wall.get("/api/web/v1/wall_display/snapshot").json()["data"]
    assert snapshot["counts"] == counts
    assert snapshot["server_time"].startswith("2026-11-30T23:3")


def test_close_day_closes_where_the_day_is_over(world: dict[str, Any]) -> None:
    result = attendance_day_close(day=NOVEMBER_30)
    keterangan = {
        d.employee.name: d.keterangan
        for d in AttendanceDay.objects.filter(date=NOVEMBER_30).select_related("employee")
    }
    # Midnight has passed in WITA and WIT, not yet in WIB.
    assert keterangan["Absen WIB"] == Keterangan.BELUM_HADIR
    assert keterangan["Absen WITA"] == Keterangan.MANGKIR
    assert keterangan["Absen WIT"] == Keterangan.MANGKIR
    assert result.absent == 2
    absent = {row["employeeName"] for row in absent_employee_rows(start=date(2026, 11, 1), end=NOVEMBER_30)}
    assert absent == {"Absen WITA", "Absen WIT"}
    with pytest.raises(ValueError):
        attendance_day_close(day=DECEMBER_1)
