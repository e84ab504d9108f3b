"""Attendance adjustment batches (doc2 §2.4-2.7, §4, §7) and the adjustment report (doc3 §2.4)."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime, time
from typing import Any

import pytest
from asgiref.sync import async_to_sync

from server.adjustments.models import AttendanceAdjustment, AttendanceAdjustmentLine
from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay
from server.core.file_names import report_file_name
from server.core.spreadsheets import DATE_FORMAT, DECIMAL_FORMAT, TIME_FORMAT
from server.sync.models import PayrollSync, PayrollSyncLine
from server.sync.payroll import (
    DAY_FIELDS,
    GENERATED,
    NOT_GENERATED,
    SYNC_STATUS_CHANGED,
    SYNC_STATUS_DONE,
    SYNC_STATUS_NEW,
    day_line,
    fingerprint,
)
from server.testing.clock import freeze
from server.testing.events import capture_events
from server.testing.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_man_power,
    make_pattern,
    make_shift,
)
from server.testing.spreadsheets import ExportSheet, assert_no_internal_text, xlsx_rows

pytestmark = pytest.mark.django_db

ROWS = "/api/web/v1/attendance_log/attendance_for_adjustment"
SUBMIT = "/api/web/v1/attendance_log/adjustment"
LAST = "/api/web/v1/attendance_log/last_adjustment"
REPORT = "/api/web/v1/report/attendance_adjustment"
EXPORT = "/api/web/v1/report/attendance_adjustment/export"
TODAY = date(2026, 3, 20)


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> date:
    freeze(monkeypatch, local(TODAY, 10))
    return TODAY


@pytest.fixture
def hr(client_for: Any, make_user: Any) -> Any:
    # allow_report: the adjustment report sits in the Laporan group.
    flags = ["allow_attendance_adjustment", "allow_attendance_adjustment_create", "allow_report"]
    return client_for(make_user(flags=flags, fullname="Rina HR"))


@pytest.fixture
def people() -> tuple[Any, Any]:
    site = make_man_power(name="Site Balikpapan", type="site")
    work = make_shift()
    pattern = make_pattern([work] * 7, starting_date=date(2026, 1, 5))
    ani = make_employee(pattern=pattern, man_power=site, name="Ani", employee_number_formatted="ANI-01")
    budi = make_employee(pattern=pattern, man_power=site, name="Budi", employee_number_formatted="BDI-02")
    # Ani worked 08:00-19:00 on the 16th: two hours of overtime.
    check_in(ani, local(date(2026, 3, 16), 8))
    check_out(ani, local(date(2026, 3, 16), 19))
    attendance_days_recompute_range(
        employee_ids=[ani.pk, budi.pk], start=date(2026, 3, 16), end=date(2026, 3, 20)
    )
    return ani, budi


def line(number: str, day: str, hours: Any = 1.5, valid: Any = 1, standby: Any = 0) -> dict[str, Any]:
    return {
        "employee_number_formatted": number,
        "date": day,
        "lembur_aktual": hours,
        "is_valid": valid,
        "standby": standby,
    }


def test_rows_for_employees(hr: Any, people: Any) -> None:
    body = hr.get(
        ROWS,
        {"employee_id": json.dumps({"1": "ANI-01"}), "start_date": "2026-03-16", "end_date": "2026-03-17"},
    ).json()
    rows = body["data"]
    assert [(r["date"], r["keterangan"]) for r in rows] == [
        ("2026-03-16", "Hadir"),
        ("2026-03-17", "Mangkir"),
    ]
    first = rows[0]
    assert (first["check_in_time"], first["check_out_time"]) == ("08:00:00", "19:00:00")
    assert (first["lembur_workday"], first["lembur_aktual"], first["is_valid"]) == (2.0, 2.0, 1)
    assert first["lembur_type"] == "Hari Kerja"
    assert rows[1]["is_valid"] == 0


def test_rows_carry_the_adjustment_report_links_and_states(hr: Any, people: Any) -> None:
    """doc3 §7.1 names attendance_for_adjustment for the adjustment report, whose row (doc3 §3) has
    adjustment_id, sync_id, sync_status and generated_status: the latest batch of the day, the payroll
    sync holding it, whether the payroll holds today's values, whether the day is closed."""
    ani, _ = people
    hr.post(SUBMIT, [line("ANI-01", "2026-03-16", 1)], format="json")
    latest = hr.post(SUBMIT, [line("ANI-01", "2026-03-16", 2)], format="json").json()["data"]
    day = AttendanceDay.objects.filter(employee=ani, date=date(2026, 3, 17)).values(*DAY_FIELDS).get()
    sync = PayrollSync.objects.create(
        sync_code="SYNC-0001", start_date=date(2026, 3, 17), end_date=date(2026, 3, 17)
    )
    PayrollSyncLine.objects.create(
        sync=sync, employee=ani, date=date(2026, 3, 17), batch=1, fingerprint=fingerprint(day_line(day))
    )
    AttendanceDay.objects.filter(employee=ani).update(is_closed=False)
    AttendanceDay.objects.filter(employee=ani, date=date(2026, 3, 18)).update(is_closed=True)
    rows = hr.get(
        ROWS,
        {"employee_id": json.dumps({"1": "ANI-01"}), "start_date": "2026-03-16", "end_date": "2026-03-18"},
    ).json()["data"]
    got = [
        (r["date"], r["adjustment_id"], r["sync_id"], r["sync_status"], r["generated_status"]) for r in rows
    ]
    assert got == [
        ("2026-03-16", latest["form_number"], "", SYNC_STATUS_NEW, NOT_GENERATED),
        ("2026-03-17", "", "SYNC-0001", SYNC_STATUS_DONE, NOT_GENERATED),
        ("2026-03-18", "", "", SYNC_STATUS_NEW, GENERATED),
    ]
    AttendanceDay.objects.filter(employee=ani, date=date(2026, 3, 17)).update(actual_overtime_minutes=45)
    rows = hr.get(
        ROWS,
        {"employee_id": json.dumps({"1": "ANI-01"}), "start_date": "2026-03-17", "end_date": "2026-03-17"},
    ).json()["data"]
    assert rows[0]["sync_status"] == SYNC_STATUS_CHANGED


