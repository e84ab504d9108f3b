"""Formula injection (DESIGN §16): text typed on the phone or coming from HR reaches every report
download as text, never as a live formula: a quote-prefixed string cell in xlsx, a leading `'` in csv.

The check-out note is sent through the mobile API, as an employee would type it."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from server.attendance.days import attendance_days_recompute
from server.core.spreadsheets import SIGNED_NUMBERS
from server.izin.models import IzinCode
from server.testing.clients import employee_client
from server.testing.clock import freeze
from server.testing.factories import (
    local,
    make_employee,
    make_izin,
    make_man_power,
    make_pattern,
    make_shift,
    photo,
)
from server.testing.spreadsheets import (
    HOSTILE_MINUS,
    HOSTILE_NAME,
    HOSTILE_NOTE,
    HOSTILE_TEXT,
    ExportSheet,
    assert_csv_text,
    assert_xlsx_text,
    downloaded,
    xlsx_cells,
)

pytestmark = pytest.mark.django_db

BASE = "/api/web/v1/report"
MONDAY, TUESDAY = date(2026, 3, 2), date(2026, 3, 3)
WEEK = {"start_date": "2026-03-01", "end_date": "2026-03-10"}
MARCH = {"start_date": "2026-03-01", "end_date": "2026-03-31"}
PEOPLE = {"employee_id": json.dumps({"0": "H-1"})}


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch) -> None:
    """An employee named and titled by HR with formula-like text, who checks out on the phone with a
    formula as the note (2 h overtime, 30 min late), and takes a cuti described with another."""
    shift = make_shift()
    employee = make_employee(
        name=HOSTILE_NAME,
        job_title=HOSTILE_MINUS,
        employee_number_formatted="H-1",
        man_power=make_man_power(name="Kantor Pusat"),
        pattern=make_pattern([shift] * 7, starting_date=date(2026, 1, 5)),
    )
    phone = employee_client(employee)
    for hour, minute, log_type, note in ((8, 30, "check_in", ""), (19, 0, "check_out", HOSTILE_NOTE)):
        freeze(monkeypatch, local(MONDAY, hour, minute))
        body = {"log_type": log_type, "latitude": -6.2, "longitude": 106.8, "fr_accuracy": 90, "note": note}
        response = phone.post("/api/mobile/v1/attendance/", {**body, "photo": photo()}, format="multipart")
        assert response.status_code == 201, response.json()
        assert response.json()["data"]["status"] == "approved"
    cuti = make_izin(employee, IzinCode.CUTI, TUESDAY)
    cuti.description = HOSTILE_TEXT
    cuti.save(update_fields=["description"])
    attendance_days_recompute(employee_ids=[employee.pk], dates=[MONDAY, TUESDAY])
    freeze(monkeypatch, local(date(2026, 3, 20), 10))


@pytest.fixture
def client(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=["allow_report"]))


EXPORTS = [
    pytest.param("/export", WEEK, (HOSTILE_NAME, HOSTILE_NOTE), id="detail"),
    pytest.param("/lembur/export", WEEK, (HOSTILE_NAME,), id="lembur"),
    pytest.param("/permission/export", MARCH, (HOSTILE_NAME, HOSTILE_TEXT), id="permission"),
    pytest.param("/late/export", MARCH, (HOSTILE_NAME,), id="late"),
    pytest.param("/report_summary/export", MARCH, (HOSTILE_NAME,), id="summary"),
]


@pytest.mark.usefixtures("hostile")
@pytest.mark.parametrize(("path", "dates", "values"), EXPORTS)
def test_report_xlsx_writes_user_text_as_text(client: Any, path: str, dates: Any, values: Any) -> None:
    response = client.get(f"{BASE}{path}", {**PEOPLE, **dates, "format": "xlsx"})
    assert response.status_code == 200
    assert_xlsx_text(downloaded(response), *values)


@pytest.mark.usefixtures("hostile")
@pytest.mark.parametrize(("path", "dates", "values"), EXPORTS)
def test_report_csv_prefixes_user_text(client: Any, path: str, dates: Any, values: Any) -> None:
    response = client.get(f"{BASE}{path}", {**PEOPLE, **dates, "format": "csv"})
    assert response.status_code == 200
    assert_csv_text(downloaded(response), *values)


@pytest.mark.usefixtures("hostile")
@pytest.mark.parametrize("file_format", ["xlsx", "csv"])
def test_absent_report_writes_user_text_as_text(client: Any, file_format: str) -> None:
    response = client.get(f"{BASE}/unattendance_employee/export", {**MARCH, "format": file_format})
    assert response.status_code == 200
    check = assert_xlsx_text if file_format == "xlsx" else assert_csv_text
    check(downloaded(response), HOSTILE_NAME, HOSTILE_MINUS)


@pytest.mark.usefixtures("hostile")
def test_numbers_stay_numbers(client: Any) -> None:
    response = client.get(f"{BASE}/unattendance_employee/export", {**MARCH, "format": "xlsx"})
    content = downloaded(response)
    first = ExportSheet(content).header_row + 1
    row = [cell for cell in xlsx_cells(content) if cell.row == first]
    assert [(cell.value, cell.data_type) for cell in row[4:]] == [
        (0, "n"),
        (0, "n"),
        (1, "n"),
        (0, "n"),
        (1, "n"),
    ]


SEPARATED_NOTES = ("Sinyal lemah,=1+1", "a\t=1+1")


@pytest.fixture
def separated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: phone notes with a separator before a formula (one check-in, one check-out)."""
    shift = make_shift()
    employee = make_employee(
        name="Sinta",
        employee_number_formatted="H-1",
        man_power=make_man_power(name="Kantor Pusat"),
        pattern=make_pattern([shift] * 7, starting_date=date(2026, 1, 5)),
    )
    phone = employee_client(employee)
    moments = ((8, 30, "check_in"), (19, 0, "check_out"))
    for (hour, minute, log_type), note in zip(moments, SEPARATED_NOTES, strict=True):
        freeze(monkeypatch, local(MONDAY, hour, minute))
        body = {"log_type": log_type, "latitude": -6.2, "longitude": 106.8, "fr_accuracy": 90, "note": note}
        response = phone.post("/api/mobile/v1/attendance/", {**body, "photo": photo()}, format="multipart")
        assert response.status_code == 201, response.json()
    attendance_days_recompute(employee_ids=[employee.pk], dates=[MONDAY])
    freeze(monkeypatch, local(date(2026, 3, 20), 10))


@pytest.mark.usefixtures("separated")
@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_a_separator_in_a_note_starts_no_formula_for_any_reader(client: Any, delimiter: str) -> None:
    response = client.get(f"{BASE}/export", {**PEOPLE, **WEEK, "format": "csv"})
    assert response.status_code == 200
    text = downloaded(response).decode("utf-8").lstrip("\ufeff")
    assert all(f'"{note}"' not in text for note in SEPARATED_NOTES)
    assert '"Sinyal lemah,\'=1+1"' in text
    cells = [cell for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) for cell in row]
    # A plain signed number (the coordinates) runs nothing.
    formulas = [c for c in cells if c.startswith(("=", "+", "-", "@")) and not SIGNED_NUMBERS.fullmatch(c)]
    assert formulas == []
