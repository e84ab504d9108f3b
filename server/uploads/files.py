"""Where uploaded files and error files live (MEDIA_ROOT/uploads/manual)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from server.core.spreadsheets import XlsxBook
from server.uploads.reader import parse_date
from server.uploads.template import COLUMNS, DATE_COLUMN

ERROR_COLUMN = "Kesalahan"


def upload_dir() -> Path:
    path = Path(settings.MEDIA_ROOT) / "uploads" / "manual"
    path.mkdir(parents=True, exist_ok=True)
    return path


def store_upload(file: UploadedFile[Any]) -> Path:
    """Copy the posted file in chunks (never read whole into memory) under a random name."""
    path = upload_dir() / f"{uuid.uuid4().hex}.xlsx"
    with path.open("wb") as out:
        for chunk in file.chunks():
            out.write(chunk)
    return path


def error_file_path(job_hash_id: str) -> Path:
    return upload_dir() / "errors" / f"{job_hash_id}.xlsx"


def error_file_values(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """A row as read, its date shown as a date (the reader gives a date cell as its serial number)."""
    if len(values) <= DATE_COLUMN:
        return values
    try:
        day = parse_date(values[DATE_COLUMN])
    except (ValueError, TypeError, OverflowError):
        return values
    return (*values[:DATE_COLUMN], day, *values[DATE_COLUMN + 1 :])


def write_error_file(
    path: Path, rows: Iterable[tuple[int, tuple[Any, ...], list[str]]], general: list[str]
) -> None:
    """The offending rows as they were (formula-like text stays text: server/core/spreadsheets.py), with
    their row number and an error column."""
    path.parent.mkdir(parents=True, exist_ok=True)
    book = XlsxBook()
    sheet = book.sheet()
    sheet.append(["Baris", *COLUMNS, ERROR_COLUMN])
    for message in general:
        sheet.append(["", *([""] * len(COLUMNS)), message])
    for number, values, messages in rows:
        # Each message is a sentence of its own (it ends with its full stop).
        sheet.append([number, *values, " ".join(messages)])
    book.save(path)