def test_rows_for_man_power_and_incomplete_form(hr: Any, people: Any) -> None:
    body = hr.get(
        ROWS,
        {
            "man_power_type": "site",
            "man_power_name": "Site Balikpapan",
            "start_date": "2026-03-16",
            "end_date": "2026-03-16",
        },
    ).json()
    assert [r["employee_name"] for r in body["data"]] == ["Ani", "Budi"]
    response = hr.get(ROWS, {"start_date": "2026-03-16", "end_date": "2026-03-16"})
    assert response.status_code == 422
    assert response.json()["message"] == "Lengkapi form terlebih dahulu!"
    response = hr.get(ROWS, {"employee_id": "ANI-01", "start_date": "2026-01-01", "end_date": "2026-03-16"})
    assert response.json()["message"] == "Rentang tanggal maksimal 30 hari."


def test_submit_applies_every_line_and_recomputes(hr: Any, people: Any, monkeypatch: Any) -> None:
    ani, budi = people
    lines = [line("ANI-01", "2026-03-16", 1.5, 1, 1), line("BDI-02", "2026-03-17", 0, 1, 0)]
    with capture_events(monkeypatch) as events:
        response = hr.post(SUBMIT, lines, format="json")
    assert response.status_code == 201, response.content
    batch = response.json()["data"]
    assert (
        response.json()["message"]
        == f"Penyesuaian kehadiran {batch['form_number']} berhasil disimpan (2 data)."
    )
    assert (batch["adjustment_total"], batch["creator"], batch["man_power"]) == (
        2,
        "Rina HR",
        "Site Balikpapan",
    )
    day = AttendanceDay.objects.get(employee=ani, date=date(2026, 3, 16))
    assert (day.actual_overtime_minutes, day.is_valid, day.validity_overridden, day.standby) == (
        90,
        True,
        True,
        True,
    )
    # Budi's missing day is made valid and stays so through a recompute.
    attendance_days_recompute_range(employee_ids=[budi.pk], start=date(2026, 3, 17), end=date(2026, 3, 17))
    day = AttendanceDay.objects.get(employee=budi, date=date(2026, 3, 17))
    assert (day.keterangan, day.is_valid, day.actual_overtime_minutes) == ("mangkir", True, 0)
    assert events.of("dashboard") == [("dashboard", "changed", {"reason": "attendance_adjustment"}, None)]
    stored = list(
        AttendanceAdjustmentLine.objects.order_by("employee__employee_number_formatted").values_list(
            "actual_overtime_minutes", "previous_actual_overtime_minutes", "previous_is_valid"
        )
    )
    assert stored == [(90, None, True), (0, None, False)]


