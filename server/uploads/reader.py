"""Reading an uploaded file safely (DESIGN §13): the file checks done when it is posted (type, size,
zip sanity, the template's signature and name, the sheet's size, merged cells, the header) and the
streamed read of its rows (openpyxl read-only for the signature and header, then the sheet XML streamed
with ElementTree's iterparse: memory stays flat whatever the file)."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from server.core.attachments import file_sniff
from server.core.hashids import decode_id
from server.uploads import messages as msg
from server.uploads.template import COLUMNS, MAX_ROWS, SHEET, SIGNATURE_SHEET, SIGNATURE_TAG, Signature
from server.workforce.models import ManPower

MAX_FILE_MB = 10
MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024
# Everything inside the zip together, once extracted; a 10,000-row template is about 1.5 MB.
MAX_EXTRACTED_BYTES = 150 * 1024 * 1024
MAX_RATIO = 200
MERGED = re.compile(rb"<(?:\w+:)?mergeCell\s[^>]*?ref=\"([A-Za-z0-9:$]+)\"")
SCAN_CHUNK = 1024 * 1024
LETTERS = "ABCDEFG"
EXCEL_EPOCH = date(1899, 12, 30)
EXCEL_FIRST, EXCEL_LAST = 36526, 73051  # 2000-01-01 .. 2099-12-31
# Dates as text: day/month/year as the screens write them (14/03/2022, also with '-' or '.'), or
# the year first (2022-03-14, the template's earlier text cells).
DATE_TEXT = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DAY_FIRST_TEXT = re.compile(r"^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$")
# Times: '08.00' (the Indonesian notation, DESIGN §18) or '08:00', seconds optional, one separator.
TIME_TEXT = re.compile(r"^(\d{1,2})([:.])(\d{2})(?:\2(\d{2}))?$")
# How far past the data a reader goes before calling the sheet too big (a 1,000,000-row sheet stops here).
ROW_SLACK = 100


class UploadRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class UploadTarget:
    man_power: ManPower
    start: date
    end: date
    file_name: str
    rows: int = 0


def _base_name(name: str) -> str:
    """The name without a browser's ' (1)' / '(1)' suffix for a second download of the same name."""
    stem, dot, ext = name.rpartition(".")
    stem = re.sub(r"\s*\(\d+\)$", "", stem)
    return f"{stem}{dot}{ext}"


def check_name_and_size(name: str, size: int) -> None:
    lower = name.lower()
    if lower.endswith(".xls"):
        raise UploadRefused(msg.FILE_XLS)
    if not lower.endswith(".xlsx"):
        raise UploadRefused(msg.FILE_EXTENSION)
    if size <= 0:
        raise UploadRefused(msg.FILE_EMPTY)
    if size > MAX_FILE_BYTES:
        raise UploadRefused(msg.FILE_TOO_LARGE.format(limit=MAX_FILE_MB))


ROW_TAG = re.compile(rb"<row[\s>/]")


def _check_zip(path: Path) -> int:
    """Zip sanity, merged cells and the number of rows of the biggest sheet (counted in the XML,
    so a sheet of a million rows is refused without parsing it)."""
    # An xlsx from offset 0 (the core sniffer): a zip reader finds an archive from its end, so a
    # workbook behind other bytes would still open.
    with path.open("rb") as head:
        found = file_sniff(head)
    if found is None or found.extension != "xlsx":
        raise UploadRefused(msg.FILE_NOT_XLSX)
    try:
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
            names = {e.filename for e in entries}
            if "[Content_Types].xml" not in names or not any(n.startswith("xl/worksheets/") for n in names):
                raise UploadRefused(msg.FILE_NOT_XLSX)
            total = 0
            for entry in entries:
                total += entry.file_size
                ratio = entry.file_size / max(1, entry.compress_size)
                if total > MAX_EXTRACTED_BYTES or (entry.file_size > 10 * 1024 * 1024 and ratio > MAX_RATIO):
                    raise UploadRefused(msg.FILE_BOMB)
            rows = 0
            for entry in entries:
                if entry.filename.startswith("xl/worksheets/") and entry.filename.endswith(".xml"):
                    rows = max(rows, _scan_sheet(archive, entry))
            return rows
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
        raise UploadRefused(msg.FILE_BROKEN) from error


def _scan_sheet(archive: zipfile.ZipFile, entry: zipfile.ZipInfo) -> int:
    """Stream the sheet's XML (never all of it in memory): refuse a merged range or too many rows;
    answer the number of rows."""
    tail = b""
    short_tail = b""
    read = rows = 0
    with archive.open(entry) as stream:
        while chunk := stream.read(SCAN_CHUNK):
            read += len(chunk)
            if read > MAX_EXTRACTED_BYTES:
                raise UploadRefused(msg.FILE_BOMB)
            window = tail + chunk
            found = MERGED.search(window)
            if found:
                raise UploadRefused(msg.FILE_MERGED.format(ref=found.group(1).decode()))
            # A tail shorter than the tag never holds a whole match, so no row is counted twice.
            rows += len(ROW_TAG.findall(short_tail + chunk))
            if rows > MAX_ROWS + 1 + ROW_SLACK:
                raise UploadRefused(msg.FILE_TOO_MANY_ROWS.format(limit=f"{MAX_ROWS:,}".replace(",", ".")))
            tail = window[-200:]
            short_tail = window[-4:]
    return rows


