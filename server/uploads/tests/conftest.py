"""A placement with a weekday pattern (Mon-Fri 08:00-17:00, weekend off), three day-shift employees
and one night-shift employee, an uploader, and helpers that download, fill and post the template."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from openpyxl import load_workbook
from rest_framework.test import APIClient

from server.accounts.models import User
from server.jobs.models import Job
from server.jobs.tests.conftest import job_events  # noqa: F401  (fixture)
from server.schedules.models import ShiftPattern
from server.testing.factories import make_employee, make_man_power, make_pattern, make_shift
from server.uploads.jobs import UPLOAD_KIND
from server.workforce.models import Employee, ManPower, ManPowerType

URL = "/api/web/v1/attendance_log"
START = date(2025, 3, 3)  # a Monday
END = date(2025, 3, 9)  # the Sunday after


@pytest.fixture(autouse=True)
def _media(tmp_path: Any) -> Iterator[None]:
    with override_settings(MEDIA_ROOT=tmp_path / "media"):
        yield


@dataclass
class Site:
    man_power: ManPower
    day_workers: list[Employee]
    night_worker: Employee
    other: Employee
    pattern: ShiftPattern


@pytest.fixture
def site(db: Any) -> Site:
    man_power = make_man_power(
        type=ManPowerType.SITE, name="Site Uji #1 (Kalimantan)", timezone="Asia/Makassar"
    )
    day = make_shift(time_in=time(8), time_out=time(17))
    night = make_shift(time_in=time(22), time_out=time(6), break_start=None, break_end=None)
    week = make_pattern([day, day, day, day, day, None, None], starting_date=date(2025, 1, 6))
    nights = make_pattern([night, night, night, night, night, None, None], starting_date=date(2025, 1, 6))
    workers = [
        make_employee(
            man_power=man_power, pattern=week, name=f"Pekerja {n}", employee_number_formatted=f"UP-{n:04d}"
        )
        for n in range(1, 4)
    ]
    night_worker = make_employee(
        man_power=man_power, pattern=nights, name="Pekerja Malam", employee_number_formatted="UP-0009"
    )
    other = make_employee(man_power=make_man_power(name="Kantor Lain"), pattern=week, name="Orang Lain")
    return Site(man_power, workers, night_worker, other, week)


@pytest.fixture
def uploader(make_user: Callable[..., User]) -> User:
    return make_user(flags=["allow_upload_manual"], fullname="Admin Unggah")


@pytest.fixture
def client(uploader: User, client_for: Callable[..., APIClient]) -> APIClient:
    return client_for(uploader)


def download(
    client: APIClient, man_power: ManPower, start: date = START, end: date = END
) -> tuple[bytes, str]:
    answer = client.get(
        f"{URL}/export_attendance",
        {"start_date": start.isoformat(), "end_date": end.isoformat(), "man_power_name": man_power.name},
    )
    assert answer.status_code == 200, answer.content[:300]
    disposition = answer["Content-Disposition"]
    name = disposition.split("filename=")[1].strip('"')
    return downloaded(answer), name


def downloaded(response: Any) -> bytes:
    async def collect() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(collect)()


Edits = Mapping[tuple[str, str], Mapping[str, Any]]


def iso(value: Any) -> str:
    """A template's date cell (read as a datetime) as its Y-m-d, so rows are found by their date."""
    return value.date().isoformat() if isinstance(value, datetime) else str(value)


def fill(content: bytes, edits: Edits, *, extra: list[list[Any]] | None = None) -> bytes:
    """Set cells of the rows identified by (employee number, date): column letter → value."""
    book = load_workbook(io.BytesIO(content))
    sheet = book["Sheet"]
    for row in sheet.iter_rows(min_row=2):
        key = (str(row[0].value), iso(row[2].value))
        for letter, value in edits.get(key, {}).items():
            sheet[f"{letter}{row[0].row}"] = value
    for values in extra or []:
        sheet.append(values)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def post(client: APIClient, content: bytes, name: str, capture: Any) -> Any:
    with capture(execute=True):
        return client.post(
            f"{URL}/import_attendance",
            {"upload_file": SimpleUploadedFile(name, content, content_type="application/octet-stream")},
            format="multipart",
        )


def last_job() -> Job:
    return Job.objects.filter(kind=UPLOAD_KIND).latest("pk")