def test_one_bad_line_writes_nothing(hr: Any, people: Any, monkeypatch: Any) -> None:
    ani, _ = people
    lines = [
        line("ANI-01", "2026-03-16", 3),
        line("ANI-01", "2026-03-21"),  # tomorrow
        line("NOPE-9", "2026-03-16"),
        line("BDI-02", "2026-03-16", -1),
        line("BDI-02", "2026-03-17", 1, 2),
        line("ANI-01", "2026-03-16", 1),  # twice
    ]
    with capture_events(monkeypatch) as events:
        response = hr.post(SUBMIT, lines, format="json")
    assert response.status_code == 422
    body = response.json()
    assert body["message"] == "Penyesuaian tidak disimpan: 5 baris tidak valid."
    assert body["errors"] == {
        "lines.1": ["Baris 2 (ANI-01, 2026-03-21): tanggal tidak boleh setelah hari ini."],
        "lines.2": ["Baris 3 (NOPE-9, 2026-03-16): karyawan tidak ditemukan."],
        "lines.3": ["Baris 4 (BDI-02, 2026-03-16): Nilai minimal lembur aktual adalah 0"],
        "lines.4": ["Baris 5 (BDI-02, 2026-03-17): Status absen harus diisi"],
        "lines.5": ["Baris 6 (ANI-01, 2026-03-16): baris ganda untuk karyawan dan tanggal yang sama."],
    }
    assert not AttendanceAdjustment.objects.exists()
    assert AttendanceDay.objects.get(employee=ani, date=date(2026, 3, 16)).actual_overtime_minutes is None
    assert events == []


def test_a_number_with_a_nul_character_is_an_unknown_employee_not_a_500(hr: Any, people: Any) -> None:
    response = hr.post(
        SUBMIT, [line("ANI-01", "2026-03-16", 3), line("AN\x00I", "2026-03-16")], format="json"
    )
    assert response.status_code == 422, response.content[:300]
    assert list(response.json()["errors"]) == ["lines.1"]
    assert "karyawan tidak ditemukan" in response.json()["errors"]["lines.1"][0]
    assert not AttendanceAdjustment.objects.exists()


def test_a_day_without_attendance_row_fails_the_batch(hr: Any, people: Any) -> None:
    response = hr.post(SUBMIT, [line("ANI-01", "2026-03-16"), line("ANI-01", "2026-02-01")], format="json")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "lines.1": ["Baris 2 (ANI-01, 2026-02-01): tidak ada data kehadiran pada tanggal ini."]
    }
    assert not AttendanceAdjustment.objects.exists()
    assert hr.post(SUBMIT, [], format="json").json()["message"] == "Tidak ada data penyesuaian yang dikirim."


def test_resubmitting_is_harmless(hr: Any, people: Any, monkeypatch: Any) -> None:
    ani, _ = people
    lines = [line("ANI-01", "2026-03-16", 2.25), line("ANI-01", "2026-03-17", 0, 0)]
    first = hr.post(SUBMIT, lines, format="json").json()["data"]
    with capture_events(monkeypatch) as events:
        again = hr.post(SUBMIT, lines, format="json")
    assert again.status_code == 200
    assert again.json()["data"]["form_number"] == first["form_number"]
    assert (
        again.json()["message"]
        == f"Penyesuaian ini sudah tersimpan sebagai {first['form_number']}; tidak ada perubahan."
    )
    assert AttendanceAdjustment.objects.count() == 1
    assert AttendanceAdjustmentLine.objects.count() == 2
    assert events == []
    assert AttendanceDay.objects.get(employee=ani, date=date(2026, 3, 16)).actual_overtime_minutes == 135


