"""Uploaded images and stored media: decode an upload safely, re-encode it as a plain JPEG, store it
under MEDIA_ROOT by folder and month (check-in photos, izin attachments, announcements, leave
adjustments)."""

from __future__ import annotations

import io
import secrets
from datetime import datetime

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from PIL import Image, ImageOps, UnidentifiedImageError

from server.core.envelope import Unprocessable

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_IMAGE_PIXELS = 40_000_000
PHOTO_MAX_SIDE = 1600
PHOTO_QUALITY = 85

PHOTO_NOT_IMAGE = "Foto harus berupa gambar."
PHOTO_TOO_BIG = "Ukuran foto maksimal 5 MB."


def image_load(
    upload: File[bytes], *, field: str, not_image: str = PHOTO_NOT_IMAGE, too_big: str = PHOTO_TOO_BIG
) -> Image.Image:
    """The decoded image of an upload of at most 5 MB; anything else is a 422 on `field`."""
    if upload.size is None or upload.size > MAX_UPLOAD_BYTES:
        raise Unprocessable(too_big, errors={field: [too_big]})
    try:
        upload.seek(0)
        with Image.open(upload) as probe:
            probe.verify()
        upload.seek(0)
        image = Image.open(upload)
        width, height = image.size
        if width * height > MAX_IMAGE_PIXELS:
            raise Unprocessable(not_image, errors={field: [not_image]})
        image.load()
    except Unprocessable:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise Unprocessable(not_image, errors={field: [not_image]}) from None
    return image


def jpeg_bytes(image: Image.Image, *, max_side: int = PHOTO_MAX_SIDE) -> bytes:
    """Re-encoded as a plain JPEG: upright, at most `max_side` px, no metadata or trailing bytes."""
    upright = ImageOps.exif_transpose(image) or image
    if upright.mode in ("RGBA", "LA", "P"):
        rgba = upright.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba.getchannel("A"))
        upright = flat
    elif upright.mode != "RGB":
        upright = upright.convert("RGB")
    upright.thumbnail((max_side, max_side))
    out = io.BytesIO()
    upright.save(out, format="JPEG", quality=PHOTO_QUALITY, optimize=True)
    return out.getvalue()


def media_store(*, folder: str, when: datetime, extension: str, content: bytes) -> str:
    """Save under MEDIA_ROOT/<folder>/YYYY/MM/<random>.<extension>; the stored relative path."""
    local = timezone.localtime(when)
    name = f"{folder}/{local:%Y}/{local:%m}/{secrets.token_urlsafe(16)}.{extension}"
    return str(default_storage.save(name, ContentFile(content)))
