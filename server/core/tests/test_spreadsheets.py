"""The one spreadsheet writer (DESIGN §13, §16): formula-like text is written as text in xlsx (a
quote-prefixed string cell, value unchanged) and csv (a leading `'`); numbers, dates and times stay
typed; plain text is untouched."""

from __future__ import annotations

import io
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import IO, Any
from zoneinfo import ZoneInfo

import pytest
from openpyxl import load_workbook

from server.core.clock import clock_at
from server.core.export_titles import TitleBlock
from server.core.spreadsheets import (
    DATE_FORMAT,
    DATETIME_FORMAT,
    DECIMAL_FORMAT,
    DURATION_FORMAT,
    INTEGER_FORMAT,
    TEXT_FORMAT,
    TIME_FORMAT,
    XlsxBook,
    csv_file,
    csv_value,
    decimal_text,
    duration_text,
    formula_like,
    xlsx_file,
)
from server.testing.spreadsheets import HOSTILE_NOTE, ExportSheet, csv_cells, xlsx_cells

PREFIXED = [
    HOSTILE_NOTE,
    "=1+1",
    "+62 812 0000",
    "-3-A1",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
    "=",
    "-",
]
PLAIN = ["Ani Lestari", "macet di tol", "1+1=2", "a=b", " =1+1", "08:00", "2026-03-02", "'quoted"]
TYPED: list[Any] = [
    0,
    5,
    -3,
    2.5,
    -0.25,
    Decimal("-1.50"),
    date(2026, 3, 2),
    datetime(2026, 3, 2, 8, 30),
    time(8),
]
COLUMNS = [("value", "Nilai")]


def read(file: IO[bytes]) -> bytes:
    with file:
        return file.read()


def rows(values: list[Any]) -> list[dict[str, Any]]:
    return [{"value": value} for value in values]


def _stored(value: str) -> str:
    # XML reads a bare carriage return in text back as a line feed (openpyxl writes it unescaped).
    return value.replace("\r", "\n")


@pytest.mark.parametrize("value", PREFIXED)
def test_formula_like_text_is_a_quote_prefixed_string_cell_in_xlsx(value: str) -> None:
    cells = xlsx_cells(read(xlsx_file(COLUMNS, rows([value]))))
    cell = cells[1]
    assert (cell.value, cell.data_type, cell.quotePrefix) == (_stored(value), "s", True)


# A formula character after a tab or line break inside a value gets its own `'` (a tab or line reader
# starts a cell there: test_csv_separators.py).
GUARDED_INSIDE = {"\t=1+1": "'\t'=1+1", "\r=1+1": "'\r'=1+1"}


@pytest.mark.parametrize("value", PREFIXED)
def test_formula_like_text_gets_a_quote_in_csv(value: str) -> None:
    expected = GUARDED_INSIDE.get(value, "'" + value)
    assert csv_cells(read(csv_file(COLUMNS, rows([value])))) == ["Nilai", expected]
    assert csv_value(value) == expected


@pytest.mark.parametrize("prefix", ["=", "+", "-", "@", "\t", "\r"])
def test_every_prefix_is_formula_like(prefix: str) -> None:
    assert formula_like(prefix + "A1")
    assert not formula_like("A1" + prefix)


@pytest.mark.parametrize("value", ["-6.200000, 106.800000", "-3", "+62", "-0,5", "-1.5, -2.25"])
def test_signed_numbers_and_coordinates_stay_as_typed(value: str) -> None:
    assert not formula_like(value)
    assert csv_value(value) == value


@pytest.mark.parametrize("value", ["-1+2", "-2-A1", "+SUM(1)", "-6.2, 106.8)", "-1e3", "- 1"])
def test_signs_followed_by_more_than_numbers_stay_formula_like(value: str) -> None:
    assert formula_like(value)


def test_plain_text_is_unchanged() -> None:
    cells = xlsx_cells(read(xlsx_file(COLUMNS, rows(PLAIN))))[1:]
    assert [(c.value, c.data_type, c.quotePrefix) for c in cells] == [(value, "s", False) for value in PLAIN]
    assert csv_cells(read(csv_file(COLUMNS, rows(PLAIN))))[1:] == PLAIN


def test_numbers_dates_and_times_stay_typed() -> None:
    cells = xlsx_cells(read(xlsx_file(COLUMNS, rows(TYPED))))[1:]
    assert [c.data_type for c in cells] == ["n"] * 6 + ["d"] * 3
    assert [c.value for c in cells[:6]] == [0, 5, -3, 2.5, -0.25, -1.5]
    assert cells[6].value == datetime(2026, 3, 2) and cells[8].value == time(8)
    assert not any(c.quotePrefix for c in cells)
    # DESIGN §18: a csv for Excel set to Indonesian: decimal comma, day-first dates, HH:MM times.
    assert csv_cells(read(csv_file(COLUMNS, rows(TYPED))))[1:] == [
        "0", "5", "-3", "2,5", "-0,25", "-1,50", "02/03/2026", "02/03/2026 08:30", "08:00",
    ]  # fmt: skip


