# ruff: noqa: E501
"""The attendance reports (doc3 §7.1): detail, lembur, permission, late, summary and the side-panel counts,
against hand-computed expectations on a small fixture; summary = sum of detail; ranges and their
messages; file names; exports opened back; flags."""

from __future__ import annotations

import json
from typing import Any

import pytest

from server.izin.models import IzinCode
from server.reports.tests.attendance.month_data import (
    BASE,
    MARCH,
    PLACEMENT,
    WEEK,
    employees,
    sheet,
)

pytestmark = pytest.mark.django_db


def test_detail_report_by_placement(client: Any, month: Any) -> None:
    body = client.get(BASE, {**PLACEMENT, **WEEK}).json()
    assert body["http_status"] == 200
    data = body["data"]
    assert data["file_name"] == "LAPORAN_DETAIL_Kantor-Pusat_2026-03-01_sd_2026-03-10"
    assert [e["employee_number_formatted"] for e in data["employees"]] == ["A-1", "B-2"]
    ani = data["employees"][0]
    assert (ani["employee_name"], ani["job_title"], ani["man_power_name"]) == (
        "Ani Lestari",
        "Staf",
        "Kantor Pusat",
    )
    assert [entry["day"] for entry in ani["log"]] == [f"2026-03-0{d}" for d in range(2, 8)]
    first = ani["log"][0]
    assert first == {
        "job_title": "Staf",
        "day": "2026-03-02",
        "shift": "Pagi",
        "is_shift_off": False,
        "check_in": "08:20",
        "check_in_location": "-6.200000, 106.800000",
        "check_in_distance": 1,
        "check_out": "17:00",
        "check_out_location": "-6.200000, 106.800000",
        "check_out_distance": 1,
        "total_late_in_minutes": 20,
        "total_early_out_minutes": 0,
        "total_lembur_in_minutes": 0,
        "total_lembur_workday_in_minutes": 0,
        "total_lembur_holiday_in_minutes": 0,
        "total_actual_lembur_in_hours": 0.0,
        "total_of_working_hours_in_minutes": 460,
        "status": "Valid",
        "keterangan": "Hadir",
        "note_check_in": "macet",
        "note_check_out": "",
        "permission_type": "",
        "permission_note": "",
        "approved": "",
        "man_power_name": "Kantor Pusat",
        "man_power_type": "office",
        "man_power_team_name": "Tim A",
        "man_power_group_name": "Grup 1",
    }
    assert [e["keterangan"] for e in ani["log"]] == ["Hadir", "Hadir", "Hadir", "Mangkir", "Sakit", "Hadir"]
    assert ani["log"][3]["status"] == "Tidak Valid"
    assert ani["log"][2]["total_actual_lembur_in_hours"] == 1.5
    assert ani["log"][5]["total_actual_lembur_in_hours"] == 4.0
    assert ani["total"] == {
        "days": 6,
        "total_late_in_minutes": 20,
        "total_early_out_minutes": 30,
        "total_lembur_in_minutes": 360,
        "total_lembur_workday_in_minutes": 120,
        "total_lembur_holiday_in_minutes": 240,
        "total_actual_lembur_in_hours": 5.5,
        "total_of_working_hours_in_minutes": 1750,
    }
    budi = data["employees"][1]
    assert [e["day"] for e in budi["log"]] == [f"2026-03-0{d}" for d in range(2, 7)]
    assert budi["total"]["total_late_in_minutes"] == 10


def test_detail_times_are_placement_local(client: Any, month: Any) -> None:
    data = client.get(BASE, {**employees("C-3"), **WEEK}).json()["data"]
    assert data["file_name"] == "LAPORAN_DETAIL_Citra_2026-03-01_sd_2026-03-10"
    [citra] = data["employees"]
    assert (citra["log"][0]["check_in"], citra["log"][0]["check_out"]) == ("08:15", "17:00")


