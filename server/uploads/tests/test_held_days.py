"""The days the app already holds (doc2 §5: 'the system rejects rows already filled through the
app'): the template marks them (grey fill, a note on the date, the Status column) and locks them (sheet
protection; only the columns to fill of the other rows stay editable), and the upload refuses the same
days, naming what the app holds."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.attendance.models import LogStatus
from server.izin.models import IzinCode, IzinStatus
from server.jobs.models import JobStatus
from server.testing.factories import check_in, make_izin, make_log
from server.uploads import messages as msg
from server.uploads.models import ManualUpload
from server.uploads.selectors import HeldKind, held_days
from server.uploads.tests.conftest import START, Site, download, fill, iso, last_job, post

pytestmark = [pytest.mark.django_db]

WITA = ZoneInfo("Asia/Makassar")
MON, TUE, WED = START, START + timedelta(days=1), START + timedelta(days=2)


def marks(content: bytes) -> dict[tuple[str, str], dict[str, Any]]:
    """Each row of the template by (employee, date): its Status, fill, note and which cells are locked."""
    book = load_workbook(io.BytesIO(content))
    sheet = book["Sheet"]
    assert sheet.protection.sheet is True
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sheet.iter_rows(min_row=2):
        found[(str(row[0].value), iso(row[2].value))] = {
            "status": row[7].value,
            "fill": row[3].fill.fgColor.rgb if row[3].fill.fill_type == "solid" else None,
            "note": row[2].comment.text if row[2].comment else None,
            "locked": [cell.protection.locked for cell in row[:8]],
        }
    return found


def test_the_template_marks_and_locks_the_days_the_app_holds(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    one, two, three = site.day_workers
    # An earlier upload of UP-0001's Monday.
    content, name = download(client, site.man_power)
    post(
        client,
        fill(content, {("UP-0001", str(MON)): {"D": "08.00", "E": "17.00"}}),
        name,
        django_capture_on_commit_callbacks,
    )
    form = ManualUpload.objects.get().form_number
    check_in(two, datetime(2025, 3, 4, 8, tzinfo=WITA), attendance_date=TUE)  # an attendance
    make_izin(three, IzinCode.SAKIT, WED)  # an approved izin
    make_izin(three, IzinCode.SAKIT, MON, status=IzinStatus.WAITING_APPROVAL)  # not decided: open
    # A rejected log holds nothing.
    check_in(one, datetime(2025, 3, 5, 8, tzinfo=WITA), attendance_date=WED, status=LogStatus.REJECTED)

    content, _ = download(client, site.man_power)
    rows = marks(content)
    held = {
        ("UP-0001", str(MON)): msg.HELD_UPLOADED.format(form_number=form),
        ("UP-0002", str(TUE)): msg.HELD_ATTENDANCE,
        ("UP-0003", str(WED)): msg.HELD_IZIN,
    }
    for key, what in held.items():
        assert rows[key]["status"] == msg.HELD_STATUS.format(what=what), key
        assert rows[key]["fill"] == "00D9D9D9"
        assert rows[key]["note"] == msg.HELD_NOTE.format(what=what)
        assert rows[key]["locked"] == [True] * 8
    open_rows = {key: row for key, row in rows.items() if key not in held}
    assert len(open_rows) == 4 * 7 - 3
    for key, row in open_rows.items():
        assert (row["status"], row["fill"], row["note"]) == (None, None, None), key
        # ID, name and date stay as the template wrote them; the times, code and overtime are filled.
        assert row["locked"] == [True, True, True, False, False, False, False, True], key


def test_the_upload_refuses_the_marked_days_naming_what_the_app_holds(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    _, two, three = site.day_workers
    make_log(two, "check_out", datetime(2025, 3, 4, 17, tzinfo=WITA), attendance_date=TUE)
    make_izin(three, IzinCode.CUTI, MON, TUE)
    content, name = download(client, site.man_power)
    edits = {
        ("UP-0002", str(TUE)): {"D": "08.00", "E": "17.00"},
        ("UP-0003", str(TUE)): {"D": "08.00", "E": "17.00"},
        ("UP-0001", str(TUE)): {"D": "08.00", "E": "17.00"},
    }
    post(client, fill(content, edits), name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.FAILED
    assert [e["message"] for e in job.errors] == [
        "Kolom Tanggal (C): "
        + msg.ALREADY_FILLED.format(number="UP-0002", date="4 Maret 2025", what=msg.HELD_ATTENDANCE),
        "Kolom Tanggal (C): "
        + msg.ALREADY_FILLED.format(number="UP-0003", date="4 Maret 2025", what=msg.HELD_IZIN),
    ]
    # What it says it did: nothing imported of the three filled rows, two of them refused.
    assert (job.processed, job.total) == (0, 3)
    assert (job.result["imported"], job.result["rows"], job.result["error_rows"]) == (0, 3, 2)
    assert job.message == msg.FAILED.format(count=2, rows=2)


def test_held_days_reads_the_logs_and_the_approved_izin(site: Site) -> None:
    one = site.day_workers[0]
    check_in(one, datetime(2025, 3, 3, 8, tzinfo=WITA), attendance_date=MON)
    make_izin(one, IzinCode.SAKIT, MON, TUE)
    found = held_days(employee_ids=[one.pk], start=MON, end=WED)
    assert {key: value.kind for key, value in found.items()} == {
        (one.pk, MON): HeldKind.ATTENDANCE,
        (one.pk, TUE): HeldKind.IZIN,
    }
    assert held_days(employee_ids=[], start=MON, end=WED) == {}
