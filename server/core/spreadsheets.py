"""The one spreadsheet and csv writer of every export (DESIGN §13, §15): reports, the absent report,
the adjustment reports, the upload template and its error files.

xlsx: openpyxl's write-only mode (`XlsxBook`, or `xlsx_file` for a header and rows); csv: the csv
module with a UTF-8 BOM and ';' (`csv_file`). Rows are consumed as they come from the database
cursor, in the view's thread; the file is written to a temporary file (write-only worksheets keep no
cells in memory) and then streamed from it in chunks by an async iterator (`download_response`),
which Daphne sends as it reads (a synchronous iterator would be read whole into memory under ASGI).
Memory stays flat whatever the row count.

Formula safety (DESIGN §16) lives here so no export can forget it: a str value that starts with
`=`, `+`, `-`, `@`, a tab or a carriage return (what Excel and LibreOffice read as the start of a
formula, or a DDE call) is written as text. In xlsx it is an explicit string cell (`data_type` 's',
with the quote-prefix style so that editing the cell keeps it text), its value unchanged; in csv it is
prefixed with `'`. Every str is treated as user text, whoever built it; numbers, dates and times are
passed as such and stay typed cells (pass a number, never its text, when a column holds numbers).
"""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import IO, Any

from asgiref.sync import sync_to_async
from django.http import StreamingHttpResponse
from django.utils.http import content_disposition_header
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES
from openpyxl.packaging.core import DocumentProperties
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from openpyxl.worksheet.datavalidation import DataValidation

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
DEFAULT_SHEET = "Sheet"
# Excel opens UTF-8 CSV correctly only with a byte-order mark.
UTF8_BOM = "\ufeff"
CSV_DELIMITER = ";"
# The number format that keeps a cell text when a user types into it.
TEXT_FORMAT = "@"

CHUNK_BYTES = 64 * 1024
# What a spreadsheet reads as the start of a formula (OWASP "CSV injection").
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
# Signed numbers and coordinate pairs ('-6.200000, 106.800000') hold no cell reference, function or
# operator after the sign, so no spreadsheet can run them: they stay as typed (no stray apostrophe).
SIGNED_NUMBERS = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?:\s*,\s*[+-]?\d+(?:[.,]\d+)?)*")

Columns = Sequence[tuple[str, str]]


# doc2 §5, doc3 §5: the characters removed from the name part of a report file name.
FILE_NAME_SPECIAL = re.compile(r"[~!@#$%^&*()`;<>?,\[\]{}'\"|]")
FILE_NAME_PART_LENGTH = 30
SEVERAL_EMPLOYEES = "Karyawan"


def file_name_part(name: str, *, special: re.Pattern[str] = FILE_NAME_SPECIAL, space: str = "-") -> str:
    """The name inside a file name (doc2 §5, doc3 §5): `special` characters removed, spaces collapsed,
    cut to 30 characters and trimmed, the spaces left turned to `space`."""
    return " ".join(special.sub("", name).split())[:FILE_NAME_PART_LENGTH].strip().replace(" ", space)


def report_file_name(kind: str, name: str, start: date, end: date) -> str:
    """`{KIND}_{name}_{start}_sd_{end}` (doc2 §5, doc3 §5), the name as `file_name_part`; 'Karyawan'
    when nothing is left of it."""
    return f"{kind}_{file_name_part(name) or SEVERAL_EMPLOYEES}_{start.isoformat()}_sd_{end.isoformat()}"


def formula_like(value: object) -> bool:
    """A str a spreadsheet could read as a formula."""
    return (
        isinstance(value, str) and value.startswith(FORMULA_PREFIXES) and not SIGNED_NUMBERS.fullmatch(value)
    )


def csv_value(value: Any) -> Any:
    """The value as a csv cell: formula-like text prefixed with `'`, anything else unchanged."""
    return "'" + value if formula_like(value) else value


def _needs_text_cell(value: object) -> bool:
    """openpyxl would store '=…' as a formula and '#N/A' as an error; '+…', '-…' and '@…' would
    become formulas once a user edits the cell."""
    return formula_like(value) or (isinstance(value, str) and value in ERROR_CODES)


def _as_text(cell: WriteOnlyCell) -> WriteOnlyCell:
    """The cell as an explicit string cell with the quote-prefix style (its value unchanged)."""
    cell.data_type = "s"
    cell.quotePrefix = True
    return cell


