"""`audit_record`: the one way a service appends to the audit trail (DESIGN §17).

Called by services inside their transaction (never from signals or views): the entry commits or rolls
back with the write it describes. Only the fields that changed are kept (`before` and `after` hold the
same keys); an update that changed nothing records nothing. The actor is the signed-in user of the
request or the running job (and who started it) from `server.core.request_context`, unless a service
names one. After commit one `created` event on the `audit` topic tells the readers of the audit screen.

    before = audit_snapshot(shift, SHIFT_FIELDS)
    ... change the shift ...
    audit_record(action="update", object_type="shift", object_id=shift.hash_id,
                 object_label=shift.name, before=before, after=audit_snapshot(shift, SHIFT_FIELDS))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from enum import Enum
from typing import Any

from django.db import connection, models, transaction
from django.utils import timezone

from server.audit.guard import audit_unlocked
from server.audit.models import AuditArchive, AuditEntry
from server.audit.topics import AUDIT_TOPIC
from server.core.request_context import Acting, current_acting, current_request_id
from server.realtime.publish import publish

# Objects named in one event at most (a bulk decision names its first ones; readers refetch anyway).
EVENT_OBJECTS = 50


def audit_value(value: Any) -> Any:
    """A JSON value of a field: dates ISO, times HH:mm:ss, decimals and durations as numbers, a
    related object by its label, choices by their value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Enum):
        return audit_value(value.value)
    if isinstance(value, datetime):
        return (
            timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S")
            if timezone.is_aware(value)
            else (value.strftime("%Y-%m-%d %H:%M:%S"))
        )
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        return value.strftime("%H:%M:%S")
    if isinstance(value, timedelta):
        return int(value.total_seconds() // 60)
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): audit_value(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [audit_value(v) for v in value]
    return str(value)


def audit_snapshot(obj: models.Model, fields: Iterable[str]) -> dict[str, Any]:
    """The audited fields of `obj` as JSON values (read before and after a change)."""
    return {name: audit_value(getattr(obj, name)) for name in fields}


def changed_fields(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keys whose value differs, on each side (a key missing on one side counts as changed)."""
    old = {k: audit_value(v) for k, v in before.items()}
    new = {k: audit_value(v) for k, v in after.items()}
    keys = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k) or (k in old) != (k in new)]
    return {k: old[k] for k in keys if k in old}, {k: new[k] for k in keys if k in new}


@dataclass(frozen=True)
class Change:
    action: str
    object_type: str
    object_id: str
    object_label: str = ""
    before: Mapping[str, Any] = field(default_factory=dict)
    after: Mapping[str, Any] = field(default_factory=dict)


def _acting(actor: Any) -> Acting:
    """The named user (inside a job: with the job), else who acts now (request user or job)."""
    acting = current_acting() or Acting()
    if actor is None:
        return acting
    name = str(getattr(actor, "fullname", "") or actor)
    return Acting(user_id=actor.pk, user_name=name, job_id=acting.job_id, job_kind=acting.job_kind)


def _entry(change: Change, acting: Acting, request_id: str, now: datetime) -> AuditEntry | None:
    before, after = changed_fields(change.before, change.after)
    if not before and not after and change.action == "update":
        return None
    return AuditEntry(
        at=now,
        actor_id=acting.user_id,
        actor_name=acting.user_name[:150],
        job_id=acting.job_id,
        job_kind=acting.job_kind,
        action=change.action,
        object_type=change.object_type,
        object_id=change.object_id,
        object_label=change.object_label[:255],
        before=before,
        after=after,
        request_id=request_id,
    )


def audit_record_many(changes: Sequence[Change], *, actor: Any = None) -> list[AuditEntry]:
    """Append one entry per change (one INSERT) and tell the audit topic after commit."""
    acting = _acting(actor)
    request_id = current_request_id()
    now = timezone.now()
    entries = [e for c in changes if (e := _entry(c, acting, request_id, now)) is not None]
    if not entries:
        return []
    AuditEntry.objects.bulk_create(entries)
    objects = [[e.object_type, e.object_id] for e in entries[:EVENT_OBJECTS]]
    publish(AUDIT_TOPIC, "created", {"count": len(entries), "objects": objects})
    return entries


def audit_record(
    *,
    action: str,
    object_type: str,
    object_id: str,
    object_label: str = "",
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
    actor: Any = None,
) -> AuditEntry | None:
    """Append one entry (see the module docstring); None when an update changed nothing."""
    change = Change(action, object_type, object_id, object_label, before or {}, after or {})
    entries = audit_record_many([change], actor=actor)
    return entries[0] if entries else None


@dataclass(frozen=True)
class ObjectAudit:
    """How the trail names one kind of object: its type and an instance's label (the object id is its
    public id). A service declares one per kind and calls it with the change:

        _display_audit = ObjectAudit("wall_display", label=lambda display: display.name)
        _display_audit(display, "update", before, after)
    """

    object_type: str
    label: Callable[[Any], str]

    def __call__(
        self,
        obj: Any,
        action: str,
        before: Mapping[str, Any] | None = None,
        after: Mapping[str, Any] | None = None,
        *,
        actor: Any = None,
    ) -> AuditEntry | None:
        return audit_record(
            action=action,
            object_type=self.object_type,
            object_id=obj.hash_id,
            object_label=self.label(obj),
            before=before,
            after=after,
            actor=actor,
        )


def audit_archive(*, older_than: timedelta) -> int:
    """Move the entries older than `older_than` to the archive table, in one transaction (the only
    way an entry leaves the trail: SQL, not the model API, past the database's guard opened for this
    transaction alone). Answers how many moved."""
    cutoff = timezone.now() - older_than
    columns = ", ".join(connection.ops.quote_name(str(f.column)) for f in AuditArchive._meta.concrete_fields)
    archive = connection.ops.quote_name(AuditArchive._meta.db_table)
    entries = connection.ops.quote_name(AuditEntry._meta.db_table)
    with transaction.atomic(), audit_unlocked(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {archive} ({columns}) SELECT {columns} FROM {entries} WHERE at < %s",
            [cutoff],
        )
        moved = cursor.rowcount
        cursor.execute(f"DELETE FROM {entries} WHERE at < %s", [cutoff])
    return int(moved)
