from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.flags import LEVEL_FLAGS, normalize
from server.core.hashids import HashIdMixin


class UserLevel(HashIdMixin, models.Model):
    """An access profile: a name and the level flags of the catalogue."""

    name = models.CharField(max_length=100, unique=True)
    flags = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def normalized_flags(self) -> dict[str, int]:
        return normalize(self.flags, LEVEL_FLAGS)
