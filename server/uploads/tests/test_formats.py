"""What a filled template may hold (DESIGN §18): times in the Indonesian notation ('08.00') as well as
'08:00', dates as real date cells or day first ('14/03/2022'); messages name dates as the screens do
('3 Maret 2025'); the error file's messages read as sentences; a failed upload says what it imported."""

from __future__ import annotations

import io
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.attendance.models import AttendanceDay
from server.jobs.models import JobStatus
from server.uploads import messages as msg
from server.uploads.models import ManualUpload, ManualUploadLine
from server.uploads.reader import parse_date, parse_time
from server.uploads.tests.conftest import START, URL, Site, download, downloaded, fill, last_job, post

WITA = ZoneInfo("Asia/Makassar")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("08.00", time(8)),
        ("8.05", time(8, 5)),
        ("08:00", time(8)),
        ("17.30.15", time(17, 30, 15)),
        ("17:30:15", time(17, 30, 15)),
        ("00.00", time(0)),
        (" 23.59 ", time(23, 59)),
        (0.5, time(12)),
    ],
)
def test_times_in_either_notation(text: Any, expected: time) -> None:
    assert parse_time(text) == expected


@pytest.mark.parametrize("text", ["8 pagi", "08.00:00", "08:00.00", "24.00", "08.60", "0800", "8.0", "08,00"])
def test_times_that_are_not_times(text: str) -> None:
    with pytest.raises(ValueError):
        parse_time(text)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("14/03/2022", date(2022, 3, 14)),
        ("4/3/2025", date(2025, 3, 4)),
        ("14-03-2022", date(2022, 3, 14)),
        ("2022-03-14", date(2022, 3, 14)),
        (45719, date(2025, 3, 3)),
        (datetime(2025, 3, 3), date(2025, 3, 3)),
    ],
)
def test_dates_day_first_or_as_cells(value: Any, expected: date) -> None:
    assert parse_date(value) == expected


@pytest.mark.parametrize("text", ["31/02/2025", "14/03-2022", "3 Maret 2025", "2022/03/14"])
def test_dates_that_are_not_dates(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)


@pytest.mark.django_db
def test_a_file_with_indonesian_times_is_imported(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    edits = {
        ("UP-0001", str(START)): {"D": "08.00", "E": "17.30", "G": "1"},
        ("UP-0002", str(START)): {"D": "07.55.00", "E": "17:00"},
    }
    post(client, fill(content, edits), name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.SUCCEEDED, (job.message, job.errors)
    upload = ManualUpload.objects.get()
    assert job.message == msg.DONE.format(count=2, form_number=upload.form_number)
    # The counts it ends with: every filled row imported (blank rows are Alpa, not counted).
    assert (job.processed, job.total) == (2, 2)
    assert (job.result["imported"], job.result["rows"]) == (2, 2)
    day = AttendanceDay.objects.get(employee=site.day_workers[0], date=START)
    assert (day.check_in, day.check_out) == (
        datetime(2025, 3, 3, 8, tzinfo=WITA),
        datetime(2025, 3, 3, 17, 30, tzinfo=WITA),
    )
    line = ManualUploadLine.objects.get(employee=site.day_workers[1])
    assert (line.check_in, line.check_out, line.lembur_aktual) == (time(7, 55), time(17), None)
    assert ManualUploadLine.objects.get(employee=site.day_workers[0]).lembur_aktual == Decimal("1.00")


@pytest.mark.django_db
def test_errors_are_listed_once_and_the_error_file_reads_as_sentences(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    # Two bad cells on one row, one on another, one good row.
    edits = {
        ("UP-0001", str(START)): {"D": "8 pagi", "E": "17.00", "G": "dua"},
        ("UP-0002", str(START)): {"C": "1/4/2025", "D": "08.00", "E": "17.00"},
        ("UP-0003", str(START)): {"D": "08.00", "E": "17.00"},
    }
    post(client, fill(content, edits), name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.FAILED
    assert job.message == msg.FAILED.format(count=3, rows=2)
    assert [(e["item"], e["message"]) for e in job.errors] == [
        ("Baris 2", f"Kolom Jam Datang (D): {msg.TIME_FORMAT}"),
        ("Baris 2", f"Kolom Lembur Aktual (G): {msg.OVERTIME_FORMAT}"),
        (
            "Baris 9",
            "Kolom Tanggal (C): "
            + msg.DATE_OUT_OF_RANGE.format(date="1 April 2025", period="3 Maret 2025 s.d. 9 Maret 2025"),
        ),
    ]
    assert job.error_count == 3
    # Nothing imported of the three filled rows; two of them are wrong.
    assert (job.processed, job.total) == (0, 3)
    assert (job.result["imported"], job.result["rows"], job.result["error_rows"]) == (0, 3, 2)

    errors = client.get(f"{URL}/import_attendance/{job.hash_id}/errors")
    rows = list(load_workbook(io.BytesIO(downloaded(errors)))["Sheet"].iter_rows(values_only=True))
    assert [r[0] for r in rows[1:]] == [2, 9]
    # The date as a date cell, as the template wrote it.
    assert rows[1][3] == datetime(2025, 3, 3)
    text = rows[1][8]
    assert text == (
        f"Baris 2, kolom Jam Datang (D): {msg.TIME_FORMAT} "
        f"Baris 2, kolom Lembur Aktual (G): {msg.OVERTIME_FORMAT}"
    )
    assert ".;" not in text
    for message in vars(msg).values():
        if isinstance(message, str):
            assert ".;" not in message and "Y-m-d" not in message and "HH:mm" not in message
