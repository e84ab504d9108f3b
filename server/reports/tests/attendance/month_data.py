"""The month of attendance the attendance report tests share: a frozen today, a report client, the
fixture month (Kantor Pusat and a WITA site, March 2026) and readers of the downloaded files."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from asgiref.sync import async_to_sync

from server.attendance.models import Keterangan
from server.testing.factories import (
    check_in,
    check_out,
    local,
    make_day,
)
from server.testing.spreadsheets import ExportSheet

BASE = "/api/web/v1/report"
MAKASSAR = ZoneInfo("Asia/Makassar")
MARCH = {"start_date": "2026-03-01", "end_date": "2026-03-31"}
WEEK = {"start_date": "2026-03-01", "end_date": "2026-03-10"}
PLACEMENT = {"man_power": "office", "man_power_name": "Kantor Pusat"}


def day_at(employee: Any, day: date, keterangan: str = Keterangan.HADIR, **fields: Any) -> Any:
    """An AttendanceDay with its logs: `ins`/`outs` are (hour, minute) in the placement's zone."""
    zone = ZoneInfo(employee.man_power.timezone)
    in_at, out_at = fields.pop("ins", None), fields.pop("outs", None)
    if in_at is not None:
        log = check_in(employee, local(day, *in_at, tz=zone))
        log.note = fields.pop("note_in", "")
        log.save(update_fields=["note"])
        fields.update(check_in=log.log_datetime, check_in_log=log)
    if out_at is not None:
        log = check_out(employee, local(day, *out_at, tz=zone))
        fields.update(check_out=log.log_datetime, check_out_log=log)
    fields.setdefault("is_working_day", True)
    fields.setdefault("is_closed", True)
    return make_day(employee, day, keterangan, **fields)


def employees(*numbers: str) -> dict[str, str]:
    return {"employee_id": json.dumps({str(i): n for i, n in enumerate(numbers)})}


def downloaded(response: Any) -> bytes:
    async def collect() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(collect)()


def sheet(response: Any) -> list[list[Any]]:
    return sheet_of(downloaded(response))


def minutes(count: int) -> timedelta:
    return timedelta(minutes=count)


def sheet_of(content: bytes) -> list[list[Any]]:
    """The header and the data rows of an export (its layout checked by ExportSheet)."""
    export = ExportSheet(content)
    return [export.header, *export.data]


def csv_rows(response: Any) -> list[list[str]]:
    text = downloaded(response).decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))


# ---------------------------------------------------------------- detail
