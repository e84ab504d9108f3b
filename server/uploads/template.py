"""The upload template (doc2 §5): one row per employee of a placement per date (a real date cell,
text-formatted time cells), a list of codes, the days the app already holds marked and locked, and a
signature of what it was made for.

The signature lives in a very hidden sheet ('Tanda') and in the workbook properties: the placement's
hash id, the range, the file name and an HMAC of them keyed with the server's secret. An upload is
accepted only when its signature verifies and its name is still the template's name (a browser's
" (1)" suffix for a second download of the same name is tolerated)."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import IO

from django.conf import settings
from openpyxl.worksheet.datavalidation import DataValidation

from server.core.file_names import file_name_part
from server.core.spreadsheets import DATE_FORMAT, TEXT_FORMAT, XlsxBook
from server.uploads import messages as msg
from server.uploads.selectors import HeldDay, HeldKind, held_days
from server.workforce.models import Employee, ManPower
from server.workforce.selectors import employee_attends

MAX_ROWS = 10_000
SHEET = "Sheet"
SIGNATURE_SHEET = "Tanda"
SIGNATURE_TAG = "kehadiran-template-v1"
COLUMNS = ("ID Karyawan", "Nama", "Tanggal", "Jam Datang", "Jam Pulang", "Kode", "Lembur Aktual")
CODES = ("sakit", "shift_off")
DATE_COLUMN = 2
# The columns a user fills (Jam Datang .. Lembur Aktual), editable on the rows the app does not hold.
FILLED_COLUMNS = (3, 4, 5, 6)
STATUS_LETTER = "H"
# The grey of a held (locked) row.
HELD_FILL = "D9D9D9"
# Characters stripped from the placement name in the template's file name (doc2 §5), and also what a
# path would read (the file comes back by upload under this name).
SPECIAL = re.compile(r"[~!@#$%^&*()`;<>?,\[\]{}'\"|/\\:.]")


@dataclass(frozen=True)
class Signature:
    man_power_hash_id: str
    start: date
    end: date
    file_name: str
    digest: str

    @property
    def valid(self) -> bool:
        expected = signature_digest(self.man_power_hash_id, self.start, self.end, self.file_name)
        return hmac.compare_digest(expected, self.digest)


def signature_digest(man_power_hash_id: str, start: date, end: date, file_name: str) -> str:
    message = f"{SIGNATURE_TAG}|{man_power_hash_id}|{start.isoformat()}|{end.isoformat()}|{file_name}"
    return hmac.new(settings.SECRET_KEY.encode(), message.encode(), hashlib.sha256).hexdigest()


def template_file_name(man_power: ManPower, start: date, end: date) -> str:
    name = file_name_part(man_power.name, special=SPECIAL, space=" ")
    return f"Template_{man_power.type}_{name}_{start.isoformat()}_sd_{end.isoformat()}.xlsx"


def template_employees(man_power: ManPower, start: date, end: date) -> list[Employee]:
    """Employees of the placement who have at least one attendance day in the range."""
    people = Employee.objects.filter(man_power=man_power, attendance_disabled=False).order_by(
        "employee_number_formatted"
    )
    days = _days(start, end)
    return [e for e in people if any(employee_attends(e, d) for d in days)]


def _days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days + 1)]


def template_rows(man_power: ManPower, start: date, end: date) -> Iterator[tuple[Employee, date]]:
    days = _days(start, end)
    for employee in template_employees(man_power, start, end):
        for day in days:
            if employee_attends(employee, day):
                yield employee, day


def template_row_count(man_power: ManPower, start: date, end: date) -> int:
    return sum(1 for _ in template_rows(man_power, start, end))


def held_text(held: HeldDay) -> str:
    """What the app holds on a day, as the template and the messages name it."""
    if held.kind == HeldKind.UPLOADED:
        return msg.HELD_UPLOADED.format(form_number=held.form_number)
    return msg.HELD_IZIN if held.kind == HeldKind.IZIN else msg.HELD_ATTENDANCE


def template_workbook(man_power: ManPower, start: date, end: date, output: IO[bytes]) -> str:
    """Write the template into `output`; answer its file name.

    The days the app already holds (an attendance, an approved izin, an earlier upload: the ones the
    upload refuses) are marked: a grey row, a note on the date, their Status cell, and locked by the
    sheet's protection; on the other rows only the columns to fill (Jam Datang to Lembur Aktual) can
    be edited. The protection has no password (a guard against slips, the upload checks anyway)."""
    name = template_file_name(man_power, start, end)
    digest = signature_digest(man_power.hash_id, start, end, name)
    book = XlsxBook()
    book.properties.title = name
    book.properties.subject = f"{man_power.hash_id}|{start.isoformat()}|{end.isoformat()}"
    book.properties.keywords = digest
    book.properties.creator = "Kehadiran"
    sheet = book.sheet(SHEET, widths=(16, 32, 14, 12, 12, 12, 14, 36), freeze="A2")
    sheet.append((*COLUMNS, msg.STATUS_COLUMN), bold=True, fill="DDEBF7")
    employees = template_employees(man_power, start, end)
    held = held_days(employee_ids=[e.pk for e in employees], start=start, end=end)
    days = _days(start, end)
    count = 0
    for employee in employees:
        for day in days:
            if not employee_attends(employee, day):
                continue
            count += 1
            mark = held.get((employee.pk, day))
            status = msg.HELD_STATUS.format(what=held_text(mark)) if mark else None
            sheet.append(
                (employee.employee_number_formatted, employee.name, day, None, None, None, None, status),
                number_format=TEXT_FORMAT,
                formats={DATE_COLUMN: DATE_FORMAT},
                fill=HELD_FILL if mark else None,
                unlocked=() if mark else FILLED_COLUMNS,
                comments={DATE_COLUMN: msg.HELD_NOTE.format(what=held_text(mark))} if mark else None,
            )
    last = max(2, count + 1)
    codes = DataValidation(
        type="list",
        formula1='"' + ",".join(CODES) + '"',
        allow_blank=True,
        showErrorMessage=True,
        errorTitle="Kode tidak valid",
        error=msg.CODE_ERROR,
        promptTitle="Kode",
        prompt=msg.CODE_PROMPT,
    )
    codes.add(f"F2:F{last}")
    sheet.add_validation(codes)
    sheet.auto_filter(f"A1:{STATUS_LETTER}{last}")
    sheet.protect()
    hidden = book.sheet(SIGNATURE_SHEET, very_hidden=True)
    for value in (SIGNATURE_TAG, man_power.hash_id, start.isoformat(), end.isoformat(), name, digest):
        hidden.append([value])
    book.save(output)
    return name
