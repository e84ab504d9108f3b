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

A csv is read with other separators than its ';' too (LibreOffice's defaults, any comma or tab
reader, a reader going line by line), which split a value at a ',', ';', tab or line break inside it
(issue 39: a note `Sinyal lemah,=1+1` gave a comma reader the cell `=1+1`). So every field is
quoted (csv.QUOTE_ALL: a reader that honours quotes keeps the value whole) and a formula character
after such a break inside a value (past any quotes a reader may drop) gets the same `'`:
`Sinyal lemah,'=1+1`. Signed numbers stay as they are (`1, -2`, a coordinate pair).

Typed cells (DESIGN §18: HR sums, sorts and filters them): the writer reads the kind of a cell from its
Python type, so a row builder passes values, never their text, and every export gets the same formats:

| value              | xlsx cell, number format            | csv text                   |
| `date`             | date, `dd/mm/yyyy`                  | `27/11/2026`               |
| `datetime` (local) | date, `dd/mm/yyyy hh:mm`            | `27/11/2026 08:05`         |
| `time`             | time, `hh:mm`                       | `08:05`                    |
| `timedelta`        | duration, `[h]:mm` (hours past 24)  | `1750` (minutes)           |
| `int`              | number, `#,##0`                     | `1234`                     |
| `float`, `Decimal` | number, `#,##0.00`                  | `0,48` (decimal comma)     |
| `bool`             | text `Ya` / `Tidak`                 | `Ya` / `Tidak`             |
| `str`              | text (formula-like: as above)       | as is (formula-like: `'…`)¹ |

¹ and after a `,` `;` tab or line break inside the value (below).

Excel and LibreOffice show the number formats with the reader's separators (1.234,50 in Indonesian).
Durations are real durations (a day fraction with `[h]:mm`), not minute counts: the cell shows the
`HH:MM` of the report document (doc3 §9), sums to a total that still reads as hours and minutes, and
`=A2*24` gives decimal hours. A csv has no types: dates day-first with '/', times and durations with
':' (what Excel and LibreOffice read as a time in every locale; '08.05' would be read as a number
where '.' groups thousands), decimals with a comma (Excel set to Indonesian reads '0.48' as text or
48). Pass datetimes in the reader's wall time: an aware one is written in its own zone's wall time.
Never put a code or an internal path in a cell: the row builders map codes to their labels and
files to their names.

