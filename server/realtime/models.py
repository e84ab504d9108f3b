from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q


class TicketKind(models.TextChoices):
    """Who a socket opened with a ticket belongs to."""

    USER = "user", "Pengguna"
    DISPLAY = "display", "Layar dinding"


def _ticket_owner(model: str) -> models.ForeignKey[Any, Any]:
    """Who a ticket was issued to (which ones its kind needs); deleting the owner deletes its tickets."""
    return models.ForeignKey(
        model, null=True, blank=True, on_delete=models.CASCADE, related_name="realtime_tickets"
    )


class RealtimeTicket(models.Model):
    """A one-time, short-lived permission to open one websocket (DESIGN §6).

    Kept in the database (only the SHA-256 of the random ticket) so that any Daphne process can
    redeem a ticket another process issued. A user ticket remembers the sign-in session that asked
    for it: the socket belongs to that session and closes when it is revoked. A display ticket
    remembers its wall display the same way.
    """

    kind = models.CharField(max_length=16, choices=TicketKind.choices, default=TicketKind.USER)
    key_hash = models.CharField(max_length=64, unique=True)
    user = _ticket_owner("accounts.User")
    access_token = _ticket_owner("accounts.AccessToken")
    wall_display = _ticket_owner("dashboard.WallDisplay")
    created = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                name="realtime_user_ticket_has_session",
                condition=~Q(kind=TicketKind.USER) | (Q(user__isnull=False) & Q(access_token__isnull=False)),
            ),
            models.CheckConstraint(
                name="realtime_display_ticket_has_display",
                condition=~Q(kind=TicketKind.DISPLAY) | Q(wall_display__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} ticket {self.pk}"
