"""What the settings writes share: the live hint to open settings screens, the audit entry of a
settings record, deleting one (unless used), unique codes and saving under a unique constraint."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import IntegrityError, models, transaction

from server.audit.services import audit_record, audit_snapshot
from server.core.envelope import Conflict, Unprocessable
from server.realtime.publish import publish
from server.schedules.topics import settings_topic

M = TypeVar("M", bound=models.Model)


def settings_changed(entity: str, action: str, hash_id: str) -> None:
    """Tell the open settings screens of `entity` (after commit) so their lists refresh."""
    publish(settings_topic(entity), "changed", {"action": action, "hash_id": hash_id})


# The fields each settings record shows in its audit entries (DESIGN §17).
AUDIT_FIELDS: dict[str, tuple[str, ...]] = {
    "shift": (
        "code",
        "name",
        "type",
        "time_in",
        "time_out",
        "break_start",
        "break_end",
        "late_in_minutes",
        "early_out_minutes",
        "minimum_check_in_time",
    ),
    "shift_pattern": ("code", "name", "type", "starting_date", "day_circle_number"),
    "holiday": ("name", "start_date", "end_date"),
    "blacklist_app": ("name", "package_id", "is_allow"),
    "special_leave": ("name", "code", "jumlah_hari"),
    "additional_leave": ("name", "code"),
    "system_trouble": ("date", "description"),
}


def settings_snapshot(kind: str, obj: models.Model | None) -> dict[str, Any]:
    return audit_snapshot(obj, AUDIT_FIELDS[kind]) if obj is not None else {}


def settings_audit(
    kind: str,
    action: str,
    obj: models.Model,
    before: dict[str, Any],
    *,
    object_id: str = "",
    after: dict[str, Any] | None = None,
) -> None:
    label = str(getattr(obj, "name", "") or getattr(obj, "date", "") or "")
    audit_record(
        action=action,
        object_type=kind,
        object_id=object_id or obj.hash_id,  # type: ignore[attr-defined]
        object_label=label,
        before=before,
        after=settings_snapshot(kind, obj) if after is None else after,
    )


def settings_delete(kind: str, obj: models.Model) -> str:
    """Delete the settings record `obj` with its audit entry (what it held before); its public id.
    Deleted through its queryset, so the caller's instance keeps its pk (and public id) after."""
    hash_id: str = obj.hash_id  # type: ignore[attr-defined]
    before = settings_snapshot(kind, obj)
    type(obj)._default_manager.filter(pk=obj.pk).delete()
    settings_audit(kind, "delete", obj, before, object_id=hash_id, after={})
    return hash_id


def settings_delete_unused(
    kind: str,
    obj: models.Model,
    *,
    used_by: tuple[type[models.Model], str] | str,
    in_use: str,
    topic: str = "",
) -> None:
    """Delete the settings record `obj` unless rows of `used_by` point at it: (model, field), or the
    name of the reverse relation of an app above this one (which schedules does not import). Refused
    with `in_use` (its `{count}` filled in), checked under the record's lock."""
    with transaction.atomic():
        locked = type(obj)._default_manager.select_for_update().get(pk=obj.pk)
        if isinstance(used_by, str):
            count = getattr(locked, used_by).count()
        else:
            model, field = used_by
            count = model._default_manager.filter(**{field: locked}).count()
        if count:
            raise Conflict(in_use.format(count=count))
        hash_id = settings_delete(kind, locked)
        settings_changed(topic or kind, "deleted", hash_id)


def require_unique(
    model: type[models.Model], field: str, value: str, message: str, *, exclude: int | None
) -> None:
    qs = model._default_manager.filter(**{f"{field}__iexact": value})
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    if qs.exists():
        raise Unprocessable(message, errors={field: [message]})


def next_code(model: type[models.Model], prefix: str) -> str:
    taken = set(model._default_manager.filter(code__startswith=prefix).values_list("code", flat=True))
    n = model._default_manager.count() + 1
    while f"{prefix}{n:03d}" in taken:
        n += 1
    return f"{prefix}{n:03d}"


def saved_unique(obj: M, *, unique_field: str, message: str) -> M:
    """Save inside a savepoint: a concurrent duplicate of a unique field answers 422, not 500."""
    try:
        with transaction.atomic():
            obj.save()
    except IntegrityError:
        raise Unprocessable(message, errors={unique_field: [message]}) from None
    return obj