def test_detail_by_employees_team_group_and_active_flag(client: Any, month: Any) -> None:
    data = client.get(BASE, {**employees("B-2", "A-1"), **WEEK}).json()["data"]
    assert [e["employee_name"] for e in data["employees"]] == ["Ani Lestari", "Budi"]
    assert data["file_name"] == "LAPORAN_DETAIL_Karyawan_2026-03-01_sd_2026-03-10"
    team = client.get(BASE, {**PLACEMENT, "man_power_team_name": "Tim A", **WEEK}).json()["data"]
    assert [e["employee_name"] for e in team["employees"]] == ["Ani Lestari"]
    assert team["file_name"] == "LAPORAN_DETAIL_Tim-A_2026-03-01_sd_2026-03-10"
    group = {**PLACEMENT, "man_power_team_name": "Tim A", "man_power_group_name": "Grup 1", **WEEK}
    assert len(client.get(BASE, group).json()["data"]["employees"]) == 1
    month["budi"].is_active = False
    month["budi"].save()
    active = client.get(BASE, {**PLACEMENT, "man_power_status": "1", **WEEK}).json()["data"]
    assert [e["employee_name"] for e in active["employees"]] == ["Ani Lestari"]
    every = client.get(BASE, {**PLACEMENT, "man_power_status": "0", **WEEK}).json()["data"]
    assert len(every["employees"]) == 2
    # A JSON array and a plain number are read too.
    array = client.get(BASE, {"employee_id": '["A-1"]', **WEEK}).json()["data"]
    assert [e["employee_name"] for e in array["employees"]] == ["Ani Lestari"]
    plain = client.get(BASE, {"employee_id": "B-2", **WEEK}).json()["data"]
    assert [e["employee_name"] for e in plain["employees"]] == ["Budi"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (WEEK, "Lengkapi form terlebih dahulu!"),
        ({"man_power": "office", **WEEK}, "Lengkapi form terlebih dahulu!"),
        ({"employee_id": "{}", **WEEK}, "Lengkapi form terlebih dahulu!"),
        ({"employee_id": '{"0": {"a": 1}}', **WEEK}, "Daftar karyawan tidak valid."),
        ({"man_power": "kapal", "man_power_name": "X", **WEEK}, "Tipe man power harus office, pool, site atau tug_boat."),
        ({**PLACEMENT, "start_date": "2026-03-01", "end_date": "2026-04-01"}, "Rentang tanggal maksimal 30 hari."),
        ({**PLACEMENT, "start_date": "2026-03-10", "end_date": "2026-03-01"}, "Tanggal akhir tidak boleh sebelum tanggal mulai."),
        ({**PLACEMENT, "end_date": "2026-03-01"}, "Tanggal mulai harus diisi dengan format YYYY-MM-DD."),
        ({**PLACEMENT, "start_date": "2026-03-01", "end_date": "31-03-2026"}, "Tanggal akhir harus diisi dengan format YYYY-MM-DD."),
        ({**PLACEMENT, **WEEK, "man_power_status": "2"}, "Status man power harus 0 atau 1."),
    ],
)  # fmt: skip
def test_detail_refuses_incomplete_forms_and_bad_ranges(client: Any, params: Any, message: str) -> None:
    for url in (BASE, f"{BASE}/export", f"{BASE}/lembur"):
        body = client.get(url, params).json()
        assert (body["http_status"], body["message"]) == (422, message), url


def test_detail_allows_exactly_thirty_days(client: Any, month: Any) -> None:
    response = client.get(BASE, {**PLACEMENT, "start_date": "2026-03-01", "end_date": "2026-03-31"})
    assert response.status_code == 200


# ---------------------------------------------------------------- lembur, late, permission


def test_lembur_categories(client: Any, month: Any) -> None:
    def days(category: str) -> list[str]:
        data = client.get(f"{BASE}/lembur", {**PLACEMENT, **WEEK, "category": category}).json()["data"]
        return [entry["day"] for e in data["employees"] for entry in e["log"]]

    assert days("all") == ["2026-03-04", "2026-03-07"]
    assert days("workday") == ["2026-03-04"]
    assert days("holiday") == ["2026-03-07"]
    data = client.get(f"{BASE}/lembur", {**PLACEMENT, **WEEK}).json()["data"]
    assert data["category"] == "all"
    assert data["file_name"] == "LAPORAN_LEMBUR_Kantor-Pusat_2026-03-01_sd_2026-03-10"
    assert data["employees"][0]["total"]["total_lembur_in_minutes"] == 360
    body = client.get(f"{BASE}/lembur", {**PLACEMENT, **WEEK, "category": "malam"}).json()
    assert (body["http_status"], body["message"]) == (422, "Kategori tidak valid.")


