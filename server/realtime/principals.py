"""Who a socket belongs to: the identity topics check subscriptions against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from server.realtime.models import TicketKind

# The topic whose per-user group every user's socket listens to, subscribed or not (revocation, access
# changes; `server/accounts/topics.py` registers its snapshot); the one topic a wall display may
# subscribe to; and the topic whose per-display group carries the display's control events
# (revocation) whether or not it subscribed.
SESSION_TOPIC = "session"
WALL_TOPIC = "wall"
DISPLAY_CONTROL_TOPIC = "display"


@dataclass(frozen=True)
class Principal:
    """The owner of one connection. The consumer re-reads it when the session's access changes.

    A user principal carries the sign-in session and its flags; a display principal carries its wall
    display and no flags (user topics refuse it).
    """

    kind: TicketKind
    access: Mapping[str, int]
    user_id: int | None = None
    access_token_id: int | None = None
    wall_display_id: int | None = None

    @property
    def is_user(self) -> bool:
        return self.kind == TicketKind.USER

    @property
    def is_display(self) -> bool:
        return self.kind == TicketKind.DISPLAY and self.wall_display_id is not None
