"""Who may own a socket: the kinds of credential that apps register (realtime knows no app, DESIGN §15).

A back-office session (`server/accounts/topics.py`) and a wall display (`server/dashboard/topics.py`)
each register a `SocketOwner`: the authentication that reads its token, how many raw tokens are looked
up at once, what its ticket records, and the principals of the owners still live. The ticket view, the
ticket endpoint on the event loop and the redemption of tickets all go through this registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from server.core.authentication import TokenAuthentication
from server.core.registry import Registry
from server.realtime.models import TicketKind
from server.realtime.principals import Principal


@dataclass(frozen=True)
class SocketOwner:
    kind: TicketKind
    # What `authentication` puts in `request.auth`: the owner a ticket is issued to.
    model: type[Any]
    authentication: type[TokenAuthentication]
    # Raw tokens to their owners, for many at once (one query); unusable tokens left out.
    lookup: Callable[[Sequence[str]], Mapping[str, Any]]
    # The fields of the `RealtimeTicket` issued to an owner.
    ticket_fields: Callable[[Any], Mapping[str, object]]
    # The `RealtimeTicket` foreign key naming the owner; its principals carry `<owner_field>_id`.
    owner_field: str
    # The principals of the owners (by `owner_field` id) that may still hold a socket at `now`.
    principals: Callable[[set[int], datetime], Mapping[int, Principal]]

    def owner_id(self, principal: Principal) -> int | None:
        value = getattr(principal, f"{self.owner_field}_id")
        return value if isinstance(value, int) else None


class SocketOwnerRegistry(Registry[TicketKind, SocketOwner]):
    """In the order of registration (INSTALLED_APPS): a session's token is read first."""

    def __init__(self) -> None:
        super().__init__("Socket owner", lambda owner: owner.kind)

    def get(self, kind: str) -> SocketOwner | None:
        return super().get(TicketKind(kind)) if kind in TicketKind.values else None

    def of(self, owner: object) -> SocketOwner:
        for registered in self.all():
            if isinstance(owner, registered.model):
                return registered
        raise ImproperlyConfigured(f"No socket owner is registered for {type(owner).__name__}")


socket_owners = SocketOwnerRegistry()


def register_socket_owner(owner: SocketOwner) -> SocketOwner:
    return socket_owners.register(owner)
