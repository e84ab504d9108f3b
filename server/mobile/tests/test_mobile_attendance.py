"""The employee's own attendance in the app: today and a month's history; the blacklist."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from server.attendance.days import attendance_days_recompute
from server.attendance.models import LogStatus
from server.schedules.models import BlacklistApp
from server.testing.clients import employee_client
from server.testing.clock import freeze
from server.testing.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_pattern,
    make_shift,
    photo,
)
from server.testing.files import signed_file

pytestmark = pytest.mark.django_db

MONDAY = date(2026, 3, 2)


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def employee() -> Any:
    return make_employee(pattern=make_pattern([make_shift(code="PAGI")]))


def test_today_before_anything_shows_the_shift_and_no_logs(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(MONDAY, 6))
    data = employee_client(employee).get("/api/mobile/v1/attendance/today").json()["data"]
    assert data["date"] == "2026-03-02"
    assert data["shift"]["code"] == "PAGI" and data["shift"]["time_in"] == "08:00:00"
    assert data["day"] is None and data["logs"] == []


def test_today_after_checking_in(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(MONDAY, 8, 10))
    client = employee_client(employee)
    body = {"log_type": "check_in", "latitude": -6.2, "longitude": 106.8, "fr_accuracy": 90, "photo": photo()}
    assert client.post("/api/mobile/v1/attendance/", body, format="multipart").status_code == 201

    data = client.get("/api/mobile/v1/attendance/today").json()["data"]
    assert [log["log_type"] for log in data["logs"]] == ["check_in"]
    log = data["logs"][0]
    assert log["status"] == "approved" and log["log_datetime"] == "2026-03-02 08:10:00"
    assert log["photo_url"].startswith("/api/mobile/v1/file/")
    assert signed_file(log["photo_url"]).path.startswith("attendance/2026/03/")
    photo_response = client.get(log["photo_url"])
    assert photo_response.status_code == 200 and photo_response["Content-Type"] == "image/jpeg"
    day = data["day"]
    assert day["keterangan"] == "hadir" and day["check_in"] == "08:10:00" and day["late_minutes"] == 10
    assert day["shift"]["code"] == "PAGI"


def test_history_lists_the_month_with_its_logs(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(date(2026, 3, 10), 12))
    check_in(employee, local(date(2026, 3, 2), 7, 55))
    check_out(employee, local(date(2026, 3, 2), 17, 5))
    check_in(employee, local(date(2026, 3, 3), 9, 0), status=LogStatus.WAITING_APPROVAL)
    check_in(employee, local(date(2026, 2, 27), 7, 55))
    attendance_days_recompute(employee_ids=[employee.pk], dates=[date(2026, 3, d) for d in (2, 3, 4)])

    client = employee_client(employee)
    rows = client.get("/api/mobile/v1/attendance/history", {"month": 3, "year": 2026}).json()["data"]
    assert [row["date"] for row in rows] == ["2026-03-02", "2026-03-03", "2026-03-04"]
    assert rows[0]["keterangan"] == "hadir" and [log["log_type"] for log in rows[0]["logs"]] == [
        "check_in",
        "check_out",
    ]
    assert rows[1]["keterangan"] == "mangkir" and rows[1]["logs"][0]["status"] == "waiting_approval"
    assert rows[2]["logs"] == []

    default = client.get("/api/mobile/v1/attendance/history").json()["data"]
    assert default == rows
    assert client.get("/api/mobile/v1/attendance/history", {"month": 2, "year": 2026}).json()["data"][0][
        "date"
    ] == ("2026-02-27")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"month": 13, "year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"month": 0, "year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"month": "maret", "year": 2026}, "Bulan harus antara 1 dan 12."),
        ({"month": 3, "year": "dua ribu"}, "Tahun harus antara 2000 dan 2100."),
        ({"month": 3, "year": 1899}, "Tahun harus antara 2000 dan 2100."),
    ],
)
def test_history_validates_month_and_year(employee: Any, params: dict[str, Any], message: str) -> None:
    response = employee_client(employee).get("/api/mobile/v1/attendance/history", params)
    assert response.status_code == 422 and response.json()["message"] == message


def test_blacklist_lists_only_blocked_packages(employee: Any) -> None:
    BlacklistApp.objects.create(name="Fake GPS Go", package_id="com.fake.gps", is_allow=False)
    BlacklistApp.objects.create(name="Auto Clicker", package_id="com.auto.click", is_allow=False)
    BlacklistApp.objects.create(name="Peta", package_id="com.maps.ok", is_allow=True)
    response = employee_client(employee).get("/api/mobile/v1/blacklist_app/")
    assert response.status_code == 200
    assert response.json()["data"] == [
        {"name": "Auto Clicker", "package_id": "com.auto.click"},
        {"name": "Fake GPS Go", "package_id": "com.fake.gps"},
    ]
