"""The upload template (doc2 §5): one row per employee of a placement per date, text-formatted date
and time cells, a list of codes, and a signature of what it was made for.

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
from server.core.spreadsheets import TEXT_FORMAT, XlsxBook
from server.workforce.models import Employee, ManPower
from server.workforce.selectors import employee_attends

MAX_ROWS = 10_000
SHEET = "Sheet"
SIGNATURE_SHEET = "Tanda"
SIGNATURE_TAG = "kehadiran-template-v1"
COLUMNS = ("ID Karyawan", "Nama", "Tanggal", "Jam Datang", "Jam Pulang", "Kode", "Lembur Aktual")
CODES = ("sakit", "shift_off")
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


def template_workbook(man_power: ManPower, start: date, end: date, output: IO[bytes]) -> str:
    """Write the template into `output`; answer its file name."""
    name = template_file_name(man_power, start, end)
    digest = signature_digest(man_power.hash_id, start, end, name)
    book = XlsxBook()
    book.properties.title = name
    book.properties.subject = f"{man_power.hash_id}|{start.isoformat()}|{end.isoformat()}"
    book.properties.keywords = digest
    book.properties.creator = "Kehadiran"
    sheet = book.sheet(SHEET, widths=(16, 32, 14, 12, 12, 12, 14), freeze="A2")
    sheet.append(COLUMNS, bold=True, fill="DDEBF7")
    count = 0
    for employee, day in template_rows(man_power, start, end):
        count += 1
        sheet.append(
            (employee.employee_number_formatted, employee.name, day.isoformat(), None, None, None, None),
            number_format=TEXT_FORMAT,
        )
    codes = DataValidation(
        type="list",
        formula1='"' + ",".join(CODES) + '"',
        allow_blank=True,
        showErrorMessage=True,
        errorTitle="Kode tidak valid",
        error="Kode harus kosong, sakit atau shift_off.",
        promptTitle="Kode",
        prompt="Kosong: hadir / libur nasional; sakit: jam 00:00:00; shift_off: masuk di hari libur shift.",
    )
    codes.add(f"F2:F{max(2, count + 1)}")
    sheet.add_validation(codes)
    hidden = book.sheet(SIGNATURE_SHEET, very_hidden=True)
    for value in (SIGNATURE_TAG, man_power.hash_id, start.isoformat(), end.isoformat(), name, digest):
        hidden.append([value])
    book.save(output)
    return name