def test_typed_values_get_indonesian_number_formats() -> None:
    values = [
        date(2026, 11, 17), datetime(2026, 11, 17, 8, 5), time(8, 5), timedelta(minutes=1750), 1234,
        0.48, Decimal("1.50"), True, False, datetime(2026, 11, 17, 8, 5, tzinfo=ZoneInfo("Asia/Makassar")),
    ]  # fmt: skip
    cells = xlsx_cells(read(xlsx_file(COLUMNS, rows(values))))[1:]
    assert [(c.data_type, c.number_format) for c in cells] == [
        ("d", DATE_FORMAT), ("d", DATETIME_FORMAT), ("d", TIME_FORMAT), ("d", DURATION_FORMAT),
        ("n", INTEGER_FORMAT), ("n", DECIMAL_FORMAT), ("n", DECIMAL_FORMAT), ("s", "General"),
        ("s", "General"), ("d", DATETIME_FORMAT),
    ]  # fmt: skip
    assert [c.value for c in cells] == [
        datetime(2026, 11, 17), datetime(2026, 11, 17, 8, 5), time(8, 5), timedelta(minutes=1750), 1234,
        0.48, 1.5, "Ya", "Tidak", datetime(2026, 11, 17, 8, 5),
    ]  # fmt: skip
    assert csv_cells(read(csv_file(COLUMNS, rows(values))))[1:] == [
        "17/11/2026", "17/11/2026 08:05", "08:05", "1750", "1234", "0,48", "1,50", "Ya", "Tidak",
        "17/11/2026 08:05",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.1 + 0.2, "0,30000000000000004"), (1e-05, "0,00001"), (4.0, "4,0"), (-0.5, "-0,5"),
     (Decimal("2"), "2")],
)  # fmt: skip
def test_csv_decimals_have_a_comma_and_no_exponent(value: float | Decimal, text: str) -> None:
    assert decimal_text(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(timedelta(0), "00:00"), (timedelta(minutes=59), "00:59"), (timedelta(hours=100, minutes=5), "100:05"),
     (timedelta(minutes=-30), "-00:30")],
)  # fmt: skip
def test_csv_durations_are_hours_and_minutes(value: timedelta, text: str) -> None:
    assert duration_text(value) == text


def test_error_codes_typed_as_text_stay_text() -> None:
    cell = xlsx_cells(read(xlsx_file(COLUMNS, rows(["#N/A"]))))[1]
    assert (cell.value, cell.data_type) == ("#N/A", "s")


def test_styled_rows_and_titles_are_safe_too() -> None:
    book = XlsxBook()
    sheet = book.sheet(widths=(20, 20), freeze="A2")
    sheet.append(["Judul", HOSTILE_NOTE], bold=True, fill="DDEBF7")
    sheet.append([HOSTILE_NOTE, 7], number_format=TEXT_FORMAT)
    cells = xlsx_cells(read(book.temporary_file()))
    hostile = [c for c in cells if c.value == HOSTILE_NOTE]
    assert [(c.coordinate, c.data_type, c.quotePrefix) for c in hostile] == [
        ("B1", "s", True),
        ("A2", "s", True),
    ]
    assert cells[0].font.b and cells[2].number_format == TEXT_FORMAT and cells[3].value == 7

    titled = load_workbook(io.BytesIO(read(xlsx_file(COLUMNS, rows(["x"]), title=HOSTILE_NOTE))))["Sheet"]
    assert (titled["A1"].value, titled["A1"].data_type) == (HOSTILE_NOTE, "s")


# ---------------------------------------------------------------- the layout of every export (DESIGN §21)

LATE_COLUMNS = [("name", "Nama"), ("day", "Tanggal"), ("late", "Terlambat"), ("hours", "Lembur (jam)")]
LATE_ROWS: list[dict[str, Any]] = [
    {"name": "Ani", "day": date(2026, 3, 2), "late": timedelta(minutes=20), "hours": 1.5},
    {"name": "Budi", "day": date(2026, 3, 3), "late": timedelta(hours=25, minutes=10), "hours": 0.0},
    {"name": "Ani", "day": date(2026, 3, 4), "late": None, "hours": 2.0},
]
TITLE = TitleBlock(
    report="Laporan Uji",
    period=(date(2026, 3, 1), date(2026, 3, 31)),
    filters=[("Man Power", "Kantor Pusat"), ("Tim", "")],
    printed_by="Sri Rahayu",
    printed_at=datetime(2026, 3, 31, 17, 5, tzinfo=ZoneInfo("UTC")),
)