def test_the_detail_report_narrows_by_every_category(client: Any, month: Any) -> None:
    """GET report's `category`: each category doc3 names keeps the rows of that category, as the
    category's own report does; all (or none) keeps every row."""

    def days(category: str | None) -> list[tuple[str, str]]:
        params = {**PLACEMENT, **WEEK, **({"category": category} if category else {})}
        body = client.get(BASE, params).json()
        assert body["http_status"] == 200, body
        return [
            (e["employee_number_formatted"], entry["day"])
            for e in body["data"]["employees"]
            for entry in e["log"]
        ]

    every = days(None)
    assert len(every) == 11 and days("all") == every
    assert days("overtime") == [("A-1", "2026-03-04"), ("A-1", "2026-03-07")]
    assert days("workday") == [("A-1", "2026-03-04")]
    assert days("holiday") == [("A-1", "2026-03-07")]
    assert days("late") == [("A-1", "2026-03-02"), ("A-1", "2026-03-03"), ("B-2", "2026-03-05")]
    assert days("datang_terlambat") == [("A-1", "2026-03-02"), ("B-2", "2026-03-05")]
    assert days("pulang_cepat") == [("A-1", "2026-03-03")]
    assert days("permission") == [
        ("A-1", "2026-03-06"), ("B-2", "2026-03-02"), ("B-2", "2026-03-03"), ("B-2", "2026-03-04"),
        ("B-2", "2026-03-05"),
    ]  # fmt: skip
    assert days(IzinCode.SAKIT) == [("A-1", "2026-03-06")]
    for category in ("overtime", "late", "permission", IzinCode.SAKIT):
        lines = sheet(client.get(f"{BASE}/export", {**PLACEMENT, **WEEK, "category": category}))
        # One data row per day (the totals sit under the table, not between the rows).
        assert [(line[0], line[2].date().isoformat()) for line in lines[1:]] == days(category), category
    body = client.get(BASE, {**PLACEMENT, **WEEK, "category": "malam"}).json()
    assert (body["http_status"], body["message"]) == (422, "Kategori tidak valid.")


def test_late_categories(client: Any, month: Any) -> None:
    def days(category: str) -> list[tuple[str, str]]:
        data = client.get(f"{BASE}/late", {**PLACEMENT, **MARCH, "category": category}).json()["data"]
        return [
            (e["employee_number_formatted"], entry["day"]) for e in data["employees"] for entry in e["log"]
        ]

    assert days("all") == [("A-1", "2026-03-02"), ("A-1", "2026-03-03"), ("B-2", "2026-03-05")]
    assert days("datang_terlambat") == [("A-1", "2026-03-02"), ("B-2", "2026-03-05")]
    assert days("pulang_cepat") == [("A-1", "2026-03-03")]


def test_permission_report(client: Any, month: Any, admin_user: Any) -> None:
    data = client.get(f"{BASE}/permission", {**PLACEMENT, **MARCH}).json()["data"]
    assert data["file_name"] == "LAPORAN_IZIN_Kantor-Pusat_2026-03-01_sd_2026-03-31"
    rows = [
        (e["employee_number_formatted"], x["day"], x["permission_type"])
        for e in data["employees"]
        for x in e["log"]
    ]
    assert rows == [
        ("A-1", "2026-03-06", "Sakit"),
        ("B-2", "2026-03-02", "Cuti"),
        ("B-2", "2026-03-03", "Cuti Tidak Berbayar"),
        ("B-2", "2026-03-04", "Lupa Absen Datang"),
        ("B-2", "2026-03-05", "Lupa Absen Pulang"),
    ]
    sakit = data["employees"][0]["log"][0]
    assert (sakit["permission_note"], sakit["approved"]) == ("Demam", admin_user.fullname)
    only_cuti = client.get(f"{BASE}/permission", {**PLACEMENT, **MARCH, "category": "cuti"}).json()["data"]
    assert [x["day"] for e in only_cuti["employees"] for x in e["log"]] == ["2026-03-02"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({**PLACEMENT, "start_date": "2025-03-01", "end_date": "2026-03-31"}, "Rentang tanggal maksimal satu tahun."),
        ({**PLACEMENT, "start_date": "2026-03-21", "end_date": "2026-03-31"}, "Tanggal mulai tidak boleh setelah hari ini."),
        ({**PLACEMENT, "start_date": "2026-03-01", "end_date": "2026-04-30"}, "Tanggal akhir tidak boleh setelah bulan ini."),
        (MARCH, "Lengkapi form terlebih dahulu!"),
    ],
)  # fmt: skip
def test_month_reports_refuse_bad_ranges(client: Any, params: Any, message: str) -> None:
    for path in ("permission", "late", "report_summary", "report_summary/export", "late/export"):
        body = client.get(f"{BASE}/{path}", params).json()
        assert (body["http_status"], body["message"]) == (422, message), path


def test_a_year_of_months_is_allowed(client: Any) -> None:
    params = {**PLACEMENT, "start_date": "2025-04-01", "end_date": "2026-03-31"}
    for path in ("permission", "late", "report_summary"):
        assert client.get(f"{BASE}/{path}", params).status_code == 200


# ---------------------------------------------------------------- summary