class XlsxSheet:
    """One write-only worksheet: rows are appended in order and written out as they come."""

    def __init__(self, sheet: WriteOnlyWorksheet) -> None:
        self._sheet = sheet

    def append(
        self,
        values: Iterable[Any],
        *,
        bold: bool = False,
        fill: str | None = None,
        number_format: str | None = None,
    ) -> None:
        """One row; `bold`, `fill` (an RGB colour) and `number_format` style every cell of it."""
        if not (bold or fill or number_format):
            self._sheet.append([self._text_cell(v) if _needs_text_cell(v) else v for v in values])
            return
        font = Font(bold=True) if bold else None
        pattern = PatternFill("solid", fgColor=fill) if fill else None
        row = []
        for value in values:
            cell = WriteOnlyCell(self._sheet, value=value)
            if font is not None:
                cell.font = font
            if pattern is not None:
                cell.fill = pattern
            if number_format is not None:
                cell.number_format = number_format
            row.append(_as_text(cell) if _needs_text_cell(value) else cell)
        self._sheet.append(row)

    def _text_cell(self, value: str) -> WriteOnlyCell:
        return _as_text(WriteOnlyCell(self._sheet, value=value))

    def add_validation(self, validation: DataValidation) -> None:
        # Write-only sheets lack add_data_validation.
        self._sheet.data_validations.append(validation)


class XlsxBook:
    """A write-only workbook whose sheets write every cell through this module."""

    def __init__(self) -> None:
        self._book = Workbook(write_only=True)

    @property
    def properties(self) -> DocumentProperties:
        return self._book.properties

    def sheet(
        self,
        title: str = DEFAULT_SHEET,
        *,
        widths: Sequence[float] = (),
        freeze: str | None = None,
        very_hidden: bool = False,
    ) -> XlsxSheet:
        """A new sheet; column widths and frozen panes must be set before its first row."""
        sheet = self._book.create_sheet(title=title)
        for index, width in enumerate(widths):
            sheet.column_dimensions[chr(ord("A") + index)].width = width
        if freeze is not None:
            sheet.freeze_panes = freeze
        if very_hidden:
            sheet.sheet_state = "veryHidden"
        return XlsxSheet(sheet)

    def save(self, target: IO[bytes] | Path) -> None:
        self._book.save(target)

    def temporary_file(self) -> IO[bytes]:
        """The workbook in a temporary file positioned at 0 (handed to `download_response`)."""
        output = tempfile.TemporaryFile()  # noqa: SIM115 (closed by the streaming response)
        try:
            self.save(output)
        except BaseException:
            output.close()
            raise
        output.seek(0)
        return output


def xlsx_file(
    columns: Columns,
    rows: Iterable[Mapping[str, Any]],
    *,
    sheet: str = DEFAULT_SHEET,
    title: str | None = None,
) -> IO[bytes]:
    """An optional title row, a header row (column titles) and one row per mapping, in a temporary
    file positioned at 0."""
    book = XlsxBook()
    worksheet = book.sheet(sheet)
    if title is not None:
        worksheet.append([title])
    worksheet.append([label for _, label in columns])
    for row in rows:
        worksheet.append([row[key] for key, _ in columns])
    return book.temporary_file()


def csv_file(columns: Columns, rows: Iterable[Mapping[str, Any]]) -> IO[bytes]:
    """UTF-8 CSV in a temporary file positioned at 0: a BOM (Excel reads UTF-8 right) and semicolons
    (Excel set to Indonesian, where the comma is the decimal separator, opens it in columns)."""
    # Handed to the streaming response, which closes it.
    output = tempfile.TemporaryFile()  # noqa: SIM115
    text = io.TextIOWrapper(output, encoding="utf-8", newline="", write_through=True)
    try:
        text.write(UTF8_BOM)
        writer = csv.writer(text, delimiter=CSV_DELIMITER)
        writer.writerow([csv_value(label) for _, label in columns])
        for row in rows:
            writer.writerow([csv_value(row[key]) for key, _ in columns])
        text.flush()
    except BaseException:
        text.close()
        raise
    text.detach()
    output.seek(0)
    return output


def table_download(
    columns: Columns, rows: Iterable[Mapping[str, Any]], *, name: str, file_format: str
) -> StreamingHttpResponse:
    """The rows as '{name}.csv' when `file_format` is 'csv', otherwise as '{name}.xlsx'."""
    if file_format == "csv":
        return download_response(
            csv_file(columns, rows), filename=f"{name}.csv", content_type=CSV_CONTENT_TYPE
        )
    return download_response(
        xlsx_file(columns, rows), filename=f"{name}.xlsx", content_type=XLSX_CONTENT_TYPE
    )


async def file_chunks(file: IO[bytes]) -> AsyncIterator[bytes]:
    """The file's bytes in chunks, read off the event loop; the file is closed at the end."""
    try:
        while chunk := await sync_to_async(file.read, thread_sensitive=False)(CHUNK_BYTES):
            yield chunk
    finally:
        file.close()


def download_response(file: IO[bytes], *, filename: str, content_type: str) -> StreamingHttpResponse:
    """A file download streamed from `file` (positioned at 0)."""
    size = os.fstat(file.fileno()).st_size
    response = StreamingHttpResponse(file_chunks(file), content_type=content_type)
    response["Content-Length"] = str(size)
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "no-store"
    return response