The layout of every export (DESIGN §21, amendment of §18), written here so no export lays it out
itself. An xlsx (`table_download`, `xlsx_file`): a title block (`TitleBlock`: the report, its period,
its filters, printed at (local date and time with the zone label) and by whom), an empty row, the
header row, frozen under it (freeze panes), an autofilter over the header and the data rows, column
widths fitted to the header and the first rows (capped), and, apart from the data, a totals row one
empty row under the table: `SUBTOTAL(109, …)` over the data rows of every duration column (and the
columns named in `totals`), so the sum follows the filter and a SUM of a column's data rows is the
report's figure. The data holds data rows only (no total lines). A csv holds the header and the data
rows only: no title, no totals; a duration is its whole minutes as a number and its column's title
says so ('Terlambat (menit)'). Column kinds are read from the first rows (`LOOKAHEAD`).
"""

from __future__ import annotations

import csv
import io
import itertools
import os
import re
import tempfile
from collections.abc import AsyncIterator, Collection, Iterable, Iterator, Mapping, Sequence
from copy import copy
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import IO, Any

from asgiref.sync import sync_to_async
from django.http import StreamingHttpResponse
from django.utils.http import content_disposition_header
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE
from openpyxl.comments import Comment
from openpyxl.packaging.core import DocumentProperties
from openpyxl.styles import Font, PatternFill, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from openpyxl.worksheet.datavalidation import DataValidation

from server.core.export_titles import TitleBlock

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
DEFAULT_SHEET = "Sheet"
# Excel opens UTF-8 CSV correctly only with a byte-order mark.
UTF8_BOM = "\ufeff"
CSV_DELIMITER = ";"
# What takes the place of a control character a worksheet refuses (xlsx_text).
ILLEGAL_REPLACEMENT = "\ufffd"
# The number format that keeps a cell text when a user types into it.
TEXT_FORMAT = "@"

CHUNK_BYTES = 64 * 1024
# What a spreadsheet reads as the start of a formula (OWASP "CSV injection").
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
# Signed numbers and coordinate pairs ('-6.200000, 106.800000') hold no cell reference, function or
# operator after the sign, so no spreadsheet can run them: they stay as typed (no stray apostrophe).
SIGNED_NUMBERS = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?:\s*,\s*[+-]?\d+(?:[.,]\d+)?)*")

Columns = Sequence[tuple[str, str]]

DATE_FORMAT = "dd/mm/yyyy"
DATETIME_FORMAT = "dd/mm/yyyy hh:mm"
TIME_FORMAT = "hh:mm"
DURATION_FORMAT = "[h]:mm"
INTEGER_FORMAT = "#,##0"
DECIMAL_FORMAT = "#,##0.00"
# The number format of each typed value (exact types: bool is not written as a number).
NUMBER_FORMATS: dict[type, str] = {
    date: DATE_FORMAT,
    datetime: DATETIME_FORMAT,
    time: TIME_FORMAT,
    timedelta: DURATION_FORMAT,
    int: INTEGER_FORMAT,
    float: DECIMAL_FORMAT,
    Decimal: DECIMAL_FORMAT,
}
YES, NO = "Ya", "Tidak"
# Who a cell comment names as its author.
COMMENT_AUTHOR = "Kehadiran"
CSV_DATE, CSV_DATETIME, CSV_TIME = "%d/%m/%Y", "%d/%m/%Y %H:%M", "%H:%M"


def formula_like(value: object) -> bool:
    """A str a spreadsheet could read as a formula."""
    return (
        isinstance(value, str) and value.startswith(FORMULA_PREFIXES) and not SIGNED_NUMBERS.fullmatch(value)
    )


# Where a reader with another separator, or one reading line by line, starts a new cell in a value.
CELL_BREAK = re.compile(r"([,;\t\r\n])")


def _opens_formula(segment: str) -> bool:
    """A cell a reader makes of `segment` (its leading quotes dropped) starts a formula."""
    # A reader may drop quotes before a cell's first character (a leading space keeps a cell text).
    rest = segment.lstrip('"')
    return rest.startswith(FORMULA_PREFIXES[:4]) and not SIGNED_NUMBERS.fullmatch(rest.rstrip(' "'))


def csv_text(value: str) -> str:
    """A str as csv text: `'` before it when it is formula-like, and after each break inside it (a
    `,`, `;`, tab or line break) that a formula character follows."""
    parts = CELL_BREAK.split(value)
    if len(parts) > 1:
        guarded = [parts[0]]
        for cell_break, segment in zip(parts[1::2], parts[2::2], strict=True):
            guarded += [cell_break, "'" + segment if _opens_formula(segment) else segment]
        text = "".join(guarded)
    else:
        text = value
    return "'" + text if formula_like(value) or _opens_formula(parts[0]) else text


def csv_value(value: Any) -> Any:
    """The value as a csv cell: text through `csv_text` (formula-like text prefixed with `'`); dates,
    times and decimals in the Indonesian text of the module's table, durations as minutes; anything
    else unchanged."""
    if isinstance(value, str):
        return csv_text(value)
    if value is None or type(value) is int:
        return value
    if isinstance(value, bool):
        return YES if value else NO
    if isinstance(value, datetime):
        return value.strftime(CSV_DATETIME)
    if isinstance(value, date):
        return value.strftime(CSV_DATE)
    if isinstance(value, time):
        return value.strftime(CSV_TIME)
    if isinstance(value, timedelta):
        return duration_minutes(value)
    if isinstance(value, (float, Decimal)):
        return decimal_text(value)
    return value


def duration_minutes(value: timedelta) -> int:
    """A duration as whole minutes (what a csv carries: a number every reader sums)."""
    return round(value.total_seconds() / 60)


def duration_text(value: timedelta) -> str:
    """HH:MM, hours past 24 kept ('29:10'); a negative duration gets a leading '-'."""
    minutes = round(value.total_seconds() / 60)
    sign, minutes = ("-", -minutes) if minutes < 0 else ("", minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def decimal_text(value: float | Decimal) -> str:
    """A decimal with a decimal comma and no exponent ('0,48', '5,5', '-1,50'); whole ones without."""
    number = value if isinstance(value, Decimal) else Decimal(repr(value))
    return format(number, "f").replace(".", ",")


def _needs_text_cell(value: object) -> bool:
    """openpyxl would store '=…' as a formula and '#N/A' as an error; '+…', '-…' and '@…' would
    become formulas once a user edits the cell."""
    return formula_like(value) or (isinstance(value, str) and value in ERROR_CODES)


def _as_text(cell: WriteOnlyCell) -> WriteOnlyCell:
    """The cell as an explicit string cell with the quote-prefix style (its value unchanged)."""
    cell.data_type = "s"
    cell.quotePrefix = True
    return cell


def xlsx_text(value: str) -> str:
    """A str as a worksheet takes it: the control characters a worksheet refuses (openpyxl raises
    IllegalCharacterError on them: a name typed with \\x01 made the audit export a 500, issue 39)
    become U+FFFD, so the reader sees that something was there."""
    text: str = ILLEGAL_CHARACTERS_RE.sub(ILLEGAL_REPLACEMENT, value)
    return text


def _xlsx_value(value: Any) -> Any:
    """What openpyxl stores: text a worksheet takes, bools as their label, an aware datetime as its
    wall time."""
    if isinstance(value, str):
        return xlsx_text(value)
    if isinstance(value, bool):
        return YES if value else NO
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.replace(tzinfo=None)
    return value


class XlsxSheet:
    """One write-only worksheet: rows are appended in order and written out as they come."""

    def __init__(self, sheet: WriteOnlyWorksheet) -> None:
        self._sheet = sheet
        # One styled cell per number format; typed cells copy its style (the style lookup per cell
        # would cost more than the rest of the write).
        self._formatted: dict[str, WriteOnlyCell] = {}
        self._styles: dict[tuple[bool, str | None, str | None, bool], WriteOnlyCell] = {}

    def append(
        self,
        values: Iterable[Any],
        *,
        bold: bool = False,
        fill: str | None = None,
        number_format: str | None = None,
        formats: Mapping[int, str] | None = None,
        unlocked: Collection[int] = (),
        comments: Mapping[int, str] | None = None,
    ) -> None:
        """One row, each value typed by its Python type (the module's table); `bold`, `fill` (an RGB
        colour) and `number_format` style every cell of it. Per cell (by index): `formats` a number
        format (over `number_format`), `unlocked` the cells a user may still edit once the sheet is
        protected (`protect`), `comments` a note shown on the cell."""
        if not (bold or fill or number_format or formats or unlocked or comments):
            self._sheet.append([self._plain_cell(v) for v in values])
            return
        row = []
        for index, value in enumerate(values):
            cell_format = (formats or {}).get(index) or number_format or NUMBER_FORMATS.get(type(value))
            cell = WriteOnlyCell(self._sheet)
            cell._style = copy(self._style(bold, fill, cell_format, index in unlocked)._style)
            cell.value = _xlsx_value(value)
            if comments and index in comments:
                cell.comment = Comment(xlsx_text(comments[index]), COMMENT_AUTHOR, width=260, height=80)
            row.append(_as_text(cell) if _needs_text_cell(value) else cell)
        self._sheet.append(row)

    def _style(self, bold: bool, fill: str | None, cell_format: str | None, unlocked: bool) -> WriteOnlyCell:
        """One styled cell per combination; cells copy its style (setting a font, fill, format or
        protection on each cell costs a style lookup each: most of the time of a 10,000-row sheet)."""
        key = (bold, fill, cell_format, unlocked)
        template = self._styles.get(key)
        if template is None:
            template = self._styles[key] = WriteOnlyCell(self._sheet)
            if bold:
                template.font = Font(bold=True)
            if fill:
                template.fill = PatternFill("solid", fgColor=fill)
            if cell_format is not None:
                template.number_format = cell_format
            if unlocked:
                template.protection = Protection(locked=False)
        return template

    def protect(self) -> None:
        """Protect the sheet (no password: a guard against slips, not a secret): locked cells cannot
        be edited (every cell but those appended as `unlocked`); columns and rows may still be
        resized and the filter used."""
        protection = self._sheet.protection
        protection.sheet = True
        protection.formatColumns = False
        protection.formatRows = False
        protection.autoFilter = False
        protection.selectLockedCells = False
        protection.selectUnlockedCells = False

    def _plain_cell(self, value: Any) -> Any:
        cell_format = NUMBER_FORMATS.get(type(value))
        if cell_format is not None:
            return self._typed_cell(_xlsx_value(value), cell_format)
        if isinstance(value, str):
            text = xlsx_text(value)
            return _as_text(WriteOnlyCell(self._sheet, value=text)) if _needs_text_cell(text) else text
        return _xlsx_value(value)

    def _typed_cell(self, value: Any, cell_format: str) -> WriteOnlyCell:
        template = self._formatted.get(cell_format)
        if template is None:
            template = self._formatted[cell_format] = WriteOnlyCell(self._sheet)
            template.number_format = cell_format
        cell = WriteOnlyCell(self._sheet)
        cell._style = copy(template._style)
        cell.value = value
        return cell

    def auto_filter(self, ref: str) -> None:
        """A filter over `ref` (written with the sheet's tail, so it may be set after the rows)."""
        self._sheet.auto_filter.ref = ref

    def append_totals(self, width: int, formulas: Mapping[int, tuple[str, str]]) -> None:
        """The totals row: 'Total' in the first column, bold, and at each index its (formula, number
        format); the formulas are written as formulas (they are the app's own, never user text)."""
        font = Font(bold=True)
        row = []
        for index in range(width):
            cell = WriteOnlyCell(self._sheet, value=TOTAL_LABEL if index == 0 else None)
            if index in formulas:
                cell.value, cell.number_format = formulas[index]
            cell.font = font
            row.append(cell)
        self._sheet.append(row)

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
            sheet.column_dimensions[get_column_letter(index + 1)].width = width
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


# How many rows are read ahead to learn the column kinds and widths before the first row is written.
LOOKAHEAD = 500
MIN_WIDTH, MAX_WIDTH = 8, 50
TOTAL_LABEL = "Total"
MINUTES_UNIT = " (menit)"
# SUBTOTAL's code for a sum that leaves out rows a filter hides.
SUBTOTAL_SUM = 109
# The kinds summed in the totals row without being named (durations).
SUMMED_KINDS = (timedelta,)


def _peek(rows: Iterable[Mapping[str, Any]]) -> tuple[list[Mapping[str, Any]], Iterator[Mapping[str, Any]]]:
    """The first `LOOKAHEAD` rows and an iterator over all of them."""
    iterator = iter(rows)
    head = list(itertools.islice(iterator, LOOKAHEAD))
    return head, itertools.chain(head, iterator)


def _column_kinds(columns: Columns, head: Sequence[Mapping[str, Any]]) -> dict[str, type]:
    """Each column's kind: the type of its first value that is not None in the first rows."""
    kinds: dict[str, type] = {}
    for key, _ in columns:
        for row in head:
            if row.get(key) is not None:
                kinds[key] = type(row[key])
                break
    return kinds


def _shown_length(value: Any) -> int:
    """About how many characters a cell shows for the value."""
    if value is None:
        return 0
    if isinstance(value, str):
        return max((len(line) for line in value.splitlines()), default=0)
    if isinstance(value, bool):
        return len(YES if value else NO)
    if isinstance(value, datetime):
        return 16
    if isinstance(value, date):
        return 10
    if isinstance(value, time):
        return 5
    if isinstance(value, timedelta):
        return len(duration_text(value))
    if isinstance(value, int):
        return len(f"{value:,}")
    if isinstance(value, (float, Decimal)):
        return len(f"{value:,.2f}")
    return len(str(value))


def _widths(columns: Columns, head: Sequence[Mapping[str, Any]]) -> list[float]:
    """Widths that fit the header and the first rows, between MIN_WIDTH and MAX_WIDTH."""
    widths = []
    for key, label in columns:
        longest = max([len(label), *(_shown_length(row.get(key)) for row in head)])
        widths.append(float(min(MAX_WIDTH, max(MIN_WIDTH, longest + 2))))
    return widths


def xlsx_file(
    columns: Columns,
    rows: Iterable[Mapping[str, Any]],
    *,
    sheet: str = DEFAULT_SHEET,
    title: TitleBlock | str | None = None,
    totals: Collection[str] = (),
) -> IO[bytes]:
    """The export's worksheet (the module's layout) in a temporary file positioned at 0: the title block
    (a `TitleBlock`, or a plain title line), the frozen header with its filter, one row per mapping,
    and the totals row under the table (durations and the `totals` columns; none without data rows)."""
    head, all_rows = _peek(rows)
    kinds = _column_kinds(columns, head)
    summed = [
        (index, key)
        for index, (key, _) in enumerate(columns)
        if key in totals or kinds.get(key) in SUMMED_KINDS
    ]
    if isinstance(title, TitleBlock):
        title_rows: list[list[str]] = title.rows()
    else:
        title_rows = [[title]] if title is not None else []
    header_row = len(title_rows) + 2 if title_rows else 1
    book = XlsxBook()
    widths = _widths(columns, head)
    worksheet = book.sheet(sheet, widths=widths, freeze=f"A{header_row + 1}")
    for index, line in enumerate(title_rows):
        worksheet.append(line, bold=index == 0)
    if title_rows:
        worksheet.append([])
    worksheet.append([label for _, label in columns], bold=True)
    count = 0
    for row in all_rows:
        worksheet.append([row[key] for key, _ in columns])
        count += 1
    last_column = get_column_letter(len(columns))
    last_row = header_row + count
    worksheet.auto_filter(f"A{header_row}:{last_column}{last_row}")
    if count and summed:
        worksheet.append([])
        worksheet.append_totals(
            len(columns),
            {
                index: (
                    f"=SUBTOTAL({SUBTOTAL_SUM},{get_column_letter(index + 1)}{header_row + 1}:"
                    f"{get_column_letter(index + 1)}{last_row})",
                    NUMBER_FORMATS.get(kinds.get(key, int), INTEGER_FORMAT),
                )
                for index, key in summed
            },
        )
    return book.temporary_file()


def csv_columns(columns: Columns, head: Sequence[Mapping[str, Any]]) -> list[str]:
    """The csv header: a duration column's title with its unit ('Terlambat (menit)')."""
    kinds = _column_kinds(columns, head)
    return [
        label + MINUTES_UNIT if kinds.get(key) is timedelta and not label.endswith(MINUTES_UNIT) else label
        for key, label in columns
    ]


def csv_file(columns: Columns, rows: Iterable[Mapping[str, Any]]) -> IO[bytes]:
    """UTF-8 CSV in a temporary file positioned at 0: a BOM (Excel reads UTF-8 right) and semicolons
    (Excel set to Indonesian, where the comma is the decimal separator, opens it in columns); the header
    and the data rows only, durations as minutes (`csv_columns`)."""
    head, all_rows = _peek(rows)
    # Handed to the streaming response, which closes it.
    output = tempfile.TemporaryFile()  # noqa: SIM115
    text = io.TextIOWrapper(output, encoding="utf-8", newline="", write_through=True)
    try:
        text.write(UTF8_BOM)
        # Every field quoted: a separator inside a value never starts a cell for a reader of quotes.
        writer = csv.writer(text, delimiter=CSV_DELIMITER, quoting=csv.QUOTE_ALL)
        writer.writerow([csv_value(label) for label in csv_columns(columns, head)])
        for row in all_rows:
            writer.writerow([csv_value(row[key]) for key, _ in columns])
        text.flush()
    except BaseException:
        text.close()
        raise
    text.detach()
    output.seek(0)
    return output


def table_download(
    columns: Columns,
    rows: Iterable[Mapping[str, Any]],
    *,
    name: str,
    file_format: str,
    title: TitleBlock,
    totals: Collection[str] = (),
) -> StreamingHttpResponse:
    """The rows as '{name}.csv' when `file_format` is 'csv', otherwise as '{name}.xlsx' (with the title
    block and the totals row of `xlsx_file`)."""
    if file_format == "csv":
        return download_response(
            csv_file(columns, rows), filename=f"{name}.csv", content_type=CSV_CONTENT_TYPE
        )
    return download_response(
        xlsx_file(columns, rows, title=title, totals=totals),
        filename=f"{name}.xlsx",
        content_type=XLSX_CONTENT_TYPE,
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
