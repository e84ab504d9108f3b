"""The import: values written through the engine, all or nothing, per-row messages, the error file,
the second upload refused, the dashboard told after commit, progress events, the list and detail."""

from __future__ import annotations

import io
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus
from server.izin.models import IzinRequest
from server.jobs.models import JobStatus
from server.jobs.tests.conftest import Event
from server.testing.factories import check_in, make_holiday, make_man_power, make_pattern, make_shift
from server.testing.stats import analyzed_since, last_analyze
from server.uploads import messages as msg
from server.uploads import services
from server.uploads.models import ManualUpload, ManualUploadLine
from server.uploads.tests.conftest import END, START, URL, Site, download, downloaded, fill, last_job, post
from server.workforce.models import Employee

pytestmark = [pytest.mark.django_db]

WITA = ZoneInfo("Asia/Makassar")
MON, TUE, WED, SAT = START, START + timedelta(days=1), START + timedelta(days=2), START + timedelta(days=5)


def good_edits() -> dict[tuple[str, str], dict[str, Any]]:
    return {
        ("UP-0001", str(MON)): {"D": "08:00", "E": "17:30:00", "G": "1,5"},
        ("UP-0002", str(TUE)): {"D": "00:00:00", "E": "00:00:00", "F": "sakit"},
        ("UP-0003", str(SAT)): {"D": "09:00", "E": "13:00", "F": "shift_off"},
        ("UP-0009", str(MON)): {"D": "22:00", "E": "06:00"},
    }


@pytest.mark.parametrize("copy_threshold", [services.COPY_THRESHOLD, 1], ids=["bulk_create", "copy"])
def test_a_valid_file_is_imported_through_the_engine(
    site: Site,
    client: APIClient,
    django_capture_on_commit_callbacks: Any,
    job_events: list[Event],
    monkeypatch: pytest.MonkeyPatch,
    copy_threshold: int,
) -> None:
    """Small imports go through bulk_create, large ones through COPY (on PostgreSQL): same rows."""
    monkeypatch.setattr(services, "COPY_THRESHOLD", copy_threshold)
    content, name = download(client, site.man_power)
    answer = post(client, fill(content, good_edits()), name, django_capture_on_commit_callbacks)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["message"] == msg.STARTED
    job = last_job()
    assert job.status == JobStatus.SUCCEEDED, (job.message, job.errors)
    upload = ManualUpload.objects.get()
    assert job.message == msg.DONE.format(count=4, form_number=upload.form_number)
    assert (upload.total_data, upload.start_date, upload.end_date, upload.man_power) == (
        4,
        START,
        END,
        site.man_power,
    )
    assert upload.creator is not None and upload.creator.fullname == "Admin Unggah"
    assert job.result["form_number"] == upload.form_number

    one, two, three = site.day_workers
    day = AttendanceDay.objects.get(employee=one, date=MON)
    assert day.keterangan == Keterangan.HADIR
    assert day.check_in == datetime(2025, 3, 3, 8, tzinfo=WITA)
    assert day.check_out == datetime(2025, 3, 3, 17, 30, tzinfo=WITA)
    assert (day.overtime_workday_minutes, day.actual_overtime_minutes, day.late_minutes) == (30, 90, 0)
    assert AttendanceDay.objects.get(employee=two, date=TUE).keterangan == Keterangan.SAKIT
    off = AttendanceDay.objects.get(employee=three, date=SAT)
    assert (off.keterangan, off.is_shift_off, off.overtime_holiday_minutes) == (Keterangan.HADIR, True, 240)
    night = AttendanceDay.objects.get(employee=site.night_worker, date=MON)
    assert night.check_out == datetime(2025, 3, 4, 6, tzinfo=WITA)
    assert night.working_minutes == 480
    logs = AttendanceLog.objects.filter(employee__man_power=site.man_power)
    assert logs.count() == 6
    assert set(logs.values_list("status", flat=True)) == {LogStatus.MANUAL_APPROVED}
    assert IzinRequest.objects.filter(employee=two, start_date=TUE).count() == 1
    lines = ManualUploadLine.objects.filter(upload=upload)
    assert lines.count() == 4
    assert lines.get(employee=one).lembur_aktual == Decimal("1.50")

    dashboard = [data for _, topic, kind, data, _ in job_events if topic == "dashboard"]
    assert dashboard == [{"reason": "manual_upload"}]
    rows = [data for _, topic, _, data, _ in job_events if topic == "jobs" and data["job"] == job.hash_id]
    assert rows[0]["status"] in ("queued", "running") and rows[-1]["status"] == "succeeded"
    # The hint is sent once the import's transaction committed, before the job reports success.
    order = [(topic, data.get("status")) for _, topic, _, data, _ in job_events]
    assert order.index(("dashboard", None)) < order.index(("jobs", "succeeded"))

    listed = client.get(f"{URL}/manual_list").json()
    assert listed["recordsTotal"] == 1
    row = listed["data"][0]
    assert row["form_number"] == upload.form_number and row["creator_user_name"] == "Admin Unggah"
    assert (row["total_data"], row["start_date"], row["end_date"]) == (4, str(START), str(END))
    assert row["man_power_name"] == site.man_power.name
    detail = client.get(f"{URL}/manual_list_detail", {"code": upload.form_number}).json()
    assert detail["parent_detail"]["form_number"] == upload.form_number
    assert detail["recordsTotal"] == 4
    first = detail["detail"][0]
    assert (first["employee_number_formatted"], first["date"], first["check_in"], first["check_out"]) == (
        "UP-0001",
        str(MON),
        "08:00:00",
        "17:30:00",
    )
    assert first["lembur_aktual"] == 1.5
    assert client.get(f"{URL}/manual_list_detail", {"code": "UPL-tidak-ada"}).status_code == 404


