"""Stored files (check-in photos, employee photos, izin and leave attachments) reach a reader only
through a short-lived signed URL issued by an endpoint that has already checked the owning object's
policy (DESIGN §16). There is no route that serves a stored path by name.

- An endpoint that answers an object to a reader who may see it calls
  `signed_file_url(path, viewer=...)` for each of its files: `/api/web/v1/file/<token>` for a
  back-office user, `/api/mobile/v1/file/<token>` for an employee of the app. The token signs (salt
  `FILE_SALT`) the path under MEDIA_ROOT, the reader (`FileViewer`), an optional download name and
  the moment it was issued.
- `SignedFileApi` (and the app's subclass for employees) serves the file when the signature is
  intact, the URL is younger than `MAX_AGE` and the signed-in principal is the reader it was issued
  to. The signature is not the credential on its own: the client fetches files with its
  Authorization header (`AuthImage`, `AuthFileLink`), so a URL that leaks (a log, a copied link,
  a screenshot of the network panel) is useless to anyone else and useless after ten minutes, and a
  reader whose right is withdrawn stops getting new URLs at once.
- Issue times are rounded down to `WINDOW`, so one reader gets the same URL for a file for
  `WINDOW` seconds (the browser's and the client's caches keep working across refetches); a URL thus
  stays valid between MAX_AGE - WINDOW and MAX_AGE seconds.
- Answers: a forged or altered token is 404, an expired one or one issued to someone else 403, all
  in the envelope. A served file has a safe Content-Type (images and PDF inline, everything else
  `application/octet-stream` as an attachment), `X-Content-Type-Options: nosniff` and a sandbox CSP;
  a path outside MEDIA_ROOT is never opened.

`core` knows no domain app: each owning app decides who may see its object and only then signs.

Every file answer is made here (ruff TID251 bans `django.http.FileResponse` elsewhere): `file_response`
for a stored file, `client_page_response` for the built client's own page. `FileResponse` is
re-exported for annotations.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from django.conf import settings
from django.core import signing
from django.http import FileResponse as FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.views import APIView

from server.core import clock
from server.core.envelope import ApiError
from server.core.messages import FILE_EXPIRED, FILE_NOT_FOUND, FILE_NOT_YOURS
from server.core.policy import SignedIn
from server.core.schema import MessageEnvelope

WEB_FILE_PREFIX = "/api/web/v1/file/"
MOBILE_FILE_PREFIX = "/api/mobile/v1/file/"
FILE_SALT = "server.core.files.signed-file"
MAX_AGE = 10 * 60
WINDOW = 5 * 60

INLINE_TYPES = {
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".pdf": "application/pdf",
}

ViewerKind = Literal["user", "employee"]
_PREFIXES: dict[str, str] = {"user": WEB_FILE_PREFIX, "employee": MOBILE_FILE_PREFIX}


@dataclass(frozen=True)
class FileViewer:
    """Who a file URL is issued to: a back-office user or an employee of the app (by primary key)."""

    kind: ViewerKind
    id: int

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.id}"


def user_viewer(user: Any) -> FileViewer:
    return FileViewer("user", int(user.pk))


def employee_viewer(employee: Any) -> FileViewer:
    return FileViewer("employee", int(employee.pk))


def _issued_at() -> int:
    moment = int(clock.now().timestamp())
    return moment - moment % WINDOW


def signed_file_url(path: str, *, viewer: FileViewer | None, name: str = "") -> str:
    """The URL `viewer` may fetch the stored file `path` with for the next few minutes.

    '' for no file or no reader (an event sent to many readers carries no file URL: each reader's
    refetch of the object gets its own); an external http(s) URL is answered as it is."""
    if not path or viewer is None:
        return ""
    if path.startswith(("http://", "https://")):
        return path
    payload = {"p": path.lstrip("/"), "v": viewer.key, "t": _issued_at()}
    if name:
        payload["n"] = name
    return _PREFIXES[viewer.kind] + signing.dumps(payload, salt=FILE_SALT, compress=True)


@dataclass(frozen=True)
class SignedFile:
    path: str
    viewer: str
    issued_at: int
    name: str


def read_token(token: str) -> SignedFile:
    """The signed file of `token`: 404 when forged or altered, 403 when expired."""
    try:
        payload = signing.loads(token, salt=FILE_SALT)
        found = SignedFile(
            path=str(payload["p"]),
            viewer=str(payload["v"]),
            issued_at=int(payload["t"]),
            name=str(payload.get("n", "")),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError, AttributeError):
        raise ApiError(FILE_NOT_FOUND, status_code=404) from None
    age = clock.now().timestamp() - found.issued_at
    if age > MAX_AGE or age < -WINDOW:
        raise ApiError(FILE_EXPIRED, status_code=403)
    return found


def stored_file(path: str) -> Path | None:
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


def file_response(
    found: Path, *, filename: str = "", content_type: str = "", max_age: int = 0
) -> FileResponse:
    """A stored file with the headers that keep a browser from running it: images and PDF inline,
    anything else downloaded (as `application/octet-stream` unless `content_type` names it);
    nosniff and a sandbox CSP always."""
    kind = content_type or INLINE_TYPES.get(found.suffix.lower(), "application/octet-stream")
    response = FileResponse(
        found.open("rb"),
        content_type=kind,
        as_attachment=kind not in INLINE_TYPES.values(),
        filename=filename or found.name,
    )
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "sandbox"
    response["Cache-Control"] = f"private, max-age={max(0, max_age)}"
    return response


def client_page_response(page: Path) -> FileResponse:
    """The built client's index page (the application itself: no sandbox; the security headers of
    every answer apply), revalidated on every load so a new build is picked up at once."""
    response = FileResponse(page.open("rb"), content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


FILE_RESPONSES = {
    (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY),
    403: MessageEnvelope,
    404: MessageEnvelope,
}


class SignedFileApi(APIView):
    """`GET <prefix>/file/<token>`: the file a signed URL names, to the reader it was issued to."""

    access: Any = SignedIn()

    def viewer(self, request: Request) -> FileViewer:
        return user_viewer(request.user)

    @extend_schema(
        responses=FILE_RESPONSES, summary="Berkas tersimpan lewat tautan bertanda tangan (berlaku singkat)"
    )
    def get(self, request: Request, token: str) -> FileResponse:
        signed = read_token(token)
        if signed.viewer != self.viewer(request).key:
            raise ApiError(FILE_NOT_YOURS, status_code=403)
        found = stored_file(signed.path)
        if found is None:
            raise ApiError(FILE_NOT_FOUND, status_code=404)
        remaining = signed.issued_at + MAX_AGE - int(clock.now().timestamp())
        return file_response(found, filename=signed.name, max_age=remaining)
