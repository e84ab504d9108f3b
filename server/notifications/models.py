"""A user's notifications (DESIGN §20): rows of the user, listed newest first, read or unread.

`dedupe_key` (unique per user when set) makes a notification idempotent: a second notify with the same
key for the same user writes nothing ("escalated once per item"). `coalesce_key` (unique per user among
the UNREAD rows when set) folds a stream of like events into one unread row whose `count` grows ("12
absen baru menunggu") instead of one row per item; once read, the next event starts a new row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from server.core.hashids import HashIdMixin


class Notification(HashIdMixin, models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=64, help_text="queue.new, sla.escalation, job.ended, ...")
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True, default="")
    link = models.CharField(max_length=500, blank=True, default="", help_text="a client path, e.g. /approval")
    data = models.JSONField(default=dict, blank=True)
    count = models.PositiveIntegerField(default=1, help_text="events folded into this row (coalesce_key)")
    dedupe_key = models.CharField(max_length=200, null=True, blank=True)
    coalesce_key = models.CharField(max_length=200, null=True, blank=True)
    created = models.DateTimeField(help_text="when it was raised (a coalesced row: its latest event)")
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "dedupe_key"],
                condition=Q(dedupe_key__isnull=False),
                name="notification_dedupe_per_user",
            ),
            models.UniqueConstraint(
                fields=["user", "coalesce_key"],
                condition=Q(coalesce_key__isnull=False, read_at__isnull=True),
                name="notification_coalesce_unread",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "-created", "-id"], name="notification_list"),
            models.Index(fields=["user"], condition=Q(read_at__isnull=True), name="notification_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.user_id}: {self.title}"
