"""Who is acting and in which request (DESIGN §17): context variables the audit trail reads.

`RequestIdMiddleware` gives every request an id (the caller's `X-Request-ID` when it is a sane token,
otherwise a new one) and answers it in the same header; the access check (`PolicyPermission`) names the
signed-in user once DRF has authenticated them; a job runner names its job. Each is reset when its
scope ends, so nothing leaks into the next request a thread serves.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.http import HttpRequest
from django.http.response import HttpResponseBase

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")


@dataclass(frozen=True)
class Acting:
    """The actor of the writes made now: a user, or a job (and the user who started it)."""

    user_id: int | None = None
    user_name: str = ""
    job_id: str = ""
    job_kind: str = ""


_request_id: ContextVar[str] = ContextVar("request_id", default="")
_acting: ContextVar[Acting | None] = ContextVar("acting", default=None)


def current_request_id() -> str:
    return _request_id.get()


def current_acting() -> Acting | None:
    return _acting.get()


def acting_user_set(user: object) -> None:
    """Name the signed-in user as the actor of this request's writes."""
    user_id = getattr(user, "pk", None)
    name = str(getattr(user, "fullname", "") or getattr(user, "email", "") or "")
    _acting.set(Acting(user_id=user_id, user_name=name))


@contextmanager
def acting_as(acting: Acting | None) -> Iterator[None]:
    """Writes inside the block are made by `acting` (a job body, a command)."""
    token = _acting.set(acting)
    try:
        yield
    finally:
        _acting.reset(token)


def request_id_of(given: str) -> str:
    """The id of a request: the caller's `X-Request-ID` when it is a sane token, else a new one."""
    return given if _SANE_ID.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        request_id = request_id_of(request.headers.get(REQUEST_ID_HEADER, ""))
        id_token = _request_id.set(request_id)
        acting_token = _acting.set(None)
        try:
            response = self.get_response(request)
        finally:
            _acting.reset(acting_token)
            _request_id.reset(id_token)
        response[REQUEST_ID_HEADER] = request_id
        return response
