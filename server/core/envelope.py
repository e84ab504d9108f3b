"""The response envelope (DESIGN §4) and the error handler that keeps every failure inside it.

Every answer is `{"http_status", "message", "data"}` (lists add `recordsTotal`/`recordsFiltered`);
every error is `{"http_status", "message", "errors"}` with the same HTTP status. Views build answers
with `respond()`; anything a view returns bare is wrapped by the renderer.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpRequest, JsonResponse
from rest_framework import exceptions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from server.core import messages

logger = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An error with an Indonesian message and an explicit status (e.g. 409 conflicts)."""

    def __init__(self, message: str, *, status_code: int = 400, errors: dict[str, list[str]] | None = None):
        super().__init__(detail=message)
        self.status_code = status_code
        self.message = message
        self.errors = errors or {}


class Conflict(ApiError):
    def __init__(self, message: str = messages.CONFLICT, *, errors: dict[str, list[str]] | None = None):
        super().__init__(message, status_code=status.HTTP_409_CONFLICT, errors=errors)


class Unprocessable(ApiError):
    def __init__(
        self, message: str = messages.VALIDATION_FAILED, *, errors: dict[str, list[str]] | None = None
    ):
        super().__init__(message, status_code=status.HTTP_422_UNPROCESSABLE_ENTITY, errors=errors)


def envelope(data: Any = None, *, message: str = "", status_code: int = 200, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"http_status": status_code, "message": message, "data": data}
    body.update(extra)
    return body


def respond(data: Any = None, *, message: str = "", status_code: int = 200, **extra: Any) -> Response:
    return Response(envelope(data, message=message, status_code=status_code, **extra), status=status_code)


def error_body(status_code: int, message: str, errors: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {"http_status": status_code, "message": message, "errors": errors or {}}


# Dates and times go through DRF's encoder (its ISO form, 'Z' for UTC, milliseconds), as does every
# type orjson does not know (Decimal, lazy strings, iterables): the bytes equal JSONRenderer's.
ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_default = JSONEncoder().default


class EnvelopeRenderer(JSONRenderer):
    """JSONRenderer's output, rendered by orjson (a 60,000-line report renders in a tenth of the
    time); anything orjson refuses (an integer beyond 64 bits, NaN) falls back to JSONRenderer."""

    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        response = (renderer_context or {}).get("response")
        status_code = response.status_code if response is not None else 200
        if not (isinstance(data, dict) and "http_status" in data):
            data = envelope(data, status_code=status_code)
        if not self.get_indent(accepted_media_type or "", renderer_context or {}):
            try:
                return orjson.dumps(data, default=_default, option=ORJSON_OPTIONS)
            except (orjson.JSONEncodeError, TypeError, ValueError):
                pass
        return super().render(data, accepted_media_type, renderer_context)


def _flatten(detail: Any) -> list[str]:
    if isinstance(detail, dict):
        out: list[str] = []
        for value in detail.values():
            out.extend(_flatten(value))
        return out
    if isinstance(detail, list):
        out = []
        for value in detail:
            out.extend(_flatten(value))
        return out
    return [str(detail)]


def _field_errors(detail: Any) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {str(field): _flatten(value) for field, value in detail.items()}
    return {"non_field_errors": _flatten(detail)}


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = Unprocessable(errors={"non_field_errors": list(exc.messages)})

    headers: dict[str, str] = {}
    if isinstance(exc, ApiError):
        code, message, errors = exc.status_code, exc.message, exc.errors
    elif isinstance(exc, exceptions.ValidationError):
        errors = _field_errors(exc.detail)
        code = status.HTTP_422_UNPROCESSABLE_ENTITY
        first = next((msgs[0] for msgs in errors.values() if msgs), messages.VALIDATION_FAILED)
        message = first
    elif isinstance(exc, exceptions.ParseError):
        code, message, errors = status.HTTP_422_UNPROCESSABLE_ENTITY, messages.BAD_JSON, {}
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        code, errors = status.HTTP_401_UNAUTHORIZED, {}
        message = (
            str(exc.detail)
            if isinstance(exc, exceptions.AuthenticationFailed)
            else messages.NOT_AUTHENTICATED
        )
    elif isinstance(exc, exceptions.PermissionDenied):
        code, errors = status.HTTP_403_FORBIDDEN, {}
        message = (
            str(exc.detail)
            if exc.detail != exceptions.PermissionDenied.default_detail
            else messages.FORBIDDEN
        )
    elif isinstance(exc, exceptions.NotFound):
        code, errors = status.HTTP_404_NOT_FOUND, {}
        message = str(exc.detail) if exc.detail != exceptions.NotFound.default_detail else messages.NOT_FOUND
    elif isinstance(exc, exceptions.MethodNotAllowed):
        request = context.get("request")
        method = request.method if request is not None else ""
        code, message, errors = (
            status.HTTP_405_METHOD_NOT_ALLOWED,
            messages.METHOD_NOT_ALLOWED.format(method=method),
            {},
        )
    elif isinstance(exc, exceptions.UnsupportedMediaType):
        code, message, errors = status.HTTP_415_UNSUPPORTED_MEDIA_TYPE, messages.UNSUPPORTED_MEDIA, {}
    elif isinstance(exc, exceptions.Throttled):
        code, errors = status.HTTP_429_TOO_MANY_REQUESTS, {}
        wait = getattr(exc, "wait", None)
        message = messages.THROTTLED.format(wait=int(wait)) if wait else messages.THROTTLED_SHORT
        if wait:
            headers["Retry-After"] = str(int(wait))
    elif isinstance(exc, exceptions.APIException):
        code, message, errors = exc.status_code, str(exc.detail), {}
    else:
        logger.exception("Unhandled error in %s", context.get("view"), exc_info=exc)
        code, message, errors = status.HTTP_500_INTERNAL_SERVER_ERROR, messages.SERVER_ERROR, {}
    return Response(error_body(code, message, errors), status=code, headers=headers)


def json_not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
    return JsonResponse(error_body(404, messages.ROUTE_NOT_FOUND), status=404)
