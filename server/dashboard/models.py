"""Wall displays: read-only boards on office walls, opened with a display token (DESIGN §10)."""

from __future__ import annotations

from django.db import models

from server.core.hashids import HashIdMixin


class WallDisplay(HashIdMixin, models.Model):
    """A named display token. Only the SHA-256 of the random token is stored; the token is shown once.

    A display token is accepted by two views only (the wall snapshot and the websocket ticket), and
    its sockets may subscribe to the `wall` topic only. Revoking closes its open sockets at once.
    """

    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        "accounts.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None
