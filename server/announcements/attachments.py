"""Announcement attachments: PDF, images and office documents of at most 10 MB, recognised by their
bytes (never by the name or the browser's content type), stored under MEDIA_ROOT with a random name
and served only through the signed-in attachment endpoints."""

from __future__ import annotations

import re
import unicodedata
import zipfile
from dataclasses import dataclass

from django.core.files import File
from PIL import Image, UnidentifiedImageError

from server.core.envelope import Unprocessable

MAX_BYTES = 10 * 1024 * 1024
ATTACHMENT_TOO_BIG = "Ukuran lampiran maksimal 10 MB."
ATTACHMENT_INVALID = "Lampiran harus berupa PDF, gambar (JPG, PNG, GIF, WEBP) atau dokumen Office."

_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_OLE2_STREAMS = (
    ("WordDocument", "doc", "application/msword"),
    ("Workbook", "xls", "application/vnd.ms-excel"),
    ("Book", "xls", "application/vnd.ms-excel"),
    ("PowerPoint Document", "ppt", "application/vnd.ms-powerpoint"),
)
_OOXML_PARTS = (
    ("word/", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("xl/", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("ppt/", "pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
)
_ODF_TYPES = {
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
    "application/vnd.oasis.opendocument.presentation": "odp",
}
_IMAGE_FORMATS = {"JPEG": ("jpg", "image/jpeg"), "PNG": ("png", "image/png"), "GIF": ("gif", "image/gif")}
_IMAGE_FORMATS["WEBP"] = ("webp", "image/webp")
MAX_IMAGE_PIXELS = 50_000_000
CONTENT_TYPES = {
    "pdf": "application/pdf",
    **{ext: kind for ext, kind in _IMAGE_FORMATS.values()},
    **{ext: kind for _, ext, kind in _OLE2_STREAMS},
    **{ext: kind for _, ext, kind in _OOXML_PARTS},
    **{ext: f"application/vnd.oasis.opendocument.{kind}" for kind, ext in
       (("text", "odt"), ("spreadsheet", "ods"), ("presentation", "odp"))},
}  # fmt: skip


@dataclass(frozen=True)
class Sniffed:
    extension: str
    content_type: str


def _invalid() -> Unprocessable:
    return Unprocessable(ATTACHMENT_INVALID, errors={"attachment": [ATTACHMENT_INVALID]})


def _image(upload: File[bytes]) -> Sniffed | None:
    upload.seek(0)
    try:
        with Image.open(upload) as probe:
            kind = probe.format or ""
            width, height = probe.size
            if kind not in _IMAGE_FORMATS or width * height > MAX_IMAGE_PIXELS:
                return None
            probe.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return None
    extension, content_type = _IMAGE_FORMATS[kind]
    return Sniffed(extension, content_type)


def _zip_document(upload: File[bytes]) -> Sniffed | None:
    upload.seek(0)
    try:
        with zipfile.ZipFile(upload) as archive:
            names = archive.namelist()
            if "mimetype" in names:
                info = archive.getinfo("mimetype")
                if info.file_size <= 100:
                    odf = archive.read("mimetype").decode("ascii", "replace").strip()
                    if odf in _ODF_TYPES:
                        return Sniffed(_ODF_TYPES[odf], odf)
            if "[Content_Types].xml" not in names:
                return None
            for prefix, extension, content_type in _OOXML_PARTS:
                if any(name.startswith(prefix) for name in names):
                    return Sniffed(extension, content_type)
    except (zipfile.BadZipFile, OSError, ValueError, KeyError, NotImplementedError, RuntimeError):
        return None
    return None


def _ole2_document(upload: File[bytes]) -> Sniffed | None:
    upload.seek(0)
    content = upload.read()
    for stream, extension, content_type in _OLE2_STREAMS:
        # Directory entries hold stream names in UTF-16LE followed by a NUL character.
        if (stream + "\x00").encode("utf-16-le") in content:
            return Sniffed(extension, content_type)
    return None


def attachment_sniff(upload: File[bytes]) -> Sniffed:
    """What the upload is, judged by its bytes; a 422 on `attachment` when too big or not allowed."""
    if upload.size is None or upload.size > MAX_BYTES:
        raise Unprocessable(ATTACHMENT_TOO_BIG, errors={"attachment": [ATTACHMENT_TOO_BIG]})
    if upload.size == 0:
        raise _invalid()
    upload.seek(0)
    head = upload.read(8)
    if head.startswith(b"%PDF-"):
        found: Sniffed | None = Sniffed("pdf", "application/pdf")
    elif head.startswith(_OLE2):
        found = _ole2_document(upload)
    elif head.startswith(b"PK\x03\x04"):
        found = _zip_document(upload)
    else:
        found = _image(upload)
    upload.seek(0)
    if found is None:
        raise _invalid()
    return found


_UNSAFE_NAME = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')


def display_name(name: str, extension: str) -> str:
    """The uploaded name, cleaned for a download header, ending in the detected extension."""
    base = unicodedata.normalize("NFC", name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1])
    base = _UNSAFE_NAME.sub("_", base).strip(" .") or "lampiran"
    stem = base.rsplit(".", 1)[0] if "." in base else base
    stem = stem[:200].strip(" .") or "lampiran"
    return f"{stem}.{extension}"
