# ruff: noqa: E501
"""The attendance reports' files (doc3 §7.1): names, the xlsx and csv exports opened back, the side-panel
counts and the undisciplined cards, and the flag every report needs."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest

from server.core.clock import clock_at
from server.core.file_names import file_name_part, report_file_name
from server.core.spreadsheets import DATE_FORMAT, DECIMAL_FORMAT, DURATION_FORMAT, INTEGER_FORMAT, TIME_FORMAT
from server.reports.tests.attendance.month_data import (
    BASE,
    MARCH,
    PLACEMENT,
    WEEK,
    csv_rows,
    downloaded,
    employees,
    minutes,
    sheet,
    sheet_of,
)
from server.testing.spreadsheets import ExportSheet, assert_no_internal_text, xlsx_rows
from server.workforce.models import ManPower

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "part"),
    [
        ("Kantor Pusat", "Kantor-Pusat"),
        ("PT. Maju (Jaya), Tbk; [Cabang] {1} 'x' \"y\" | ~!@#$%^&*`<>?", "PT.-Maju-Jaya-Tbk-Cabang-1-x-y"),
        ("Nama yang sangat panjang sekali melebihi tiga puluh", "Nama-yang-sangat-panjang-sekal"),
        # doc2 §5: spaces collapsed and the cut name trimmed (no doubled or trailing hyphens)
        ("  Site   Balikpapan  Utara ", "Site-Balikpapan-Utara"),
        ("Tim Operasional Lapangan Timu X", "Tim-Operasional-Lapangan-Timu"),
    ],
)
def test_file_name_part(name: str, part: str) -> None:
    assert file_name_part(name) == part
    assert len(part) <= 30


def test_a_name_of_special_characters_only_is_karyawan() -> None:
    name = report_file_name("LAPORAN_DETAIL", "(#)", date(2026, 3, 1), date(2026, 3, 2))
    assert name == "LAPORAN_DETAIL_Karyawan_2026-03-01_sd_2026-03-02"


def test_report_file_name_collapses_spaces(client: Any, month: Any) -> None:
    ManPower.objects.filter(name="Kantor Pusat").update(name="Kantor  Pusat")
    params = {**PLACEMENT, "man_power_name": "Kantor  Pusat", **WEEK}
    data = client.get(BASE, params).json()["data"]
    assert data["file_name"] == "LAPORAN_DETAIL_Kantor-Pusat_2026-03-01_sd_2026-03-10"


# ---------------------------------------------------------------- exports

DETAIL_HEADER = [
    "ID Karyawan", "Nama Karyawan", "Tanggal", "Jam Kerja", "Absen Datang", "Lokasi Datang", "Jarak Datang (m)",
    "Absen Pulang", "Lokasi Pulang", "Jarak Pulang (m)", "Terlambat", "Pulang Cepat", "Lembur HK", "Lembur HL",
    "Lembur Aktual (jam)", "Jam Kerja Total", "Status", "Keterangan", "Catatan Datang", "Catatan Pulang",
    "Tipe Man Power", "Man Power", "Tim", "Grup",
]  # fmt: skip


def test_detail_xlsx_export(client: Any, month: Any) -> None:
    response = client.get(f"{BASE}/export", {**employees("A-1"), **WEEK, "format": "xlsx"})
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="LAPORAN_DETAIL_Ani-Lestari_2026-03-01_sd_2026-03-10.xlsx"'
    )
    content = downloaded(response)
    cells = sheet_of(content)
    assert cells[0] == DETAIL_HEADER
    # Data rows only: the totals sit under the table (test_detail_xlsx_layout).
    assert len(cells) == 1 + 6
    assert "Total" not in [row[2] for row in cells]
    # DESIGN §18: a date cell, clock-time cells, durations HR can sum, labels instead of codes.
    assert cells[1] == [
        "A-1", "Ani Lestari", datetime(2026, 3, 2), "Pagi", time(8, 20), "-6.200000, 106.800000", 1, time(17),
        "-6.200000, 106.800000", 1, minutes(20), minutes(0), minutes(0), minutes(0), 0, minutes(460), "Valid",
        "Hadir", "macet", None, "Office", "Kantor Pusat", "Tim A", "Grup 1",
    ]  # fmt: skip
    line = xlsx_rows(content)[ExportSheet(content).header_row]
    assert [(cell.column_letter, cell.data_type, cell.number_format) for cell in line[2:16]] == [
        ("C", "d", DATE_FORMAT), ("D", "s", "General"), ("E", "d", TIME_FORMAT), ("F", "s", "General"),
        ("G", "n", INTEGER_FORMAT), ("H", "d", TIME_FORMAT), ("I", "s", "General"), ("J", "n", INTEGER_FORMAT),
        ("K", "d", DURATION_FORMAT), ("L", "d", DURATION_FORMAT), ("M", "d", DURATION_FORMAT),
        ("N", "d", DURATION_FORMAT), ("O", "n", DECIMAL_FORMAT), ("P", "d", DURATION_FORMAT),
    ]  # fmt: skip
    assert_no_internal_text(content)


def test_lembur_csv_export(client: Any, month: Any) -> None:
    response = client.get(
        f"{BASE}/lembur/export", {**PLACEMENT, **WEEK, "category": "holiday", "format": "csv"}
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="LAPORAN_LEMBUR_Kantor-Pusat_2026-03-01_sd_2026-03-10.csv"'
    )
    assert csv_rows(response) == [
        ["ID Karyawan", "Nama Karyawan", "Tanggal", "Jam Kerja", "Absen Datang", "Absen Pulang",
         "Lembur HK (menit)", "Lembur HL (menit)", "Total Lembur (menit)", "Lembur Aktual (jam)", "Keterangan",
         "Tipe Man Power", "Man Power", "Tim", "Grup"],
        # csv: durations as minutes (numbers every reader sums), no totals rows
        ["A-1", "Ani Lestari", "07/03/2026", "", "09:00", "13:00", "0", "240", "240", "4,0", "Hadir",
         "Office", "Kantor Pusat", "Tim A", "Grup 1"],
    ]  # fmt: skip
    lembur = downloaded(client.get(f"{BASE}/lembur/export", {**PLACEMENT, **WEEK, "category": "holiday"}))
    line = xlsx_rows(lembur)[ExportSheet(lembur).header_row]
    assert [(cell.value, cell.number_format) for cell in line[8:10]] == [
        (minutes(240), DURATION_FORMAT),
        (4, DECIMAL_FORMAT),
    ]


def test_permission_and_late_exports(client: Any, month: Any) -> None:
    response = client.get(f"{BASE}/permission/export", {**employees("B-2"), **MARCH, "format": "csv"})
    rows = csv_rows(response)
    assert rows[0][:6] == [
        "ID Karyawan",
        "Nama Karyawan",
        "Tanggal",
        "Jenis Izin",
        "Keterangan",
        "Disetujui Oleh",
    ]
    assert [row[3] for row in rows[1:]] == [
        "Cuti", "Cuti Tidak Berbayar", "Lupa Absen Datang", "Lupa Absen Pulang",
    ]  # fmt: skip
    assert [row[2] for row in rows[1:]][:2] == ["02/03/2026", "03/03/2026"]
    assert {row[6] for row in rows[1:]} == {"Office"}
    content = downloaded(client.get(f"{BASE}/permission/export", {**employees("B-2"), **MARCH}))
    permission = xlsx_rows(content)
    # No duration column, nothing to total: no totals row.
    assert ExportSheet(content).totals is None
    assert [(c.data_type, c.number_format) for c in permission[ExportSheet(content).header_row][2:4]] == [
        ("d", DATE_FORMAT),
        ("s", "General"),
    ]
    late = sheet(client.get(f"{BASE}/late/export", {**PLACEMENT, **MARCH, "category": "datang_terlambat"}))
    assert [(row[0], row[2], row[6]) for row in late[1:]] == [
        ("A-1", datetime(2026, 3, 2), minutes(20)),
        ("B-2", datetime(2026, 3, 5), minutes(10)),
    ]
    assert late[1][-4] == "Office"


def test_summary_exports(client: Any, month: Any) -> None:
    params = {**PLACEMENT, **MARCH}
    cells = sheet(client.get(f"{BASE}/report_summary/export", params))
    assert cells == [
        ["ID Karyawan", "Nama Karyawan", "Hari Kerja", "Kehadiran", "Mangkir", "Terlambat", "Pulang Cepat",
         "Lembur HK", "Lembur HL", "Sakit", "Cuti", "CTB", "LAP", "LAD"],
        ["A-1", "Ani Lestari", 5, 4, 1, minutes(20), minutes(30), minutes(120), minutes(240), 1, 0, 0, 0, 0],
        ["B-2", "Budi", 5, 3, 0, minutes(10), minutes(0), minutes(0), minutes(0), 0, 1, 1, 1, 1],
    ]  # fmt: skip
    content = downloaded(client.get(f"{BASE}/report_summary/export", params))
    line = xlsx_rows(content)[ExportSheet(content).header_row]
    assert [(c.data_type, c.number_format) for c in line[2:10]] == [
        *[("n", INTEGER_FORMAT)] * 3, *[("d", DURATION_FORMAT)] * 4, ("n", INTEGER_FORMAT),
    ]  # fmt: skip
    response = client.get(f"{BASE}/report_summary/export", {**params, "format": "csv"})
    assert response["Content-Disposition"] == (
        'attachment; filename="LAPORAN_RANGKUMAN_Kantor-Pusat_2026-03-01_sd_2026-03-31.csv"'
    )
    assert csv_rows(response)[2] == [
        "B-2",
        "Budi",
        "5",
        "3",
        "0",
        "10",
        "0",
        "0",
        "0",
        "0",
        "1",
        "1",
        "1",
        "1",
    ]
    body = client.get(f"{BASE}/report_summary/export", {**params, "format": "pdf"}).json()
    assert (body["http_status"], body["message"]) == (422, "Format berkas harus xlsx atau csv.")


# ---------------------------------------------------------------- layout (DESIGN §21, issue 45)

PRINTED_AT = datetime(2026, 3, 11, 1, 30, 5, tzinfo=UTC)  # 08.30 WIB


def reporter_client(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=["allow_report"], fullname="Sri Rahayu"))


def test_detail_xlsx_layout(client_for: Any, make_user: Any, month: Any) -> None:
    """Title block, frozen header, filter over header and data, totals apart from the data: a SUM
    of a duration column over the data rows is the summary's figure, the totals row is a SUBTOTAL."""
    with clock_at(PRINTED_AT):
        client = reporter_client(client_for, make_user)
        params = {**PLACEMENT, **MARCH}
        export = ExportSheet(downloaded(client.get(f"{BASE}/export", {**params, "category": "late"})))
        summary = client.get(f"{BASE}/report_summary", params).json()["data"]["rows"]
    assert export.title == "Laporan Detail Kehadiran"
    assert export.title_lines == {
        "Periode": "1 Maret 2026 s.d. 31 Maret 2026",
        "Tipe Man Power": "Office",
        "Man Power": "Kantor Pusat",
        "Tim": "Semua",
        "Grup": "Semua",
        "Kategori": "Tidak Disiplin",
        "Dicetak": "11 Maret 2026 08.30 WIB",
        "Dicetak oleh": "Sri Rahayu",
    }
    assert export.header == DETAIL_HEADER
    assert (export.freeze_panes, export.filter_ref) == ("A12", f"A11:X{11 + len(export.data)}")
    # Every data row is a day (a date), never a total line.
    assert all(isinstance(day, datetime) for day in export.column("Tanggal"))
    late = sum(export.column("Terlambat"), timedelta())
    early = sum(export.column("Pulang Cepat"), timedelta())
    assert late == minutes(sum(row["total_late_in_minutes"] for row in summary)) == minutes(30)
    assert early == minutes(sum(row["total_early_out_minutes"] for row in summary)) == minutes(30)
    assert export.totals is not None and export.totals[0] == "Total"
    for label in (
        "Terlambat",
        "Pulang Cepat",
        "Lembur HK",
        "Lembur HL",
        "Jam Kerja Total",
        "Lembur Aktual (jam)",
    ):
        assert export.total(label) is not None, label
    for label in ("Jarak Datang (m)", "Status", "Tanggal"):
        assert export.total(label) is None, label
    cells = export.worksheet[export.header_row + len(export.data) + 2]
    late_total = cells[DETAIL_HEADER.index("Terlambat")]
    assert (late_total.data_type, late_total.number_format) == ("f", DURATION_FORMAT)
    widths = [export.worksheet.column_dimensions[cell.column_letter].width for cell in cells]
    assert all(8 <= width <= 50 for width in widths)
    assert widths[DETAIL_HEADER.index("Lokasi Datang")] >= len("-6.200000, 106.800000")