def test_the_same_file_twice_is_refused_the_second_time(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    filled = fill(content, good_edits())
    post(client, filled, name, django_capture_on_commit_callbacks)
    form = ManualUpload.objects.get().form_number
    answer = post(client, filled, name, django_capture_on_commit_callbacks)
    assert answer.status_code == 200
    job = last_job()
    assert job.status == JobStatus.FAILED
    assert job.message == msg.FAILED.format(count=4, rows=4)
    assert job.errors[0] == {
        "item": "Baris 2",
        "message": "Kolom Tanggal (C): "
        + msg.ALREADY_UPLOADED.format(number="UP-0001", date="3 Maret 2025", form_number=form),
    }
    assert ManualUpload.objects.count() == 1 and ManualUploadLine.objects.count() == 4


def row_of(number: str, day: Any) -> int:
    """The sheet row of (employee, date) in the template of the `site` fixture (employee-major)."""
    order = ["UP-0001", "UP-0002", "UP-0003", "UP-0009"]
    return 2 + order.index(number) * 7 + (day - START).days


@pytest.mark.parametrize(
    ("edits", "column", "message"),
    [
        ({"D": "8 pagi", "E": "17:00"}, "Jam Datang (D)", msg.TIME_FORMAT),
        ({"D": "08:00", "E": "25:00"}, "Jam Pulang (E)", msg.TIME_FORMAT),
        ({"D": "08:00"}, "Jam Pulang (E)", msg.TIME_BOTH),
        ({"E": "17:00"}, "Jam Datang (D)", msg.TIME_BOTH),
        ({"D": "17:00", "E": "08:00"}, "Jam Pulang (E)", msg.CHECK_OUT_BEFORE_IN),
        ({"D": "08:00", "E": "17:00", "F": "cuti"}, "Kode (F)", msg.CODE_UNKNOWN),
        ({"D": "08:00", "E": "17:00", "F": "sakit"}, "Jam Datang (D)", msg.SICK_TIMES),
        (
            {"D": "08:00", "E": "17:00", "F": "shift_off"},
            "Kode (F)",
            msg.SHIFT_OFF_WORKDAY.format(date="3 Maret 2025"),
        ),
        ({"D": "08:00", "E": "17:00", "G": "-1"}, "Lembur Aktual (G)", msg.OVERTIME_FORMAT),
        ({"D": "08:00", "E": "17:00", "G": "dua"}, "Lembur Aktual (G)", msg.OVERTIME_FORMAT),
        ({"G": "2"}, "Lembur Aktual (G)", msg.OVERTIME_WITHOUT_ATTENDANCE),
        ({"C": "3 Maret 2025", "D": "08:00", "E": "17:00"}, "Tanggal (C)", msg.DATE_FORMAT),
        (
            {"C": "2025-04-01", "D": "08:00", "E": "17:00"},
            "Tanggal (C)",
            msg.DATE_OUT_OF_RANGE.format(date="1 April 2025", period="3 Maret 2025 s.d. 9 Maret 2025"),
        ),
        (
            {"A": "TIDAK-ADA", "D": "08:00", "E": "17:00"},
            "ID Karyawan (A)",
            msg.EMPLOYEE_UNKNOWN.format(number="TIDAK-ADA"),
        ),
        ({"D": "08:00", "E": "17:00", "G": "=1+1"}, "Lembur Aktual (G)", msg.FORMULA),
    ],
)
def test_each_rule_names_the_row_and_column(
    site: Site,
    client: APIClient,
    django_capture_on_commit_callbacks: Any,
    job_events: list[Event],
    edits: dict[str, Any],
    column: str,
    message: str,
) -> None:
    content, name = download(client, site.man_power)
    filled = fill(content, {**good_edits(), ("UP-0001", str(MON)): edits})
    post(client, filled, name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.FAILED
    row = row_of("UP-0001", MON)
    assert [(e["item"], e["message"]) for e in job.errors] == [(f"Baris {row}", f"Kolom {column}: {message}")]
    assert job.message == msg.FAILED.format(count=1, rows=1)
    # All or nothing: the three good rows were not written either.
    assert not ManualUpload.objects.exists() and not ManualUploadLine.objects.exists()
    assert not AttendanceLog.objects.exists() and not IzinRequest.objects.exists()
    assert not [topic for _, topic, _, _, _ in job_events if topic == "dashboard"]


def test_day_kind_rules(site: Site, client: APIClient, django_capture_on_commit_callbacks: Any) -> None:
    make_holiday(WED, name="Nyepi")
    check_in(site.day_workers[1], datetime(2025, 3, 3, 8, tzinfo=WITA), attendance_date=MON)
    content, name = download(client, site.man_power)
    edits = {
        ("UP-0001", str(SAT)): {"D": "08:00", "E": "12:00"},  # off day without shift_off
        ("UP-0001", str(WED)): {"D": "08:00", "E": "12:00", "F": "shift_off"},  # holiday with a code
        ("UP-0003", str(WED)): {"D": "00:00", "E": "00:00", "F": "sakit"},  # sick on a holiday
        ("UP-0002", str(MON)): {"D": "08:00", "E": "17:00"},  # already filled through the app
        ("UP-0003", str(WED + timedelta(days=1))): {"D": "08:00", "E": "17:00"},  # fine on its own
    }
    extra = [[site.other.employee_number_formatted, "Orang Lain", str(MON), "08:00", "17:00", None, None]]
    extra.append(["UP-0003", "Pekerja 3", str(WED + timedelta(days=1)), "08:00", "17:00", None, None])
    post(client, fill(content, edits, extra=extra), name, django_capture_on_commit_callbacks)
    job = last_job()
    texts = [f"{e['item']}, k{e['message'][1:]}" for e in job.errors]
    sat, wed, mon2 = row_of("UP-0001", SAT), row_of("UP-0001", WED), row_of("UP-0002", MON)
    assert texts == [
        f"Baris {wed}, kolom Kode (F): " + msg.HOLIDAY_CODE.format(date="5 Maret 2025"),
        f"Baris {sat}, kolom Kode (F): " + msg.SHIFT_OFF_REQUIRED.format(date="8 Maret 2025"),
        f"Baris {mon2}, kolom Tanggal (C): "
        + msg.ALREADY_FILLED.format(number="UP-0002", date="3 Maret 2025", what=msg.HELD_ATTENDANCE),
        f"Baris {row_of('UP-0003', WED)}, kolom Kode (F): "
        + msg.SICK_NOT_WORKDAY.format(date="5 Maret 2025"),
        "Baris 30, kolom ID Karyawan (A): "
        + msg.EMPLOYEE_OTHER_PLACEMENT.format(
            number=site.other.employee_number_formatted, name=site.man_power.name
        ),
        "Baris 31, kolom Tanggal (C): "
        + msg.DUPLICATE_ROW.format(
            number="UP-0003", date="6 Maret 2025", other=row_of("UP-0003", WED + timedelta(days=1))
        ),
    ]
    assert job.message == msg.FAILED.format(count=6, rows=6)
    assert not ManualUpload.objects.exists()

    errors = client.get(f"{URL}/import_attendance/{job.hash_id}/errors")
    assert errors.status_code == 200
    assert "Kesalahan_Template_site" in errors["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(downloaded(errors)))["Sheet"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == (
        "Baris",
        "ID Karyawan",
        "Nama",
        "Tanggal",
        "Jam Datang",
        "Jam Pulang",
        "Kode",
        "Lembur Aktual",
        "Kesalahan",
    )
    assert [r[0] for r in rows[1:]] == sorted([sat, wed, mon2, row_of("UP-0003", WED), 30, 31])
    assert rows[1][1] == "UP-0001" and rows[1][8].startswith(f"Baris {wed}")


def test_an_empty_sheet_has_nothing_to_import(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    post(client, content, name, django_capture_on_commit_callbacks)
    job = last_job()
    assert (job.status, job.message) == (JobStatus.FAILED, msg.FILE_NO_ROWS)


def test_a_stored_file_gone_before_its_job_says_so(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    """Not 'File Excel rusak': the file the job was to read is not on this server's media."""
    content, name = download(client, site.man_power)
    upload = SimpleUploadedFile(name, fill(content, good_edits()), "application/octet-stream")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        answer = client.post(f"{URL}/import_attendance", {"upload_file": upload}, format="multipart")
    assert answer.status_code == 200, answer.json()
    stored = Path(settings.MEDIA_ROOT) / last_job().params["path"]
    stored.unlink()
    for callback in callbacks:
        callback()
    job = last_job()
    assert (job.status, job.message) == (JobStatus.FAILED, msg.FILE_MISSING)
    assert job.errors == [{"item": "File", "message": msg.FILE_MISSING}]
    assert not ManualUpload.objects.exists()


def test_upload_needs_the_flag(site: Site, client: APIClient, flagless_user: Any, client_for: Any) -> None:
    content, _ = download(client, site.man_power)
    other = client_for(flagless_user)
    answer = other.post(f"{URL}/import_attendance", {"upload_file": io.BytesIO(content)}, format="multipart")
    assert answer.status_code == 403
    assert other.get(f"{URL}/manual_list").status_code == 403
    assert other.get(f"{URL}/manual_list_detail", {"code": "x"}).status_code == 403


def test_one_bad_row_among_ten_thousand_writes_nothing(
    client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    placement = make_man_power(type="pool", name="Pool Besar", timezone="Asia/Jayapura")
    every_day = make_pattern([make_shift(time_in=time(7), time_out=time(16))])
    Employee.objects.bulk_create(
        Employee(
            employee_number=f"B{n:05d}",
            employee_number_formatted=f"B-{n:05d}",
            name=f"Besar {n}",
            man_power=placement,
            shift_pattern=every_day,
        )
        for n in range(400)
    )
    first, last = date(2025, 5, 1), date(2025, 5, 25)
    content, name = download(client, placement, first, last)
    book = load_workbook(io.BytesIO(content))
    sheet = book["Sheet"]
    assert sheet.max_row == 10_001
    for row in sheet.iter_rows(min_row=2):
        row[3].value, row[4].value = "07:00", "16:00"
    sheet["E5000"] = "06:00"
    out = io.BytesIO()
    book.save(out)
    post(client, out.getvalue(), name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.FAILED
    assert [(e["item"], e["message"]) for e in job.errors] == [
        ("Baris 5000", f"Kolom Jam Pulang (E): {msg.CHECK_OUT_BEFORE_IN}")
    ]
    assert not ManualUpload.objects.exists() and not AttendanceLog.objects.exists()
    assert not AttendanceDay.objects.filter(employee__man_power=placement).exists()

    sheet["E5000"] = "16:00"
    out = io.BytesIO()
    book.save(out)
    post(client, out.getvalue(), name, django_capture_on_commit_callbacks)
    job = last_job()
    assert job.status == JobStatus.SUCCEEDED, (job.message, job.errors[:3])
    assert ManualUploadLine.objects.count() == 10_000
    assert (
        AttendanceDay.objects.filter(employee__man_power=placement, keterangan=Keterangan.HADIR).count()
        == 10_000
    )
    assert job.processed == job.total


def test_a_large_upload_ends_with_analyze_of_what_it_filled(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From BULK_ROWS rows (here 1) the import analyzes the tables it filled, after its commit."""
    monkeypatch.setattr(services, "BULK_ROWS", 1)
    before = {model: last_analyze(model) for model in (ManualUploadLine, AttendanceLog, AttendanceDay)}
    content, name = download(client, site.man_power)
    answer = post(client, fill(content, good_edits()), name, django_capture_on_commit_callbacks)
    assert answer.status_code == 200, answer.json()
    assert last_job().status == JobStatus.SUCCEEDED
    assert analyzed_since(before) == []
