"""Uploaded files (check-in photos, employee photos, izin attachments) served to signed-in users only.

Files live under MEDIA_ROOT and are never served by a public static route: every URL built by
`media_url` points at `GET /api/web/v1/media/<path>`, which checks the session and refuses any path
that resolves outside MEDIA_ROOT.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.views import APIView

from server.core.policy import SignedIn
from server.core.schema import MessageEnvelope

MEDIA_API_PREFIX = "/api/web/v1/media/"
INLINE_TYPES = frozenset({"image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"})


def media_url(path: str) -> str:
    """The URL of a stored file: external URLs are kept, paths under MEDIA_ROOT go through the API."""
    if not path:
        return ""
    if path.startswith(("http://", "https://")):
        return path
    return MEDIA_API_PREFIX + quote(path.lstrip("/"))


def media_file(path: str) -> Path | None:
    """The regular file under MEDIA_ROOT that `path` names, or None (missing, or outside MEDIA_ROOT)."""
    if not path or "\x00" in path:
        return None
    root = Path(settings.MEDIA_ROOT).resolve()
    try:
        candidate = (root / path).resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    if not candidate.is_relative_to(root) or candidate == root or not candidate.is_file():
        return None
    return candidate


class MediaFileApi(APIView):
    access = SignedIn()

    @extend_schema(
        summary="Berkas unggahan (foto absen, foto karyawan, lampiran izin)",
        responses={
            (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY),
            404: MessageEnvelope,
        },
    )
    def get(self, request: Request, path: str) -> FileResponse:
        found = media_file(path)
        if found is None:
            raise NotFound()
        content_type = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
        inline = content_type in INLINE_TYPES
        response = FileResponse(
            found.open("rb"),
            content_type=content_type if inline else "application/octet-stream",
            as_attachment=not inline,
            filename=found.name,
        )
        response["X-Content-Type-Options"] = "nosniff"
        response["Cache-Control"] = "private, max-age=3600"
        return response