def test_late_export_sum_equals_the_summary(client: Any, month: Any) -> None:
    """Issue 45: the late report's Terlambat summed over its data rows is the summary's Terlambat (the
    total lines no longer double it), in the xlsx and in the csv (minutes)."""
    params = {**PLACEMENT, **MARCH, "category": "datang_terlambat"}
    export = ExportSheet(downloaded(client.get(f"{BASE}/late/export", params)))
    summary = client.get(f"{BASE}/report_summary", {**PLACEMENT, **MARCH}).json()["data"]["rows"]
    figure = sum(row["total_late_in_minutes"] for row in summary)
    assert sum(export.column("Terlambat"), timedelta()) == minutes(figure) == minutes(30)
    assert export.title == "Laporan Detail Tidak Disiplin"
    assert export.title_lines["Kategori"] == "Datang Terlambat"
    assert export.total("Terlambat") == ("G", export.header_row + 1, export.header_row + 2)
    rows = csv_rows(client.get(f"{BASE}/late/export", {**params, "format": "csv"}))
    late = rows[0].index("Terlambat (menit)")
    assert [row[2] for row in rows[1:]] == ["02/03/2026", "05/03/2026"]
    assert sum(int(row[late]) for row in rows[1:]) == figure


def test_summary_xlsx_totals(client: Any, month: Any) -> None:
    export = ExportSheet(downloaded(client.get(f"{BASE}/report_summary/export", {**PLACEMENT, **MARCH})))
    assert export.title == "Laporan Rangkuman Kehadiran"
    assert export.title_lines["Kategori"] == "Semua"
    assert len(export.data) == 2
    # Counts and durations are totalled; the employee's number and name are not.
    assert [export.total(label) is not None for label in export.header] == [False] * 2 + [True] * 12
    csv = csv_rows(client.get(f"{BASE}/report_summary/export", {**PLACEMENT, **MARCH, "format": "csv"}))
    assert len(csv) == 1 + 2
    assert csv[0][5:9] == [
        "Terlambat (menit)",
        "Pulang Cepat (menit)",
        "Lembur HK (menit)",
        "Lembur HL (menit)",
    ]