def test_an_xlsx_has_a_title_block_a_frozen_filtered_header_and_totals_apart() -> None:
    content = read(xlsx_file(LATE_COLUMNS, LATE_ROWS, title=TITLE, totals=("hours",)))
    export = ExportSheet(content)
    assert export.title == "Laporan Uji"
    # Printed at in local time (TIME_ZONE, Asia/Jakarta) with its zone label; an empty filter is 'Semua'.
    assert export.title_lines == {
        "Periode": "1 Maret 2026 s.d. 31 Maret 2026",
        "Man Power": "Kantor Pusat",
        "Tim": "Semua",
        "Dicetak": "1 April 2026 00.05 WIB",
        "Dicetak oleh": "Sri Rahayu",
    }
    assert export.header == ["Nama", "Tanggal", "Terlambat", "Lembur (jam)"]
    assert (export.header_row, export.freeze_panes, export.filter_ref) == (8, "A9", "A8:D11")
    assert export.data[1] == ["Budi", datetime(2026, 3, 3), timedelta(hours=25, minutes=10), 0]
    # Durations are summed without being named, the named columns too; text and dates are not.
    assert export.totals == ["Total", None, "=SUBTOTAL(109,C9:C11)", "=SUBTOTAL(109,D9:D11)"]
    total_row = export.worksheet[export.header_row + len(export.data) + 2]
    assert [(c.number_format, c.font.b) for c in total_row[2:]] == [
        (DURATION_FORMAT, True),
        (DECIMAL_FORMAT, True),
    ]
    assert sum((late for late in export.column("Terlambat") if late), timedelta()) == timedelta(minutes=1530)
    # Widths fit the header and the values, within the cap.
    widths = {letter: export.worksheet.column_dimensions[letter].width for letter in "ABCD"}
    assert widths == {"A": 8, "B": 12, "C": 11, "D": 14}


def test_widths_are_capped_and_a_long_sheet_is_filtered_to_its_last_row() -> None:
    many = [
        {"name": "x" * 300, "day": None, "late": timedelta(minutes=n), "hours": None} for n in range(1200)
    ]
    export = ExportSheet(read(xlsx_file(LATE_COLUMNS, many, title=TITLE)))
    assert export.worksheet.column_dimensions["A"].width == 50
    assert export.filter_ref == "A8:D1208"
    assert export.total("Terlambat") == ("C", 9, 1208)
    assert export.total("Lembur (jam)") is None


def test_an_empty_export_has_no_totals_row() -> None:
    export = ExportSheet(read(xlsx_file(LATE_COLUMNS, [], title=TITLE)))
    assert (export.data, export.totals, export.filter_ref) == ([], None, "A8:D8")


def test_the_printed_at_line_is_now_by_default() -> None:
    with clock_at(datetime(2026, 11, 29, 3, 4, 30, tzinfo=ZoneInfo("UTC"))):
        lines = TitleBlock(report="R", printed_by="Ani").rows()
    assert lines == [["R"], ["Dicetak", "29 November 2026 10.04 WIB"], ["Dicetak oleh", "Ani"]]


def test_a_csv_has_durations_in_minutes_and_no_title_or_totals() -> None:
    cells = csv_cells(read(csv_file(LATE_COLUMNS, LATE_ROWS)))
    assert cells == [
        "Nama", "Tanggal", "Terlambat (menit)", "Lembur (jam)",
        "Ani", "02/03/2026", "20", "1,5",
        "Budi", "03/03/2026", "1510", "0,0",
        "Ani", "04/03/2026", "", "2,0",
    ]  # fmt: skip


def test_a_protected_sheet_keeps_its_unlocked_cells_formats_and_notes() -> None:
    """Per-cell number formats, unlocked cells, notes and sheet protection (the upload template's marks);
    a formula-like value stays text on a styled row too, and cells of one style share it."""
    book = XlsxBook()
    sheet = book.sheet()
    sheet.append(
        ("=1+1", date(2026, 3, 2), None),
        number_format=TEXT_FORMAT,
        formats={1: DATE_FORMAT},
        unlocked=(2,),
        comments={1: "Sudah tercatat."},
    )
    sheet.append(("B", date(2026, 3, 3), None), number_format=TEXT_FORMAT, fill="D9D9D9")
    sheet.protect()
    out = io.BytesIO()
    book.save(out)
    read = load_workbook(io.BytesIO(out.getvalue()))["Sheet"]
    assert read.protection.sheet is True
    assert read["A1"].value == "=1+1" and read["A1"].data_type == "s"
    assert (read["B1"].value, read["B1"].number_format) == (datetime(2026, 3, 2), DATE_FORMAT)
    assert read["C1"].number_format == TEXT_FORMAT
    assert [c.protection.locked for c in read[1]] == [True, True, False]
    assert [c.protection.locked for c in read[2]] == [True, True, True]
    assert read["B1"].comment is not None and read["B1"].comment.text == "Sudah tercatat."
    assert read["A2"].fill.fgColor.rgb == "00D9D9D9" and read["A1"].fill.fill_type is None
