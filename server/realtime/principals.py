"""Who a socket belongs to: the identity topics check subscriptions against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from server.realtime.models import TicketKind


@dataclass(frozen=True)
class Principal:
    """The owner of one connection. The consumer re-reads it when the session's access changes."""

    kind: TicketKind
    access: Mapping[str, int]
    user_id: int | None = None
    access_token_id: int | None = None

    @property
    def is_user(self) -> bool:
        return self.kind == TicketKind.USER
