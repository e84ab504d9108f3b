"""The undisciplined top list and the absent top list of the dashboard."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from server.attendance.models import Keterangan
from server.dashboard.selectors import hours_minutes_text
from server.testing.clock import freeze
from server.testing.factories import local, make_day, make_employee

pytestmark = pytest.mark.django_db

UNDISCIPLINED = "/api/web/v1/dashboard/undisciplined_employee"
UNATTENDANCE = "/api/web/v1/dashboard/unattendance_employee"
MARCH = {"start_date": "2026-03-01", "end_date": "2026-03-31"}


@pytest.fixture
def client(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=[]))


def test_hours_minutes_text() -> None:
    assert hours_minutes_text(0) == "0 jam 0 menit"
    assert hours_minutes_text(125) == "2 jam 5 menit"


def test_undisciplined_ranks_by_days_then_minutes(client: Any) -> None:
    ani = make_employee(name="Ani", employee_number_formatted="A-1")
    budi = make_employee(name="Budi", employee_number_formatted="B-2")
    citra = make_employee(name="Citra", employee_number_formatted="C-3")
    for day in (2, 3, 4):
        make_day(ani, date(2026, 3, day), late_minutes=10)
    for day in (2, 3):
        make_day(budi, date(2026, 3, day), late_minutes=60, early_out_minutes=15)
    make_day(citra, date(2026, 3, 2), late_minutes=90)
    make_day(citra, date(2026, 3, 3), late_minutes=0, early_out_minutes=5)
    make_day(citra, date(2026, 4, 1), late_minutes=500)

    body = client.get(UNDISCIPLINED, {**MARCH, "type": "terlambat"}).json()
    assert body["http_status"] == 200
    assert body["data"] == {
        "totalTerlambat": 6,
        "totalPulangCepat": 3,
        "rows": [
            {
                "employeeNumberFormatted": "A-1",
                "employeeName": "Ani",
                "totalDays": 3,
                "totalHoursMinutes": "0 jam 30 menit",
            },
            {
                "employeeNumberFormatted": "B-2",
                "employeeName": "Budi",
                "totalDays": 2,
                "totalHoursMinutes": "2 jam 0 menit",
            },
            {
                "employeeNumberFormatted": "C-3",
                "employeeName": "Citra",
                "totalDays": 1,
                "totalHoursMinutes": "1 jam 30 menit",
            },
        ],
    }
    early = client.get(UNDISCIPLINED, {**MARCH, "type": "pulang_cepat", "limit": 1}).json()["data"]
    assert early["rows"] == [
        {
            "employeeNumberFormatted": "B-2",
            "employeeName": "Budi",
            "totalDays": 2,
            "totalHoursMinutes": "0 jam 30 menit",
        }
    ]
    assert early["totalTerlambat"] == 6 and early["totalPulangCepat"] == 3
    default = client.get(UNDISCIPLINED, MARCH).json()["data"]
    assert [row["employeeName"] for row in default["rows"]] == ["Ani", "Budi", "Citra"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({**MARCH, "type": "bolos"}, "Tipe harus terlambat atau pulang_cepat."),
        ({"end_date": "2026-03-31"}, "Tanggal mulai harus diisi dengan format YYYY-MM-DD."),
        (
            {"start_date": "2026-03-01", "end_date": "31-03-2026"},
            "Tanggal akhir harus diisi dengan format YYYY-MM-DD.",
        ),
        (
            {"start_date": "2026-03-31", "end_date": "2026-03-01"},
            "Tanggal akhir tidak boleh sebelum tanggal mulai.",
        ),
        ({"start_date": "2025-01-01", "end_date": "2026-03-01"}, "Rentang tanggal maksimal satu tahun."),
        ({**MARCH, "limit": 0}, "Batas jumlah data harus antara 1 dan 100."),
        ({**MARCH, "limit": "x"}, "Batas jumlah data harus antara 1 dan 100."),
    ],
)
def test_undisciplined_refuses_bad_input(client: Any, params: Any, message: str) -> None:
    body = client.get(UNDISCIPLINED, params).json()
    assert (body["http_status"], body["message"]) == (422, message)


def test_unattendance_top_list_is_the_report_limited(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    freeze(monkeypatch, local(date(2026, 3, 20), 10))
    people = [make_employee(name=f"K{n}", employee_number_formatted=f"E-{n}") for n in range(7)]
    for index, person in enumerate(people):
        for day in range(1, index + 2):
            make_day(person, date(2026, 3, day), Keterangan.MANGKIR)
    body = client.get(UNATTENDANCE, {"start_date": "2026-01-01", "end_date": "2026-03-31"}).json()
    assert body["http_status"] == 200
    assert [(row["employeeName"], row["total"]) for row in body["data"]] == [
        ("K6", 7),
        ("K5", 6),
        ("K4", 5),
        ("K3", 4),
        ("K2", 3),
    ]
    future = client.get(UNATTENDANCE, {"start_date": "2026-04-01", "end_date": "2026-04-30"}).json()
    assert (future["http_status"], future["message"]) == (422, "Tanggal mulai tidak boleh setelah hari ini.")
    # The widget's 5 rows are the cap: more of the report needs allow_report (report/unattendance_employee).
    many = client.get(UNATTENDANCE, {"start_date": "2026-01-01", "end_date": "2026-03-31", "limit": 100})
    assert (many.status_code, many.json()["message"]) == (422, "Batas jumlah data harus antara 1 dan 5.")
    two = client.get(UNATTENDANCE, {"start_date": "2026-01-01", "end_date": "2026-03-31", "limit": 2}).json()
    assert [row["employeeName"] for row in two["data"]] == ["K6", "K5"]
    report = client.get("/api/web/v1/report/unattendance_employee", {"start_date": "2026-01-01"})
    assert report.status_code == 403