# ---------------------------------------------------------------- counts


def test_count_lembur_and_permission(client: Any, month: Any) -> None:
    body = client.get(f"{BASE}/count_lembur", {"month": 3, "year": 2026}).json()
    assert body["data"] == {"workday": 1, "holiday": 1, "workday_minutes": 120, "holiday_minutes": 240}
    permission = client.get(f"{BASE}/count_permission", {"month": 3, "year": 2026}).json()["data"]
    assert permission == {"cuti": 1, "cuti_tidak_berbayar": 1, "lupa_absen_datang": 1, "lupa_absen_pulang": 1}
    empty = client.get(f"{BASE}/count_permission", {"month": 2, "year": 2026}).json()["data"]
    assert empty == {"cuti": 0, "cuti_tidak_berbayar": 0, "lupa_absen_datang": 0, "lupa_absen_pulang": 0}
    bad = client.get(f"{BASE}/count_lembur", {"month": 13, "year": 2026}).json()
    assert (bad["http_status"], bad["message"]) == (422, "Bulan harus antara 1 dan 12.")


def test_undisciplined_cards_have_total_and_percentage(client: Any, month: Any) -> None:
    """Attended working days in March: Ani 3, Budi 2 (the lupa-absen-datang day has no check-in),
    Citra 1 = 6; late days 3 (50%), early-out days 1 (16.67%). The same totals as the late report."""
    late = client.get("/api/web/v1/attendance_log/count_late_in", {"month": 3, "year": 2026}).json()["data"]
    assert (late["total"], late["percentage"]) == (3, 50.0)
    early = client.get("/api/web/v1/attendance_log/count_early_out", {"month": 3, "year": 2026}).json()[
        "data"
    ]
    assert (early["total"], early["percentage"]) == (1, 16.67)
    everyone = {"man_power": "site", "man_power_name": "Site Makassar", **MARCH}
    site_late = client.get(f"{BASE}/late", {**everyone, "category": "datang_terlambat"}).json()["data"]
    office_late = client.get(f"{BASE}/late", {**PLACEMENT, **MARCH, "category": "datang_terlambat"}).json()[
        "data"
    ]
    report_days = sum(len(e["log"]) for e in site_late["employees"] + office_late["employees"])
    assert report_days == late["total"]


# ---------------------------------------------------------------- access

ALL_PATHS = [
    ("", WEEK),
    ("/export", WEEK),
    ("/lembur", WEEK),
    ("/lembur/export", WEEK),
    ("/permission", MARCH),
    ("/permission/export", MARCH),
    ("/late", MARCH),
    ("/late/export", MARCH),
    ("/report_summary", MARCH),
    ("/report_summary/export", MARCH),
    ("/count_lembur", {"month": 3, "year": 2026}),
    ("/count_permission", {"month": 3, "year": 2026}),
]


def test_reports_need_allow_report(client_for: Any, make_user: Any, api: Any) -> None:
    viewer = client_for(make_user(flags=[]))
    for path, params in ALL_PATHS:
        query = {**PLACEMENT, **params}
        assert viewer.get(f"{BASE}{path}", query).status_code == 403, path
        assert api.get(f"{BASE}{path}", query).status_code == 401, path
