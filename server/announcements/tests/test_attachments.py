"""Attachments are recognised by their bytes: PDF, images and office documents up to 10 MB."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook
from PIL import Image

from server.announcements.attachments import ANNOUNCEMENT_ATTACHMENT, MAX_BYTES
from server.core.attachments import Sniffed, attachment_display_name
from server.core.attachments import attachment_sniff as core_sniff
from server.core.envelope import Unprocessable


def attachment_sniff(upload: SimpleUploadedFile) -> Sniffed:
    return core_sniff(upload, ANNOUNCEMENT_ATTACHMENT)


display_name = attachment_display_name

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, format="PNG")
    return out.getvalue()


def xlsx() -> bytes:
    out = io.BytesIO()
    Workbook().save(out)
    return out.getvalue()


def docx() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


def ole2_word() -> bytes:
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504
    return header + ("WordDocument\x00").encode("utf-16-le") + b"\x00" * 64


def upload(name: str, content: bytes, content_type: str = "application/octet-stream") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type=content_type)


@pytest.mark.parametrize(
    ("name", "content", "extension"),
    [
        ("surat.pdf", PDF, "pdf"),
        ("foto.png", png(), "png"),
        ("tanpa-nama", png(), "png"),
        ("data.xlsx", xlsx(), "xlsx"),
        ("memo.docx", docx(), "docx"),
        ("lama.doc", ole2_word(), "doc"),
        ("salah-nama.txt", PDF, "pdf"),
    ],
)
def test_allowed_types_are_recognised_by_content(name: str, content: bytes, extension: str) -> None:
    assert attachment_sniff(upload(name, content)).extension == extension


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("virus.pdf", b"MZ\x90\x00\x03\x00\x00\x00 this program cannot be run in DOS mode"),
        ("halaman.png", b"<html><script>alert(1)</script></html>"),
        ("arsip.docx", b"PK\x03\x04 not really a zip"),
        ("biasa.zip", b""),
    ],
)
def test_other_content_is_refused_whatever_the_name(name: str, content: bytes) -> None:
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload(name, content, "application/pdf"))
    assert refused.value.errors == {"attachment": [refused.value.message]}


def test_a_plain_zip_is_not_an_office_document() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("readme.txt", "halo")
    with pytest.raises(Unprocessable):
        attachment_sniff(upload("dokumen.docx", out.getvalue()))


def test_size_limit_is_10_mb() -> None:
    at_limit = PDF + b"0" * (MAX_BYTES - len(PDF))
    assert attachment_sniff(upload("besar.pdf", at_limit)).extension == "pdf"
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload("terlalu-besar.pdf", at_limit + b"0"))
    assert refused.value.message == "Ukuran lampiran maksimal 10 MB."


def test_display_name_keeps_the_name_with_the_detected_extension() -> None:
    assert display_name("Surat Edaran Libur.PDF", "pdf") == "Surat Edaran Libur.pdf"
    assert display_name("../../etc/passwd", "pdf") == "passwd.pdf"
    assert display_name('a<b>"c".exe', "png") == "a_b_c_.png"
    assert display_name("", "docx") == "lampiran.docx"
