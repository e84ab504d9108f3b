"""The audit trail (DESIGN §17): one immutable row per business write, appended by
`server.audit.services.audit_record` in the write's own transaction.

Insert only, as a structure (DESIGN §21): `save()` is always an INSERT (`force_insert`) of a new
row, so a fetched entry saved again (even marked new with `_state.adding = True`) fails instead of
overwriting; `delete()` and every update or delete path of the queryset (`update`, `delete`,
`bulk_update`, `update_or_create`, an upserting `bulk_create`, the base manager's `_update`) refuse.
The archive is guarded alike. Below the model API, database triggers refuse UPDATE and DELETE of both
tables (server/audit/guard.py). Old entries leave only through `manage.py archive_audit`, which moves
them to `AuditArchive` in SQL past the triggers. The actor is kept by id and name (no foreign key): an
entry outlives the login that made it and costs no join or lock to write.
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


class AppendOnlyQuerySet(models.QuerySet[Any]):
    update = _refuse
    _update = _refuse
    delete = _refuse
    _raw_delete = _refuse
    bulk_update = _refuse
    update_or_create = _refuse
    aupdate = _refuse
    adelete = _refuse
    abulk_update = _refuse
    aupdate_or_create = _refuse

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[Any]:
        if kwargs.get("update_conflicts") or (len(args) > 2 and args[2]):
            _refuse()
        return super().bulk_create(objs, *args, **kwargs)


class AppendOnly(models.Model):
    """Saving inserts a new row; nothing changes or removes one through the model."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True
        base_manager_name = "objects"

    def save(
        self,
        *,
        force_insert: Any = False,
        force_update: bool = False,
        using: str | None = None,
        update_fields: Any = None,
    ) -> None:
        if not self._state.adding or force_update or update_fields is not None or self._stored():
            _refuse()
        super().save(force_insert=True, using=using)

    def _stored(self) -> bool:
        """An explicit id already in the table (a fetched row marked new): an overwrite."""
        return self.pk is not None and type(self)._base_manager.filter(pk=self.pk).exists()

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()


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


class AuditEntry(HashIdMixin, AuditFields, AppendOnly):
    class Meta:
        base_manager_name = "objects"
        ordering = ["-at", "-pk"]
        indexes = [
            models.Index(fields=["-at", "-id"], name="audit_at"),
            models.Index(fields=["object_type", "object_id", "-at"], name="audit_object"),
            models.Index(fields=["actor_id", "-at"], name="audit_actor"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"

    def _stored(self) -> bool:
        # The database numbers new entries: any explicit id is an overwrite attempt.
        return self.pk is not None


class AuditArchive(AuditFields, AppendOnly):
    """Entries older than the retention age, moved here by `manage.py archive_audit` (same columns,
    the original id kept)."""

    id = models.BigIntegerField(primary_key=True)

    class Meta:
        base_manager_name = "objects"
        indexes = [models.Index(fields=["at"], name="audit_archive_at")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type} {self.object_id}"
