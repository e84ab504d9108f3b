from __future__ import annotations

from django.db import models
from django.db.models import Q


class TicketKind(models.TextChoices):
    """Who a socket opened with a ticket belongs to."""

    USER = "user", "Pengguna"
    DISPLAY = "display", "Layar dinding"


class RealtimeTicket(models.Model):
    """A one-time, short-lived permission to open one websocket (DESIGN §6).

    Kept in the database (only the SHA-256 of the random ticket) so that any Daphne process can
    redeem a ticket another process issued. A user ticket remembers the sign-in session that asked
    for it: the socket belongs to that session and closes when it is revoked. A display ticket
    remembers its wall display the same way.
    """

    kind = models.CharField(max_length=16, choices=TicketKind.choices, default=TicketKind.USER)
    key_hash = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(
        "accounts.User", null=True, blank=True, on_delete=models.CASCADE, related_name="realtime_tickets"
    )
    access_token = models.ForeignKey(
        "accounts.AccessToken",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="realtime_tickets",
    )
    wall_display = models.ForeignKey(
        "dashboard.WallDisplay",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="realtime_tickets",
    )
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
