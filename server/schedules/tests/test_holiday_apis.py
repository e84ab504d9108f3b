"""Holiday endpoints (doc3 §7.3, DESIGN §10): the year table and modal, one-year dates, overlaps,
duplicate from last year, and holidays reaching the attendance days and the leave ledger."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tests.factories import (
    make_employee,
    make_holiday,
    make_off_shift,
    make_pattern,
    make_shift,
)
from server.core.clock import local_today
from server.leave.models import LeaveLedgerEntry
from server.schedules.models import Holiday, HolidayDate
from server.schedules.tests.conftest import WEB, dashboard_hints, settings_events

pytestmark = pytest.mark.django_db


def holiday_body(
    name: str, start: date, end: date | None = None, leave: tuple[date, ...] = (), **extra: Any
) -> dict[str, Any]:
    end = end or start
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    return {
        "hash_id": "",
        "name": name,
        "date": [start.isoformat(), end.isoformat()],
        "leave": [{"label": d.isoformat(), "value": 1 if d in leave else 0} for d in days],
        **extra,
    }


def test_year_table_and_year_detail(admin: APIClient) -> None:
    make_holiday(date(2025, 12, 25), name="Natal")
    make_holiday(date(2026, 1, 1), name="Tahun Baru")
    admin.post(
        f"{WEB}holiday",
        holiday_body("Idul Fitri", date(2026, 3, 20), date(2026, 3, 23), leave=(date(2026, 3, 20),)),
        format="json",
    )
    years = admin.get(f"{WEB}holiday/list").json()
    assert years["data"] == [{"year": 2026, "count": 2}, {"year": 2025, "count": 1}]
    assert years["recordsTotal"] == 2
    ascending = admin.get(f"{WEB}holiday/list", {"order": '{"column":"year","dir":"asc"}'}).json()["data"]
    assert [row["year"] for row in ascending] == [2025, 2026]
    found = admin.get(f"{WEB}holiday/list", {"search": '{"year":"2025"}'}).json()["data"]
    assert found == [{"year": 2025, "count": 1}]
    # A year no holiday can fall in (0 cannot even be looked for) finds nothing; never a 500.
    for year in ("0", "0000", "1999", "2101", "9999", "20x6"):
        answer = admin.get(f"{WEB}holiday/list", {"search": f'{{"year":"{year}"}}'})
        assert answer.status_code == 200 and answer.json()["data"] == [], year

    detail = admin.get(f"{WEB}holiday/detail", {"year": 2026}).json()["data"]
    assert detail["year"] == 2026 and detail["count"] == 2
    assert [h["name"] for h in detail["holidays"]] == ["Tahun Baru", "Idul Fitri"]
    assert detail["holidays"][1]["date"] == ["2026-03-20", "2026-03-23"]
    assert detail["holidays"][1]["leave"][:2] == [
        {"label": "2026-03-20", "value": 1},
        {"label": "2026-03-21", "value": 0},
    ]
    assert detail["collective_leave_dates"] == ["2026-03-20"]
    assert (
        admin.get(f"{WEB}holiday/detail", {"year": "dua"}).json()["message"]
        == "Tahun harus antara 2000 dan 2100"
    )
    assert admin.get(f"{WEB}holiday/detail").json()["message"] == "Tahun harus diisi"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            holiday_body("A", date(2026, 12, 31), date(2027, 1, 1)),
            "Tanggal libur harus dalam satu tahun yang sama",
        ),
        (holiday_body("A", date(2025, 5, 1), year=2026), "Tanggal libur harus dalam tahun 2026"),
        (
            {**holiday_body("A", date(2026, 5, 2)), "date": ["2026-05-02", "2026-05-01"]},
            "Tanggal akhir tidak boleh sebelum tanggal mulai",
        ),
        ({**holiday_body("A", date(2026, 5, 1)), "date": []}, "Tanggal libur harus diisi"),
        ({**holiday_body("A", date(2026, 5, 1)), "name": ""}, "Nama harus diisi"),
        (
            holiday_body("A", date(2026, 5, 1), leave=(date(2026, 5, 2),))
            | {"leave": [{"label": "2026-05-02", "value": 1}]},
            "Tanggal cuti bersama 2026-05-02 di luar rentang hari libur",
        ),
        ({**holiday_body("A", date(2026, 5, 1)), "leave": "ya"}, "Data cuti bersama tidak valid"),
        (
            holiday_body("Bentrok", date(2026, 1, 1)),
            "Tanggal 2026-01-01 sudah termasuk hari libur Tahun Baru",
        ),
    ],
)
def test_validation(admin: APIClient, body: dict[str, Any], message: str) -> None:
    make_holiday(date(2026, 1, 1), name="Tahun Baru")
    response = admin.post(f"{WEB}holiday", body, format="json")
    assert response.status_code == 422 and response.json()["message"] == message


def test_flags_follow_create_or_update(viewer: APIClient, client_with: Callable[..., APIClient]) -> None:
    holiday = make_holiday(date(2026, 1, 1), name="Tahun Baru").holiday
    assert viewer.get(f"{WEB}holiday/list").status_code == 403
    creator = client_with("allow_setting_holiday", "allow_setting_holiday_create")
    assert (
        creator.post(f"{WEB}holiday", holiday_body("Buruh", date(2026, 5, 1)), format="json").status_code
        == 201
    )
    edit = {**holiday_body("Tahun Baru Masehi", date(2026, 1, 1)), "hash_id": holiday.hash_id}
    assert creator.post(f"{WEB}holiday", edit, format="json").status_code == 403
    assert creator.delete(f"{WEB}holiday/{holiday.hash_id}").status_code == 403
    assert creator.delete(f"{WEB}holiday/year/2026").status_code == 403
    updater = client_with("allow_setting_holiday", "allow_setting_holiday_update")
    assert updater.post(f"{WEB}holiday", edit, format="json").status_code == 200
    assert updater.post(f"{WEB}holiday/duplicate", {"year": 2027}, format="json").status_code == 403


def test_a_holiday_on_a_past_working_day_turns_absence_into_libur_for_exactly_that_day(
    admin: APIClient, capture: Any
) -> None:
    today = local_today()
    day = today - timedelta(days=2)
    shift = make_shift()
    worker = make_employee(pattern=make_pattern([shift], starting_date=day))
    resting = make_employee(pattern=make_pattern([make_off_shift()], starting_date=day))
    attendance_days_recompute_range(employee_ids=None, start=day, end=today)
    assert AttendanceDay.objects.get(employee=worker, date=day).keterangan == Keterangan.MANGKIR
    untouched_before = {
        (row.employee_id, row.date): row.computed_at for row in AttendanceDay.objects.exclude(date=day)
    }

    with capture() as sent:
        response = admin.post(f"{WEB}holiday", holiday_body("Libur Daerah", day), format="json")
    assert response.status_code == 201, response.json()
    assert AttendanceDay.objects.get(employee=worker, date=day).keterangan == Keterangan.LIBUR
    assert (
        AttendanceDay.objects.get(employee=worker, date=day + timedelta(days=1)).keterangan
        == Keterangan.MANGKIR
    )
    assert AttendanceDay.objects.get(employee=resting, date=day).keterangan == Keterangan.LIBUR
    assert {
        (r.employee_id, r.date): r.computed_at for r in AttendanceDay.objects.exclude(date=day)
    } == untouched_before
    hash_id = response.json()["data"]["id"]
    assert settings_events(sent) == [
        ("settings.holiday", "changed", {"action": "created", "hash_id": hash_id})
    ]
    assert dashboard_hints(sent) == 1

    with capture() as sent:
        assert admin.delete(f"{WEB}holiday/{hash_id}").status_code == 200
    assert AttendanceDay.objects.get(employee=worker, date=day).keterangan == Keterangan.MANGKIR
    assert dashboard_hints(sent) == 1


def test_collective_leave_toggled_on_a_closed_day_keeps_the_ledger_consistent(admin: APIClient) -> None:
    today = local_today()
    day = today - timedelta(days=3)
    employee = make_employee(pattern=make_pattern([make_shift()], starting_date=day), cuti_saldo=5)
    attendance_days_recompute_range(employee_ids=None, start=day, end=today)
    body = holiday_body("Cuti Bersama", day, leave=(day,))
    created = admin.post(f"{WEB}holiday", body, format="json").json()["data"]
    assert AttendanceDay.objects.get(employee=employee, date=day).keterangan == Keterangan.CUTI_BERSAMA
    employee.refresh_from_db()
    assert employee.cuti_saldo == 4

    off = admin.post(
        f"{WEB}holiday", {**holiday_body("Cuti Bersama", day), "hash_id": created["id"]}, format="json"
    )
    assert off.status_code == 200
    assert AttendanceDay.objects.get(employee=employee, date=day).keterangan == Keterangan.LIBUR
    employee.refresh_from_db()
    assert employee.cuti_saldo == 5
    assert LeaveLedgerEntry.objects.filter(employee=employee).count() == 2

    admin.post(f"{WEB}holiday", {**body, "hash_id": created["id"]}, format="json")
    employee.refresh_from_db()
    assert employee.cuti_saldo == 4 and LeaveLedgerEntry.objects.filter(employee=employee).count() == 3
    assert admin.delete(f"{WEB}holiday/year/{day.year}").status_code == 200
    employee.refresh_from_db()
    assert (
        employee.cuti_saldo == 5
        and AttendanceDay.objects.get(employee=employee, date=day).keterangan == Keterangan.MANGKIR
    )


def test_duplicate_from_last_year(admin: APIClient, capture: Any) -> None:
    first = Holiday.objects.create(
        name="Idul Fitri", start_date=date(2024, 4, 10), end_date=date(2024, 4, 11)
    )
    HolidayDate.objects.create(holiday=first, date=date(2024, 4, 10))
    HolidayDate.objects.create(holiday=first, date=date(2024, 4, 11), is_collective_leave=True)
    make_holiday(date(2024, 2, 29), name="Kabisat")

    with capture() as sent:
        response = admin.post(f"{WEB}holiday/duplicate", {"year": 2025}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["message"] == "2 hari libur dari tahun 2024 berhasil diduplikat ke tahun 2025."
    data = response.json()["data"]
    assert [(h["name"], h["date"]) for h in data["holidays"]] == [
        ("Kabisat", ["2025-02-28", "2025-02-28"]),
        ("Idul Fitri", ["2025-04-10", "2025-04-11"]),
    ]
    assert data["collective_leave_dates"] == ["2025-04-11"]
    assert settings_events(sent) == [
        ("settings.holiday", "changed", {"action": "created", "hash_id": "2025"})
    ]

    again = admin.post(f"{WEB}holiday/duplicate", {"year": 2025}, format="json")
    assert again.status_code == 409 and again.json()["message"] == "Tahun 2025 sudah memiliki data libur."
    nothing = admin.post(f"{WEB}holiday/duplicate", {"year": 2030}, format="json")
    assert nothing.status_code == 422
    assert nothing.json()["message"] == "Tidak ada data libur pada tahun 2029 untuk diduplikat."


def test_delete_a_year(admin: APIClient, capture: Any) -> None:
    make_holiday(date(2026, 1, 1))
    make_holiday(date(2026, 5, 1))
    keep = make_holiday(date(2025, 5, 1))
    with capture() as sent:
        response = admin.delete(f"{WEB}holiday/year/2026")
    assert (
        response.status_code == 200
        and response.json()["message"] == "Data libur tahun 2026 berhasil dihapus."
    )
    assert list(Holiday.objects.all()) == [keep.holiday]
    assert settings_events(sent) == [
        ("settings.holiday", "changed", {"action": "deleted", "hash_id": "2026"})
    ]
    assert admin.delete(f"{WEB}holiday/year/2026").status_code == 404
