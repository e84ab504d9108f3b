"""Request guards that keep bad input out of the database layer (never a 500 for bad input)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from server.core import messages
from server.core.envelope import error_body


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
