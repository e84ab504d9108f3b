"""One attachment sniffer (issue 39, finding 6): what an uploaded file is, judged by the magic bytes
at offset 0 and then by its structure, never by a signature found further in, its name or the
browser's content type; and the size limit of the caller's rule. Izin, leave, announcements and the
manual upload all use it, and no other module carries a file signature."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from server.core.attachments import (
    DOCUMENT_KINDS,
    IMAGE_KINDS,
    PDF,
    AttachmentRule,
    attachment_display_name,
    attachment_sniff,
    file_sniff,
)
from server.core.envelope import Unprocessable
from server.core.spreadsheets import XlsxBook

PDF_BYTES = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
RULE = AttachmentRule(
    kinds=frozenset({PDF, *IMAGE_KINDS}),
    max_bytes=1024,
    too_big="Ukuran lampiran maksimal 1 KB.",
    invalid="Lampiran harus berupa gambar atau PDF.",
)


def image(kind: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, format=kind)
    return out.getvalue()


def docx() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return out.getvalue()


def xlsx() -> bytes:
    book = XlsxBook()
    book.sheet().append(["a"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def upload(content: bytes, name: str = "berkas.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/pdf")


@pytest.mark.parametrize(
    ("content", "extension", "content_type"),
    [
        (PDF_BYTES, "pdf", "application/pdf"),
        (image("JPEG"), "jpg", "image/jpeg"),
        (image("PNG"), "png", "image/png"),
        (image("GIF"), "gif", "image/gif"),
        (image("WEBP"), "webp", "image/webp"),
    ],
)
def test_a_signature_at_offset_0_is_recognised(content: bytes, extension: str, content_type: str) -> None:
    found = attachment_sniff(upload(content, "nama-apa-saja.txt"), RULE)
    assert (found.extension, found.content_type) == (extension, content_type)


@pytest.mark.parametrize("offset", [1, 2, 100, 1023, 2000])
@pytest.mark.parametrize("prefix", [b" ", b"\n", b"<html><body>", b"\x00", b"MZ"])
def test_a_pdf_signature_past_offset_0_is_refused(prefix: bytes, offset: int) -> None:
    padding = (prefix * offset)[:offset]
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload(padding + PDF_BYTES), replace(RULE, max_bytes=10_000))
    assert refused.value.message == "Lampiran harus berupa gambar atau PDF."
    assert refused.value.errors == {"attachment": ["Lampiran harus berupa gambar atau PDF."]}


@pytest.mark.parametrize("kind", ["JPEG", "PNG"])
def test_an_image_after_other_bytes_is_refused(kind: str) -> None:
    with pytest.raises(Unprocessable):
        attachment_sniff(upload(b"<svg onload=alert(1)>" + image(kind)), RULE)


def test_a_signature_with_a_broken_body_is_refused() -> None:
    png = image("PNG")
    with pytest.raises(Unprocessable):
        attachment_sniff(upload(png[:20]), RULE)
    with pytest.raises(Unprocessable):
        attachment_sniff(upload(b"\xff\xd8\xff" + b"<script>alert(1)</script>"), RULE)


def test_the_rule_chooses_the_kinds() -> None:
    with pytest.raises(Unprocessable):
        attachment_sniff(upload(docx(), "memo.docx"), RULE)
    documents = AttachmentRule(kinds=DOCUMENT_KINDS, max_bytes=10_000, too_big="besar", invalid="bukan")
    assert attachment_sniff(upload(docx(), "memo.docx"), documents).extension == "docx"
    only_pdf = AttachmentRule(kinds=frozenset({PDF}), max_bytes=10_000, too_big="besar", invalid="bukan")
    with pytest.raises(Unprocessable, match="bukan"):
        attachment_sniff(upload(image("PNG")), only_pdf)


def test_size_limits_and_the_empty_file() -> None:
    at_limit = PDF_BYTES + b"0" * (RULE.max_bytes - len(PDF_BYTES))
    assert attachment_sniff(upload(at_limit), RULE).extension == "pdf"
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload(at_limit + b"0"), RULE)
    assert refused.value.errors == {"attachment": ["Ukuran lampiran maksimal 1 KB."]}
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload(b""), RULE)
    assert refused.value.message == "Lampiran harus berupa gambar atau PDF."


def test_a_rule_names_its_field() -> None:
    rule = replace(RULE, kinds=frozenset({PDF}), invalid="bukan", field="berkas")
    with pytest.raises(Unprocessable) as refused:
        attachment_sniff(upload(b"hanya teks"), rule)
    assert refused.value.errors == {"berkas": ["bukan"]}


def test_an_xlsx_is_a_zip_from_offset_0() -> None:
    book = xlsx()
    assert file_sniff(io.BytesIO(book)) is not None
    assert file_sniff(io.BytesIO(book)).extension == "xlsx"  # type: ignore[union-attr]
    # A zip reader finds the archive from its end: bytes in front still open as a zip, but are refused.
    behind_html = b"<html><script>alert(1)</script>" + book
    assert zipfile.is_zipfile(io.BytesIO(behind_html))
    assert file_sniff(io.BytesIO(behind_html)) is None
    # Behind a PDF head it is what its first bytes say: a PDF, no workbook.
    behind_pdf = file_sniff(io.BytesIO(b"%PDF-1.4\n" + book))
    assert behind_pdf is not None and behind_pdf.extension == "pdf"


def test_the_display_name_keeps_the_name_with_the_detected_extension() -> None:
    assert attachment_display_name("Surat Edaran Libur.PDF", "pdf") == "Surat Edaran Libur.pdf"
    assert attachment_display_name("../../etc/passwd", "pdf") == "passwd.pdf"
    assert attachment_display_name("", "docx") == "lampiran.docx"


# File signatures, as bytes literals: only the sniffer holds them (and the makers of demo and test files).
SIGNATURES = re.compile(r"""b["']%PDF|\\x89PNG|\\xff\\xd8|PK\\x03\\x04|\\xd0\\xcf\\x11\\xe0|b["']GIF8""")
SIGNATURE_HOLDERS = {"server/core/attachments.py"}
MAKERS = ("server/demo/", "server/fakes/", "server/testing/", "server/announcements/demo.py")


def test_no_other_module_sniffs_a_file() -> None:
    root = Path(settings.BASE_DIR)
    holders = set()
    for path in (root / "server").rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        if "/tests/" in relative or "/migrations/" in relative or relative.startswith(MAKERS):
            continue
        if SIGNATURES.search(path.read_text(encoding="utf-8")):
            holders.add(relative)
    assert holders == SIGNATURE_HOLDERS


@pytest.mark.parametrize(
    "module",
    [
        "server/izin/services.py",
        "server/adjustments/leave.py",
        "server/announcements/services.py",
        "server/uploads/reader.py",
    ],
)
def test_each_caller_uses_the_core_sniffer(module: str) -> None:
    source = (Path(settings.BASE_DIR) / module).read_text(encoding="utf-8")
    assert "from server.core.attachments import" in source
    assert re.search(r"\b(attachment_sniff|file_sniff)\(", source)
