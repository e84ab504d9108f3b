"""Files that are not what they claim: each gets its own message (422 when posted, or the job's
failure), never a 500, and no job runs for a file refused at the door."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook, load_workbook
from rest_framework.test import APIClient

from server.jobs.models import Job
from server.uploads import messages as msg
from server.uploads.template import COLUMNS, SIGNATURE_SHEET
from server.uploads.tests.conftest import URL, Site, download, fill, last_job, post

pytestmark = [pytest.mark.django_db]

MANY = f"{10_000:,}".replace(",", ".")


def send(client: APIClient, content: bytes, name: str) -> Any:
    return client.post(
        f"{URL}/import_attendance",
        {"upload_file": SimpleUploadedFile(name, content, content_type="application/octet-stream")},
        format="multipart",
    )


def refused(answer: Any, message: str) -> None:
    assert answer.status_code == 422, answer.content[:300]
    body = answer.json()
    assert body["message"] == message
    assert body["errors"] == {"upload_file": [message]}
    assert not Job.objects.exists()


def rewrite_sheet(content: bytes, change: Callable[[str], str]) -> bytes:
    """The same xlsx with the data sheet's XML changed by `change`."""
    source = zipfile.ZipFile(io.BytesIO(content))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = change(data.decode()).encode()
            target.writestr(item.filename, data)
    return out.getvalue()


def test_no_file(site: Site, client: APIClient) -> None:
    refused(client.post(f"{URL}/import_attendance", {}, format="multipart"), msg.FILE_REQUIRED)


def test_empty_file(site: Site, client: APIClient) -> None:
    refused(send(client, b"", "Template.xlsx"), msg.FILE_EMPTY)


def test_csv_renamed_to_xlsx(site: Site, client: APIClient) -> None:
    refused(send(client, b"ID Karyawan;Nama\nUP-0001;Pekerja 1\n", "Template.xlsx"), msg.FILE_NOT_XLSX)


def test_other_extensions(site: Site, client: APIClient) -> None:
    refused(send(client, b"abc", "data.csv"), msg.FILE_EXTENSION)
    refused(send(client, b"\xd0\xcf\x11\xe0", "data.xls"), msg.FILE_XLS)


def test_fifty_megabytes(site: Site, client: APIClient) -> None:
    refused(
        send(client, b"PK" + b"\0" * (50 * 1024 * 1024), "Template.xlsx"), msg.FILE_TOO_LARGE.format(limit=10)
    )


def test_zip_bomb(site: Site, client: APIClient) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bomb:
        bomb.writestr("[Content_Types].xml", "<Types/>")
        with bomb.open("xl/worksheets/sheet1.xml", "w") as sheet:
            block = b"\0" * (1024 * 1024)
            for _ in range(160):
                sheet.write(block)
    assert len(out.getvalue()) < 1024 * 1024
    refused(send(client, out.getvalue(), "Template.xlsx"), msg.FILE_BOMB)


def test_a_zip_that_is_no_workbook(site: Site, client: APIClient) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("hello.txt", "hi")
    refused(send(client, out.getvalue(), "Template.xlsx"), msg.FILE_NOT_XLSX)


def test_a_workbook_behind_other_bytes(site: Site, client: APIClient) -> None:
    """Issue 39: a zip reader finds an archive from its end, so a real template behind a PDF or HTML
    head still opens as a zip; the core sniffer wants the zip's signature at offset 0."""
    content, name = download(client, site.man_power)
    for head in (b"%PDF-1.4\n", b"<html><script>alert(1)</script>"):
        assert zipfile.is_zipfile(io.BytesIO(head + content))
        refused(send(client, head + content, name), msg.FILE_NOT_XLSX)


def test_a_broken_workbook(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    broken = rewrite_sheet(content, lambda xml: xml[: len(xml) // 2])
    answer = send(client, broken, name)
    assert answer.status_code == 422 and answer.json()["message"] in (msg.FILE_BROKEN, msg.FILE_HEADER)


def test_a_workbook_not_made_from_the_template(site: Site, client: APIClient) -> None:
    book = Workbook()
    book.active.append(list(COLUMNS))
    out = io.BytesIO()
    book.save(out)
    refused(send(client, out.getvalue(), "Template.xlsx"), msg.FILE_NOT_TEMPLATE)


def test_a_tampered_signature(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    book = load_workbook(io.BytesIO(content))
    book[SIGNATURE_SHEET]["D1"] = "x"
    book[SIGNATURE_SHEET]["A4"] = "2025-12-31"
    out = io.BytesIO()
    book.save(out)
    refused(send(client, out.getvalue(), name), msg.FILE_SIGNATURE)


def test_a_renamed_file(site: Site, client: APIClient, django_capture_on_commit_callbacks: Any) -> None:
    content, name = download(client, site.man_power)
    refused(send(client, content, "kehadiran maret.xlsx"), msg.FILE_RENAMED.format(name=name))
    # A browser's " (1)" for a second download of the same name is no rename.
    again = post(client, content, name.replace(".xlsx", " (1).xlsx"), django_capture_on_commit_callbacks)
    assert again.status_code == 200 and last_job().message == msg.FILE_NO_ROWS


def test_a_changed_header(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    book = load_workbook(io.BytesIO(content))
    book["Sheet"]["C1"] = "Tgl"
    out = io.BytesIO()
    book.save(out)
    refused(send(client, out.getvalue(), name), msg.FILE_HEADER.format(headers=", ".join(COLUMNS)))


def test_merged_cells(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    book = load_workbook(io.BytesIO(fill(content, {("UP-0001", "2025-03-03"): {"D": "08:00"}})))
    book["Sheet"].merge_cells("D2:E2")
    out = io.BytesIO()
    book.save(out)
    refused(send(client, out.getvalue(), name), msg.FILE_MERGED.format(ref="D2:E2"))


def million_rows(xml: str, *, keep_dimension: bool) -> str:
    rows = "".join(f'<row r="{n}"/>' for n in range(30, 1_000_001))
    xml = xml.replace("</sheetData>", rows + "</sheetData>")
    xml = re.sub(r'<dimension ref="[^"]*"\s*/>', "", xml)
    if keep_dimension:
        xml = xml.replace("<sheetViews>", '<dimension ref="A1:G1000000"/><sheetViews>', 1)
    return xml


def test_a_million_empty_rows_with_a_dimension(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    huge = rewrite_sheet(content, lambda xml: million_rows(xml, keep_dimension=True))
    refused(send(client, huge, name), msg.FILE_TOO_MANY_ROWS.format(limit=MANY))


def test_a_million_empty_rows_without_a_dimension(site: Site, client: APIClient) -> None:
    content, name = download(client, site.man_power)
    huge = rewrite_sheet(content, lambda xml: million_rows(xml, keep_dimension=False))
    refused(send(client, huge, name), msg.FILE_TOO_MANY_ROWS.format(limit=MANY))
