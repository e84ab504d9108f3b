"""The template: rows, columns, code list, file name, signature; the form rules."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.uploads import messages as msg
from server.uploads.template import COLUMNS, SIGNATURE_SHEET, SIGNATURE_TAG, signature_digest
from server.uploads.tests.conftest import END, START, URL, Site, download

pytestmark = [pytest.mark.django_db]


def test_template_has_a_row_per_employee_per_date_and_a_signature(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    assert name == f"Template_site_Site Uji 1 Kalimantan_{START}_sd_{END}.xlsx"
    book = load_workbook(io.BytesIO(content))
    assert book.sheetnames == ["Sheet", SIGNATURE_SHEET]
    assert book[SIGNATURE_SHEET].sheet_state == "veryHidden"
    sheet = book["Sheet"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == (*COLUMNS, "Status")
    assert len(rows) - 1 == 4 * 7
    # The date a real date cell (DESIGN §18), shown day first.
    assert rows[1] == ("UP-0001", "Pekerja 1", datetime(2025, 3, 3), None, None, None, None, None)
    assert sheet["C2"].number_format == "dd/mm/yyyy" and sheet["D2"].number_format == "@"
    assert {r[0] for r in rows[1:]} == {"UP-0001", "UP-0002", "UP-0003", "UP-0009"}
    validations = sheet.data_validations.dataValidation
    assert len(validations) == 1 and validations[0].formula1 == '"sakit,shift_off"'
    assert str(validations[0].sqref) == "F2:F29"
    tag, hash_id, start, end, file_name, digest = [
        r[0] for r in book[SIGNATURE_SHEET].iter_rows(values_only=True)
    ]
    assert (tag, hash_id, start, end, file_name) == (
        SIGNATURE_TAG,
        site.man_power.hash_id,
        str(START),
        str(END),
        name,
    )
    assert digest == signature_digest(site.man_power.hash_id, START, END, name)
    assert book.properties.keywords == digest


def test_template_leaves_out_days_an_employee_does_not_attend(site: Site, client: APIClient) -> None:
    site.day_workers[0].resigned_date = START + timedelta(days=1)
    site.day_workers[0].is_active = False
    site.day_workers[0].save()
    content, _ = download(client, site.man_power)
    rows = list(load_workbook(io.BytesIO(content))["Sheet"].iter_rows(min_row=2, values_only=True))
    assert len([r for r in rows if r[0] == "UP-0001"]) == 2
    assert len(rows) == 3 * 7 + 2


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"start_date": "2025-03-01", "end_date": "2025-03-02"}, msg.INCOMPLETE_FORM),
        ({"start_date": "", "end_date": "2025-03-02", "man_power_name": "X"}, msg.INCOMPLETE_FORM),
        ({"start_date": "03-01-2025", "end_date": "2025-03-02", "man_power_name": "X"}, msg.BAD_DATE),
        ({"start_date": "2025-03-05", "end_date": "2025-03-02", "man_power_name": "X"}, msg.RANGE_REVERSED),
        (
            {"start_date": "2025-03-01", "end_date": "2025-03-02", "man_power_name": "Tidak Ada"},
            msg.MAN_POWER_UNKNOWN.format(name="Tidak Ada"),
        ),
    ],
)
def test_template_form_rules(site: Site, client: APIClient, params: dict[str, str], message: str) -> None:
    answer = client.get(f"{URL}/export_attendance", params)
    assert answer.status_code == 422
    assert answer.json()["message"] == message


def test_template_refuses_more_than_ten_thousand_rows(site: Site, client: APIClient) -> None:
    answer = client.get(
        f"{URL}/export_attendance",
        {"start_date": "2020-01-01", "end_date": "2027-01-01", "man_power_name": site.man_power.name},
    )
    assert answer.status_code == 422
    assert "10.000" in answer.json()["message"]


def test_template_needs_the_upload_flag(site: Site, flagless_user: Any, client_for: Any) -> None:
    answer = client_for(flagless_user).get(
        f"{URL}/export_attendance",
        {"start_date": str(START), "end_date": str(END), "man_power_name": site.man_power.name},
    )
    assert answer.status_code == 403
