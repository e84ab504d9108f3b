"""Formula injection (DESIGN §16) in the upload files: the template (names from HR) and the error file
(what the uploader typed, written back) keep formula-like text as text, value unchanged."""

from __future__ import annotations

import io
from typing import Any

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.jobs.models import JobStatus
from server.testing.spreadsheets import (
    HOSTILE_MINUS,
    HOSTILE_NAME,
    HOSTILE_NOTE,
    assert_xlsx_text,
    downloaded,
)
from server.uploads.tests.conftest import START, URL, Site, download, iso, last_job, post

pytestmark = [pytest.mark.django_db]


def test_the_template_writes_names_as_text(site: Site, client: APIClient) -> None:
    worker = site.day_workers[0]
    worker.name = HOSTILE_NAME
    worker.save(update_fields=["name"])
    content, _ = download(client, site.man_power)
    assert_xlsx_text(content, HOSTILE_NAME)


def typed_as_text(content: bytes, number: str, values: dict[str, str]) -> bytes:
    """The template with text typed into the row of `number` on the first day, as Excel stores a typed
    '=…' in a text-formatted cell: a string cell, not a formula."""
    book = load_workbook(io.BytesIO(content))
    sheet = book["Sheet"]
    for row in sheet.iter_rows(min_row=2):
        if (row[0].value, iso(row[2].value)) == (number, str(START)):
            for letter, value in values.items():
                cell = sheet[f"{letter}{row[0].row}"]
                cell.value = value
                cell.data_type = "s"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_error_file_writes_typed_text_back_as_text(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    typed = typed_as_text(content, "UP-0001", {"D": HOSTILE_NOTE, "E": HOSTILE_MINUS})
    post(client, typed, name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.FAILED and job.result["error_file"] is True
    errors = client.get(f"{URL}/import_attendance/{job.hash_id}/errors")
    assert errors.status_code == 200
    assert_xlsx_text(downloaded(errors), HOSTILE_NOTE, HOSTILE_MINUS)
