"""The audit trail (DESIGN §17): one immutable row per business write, appended by
`server.audit.services.audit_record` in the write's own transaction.

Nothing in the model API changes or removes an entry: `save()` only inserts, `delete()` and the
queryset's `update()`/`delete()` refuse. Old entries leave only through `manage.py archive_audit`,
which moves them to `AuditArchive` in SQL. The actor is kept by id and name (no foreign key): an entry
outlives the login that made it and costs no join or lock to write.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.db import models
from django.utils import timezone

from server.core.hashids import HashIdMixin


class ImmutableEntry(Exception):
    """An audit entry is never changed or removed through the model API."""


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise ImmutableEntry("Audit entries are append-only")


class AuditQuerySet(models.QuerySet["AuditEntry"]):
    update = _refuse
    delete = _refuse
    bulk_update = _refuse
    update_or_create = _refuse


class AuditFields(models.Model):
    at = models.DateTimeField(default=timezone.now)
    actor_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=150, blank=True, default="")
    job_id = models.CharField(max_length=64, blank=True, default="", help_text="hash id of the job")
    job_kind = models.CharField(max_length=64, blank=True, default="")
    action = models.CharField(max_length=40)
    object_type = models.CharField(max_length=40)
    object_id = models.CharField(max_length=64, help_text="the object's public id")
    object_label = models.CharField(max_length=255, blank=True, default="")
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    request_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        abstract = True


class AuditEntry(HashIdMixin, AuditFields):
    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [
            models.Index(fields=["-at", "-id"], name="audit_at"),
            models.Index(fields=["object_type", "object_id", "-at"], name="audit_object"),
            models.Index(fields=["actor_id", "-at"], name="audit_actor"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            _refuse()
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()


class AuditArchive(AuditFields):
    """Entries older than the retention age, moved here by `manage.py archive_audit` (same columns,
    the original id kept)."""

    id = models.BigIntegerField(primary_key=True)

    class Meta:
        indexes = [models.Index(fields=["at"], name="audit_archive_at")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"