def test_lists_and_detail(hr: Any, people: Any) -> None:
    first = hr.post(SUBMIT, [line("ANI-01", "2026-03-16", 1)], format="json").json()["data"]
    second = hr.post(SUBMIT, [line("BDI-02", "2026-03-16", 1)], format="json").json()["data"]
    assert [b["form_number"] for b in hr.get(LAST, {"limit": 5}).json()["data"]] == [
        second["form_number"],
        first["form_number"],
    ]
    month = hr.get(SUBMIT, {"month": 3, "year": 2026}).json()
    assert month["recordsTotal"] == 2
    assert hr.get(SUBMIT, {"month": 2, "year": 2026}).json()["data"] == []
    detail = hr.get(f"/api/web/v1/attendance_log/adjustment_detail/{first['form_number']}").json()
    assert detail["adjustment"]["form_number"] == first["form_number"]
    (row,) = detail["data"]
    assert (row["employee_name"], row["date"], row["lembur_aktual"], row["lembur_workday"]) == (
        "Ani",
        "2026-03-16",
        1.0,
        2.0,
    )
    missing = hr.get("/api/web/v1/attendance_log/adjustment_detail/PK000")
    assert missing.status_code == 404
    assert missing.json()["message"] == "Data penyesuaian kehadiran tidak ditemukan."


def test_flags_per_endpoint(client_for: Any, make_user: Any, people: Any) -> None:
    reader = client_for(make_user(flags=["allow_attendance_adjustment"]))
    assert reader.get(LAST).status_code == 200
    assert reader.post(SUBMIT, [line("ANI-01", "2026-03-16")], format="json").status_code == 403
    nobody = client_for(make_user(flags=[]))
    assert nobody.get(LAST).status_code == 403
    assert nobody.get(SUBMIT).status_code == 403
    assert (
        nobody.get(
            ROWS, {"employee_id": "ANI-01", "start_date": "2026-03-16", "end_date": "2026-03-16"}
        ).status_code
        == 403
    )


REPORT_PARAMS = {"employee_id": "ANI-01", "start_date": "2026-03-16", "end_date": "2026-03-16"}


@pytest.mark.parametrize(
    ("flags", "rights", "status"),
    [
        ([], [], 403),
        (["allow_attendance_adjustment", "allow_attendance_adjustment_create"], [], 403),
        (["allow_employee", "allow_sync_penggajian"], ["allow_approved_attendance"], 403),
        (["allow_report"], [], 200),
        ([], ["allow_reset_attendance"], 200),
    ],
)
def test_the_report_and_its_export_need_a_laporan_flag(
    client_for: Any, make_user: Any, people: Any, flags: list[str], rights: list[str], status: int
) -> None:
    """Exactly the users the Laporan group (and so the report's entry) is shown to: allow_report or
    allow_reset_attendance (doc1 §6.1, doc3 §2.1); no one else, whatever other flag they hold."""
    user = client_for(make_user(flags=flags, rights=rights))
    for path in (REPORT, EXPORT):
        response = user.get(path, REPORT_PARAMS)
        assert response.status_code == status, (path, flags, rights)
        if status == 403:
            assert response.json()["http_status"] == 403
            assert not response.has_header("Content-Disposition")