SUMMARY_ANI = {
    "employee_number_formatted": "A-1",
    "employee_name": "Ani Lestari",
    "hari_kerja": 5,
    "kehadiran": 4,
    "mangkir": 1,
    "total_late_in_minutes": 20,
    "total_early_out_minutes": 30,
    "lembur_hari_kerja_in_minutes": 120,
    "lembur_hari_libur_in_minutes": 240,
    "total_sakit": 1,
    "total_cuti": 0,
    "total_cuti_tidak_berbayar": 0,
    "total_lupa_absen_pulang": 0,
    "total_lupa_absen_datang": 0,
}
SUMMARY_BUDI = {
    "employee_number_formatted": "B-2",
    "employee_name": "Budi",
    "hari_kerja": 5,
    "kehadiran": 3,
    "mangkir": 0,
    "total_late_in_minutes": 10,
    "total_early_out_minutes": 0,
    "lembur_hari_kerja_in_minutes": 0,
    "lembur_hari_libur_in_minutes": 0,
    "total_sakit": 0,
    "total_cuti": 1,
    "total_cuti_tidak_berbayar": 1,
    "total_lupa_absen_pulang": 1,
    "total_lupa_absen_datang": 1,
}


def test_summary_report(client: Any, month: Any) -> None:
    body = client.get(f"{BASE}/report_summary", {**PLACEMENT, **MARCH}).json()
    assert body["http_status"] == 200
    assert body["data"] == {
        "category": "all",
        "columns": [key for key, _ in SUMMARY_HEADERS],
        "file_name": "LAPORAN_RANGKUMAN_Kantor-Pusat_2026-03-01_sd_2026-03-31",
        "start_date": "2026-03-01",
        "end_date": "2026-03-31",
        "rows": [SUMMARY_ANI, SUMMARY_BUDI],
    }


SUMMARY_HEADERS = (
    ("employee_number_formatted", "ID Karyawan"),
    ("employee_name", "Nama Karyawan"),
    ("hari_kerja", "Hari Kerja"),
    ("kehadiran", "Kehadiran"),
    ("mangkir", "Mangkir"),
    ("total_late_in_minutes", "Terlambat"),
    ("total_early_out_minutes", "Pulang Cepat"),
    ("lembur_hari_kerja_in_minutes", "Lembur HK"),
    ("lembur_hari_libur_in_minutes", "Lembur HL"),
    ("total_sakit", "Sakit"),
    ("total_cuti", "Cuti"),
    ("total_cuti_tidak_berbayar", "CTB"),
    ("total_lupa_absen_pulang", "LAP"),
    ("total_lupa_absen_datang", "LAD"),
)
PEOPLE = ["employee_number_formatted", "employee_name"]


@pytest.mark.parametrize(
    ("category", "columns", "numbers"),
    [
        ("overtime", [*PEOPLE, "lembur_hari_kerja_in_minutes", "lembur_hari_libur_in_minutes"], ["A-1"]),
        (
            "permission",
            [*PEOPLE, "total_sakit", "total_cuti", "total_cuti_tidak_berbayar", "total_lupa_absen_pulang",
             "total_lupa_absen_datang"],
            ["A-1", "B-2"],
        ),
        ("undisciplined", [*PEOPLE, "total_late_in_minutes", "total_early_out_minutes"], ["A-1", "B-2"]),
    ],
)  # fmt: skip
def test_summary_categories_keep_their_rows_and_columns(
    client: Any, month: Any, category: str, columns: list[str], numbers: list[str]
) -> None:
    """The summary form's category pickers (doc3 §2.1): the employees with a non-zero value in the
    category's columns, and those columns (the answer's `columns`, the export's headers)."""
    params = {**PLACEMENT, **MARCH, "category": category}
    data = client.get(f"{BASE}/report_summary", params).json()["data"]
    assert (data["category"], data["columns"]) == (category, columns)
    assert [row["employee_number_formatted"] for row in data["rows"]] == numbers
    headers = dict(SUMMARY_HEADERS)
    assert sheet(client.get(f"{BASE}/report_summary/export", params))[0] == [headers[key] for key in columns]
    # Budi has late minutes but no overtime: the overtime category leaves him out, the whole summary not.
    budi = {**employees("B-2"), **MARCH}
    assert client.get(f"{BASE}/report_summary", {**budi, "category": "overtime"}).json()["data"]["rows"] == []
    body = client.get(f"{BASE}/report_summary", {**params, "category": "lembur_malam"}).json()
    assert (body["http_status"], body["message"]) == (422, "Kategori tidak valid.")


