"""Abstract models that several apps' records share (DESIGN §15: shared code lives in core)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class NewestFirstRecord(models.Model):
    """A record listed newest first by the time it was made (form-numbered batches: manual uploads,
    adjustments, payroll syncs). Name it first among a model's abstract bases: a model without a Meta
    of its own takes the Meta of its first base, and HashIdMixin's has no ordering."""

    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["created"])]


class CreatedByRecord(NewestFirstRecord):
    """A NewestFirstRecord that keeps the user who made it (null once that user is deleted)."""

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta(NewestFirstRecord.Meta):
        abstract = True


class NamedRecord(HashIdMixin, models.Model):
    """A record known by its name (its str), listed by name (a placement's teams and groups, the leave
    kinds)."""

    name = models.CharField(max_length=150)

    class Meta:
        abstract = True
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
