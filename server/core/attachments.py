"""The one attachment sniffer (issue 39): what an uploaded file is, judged by its bytes, never by its
name or the browser's content type, and whether a caller's rule allows it.

A file is recognised only by the signature (magic bytes) at offset 0, then by its structure:
- PDF `%PDF-`; a `%PDF-` found further in is no PDF (an HTML page or a script can carry one);
- JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, GIF `GIF87a`/`GIF89a`, WEBP `RIFF....WEBP`, each
  then opened by Pillow, which must agree on the format and find no more than MAX_IMAGE_PIXELS;
- a zip `PK 03 04` holding an Office Open XML document (`[Content_Types].xml` and `word/`, `xl/` or
  `ppt/`) or an OpenDocument one (its `mimetype`): a zip reader finds an archive from its end, so
  a workbook behind other bytes would still open; here it must start at offset 0;
- an OLE2 compound file `D0 CF 11 E0 A1 B1 1A E1` naming a Word, Excel or PowerPoint stream.

`attachment_sniff(upload, rule)` applies a caller's `AttachmentRule` (the kinds it takes, its size
limit, its Indonesian messages, its field) and raises a 422 on the field; `file_sniff(file)` only
says what the bytes are (None when nothing known). Used by izin and leave attachments, announcement
attachments and the manual upload (server/uploads). No other module holds a file signature
(server/core/tests/test_attachment_sniff.py checks it).
"""

from __future__ import annotations

import re
import unicodedata
import zipfile
from dataclasses import dataclass
from typing import IO

from django.core.files import File
from PIL import Image, UnidentifiedImageError

from server.core.envelope import Unprocessable

PDF = "pdf"
JPEG = "jpg"
PNG = "png"
GIF = "gif"
WEBP = "webp"
IMAGE_KINDS = frozenset({JPEG, PNG, GIF, WEBP})
OFFICE_KINDS = frozenset({"doc", "xls", "ppt", "docx", "xlsx", "pptx", "odt", "ods", "odp"})
DOCUMENT_KINDS = frozenset({PDF, *IMAGE_KINDS, *OFFICE_KINDS})
MAX_IMAGE_PIXELS = 50_000_000

_PDF = b"%PDF-"
_JPEG = b"\xff\xd8\xff"
_PNG = b"\x89PNG\r\n\x1a\n"
_GIFS = (b"GIF87a", b"GIF89a")
_ZIP = b"PK\x03\x04"
_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_IMAGE_FORMATS = {"JPEG": JPEG, "PNG": PNG, "GIF": GIF, "WEBP": WEBP}
_OLE2_STREAMS = (
    ("WordDocument", "doc"),
    ("Workbook", "xls"),
    ("Book", "xls"),
    ("PowerPoint Document", "ppt"),
)
_OOXML_PARTS = (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx"))
_ODF_TYPES = {
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.presentation": "odp",
}
CONTENT_TYPES = {
    PDF: "application/pdf",
    JPEG: "image/jpeg",
    PNG: "image/png",
    GIF: "image/gif",
    WEBP: "image/webp",
    "doc": "application/msword",
    "xls": "application/vnd.ms-excel",
    "ppt": "application/vnd.ms-powerpoint",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    **{extension: odf for odf, extension in _ODF_TYPES.items()},
}


@dataclass(frozen=True)
class Sniffed:
    extension: str
    content_type: str


@dataclass(frozen=True)
class AttachmentRule:
    """What a caller takes: the kinds (extensions of this module), the size limit in bytes, the
    messages for a file too big and for anything else refused, and the field the 422 names."""

    kinds: frozenset[str]
    max_bytes: int
    too_big: str
    invalid: str
    field: str = "attachment"


def _sniffed(extension: str) -> Sniffed:
    return Sniffed(extension, CONTENT_TYPES[extension])


def _image(file: IO[bytes], expected: str) -> Sniffed | None:
    file.seek(0)
    try:
        with Image.open(file) as probe:
            width, height = probe.size
            if _IMAGE_FORMATS.get(probe.format or "") != expected or width * height > MAX_IMAGE_PIXELS:
                return None
            probe.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return None
    return _sniffed(expected)


def _zip_document(file: IO[bytes]) -> Sniffed | None:
    file.seek(0)
    try:
        with zipfile.ZipFile(file) as archive:
            names = archive.namelist()
            if "mimetype" in names and archive.getinfo("mimetype").file_size <= 100:
                odf = archive.read("mimetype").decode("ascii", "replace").strip()
                if odf in _ODF_TYPES:
                    return _sniffed(_ODF_TYPES[odf])
            if "[Content_Types].xml" not in names:
                return None
            for prefix, extension in _OOXML_PARTS:
                if any(name.startswith(prefix) for name in names):
                    return _sniffed(extension)
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, NotImplementedError, RuntimeError):
        return None
    return None


def _ole2_document(file: IO[bytes]) -> Sniffed | None:
    file.seek(0)
    content = file.read()
    for stream, extension in _OLE2_STREAMS:
        # Directory entries hold stream names in UTF-16LE followed by a NUL character.
        if (stream + "\x00").encode("utf-16-le") in content:
            return _sniffed(extension)
    return None


def file_sniff(file: IO[bytes]) -> Sniffed | None:
    """What the bytes are, by the signature at offset 0 and then the structure; None when unknown.
    The file is left at offset 0."""
    stream = file
    stream.seek(0)
    head = stream.read(16)
    found: Sniffed | None = None
    if head.startswith(_PDF):
        found = _sniffed(PDF)
    elif head.startswith(_JPEG):
        found = _image(stream, JPEG)
    elif head.startswith(_PNG):
        found = _image(stream, PNG)
    elif head.startswith(_GIFS):
        found = _image(stream, GIF)
    elif head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        found = _image(stream, WEBP)
    elif head.startswith(_ZIP):
        found = _zip_document(stream)
    elif head.startswith(_OLE2):
        found = _ole2_document(stream)
    stream.seek(0)
    return found


def attachment_sniff(upload: File[bytes], rule: AttachmentRule) -> Sniffed:
    """What the upload is, if `rule` takes it; a 422 on `rule.field` when too big, empty, unknown or
    of a kind the rule does not take."""
    if upload.size is None or upload.size > rule.max_bytes:
        raise Unprocessable(rule.too_big, errors={rule.field: [rule.too_big]})
    found = file_sniff(upload) if upload.size else None
    if found is None or found.extension not in rule.kinds:
        raise Unprocessable(rule.invalid, errors={rule.field: [rule.invalid]})
    return found


_UNSAFE_NAME = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def attachment_display_name(name: str, extension: str) -> str:
    """The uploaded name, cleaned for a download header, ending in the detected extension."""
    base = unicodedata.normalize("NFC", name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1])
    base = _UNSAFE_NAME.sub("_", base).strip(" .") or "lampiran"
    stem = base.rsplit(".", 1)[0] if "." in base else base
    stem = stem[:200].strip(" .") or "lampiran"
    return f"{stem}.{extension}"
