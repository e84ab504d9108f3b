"""Reading the audit trail: the list (and per-object history) and its export rows."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from server.audit.labels import action_label, field_label, object_type_label
from server.audit.models import AuditEntry
from server.core.clock import date_id
from server.core.envelope import Unprocessable
from server.core.export_titles import local_moment_text
from server.core.messages import DATE_FORMAT
from server.core.spreadsheets import NO, YES, decimal_text

DATE_INVALID = DATE_FORMAT


def _day(value: str, column: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise Unprocessable(DATE_INVALID, errors={"search": [f"{column}: {DATE_INVALID}"]}) from None


def _moment(day: date, at: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


def entries_since(queryset: QuerySet[AuditEntry], value: str) -> QuerySet[AuditEntry]:
    return queryset.filter(at__gte=_moment(_day(value, "start_date"), time.min))


def entries_until(queryset: QuerySet[AuditEntry], value: str) -> QuerySet[AuditEntry]:
    return queryset.filter(at__lte=_moment(_day(value, "end_date"), time.max))


def audit_entries(*, object_type: str = "", object_id: str = "") -> QuerySet[AuditEntry]:
    queryset = AuditEntry.objects.all()
    if object_type:
        queryset = queryset.filter(object_type=object_type)
    if object_id:
        queryset = queryset.filter(object_id=object_id)
    return queryset


def audit_actor(entry: AuditEntry) -> str:
    """Who made the change: the user, 'Sistem' for a system write, the job and who started it."""
    who = entry.actor_name or "Sistem"
    return f"{who} (tugas {entry.job_id})" if entry.job_id else who


ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?")


def export_field_label(code: str) -> str:
    """A field's label; a field without one is written as words ('cuti_saldo' -> 'Cuti saldo')."""
    label = field_label(code)
    return label.replace("_", " ").capitalize() if label == code else label


def audit_value_text(value: Any) -> str:
    """A recorded value as the export writes it (DESIGN §18, labels and Indonesian formats): Ya/Tidak,
    ISO dates as '5 Januari 2026', moments in local time with the zone label, lists joined, nested
    fields by their labels."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return YES if value else NO
    if isinstance(value, str):
        if ISO_DAY.fullmatch(value):
            return date_id(date.fromisoformat(value))
        if ISO_MOMENT.fullmatch(value):
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
            if moment.tzinfo is None:
                moment = timezone.make_aware(moment)
            return local_moment_text(moment)
        return value
    if isinstance(value, list):
        return ", ".join(audit_value_text(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{export_field_label(str(k))}: {audit_value_text(v)}" for k, v in value.items())
    if isinstance(value, float):
        return decimal_text(value)
    return str(value)


def audit_changes_text(entry: AuditEntry) -> str:
    """'Field label: before → after' per changed field, one per line (the export's cell), values as
    `audit_value_text`."""
    keys = list(dict.fromkeys([*entry.before, *entry.after]))
    lines = []
    for key in keys:
        old, new = audit_value_text(entry.before.get(key)), audit_value_text(entry.after.get(key))
        lines.append(f"{export_field_label(key)}: {old} → {new}")
    return "\n".join(lines)


EXPORT_COLUMNS = (
    ("at", "Waktu"),
    ("actor", "Pelaku"),
    ("action", "Aksi"),
    ("object_type", "Jenis Data"),
    ("object_label", "Data"),
    ("changes", "Perubahan"),
    ("request_id", "ID Permintaan"),
)


def audit_export_rows(queryset: QuerySet[AuditEntry]) -> Iterator[dict[str, Any]]:
    for entry in queryset.iterator(chunk_size=2000):
        yield {
            "at": timezone.localtime(entry.at).replace(tzinfo=None),
            "actor": audit_actor(entry),
            "action": action_label(entry.action),
            "object_type": object_type_label(entry.object_type),
            "object_label": entry.object_label or entry.object_id,
            "changes": audit_changes_text(entry),
            "request_id": entry.request_id,
        }
