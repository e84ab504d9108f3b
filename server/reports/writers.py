"""Spreadsheet writers: xlsx with openpyxl's write-only mode, CSV with the csv module, both streamed.

Rows are consumed as they come from the database cursor, in the view's thread; the file is written
to a temporary file (write-only worksheets keep no cells in memory) and then streamed from it in
chunks by an async iterator, which Daphne sends as it reads (a synchronous iterator would be read
whole into memory under ASGI). Memory stays flat whatever the row count.
"""

from __future__ import annotations

import csv
import io
import os
import tempfile
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import IO, Any

from asgiref.sync import sync_to_async
from django.http import StreamingHttpResponse
from django.utils.http import content_disposition_header
from openpyxl import Workbook

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_CONTENT_TYPE = "text/csv; charset=utf-8"
DEFAULT_SHEET = "Sheet"
# Excel opens UTF-8 CSV correctly only with a byte-order mark.
UTF8_BOM = "\ufeff"
CSV_DELIMITER = ";"

CHUNK_BYTES = 64 * 1024

Columns = Sequence[tuple[str, str]]


def xlsx_file(
    columns: Columns, rows: Iterable[Mapping[str, Any]], *, sheet: str = DEFAULT_SHEET
) -> IO[bytes]:
    """A header row (column titles) and one row per mapping, in a temporary file positioned at 0."""
    workbook = Workbook(write_only=True)
    worksheet = workbook.create_sheet(title=sheet)
    worksheet.append([title for _, title in columns])
    for row in rows:
        worksheet.append([row[key] for key, _ in columns])
    # Handed to the streaming response, which closes it.
    output = tempfile.TemporaryFile()  # noqa: SIM115
    try:
        workbook.save(output)
    except BaseException:
        output.close()
        raise
    output.seek(0)
    return output


def csv_file(columns: Columns, rows: Iterable[Mapping[str, Any]]) -> IO[bytes]:
    """UTF-8 CSV in a temporary file positioned at 0: a BOM (Excel reads UTF-8 right) and semicolons
    (Excel set to Indonesian, where the comma is the decimal separator, opens it in columns)."""
    # Handed to the streaming response, which closes it.
    output = tempfile.TemporaryFile()  # noqa: SIM115
    text = io.TextIOWrapper(output, encoding="utf-8", newline="", write_through=True)
    try:
        text.write(UTF8_BOM)
        writer = csv.writer(text, delimiter=CSV_DELIMITER)
        writer.writerow([title for _, title in columns])
        for row in rows:
            writer.writerow([row[key] for key, _ in columns])
        text.flush()
    except BaseException:
        text.close()
        raise
    text.detach()
    output.seek(0)
    return output


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
