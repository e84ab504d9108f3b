"""`POST /api/web/v1/realtime/ticket` answered on the event loop, in batches (issue 15: subscribe storm).

Every tab asks for a ticket before it opens its socket, so a restart with 1,000 open tabs sends 1,000
ticket requests within seconds. Through Django each one cost about 5 ms of CPU: a thread, the request
signals and middleware, DRF, a token query, a token touch and a ticket insert of its own; that was half
of what a subscribe storm costs the server. This ASGI layer in front of Django answers the requests
that carry a usable session or display token on the loop: the requests waiting at the same moment
share one thread hop, one token query and one ticket insert (`realtime_tickets_issue` through a
`Batcher`). The ticket is the same database row, redeemed the same way.

Everything else goes to Django unchanged: other paths and methods, a missing or unusable token (the
DRF view `RealtimeTicketApi` answers its 401 envelope), an `Accept` that is not JSON. The DRF view
stays the documented operation (the OpenAPI schema) and answers exactly like this layer; a test
compares the two answers byte for byte, headers included.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from server.core.authentication import raw_token
from server.core.envelope import envelope
from server.core.request_context import REQUEST_ID_HEADER, request_id_of
from server.core.security import security_headers
from server.realtime.batching import Batcher
from server.realtime.owners import socket_owners
from server.realtime.services import TicketCredential, realtime_tickets_issue

logger = logging.getLogger(__name__)

TICKET_PATH = "/api/web/v1/realtime/ticket"

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
AsgiApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# What Django's middleware and DRF send with the view's 200 (SecurityMiddleware's, the view's Allow),
# besides the security headers of every answer (`response_headers`); test_ticket_endpoint.py keeps
# them equal to Django's own answer.
RESPONSE_HEADERS = [
    (b"content-type", b"application/json; charset=utf-8"),
    (b"allow", b"POST, OPTIONS"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def response_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    host = next((value.decode("latin-1") for name, value in headers if name == b"host"), None)
    given = next((value.decode("latin-1") for name, value in headers if name == b"x-request-id"), "")
    secured = [(name.lower().encode(), value.encode()) for name, value in security_headers(host=host)]
    # The request id every answer carries (core.request_context.RequestIdMiddleware on Django's side).
    request_id = (REQUEST_ID_HEADER.lower().encode(), request_id_of(given).encode())
    return [*RESPONSE_HEADERS, *secured, request_id]


issue_tickets = Batcher(realtime_tickets_issue)


def ticket_credential(headers: list[tuple[bytes, bytes]]) -> TicketCredential | None:
    """The token of the request, read the way the view's authentication classes read it (a session's
    first); None if there is none, or the request asks for something other than JSON."""
    authorization = ""
    for name, value in headers:
        if name == b"authorization":
            authorization = value.decode("latin-1")
        elif name == b"accept":
            accept = value.decode("latin-1")
            if "application/json" not in accept and "*/*" not in accept:
                return None
    for owner in socket_owners.all():
        authentication = owner.authentication
        raw = raw_token(authorization, prefixes=authentication.prefixes, bare=authentication.bare)
        if raw:
            return TicketCredential(kind=owner.kind, raw=raw)
    return None


class TicketEndpoint:
    """ASGI middleware: the ticket requests it can answer, answered; everything else to `app`."""

    def __init__(self, app: AsgiApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != TICKET_PATH or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        credential = ticket_credential(scope["headers"])
        ticket = None
        if credential is not None:
            try:
                ticket = await issue_tickets(credential)
            except Exception:
                # The database is away, say: Django answers it with its own error envelope.
                logger.exception("ticket batch failed; the request goes to Django")
        if ticket is None:
            return await self.app(scope, receive, send)
        body = orjson.dumps(envelope({"ticket": ticket}))
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    *response_headers(scope["headers"]),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
