"""Formula injection (DESIGN §16) in the adjustment downloads: the leave adjustment report (a
description typed in the back office) and the attendance adjustment report (names from HR) write user
text as text: a quote-prefixed string cell in xlsx, a leading `'` in csv."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from server.attendance.days import attendance_days_recompute_range
from server.testing.clock import freeze
from server.testing.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_man_power,
    make_pattern,
    make_shift,
)
from server.testing.spreadsheets import (
    HOSTILE_MINUS,
    HOSTILE_NAME,
    HOSTILE_NOTE,
    ExportSheet,
    assert_csv_text,
    assert_xlsx_text,
    downloaded,
    xlsx_cells,
)

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 16)


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> None:
    freeze(monkeypatch, local(date(2026, 3, 20), 10))


@pytest.fixture
def employee() -> Any:
    work = make_shift()
    return make_employee(
        name=HOSTILE_NAME,
        job_title=HOSTILE_MINUS,
        employee_number_formatted="H-1",
        cuti_saldo=5,
        man_power=make_man_power(name="Site Balikpapan", type="site"),
        pattern=make_pattern([work] * 7, starting_date=date(2026, 1, 5)),
    )


def test_leave_adjustment_report_writes_user_text_as_text(
    client_for: Any, make_user: Any, employee: Any
) -> None:
    hr = client_for(make_user(flags=["allow_adjustment", "allow_adjustment_create"]))
    form = {
        "hash_id": "",
        "employee_number_formatted": "H-1",
        "request_date": "2026-03-18",
        "start_date": "2026-03-12",
        "end_date": "2026-03-12",
        "description": HOSTILE_NOTE,
        "attachment": SimpleUploadedFile("surat.pdf", b"%PDF-1.4\n%test\n", content_type="application/pdf"),
    }
    created = hr.post("/api/web/v1/adjustment", form, format="multipart")
    assert created.status_code == 201, created.content
    response = hr.get("/api/web/v1/adjustment/report/export", {"id": created.json()["data"]["code"]})
    assert response.status_code == 200
    content = downloaded(response)
    assert_xlsx_text(content, HOSTILE_NOTE, HOSTILE_NAME, HOSTILE_MINUS)
    first = ExportSheet(content).header_row + 1
    days = [cell for cell in xlsx_cells(content) if cell.row == first and cell.column == 6]
    assert [(cell.value, cell.data_type) for cell in days] == [(1, "n")]


@pytest.mark.parametrize("file_format", ["xlsx", "csv"])
def test_attendance_adjustment_report_writes_user_text_as_text(
    client_for: Any, make_user: Any, employee: Any, file_format: str
) -> None:
    check_in(employee, local(DAY, 8))
    check_out(employee, local(DAY, 19))
    attendance_days_recompute_range(employee_ids=[employee.pk], start=DAY, end=DAY)
    flags = ["allow_report", "allow_attendance_adjustment", "allow_attendance_adjustment_create"]
    hr = client_for(make_user(flags=flags))
    line = {"employee_number_formatted": "H-1", "date": "2026-03-16", "lembur_aktual": 1.5, "is_valid": 1}
    submitted = hr.post("/api/web/v1/attendance_log/adjustment", [{**line, "standby": 0}], format="json")
    assert submitted.status_code == 201, submitted.content
    params = {"employee_id": json.dumps({"0": "H-1"}), "start_date": "2026-03-16", "end_date": "2026-03-16"}
    response = hr.get("/api/web/v1/report/attendance_adjustment/export", {**params, "format": file_format})
    assert response.status_code == 200
    if file_format == "csv":
        assert_csv_text(downloaded(response), HOSTILE_NAME)
    else:
        content = downloaded(response)
        assert_xlsx_text(content, HOSTILE_NAME)
        first = ExportSheet(content).header_row + 1
        overtime = [cell for cell in xlsx_cells(content) if cell.row == first and cell.column in (9, 10)]
        assert [(cell.value, cell.data_type) for cell in overtime] == [(2.0, "n"), (1.5, "n")]