def test_report_rows_equal_the_batch_lines(hr: Any, people: Any) -> None:
    first = hr.post(
        SUBMIT, [line("ANI-01", "2026-03-16", 1), line("ANI-01", "2026-03-17", 0.5, 0)], format="json"
    ).json()["data"]
    second = hr.post(SUBMIT, [line("ANI-01", "2026-03-16", 3)], format="json").json()["data"]
    body = hr.get(
        REPORT,
        {"employee_id": json.dumps({"1": "ANI-01"}), "start_date": "2026-03-16", "end_date": "2026-03-31"},
    ).json()
    got = [
        (r["date"], r["lembur_aktual"], r["is_valid"], r["adjustment_id"], r["sync_status"])
        for r in body["data"]
    ]
    assert got == [
        ("2026-03-16", 1.0, 1, first["form_number"], "Belum Sync"),
        ("2026-03-16", 3.0, 1, second["form_number"], "Belum Sync"),
        ("2026-03-17", 0.5, 0, first["form_number"], "Belum Sync"),
    ]
    assert body["recordsTotal"] == AttendanceAdjustmentLine.objects.count() == 3
    assert body["file_name"] == "LAPORAN_PENYESUAIAN_Ani_2026-03-16_sd_2026-03-31"


def test_report_file_names() -> None:
    assert report_file_name(
        "LAPORAN_PENYESUAIAN", "PT. Maju (Jaya) & Co; [Site]", date(2026, 3, 1), date(2026, 3, 2)
    ) == ("LAPORAN_PENYESUAIAN_PT.-Maju-Jaya-Co-Site_2026-03-01_sd_2026-03-02")
    long = report_file_name(
        "LAPORAN_PENYESUAIAN",
        "Site   Balikpapan Utara Sekali Panjang Namanya",
        date(2026, 3, 1),
        date(2026, 3, 1),
    )
    assert long == "LAPORAN_PENYESUAIAN_Site-Balikpapan-Utara-Sekali-P_2026-03-01_sd_2026-03-01"


def _download(response: Any) -> bytes:
    async def read() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(read)()


def test_report_exports(hr: Any, people: Any) -> None:
    form = hr.post(SUBMIT, [line("ANI-01", "2026-03-16", 1.5)], format="json").json()["data"]["form_number"]
    params = {
        "man_power_type": "site",
        "man_power_name": "Site Balikpapan",
        "start_date": "2026-03-16",
        "end_date": "2026-03-20",
    }
    response = hr.get(EXPORT, params)
    assert response.status_code == 200
    assert (
        "LAPORAN_PENYESUAIAN_Site-Balikpapan_2026-03-16_sd_2026-03-20.xlsx" in response["Content-Disposition"]
    )
    content = _download(response)
    export = ExportSheet(content)
    assert export.title == "Laporan Penyesuaian Kehadiran"
    assert export.title_lines["Periode"] == "16 Maret 2026 s.d. 20 Maret 2026"
    assert export.title_lines["Karyawan / Man Power"] == "Site Balikpapan"
    rows = [export.header, *export.data]
    assert rows[0][:2] == ["ID Karyawan", "Nama Karyawan"]
    assert len(rows) == 2
    assert rows[1][0] == "ANI-01" and rows[1][9] == 1.5 and rows[1][13] == form
    # DESIGN §18: a date cell, clock-time cells (the placement's zone), decimal hours, labels.
    assert rows[1][5:12] == [datetime(2026, 3, 16), time(8), time(19), 2, 1.5, "Valid", "Belum Sync"]
    # The hours are totalled under the table (SUBTOTAL over the data rows), nothing else.
    assert [label for label in export.header if export.total(label)] == ["Lembur", "Lembur Aktual"]
    cells = xlsx_rows(content)[export.header_row]
    assert [(c.data_type, c.number_format) for c in cells[5:10]] == [
        ("d", DATE_FORMAT), ("d", TIME_FORMAT), ("d", TIME_FORMAT), ("n", DECIMAL_FORMAT),
        ("n", DECIMAL_FORMAT),
    ]  # fmt: skip
    assert_no_internal_text(content)
    response = hr.get(EXPORT, {**params, "format": "csv"})
    raw = _download(response)
    assert raw.startswith("\ufeff".encode())
    parsed = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert parsed[1][0] == "ANI-01" and parsed[1][13] == form
    assert parsed[1][5:10] == ["16/03/2026", "08:00", "19:00", "2,0", "1,5"]
