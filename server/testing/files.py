"""What a signed file URL an answer carries says (server/core/files.py): its path and its reader."""

from __future__ import annotations

from server.core.files import MOBILE_FILE_PREFIX, WEB_FILE_PREFIX, SignedFile, read_token


def signed_file(url: str) -> SignedFile:
    """The signed file of a `/api/web/v1/file/...` or `/api/mobile/v1/file/...` URL (fails otherwise)."""
    assert url.startswith((WEB_FILE_PREFIX, MOBILE_FILE_PREFIX)), url
    return read_token(url.rsplit("/", 1)[1])
