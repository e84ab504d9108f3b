"""The absent employees report (doc3 §2.3): rows, limits, and its xlsx / csv downloads."""

from __future__ import annotations

import csv
import io
from datetime import date
from typing import Any

import pytest
from asgiref.sync import async_to_sync

from server.attendance.models import Keterangan
from server.core.spreadsheets import INTEGER_FORMAT
from server.testing.clock import freeze
from server.testing.factories import local, make_day, make_employee, make_man_power
from server.testing.spreadsheets import ExportSheet, assert_no_internal_text, xlsx_rows

pytestmark = pytest.mark.django_db

REPORT = "/api/web/v1/report/unattendance_employee"
EXPORT = "/api/web/v1/report/unattendance_employee/export"
RANGE = {"start_date": "2026-01-01", "end_date": "2026-03-31"}
HEADER = [
    "ID Karyawan",
    "Nama Karyawan",
    "Jabatan",
    "Man Power",
    "Alpa (Mangkir)",
    "Sakit",
    "Cuti",
    "CTB",
    "Total",
]


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> date:
    day = date(2026, 3, 20)
    freeze(monkeypatch, local(day, 10))
    return day


@pytest.fixture
def client(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=["allow_report"]))


@pytest.fixture
def absences() -> None:
    office = make_man_power(name="Kantor Pusat")
    ani = make_employee(name="Ani", employee_number_formatted="A-1", job_title="Staf", man_power=office)
    budi = make_employee(name="Budi", employee_number_formatted="B-2", job_title="Operator", man_power=office)
    citra = make_employee(name="Citra", employee_number_formatted="C-3")
    make_day(ani, date(2026, 1, 5), Keterangan.MANGKIR)
    make_day(ani, date(2026, 2, 5), Keterangan.SAKIT)
    make_day(budi, date(2026, 1, 6), Keterangan.CUTI)
    make_day(budi, date(2026, 1, 7), Keterangan.CTB)
    make_day(budi, date(2026, 3, 2), Keterangan.MANGKIR)
    make_day(budi, date(2026, 3, 3), Keterangan.HADIR)
    make_day(budi, date(2025, 12, 31), Keterangan.MANGKIR)
    make_day(citra, date(2026, 1, 8), Keterangan.CUTI_BERSAMA)
    make_day(citra, date(2026, 1, 9), Keterangan.LIBUR)


ROWS = [
    {
        "employeeNumberFormatted": "B-2",
        "employeeName": "Budi",
        "jobTitle": "Operator",
        "manPowerName": "Kantor Pusat",
        "alpa": 1,
        "sakit": 0,
        "cuti": 1,
        "ctb": 1,
        "total": 3,
    },
    {
        "employeeNumberFormatted": "A-1",
        "employeeName": "Ani",
        "jobTitle": "Staf",
        "manPowerName": "Kantor Pusat",
        "alpa": 1,
        "sakit": 1,
        "cuti": 0,
        "ctb": 0,
        "total": 2,
    },
]


def test_report_rows_most_absent_first(client: Any, absences: None) -> None:
    body = client.get(REPORT, RANGE).json()
    assert body == {"http_status": 200, "message": "", "data": ROWS}


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"start_date": "2026-03-01", "end_date": "2026-02-01"},
            "Tanggal akhir tidak boleh sebelum tanggal mulai.",
        ),
        ({"start_date": "2025-01-01", "end_date": "2026-01-31"}, "Rentang tanggal maksimal satu tahun."),
        (
            {"start_date": "2026-03-21", "end_date": "2026-03-31"},
            "Tanggal mulai tidak boleh setelah hari ini.",
        ),
        (
            {"start_date": "2026-03-01", "end_date": "2026-04-01"},
            "Tanggal akhir tidak boleh setelah bulan ini.",
        ),
        ({"start_date": "", "end_date": "2026-03-31"}, "Tanggal mulai harus diisi dengan format YYYY-MM-DD."),
    ],
)
def test_report_refuses_bad_ranges(client: Any, params: Any, message: str) -> None:
    for url in (REPORT, EXPORT):
        body = client.get(url, params).json()
        assert (body["http_status"], body["message"]) == (422, message)