def _signature(book: Any) -> Signature:
    if SIGNATURE_SHEET not in book.sheetnames or SHEET not in book.sheetnames:
        raise UploadRefused(msg.FILE_NOT_TEMPLATE)
    values = [
        row[0] if row else None
        for row in book[SIGNATURE_SHEET].iter_rows(max_row=6, max_col=1, values_only=True)
    ]
    if len(values) < 6 or values[0] != SIGNATURE_TAG:
        raise UploadRefused(msg.FILE_NOT_TEMPLATE)
    try:
        return Signature(
            man_power_hash_id=str(values[1]),
            start=date.fromisoformat(str(values[2])),
            end=date.fromisoformat(str(values[3])),
            file_name=str(values[4]),
            digest=str(values[5]),
        )
    except ValueError:
        raise UploadRefused(msg.FILE_SIGNATURE) from None


def open_upload(path: Path) -> Any:
    try:
        return load_workbook(path, read_only=True, data_only=False, keep_links=False)
    except UploadRefused:
        raise
    except (
        InvalidFileException,
        zipfile.BadZipFile,
        KeyError,
        ValueError,
        TypeError,
        OSError,
        EOFError,
    ) as error:
        raise UploadRefused(msg.FILE_BROKEN) from error
    except Exception as error:  # openpyxl raises many kinds on a malformed part
        raise UploadRefused(msg.FILE_BROKEN) from error


def inspect_upload(*, path: Path, name: str) -> UploadTarget:
    """Everything about the file as a whole; raises UploadRefused with the message to show."""
    check_name_and_size(name, path.stat().st_size)
    counted = _check_zip(path)
    book = open_upload(path)
    try:
        try:
            signature = _signature(book)
        except UploadRefused:
            raise
        except Exception as error:
            raise UploadRefused(msg.FILE_BROKEN) from error
        if not signature.valid:
            raise UploadRefused(msg.FILE_SIGNATURE)
        if _base_name(Path(name).name) != signature.file_name:
            raise UploadRefused(msg.FILE_RENAMED.format(name=signature.file_name))
        pk = decode_id(ManPower._meta.label, signature.man_power_hash_id)
        man_power = ManPower.objects.filter(pk=pk).first() if pk is not None else None
        if man_power is None:
            raise UploadRefused(msg.FILE_PLACEMENT_GONE)
        sheet = book[SHEET]
        # The dimension a sheet claims (read from its header, no parsing of the rows).
        claimed = sheet.max_row if getattr(sheet, "_max_row", None) else None
        if isinstance(claimed, int) and claimed > MAX_ROWS + 1 + ROW_SLACK:
            raise UploadRefused(msg.FILE_TOO_MANY_ROWS.format(limit=f"{MAX_ROWS:,}".replace(",", ".")))
        header = next(sheet.iter_rows(min_row=1, max_row=1, max_col=len(COLUMNS), values_only=True), ())
        titles = [str(v).strip() if v is not None else "" for v in header]
        if titles != list(COLUMNS):
            raise UploadRefused(msg.FILE_HEADER.format(headers=", ".join(COLUMNS)))
    finally:
        book.close()
    rows = max(0, counted - 1)
    return UploadTarget(
        man_power=man_power,
        start=signature.start,
        end=signature.end,
        file_name=signature.file_name,
        rows=rows,
    )


# Rows


@dataclass
class RawRow:
    number: int
    values: tuple[Any, ...]
    formulas: tuple[int, ...]


MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
ROW, CELL, VALUE, FORMULA, INLINE, TEXT, PHONETIC = (
    f"{{{MAIN_NS}}}{tag}" for tag in ("row", "c", "v", "f", "is", "t", "rPh")
)
CELL_REF = re.compile(r"^([A-Z]+)(\d+)$")


def _sheet_part(archive: zipfile.ZipFile, title: str) -> str:
    """The zip path of the worksheet called `title` (workbook.xml and its relationships)."""
    book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rid = next(
        (s.get(f"{{{REL_NS}}}id") for s in book.iter(f"{{{MAIN_NS}}}sheet") if s.get("name") == title), None
    )
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    for rel in rels.iter(f"{{{PKG_REL_NS}}}Relationship"):
        if rel.get("Id") == rid:
            target = str(rel.get("Target") or "")
            return target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    raise UploadRefused(msg.FILE_NOT_TEMPLATE)


