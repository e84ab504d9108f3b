"""Request guards that keep bad input out of the database layer (never a 500 for bad input), the
security headers of every answer, and the compression of text answers."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware

from server.core import messages
from server.core.envelope import error_body
from server.core.security import CSP_HEADER, security_headers


class RejectNulCharactersMiddleware:
    """PostgreSQL text cannot hold NUL (U+0000): a query parameter carrying one is refused with 422
    before any view reads it (DRF's CharField already refuses it in bodies)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            for name, values in request.GET.lists():
                if "\x00" in name or any("\x00" in value for value in values):
                    errors = {name.replace("\x00", ""): [messages.NUL_CHARACTER]}
                    return JsonResponse(error_body(422, messages.NUL_CHARACTER, errors), status=422)
        return self.get_response(request)


class SecurityHeadersMiddleware:
    """The security headers of `server.core.security` on every answer: placed before whitenoise so
    the client's index and static files get them too. A view may send its own policy (the Swagger UI
    does); the other headers are always these."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        try:
            host: str | None = request.get_host()
        except DisallowedHost:
            host = None
        for name, value in security_headers(host=host):
            if name == CSP_HEADER:
                response.headers.setdefault(name, value)
            else:
                response.headers[name] = value
        return response


# What compresses well: JSON (the API), html (the client's index), csv, the schema, scripts and styles
# served without a precompressed copy. xlsx (already a zip), images and PDFs pass as they are.
COMPRESSIBLE_TYPES = (
    "application/json",
    "application/vnd.oai.openapi",
    "application/javascript",
    "image/svg+xml",
    "text/",
)


class CompressedAnswersMiddleware(GZipMiddleware):
    """Text answers gzip-compressed for a client that accepts it (issue 42): a week's detail report of
    one site is about a tenth on the wire. Answers already encoded (whitenoise's precompressed brotli
    and gzip assets of the client build) and answers under 200 bytes pass as they are. Django's
    GZipMiddleware adds random bytes to each answer's gzip header (BREACH) and the `Vary:
    Accept-Encoding` a cache needs."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if not response.get("Content-Type", "").startswith(COMPRESSIBLE_TYPES):
            return response
        return super().process_response(request, response)