def test_summary_accepts_the_spec_parameter_names(client: Any, month: Any) -> None:
    """doc3 §7.1: GET report/report_summary with reportType kehadiran, employeeId, dateRange, manPower."""
    expected = client.get(f"{BASE}/report_summary", {**PLACEMENT, **MARCH}).json()["data"]
    for date_range in ('["2026-03-01", "2026-03-31"]', '{"start": "2026-03-01", "end": "2026-03-31"}',
                       "2026-03-01,2026-03-31"):  # fmt: skip
        body = client.get(
            f"{BASE}/report_summary",
            {
                "reportType": "kehadiran",
                "manPower": json.dumps({"type": "office", "name": "Kantor Pusat"}),
                "dateRange": date_range,
            },
        ).json()
        assert body["http_status"] == 200, body
        assert body["data"] == expected
    one = client.get(
        f"{BASE}/report_summary",
        {
            "reportType": "kehadiran",
            "employeeId": json.dumps({"0": "A-1"}),
            "dateRange": "2026-03-01,2026-03-31",
        },
    ).json()["data"]
    assert one["rows"] == [SUMMARY_ANI]
    assert one["file_name"] == "LAPORAN_RANGKUMAN_Ani-Lestari_2026-03-01_sd_2026-03-31"
    # The plain names win where both are given; a type of report or a range it cannot read is a 422.
    both = {**employees("B-2"), "employeeId": json.dumps({"0": "A-1"}), **MARCH}
    assert client.get(f"{BASE}/report_summary", both).json()["data"]["rows"] == [SUMMARY_BUDI]
    body = client.get(f"{BASE}/report_summary", {**employees("A-1"), **MARCH, "reportType": "gaji"}).json()
    assert (body["http_status"], body["message"]) == (422, "Jenis laporan tidak valid.")
    body = client.get(f"{BASE}/report_summary", {**employees("A-1"), "dateRange": "Maret"}).json()
    assert (body["http_status"], body["message"]) == (422, "Rentang tanggal tidak valid.")
    exported = client.get(
        f"{BASE}/report_summary/export",
        {
            "reportType": "kehadiran",
            "employeeId": json.dumps({"0": "A-1"}),
            "dateRange": "2026-03-01,2026-03-31",
        },
    )
    assert sheet(exported)[1][:2] == ["A-1", "Ani Lestari"]


def test_summary_equals_the_sum_of_the_details(client: Any, month: Any) -> None:
    params = {**PLACEMENT, **MARCH}
    rows = client.get(f"{BASE}/report_summary", params).json()["data"]["rows"]
    detail = client.get(BASE, {**PLACEMENT, "start_date": "2026-03-01", "end_date": "2026-03-31"}).json()[
        "data"
    ]
    permission = client.get(f"{BASE}/permission", params).json()["data"]
    for row, person in zip(rows, detail["employees"], strict=True):
        assert row["employee_number_formatted"] == person["employee_number_formatted"]
        total = person["total"]
        assert row["total_late_in_minutes"] == total["total_late_in_minutes"]
        assert row["total_early_out_minutes"] == total["total_early_out_minutes"]
        assert row["lembur_hari_kerja_in_minutes"] == total["total_lembur_workday_in_minutes"]
        assert row["lembur_hari_libur_in_minutes"] == total["total_lembur_holiday_in_minutes"]
        assert row["mangkir"] == sum(e["keterangan"] == "Mangkir" for e in person["log"])
        assert row["kehadiran"] == sum(e["keterangan"] == "Hadir" for e in person["log"])
    by_type: dict[tuple[str, str], int] = {}
    for person in permission["employees"]:
        for entry in person["log"]:
            key = (person["employee_number_formatted"], entry["permission_type"])
            by_type[key] = by_type.get(key, 0) + 1
    for row in rows:
        number = row["employee_number_formatted"]
        assert row["total_sakit"] == by_type.get((number, "Sakit"), 0)
        assert row["total_cuti"] == by_type.get((number, "Cuti"), 0)
        assert row["total_cuti_tidak_berbayar"] == by_type.get((number, "Cuti Tidak Berbayar"), 0)
        assert row["total_lupa_absen_pulang"] == by_type.get((number, "Lupa Absen Pulang"), 0)
        assert row["total_lupa_absen_datang"] == by_type.get((number, "Lupa Absen Datang"), 0)


def test_summary_of_one_employee_names_the_file_after_them(client: Any, month: Any) -> None:
    data = client.get(f"{BASE}/report_summary", {**employees("A-1"), **MARCH}).json()["data"]
    assert data["file_name"] == "LAPORAN_RANGKUMAN_Ani-Lestari_2026-03-01_sd_2026-03-31"
    assert data["rows"] == [SUMMARY_ANI]


# ---------------------------------------------------------------- file names