def _text(element: ElementTree.Element) -> str:
    """The text of a string item (rich text runs joined, phonetic hints left out)."""
    parts: list[str] = []
    for child in element.iter():
        if child.tag == TEXT and child.text:
            parts.append(child.text)
        elif child.tag == PHONETIC:
            break
    return "".join(parts)


def _shared_strings(archive: zipfile.ZipFile) -> list[str]:
    if "xl/sharedStrings.xml" not in archive.namelist():
        return []
    strings: list[str] = []
    with archive.open("xl/sharedStrings.xml") as stream:
        for _, element in ElementTree.iterparse(stream):
            if element.tag == f"{{{MAIN_NS}}}si":
                strings.append(_text(element))
                element.clear()
    return strings


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index - 1


def _cell_value(cell: ElementTree.Element, shared: list[str]) -> Any:
    kind = cell.get("t", "n")
    if kind == "inlineStr":
        inline = cell.find(INLINE)
        return _text(inline) if inline is not None else None
    raw = cell.findtext(VALUE)
    if not raw:
        return None
    if kind == "s":
        return shared[int(raw)]
    if kind in ("str", "e", "d"):
        return raw
    if kind == "b":
        return raw == "1"
    number = float(raw)
    return int(number) if number.is_integer() and "." not in raw and "E" not in raw.upper() else number


def read_rows(path: Path) -> Iterator[RawRow]:
    """Data rows (from row 2) with their 7 values; entirely empty rows are skipped. Raises
    UploadRefused past MAX_ROWS rows of any kind (a sheet of a million empty rows stops here).

    The rows are streamed from the sheet's XML with ElementTree.iterparse, each row's elements
    cleared once read (memory stays flat): the same parser openpyxl's read-only mode runs, without
    its per-cell style and type objects, which cost most of its time (openpyxl still reads the
    workbook as a whole: signature sheet and header, in inspect_upload)."""
    count = len(COLUMNS)
    try:
        with zipfile.ZipFile(path) as archive:
            shared = _shared_strings(archive)
            part = _sheet_part(archive, SHEET)
            with archive.open(part) as stream:
                seen = 1
                # Rows past MAX_ROWS stop the read, so at most that many (cleared) row elements stay.
                for _, element in ElementTree.iterparse(stream, events=("end",)):
                    if element.tag != ROW:
                        continue
                    number = int(element.get("r") or seen + 1)
                    seen = number
                    if number > MAX_ROWS + 1 + ROW_SLACK:
                        raise UploadRefused(
                            msg.FILE_TOO_MANY_ROWS.format(limit=f"{MAX_ROWS:,}".replace(",", "."))
                        )
                    if number >= 2:
                        values: list[Any] = [None] * count
                        formulas: list[int] = []
                        position = 0
                        for cell in element.iter(CELL):
                            ref = CELL_REF.match(cell.get("r") or "")
                            index = _column_index(ref.group(1)) if ref else position
                            position = index + 1
                            if index >= count:
                                continue
                            if cell.find(FORMULA) is not None:
                                formulas.append(index)
                            values[index] = _cell_value(cell, shared)
                        if formulas or not all(
                            v is None or (isinstance(v, str) and not v.strip()) for v in values
                        ):
                            yield RawRow(number=number, values=tuple(values), formulas=tuple(formulas))
                    element.clear()
    except UploadRefused:
        raise
    except Exception as error:
        raise UploadRefused(msg.FILE_BROKEN) from error


# Cell parsing (None = empty; ValueError = bad)


def text_of(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def parse_date(value: Any) -> date | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, datetime):
        if value.time() != time(0):
            raise ValueError(value)
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and EXCEL_FIRST <= value <= EXCEL_LAST:
        return EXCEL_EPOCH + timedelta(days=value)  # a date cell Excel keeps as its serial number
    text = str(value).strip()
    day_first = DAY_FIRST_TEXT.match(text)
    if day_first:
        return date(int(day_first.group(4)), int(day_first.group(3)), int(day_first.group(1)))
    if not DATE_TEXT.match(text):
        raise ValueError(text)
    return date.fromisoformat(text)


def parse_time(value: Any) -> time | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, datetime):
        return value.time().replace(microsecond=0)
    if isinstance(value, time):
        return value.replace(microsecond=0)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1:
        seconds = round(float(value) * 86400)
        return time(seconds // 3600, seconds % 3600 // 60, seconds % 60)
    found = TIME_TEXT.match(str(value).strip())
    if not found:
        raise ValueError(value)
    hour, minute, second = int(found.group(1)), int(found.group(3)), int(found.group(4) or 0)
    return time(hour, minute, second)  # ValueError when out of range


def parse_hours(value: Any) -> Decimal | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise ValueError(value)
    try:
        hours = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        raise ValueError(value) from None
    if not hours.is_finite() or hours < 0 or hours > 24:
        raise ValueError(value)
    return hours.quantize(Decimal("0.01"))