def test_a_whole_year_to_the_end_of_this_month_is_allowed(client: Any) -> None:
    assert client.get(REPORT, {"start_date": "2025-04-01", "end_date": "2026-03-31"}).status_code == 200


def downloaded(response: Any) -> bytes:
    async def collect() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(collect)()


def test_xlsx_export(client: Any, absences: None) -> None:
    response = client.get(EXPORT, {**RANGE, "format": "xlsx"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert response["Content-Disposition"] == (
        'attachment; filename="Karyawan-Tidak-Hadir_2026-01-01-_2026-03-31.xlsx"'
    )
    content = downloaded(response)
    assert int(response["Content-Length"]) == len(content)
    export = ExportSheet(content)
    assert export.title == "Laporan Karyawan Tidak Hadir"
    assert export.title_lines["Periode"] == "1 Januari 2026 s.d. 31 Maret 2026"
    assert export.title_lines["Dicetak oleh"]
    assert [export.header, *export.data] == [
        HEADER,
        ["B-2", "Budi", "Operator", "Kantor Pusat", 1, 0, 1, 1, 3],
        ["A-1", "Ani", "Staf", "Kantor Pusat", 1, 1, 0, 0, 2],
    ]
    # Totals apart from the data: a SUBTOTAL of each count over the data rows, not of the names.
    assert export.totals is not None and export.totals[0] == "Total"
    assert [export.total(label) is not None for label in HEADER] == [False] * 4 + [True] * 5
    # DESIGN §18: the counts are number cells with the grouped integer format.
    counts = xlsx_rows(content)[export.header_row][4:]
    assert [(c.data_type, c.number_format) for c in counts] == [("n", INTEGER_FORMAT)] * 5
    assert_no_internal_text(content)


def test_xlsx_is_the_default_format(client: Any) -> None:
    response = client.get(EXPORT, RANGE)
    assert response.status_code == 200
    export = ExportSheet(downloaded(response))
    # No rows: the header alone, its filter over it, no totals row.
    assert (export.header, export.data, export.totals) == (HEADER, [], None)


def test_csv_export(client: Any, absences: None) -> None:
    response = client.get(EXPORT, {**RANGE, "format": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="Karyawan-Tidak-Hadir_2026-01-01-_2026-03-31.csv"'
    )
    text = downloaded(response).decode("utf-8")
    assert text.startswith("\ufeff")
    # Every field quoted (a separator inside a value never starts a cell: server/core/spreadsheets.py).
    assert text.splitlines()[0] == "\ufeff" + ";".join(f'"{label}"' for label in HEADER)
    assert list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";")) == [
        HEADER,
        ["B-2", "Budi", "Operator", "Kantor Pusat", "1", "0", "1", "1", "3"],
        ["A-1", "Ani", "Staf", "Kantor Pusat", "1", "1", "0", "0", "2"],
    ]


def test_unknown_export_format_is_refused(client: Any) -> None:
    body = client.get(EXPORT, {**RANGE, "format": "pdf"}).json()
    assert (body["http_status"], body["message"]) == (422, "Format berkas harus xlsx atau csv.")


def test_report_needs_sign_in(api: Any) -> None:
    assert api.get(REPORT, RANGE).status_code == 401
    assert api.get(EXPORT, RANGE).status_code == 401


def test_report_and_export_need_allow_report(client_for: Any, make_user: Any) -> None:
    viewer = client_for(make_user(flags=[]))
    params = {"start_date": "2026-01-01", "end_date": "2026-01-31"}
    assert viewer.get("/api/web/v1/report/unattendance_employee", params).status_code == 403
    assert (
        viewer.get("/api/web/v1/report/unattendance_employee/export", {**params, "format": "csv"}).status_code
        == 403
    )
