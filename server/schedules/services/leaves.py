"""Leave kinds: special leave (cuti khusus) and additional leave (cuti tambahan)."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import transaction

from server.schedules import messages as msg
from server.schedules.models import AdditionalLeave, LeaveKind, SpecialLeave
from server.schedules.services.common import (
    require_unique,
    saved_unique,
    settings_audit,
    settings_changed,
    settings_delete,
    settings_delete_unused,
    settings_snapshot,
)

K = TypeVar("K", bound=LeaveKind)


def _leave_kind_save(
    model: type[K], kind: str, topic: str, *, leave: K | None, name: str, code: str, **values: Any
) -> K:
    """Create (leave None) or change a leave kind; codes are unique (case-insensitive). `values` are
    the kind's own fields."""
    with transaction.atomic():
        code = code.strip()
        require_unique(model, "code", code, msg.CODE_TAKEN, exclude=leave.pk if leave else None)
        created = leave is None
        target = model() if leave is None else model._default_manager.select_for_update().get(pk=leave.pk)
        before = settings_snapshot(kind, leave and target)
        target.name, target.code = name.strip(), code
        for field, value in values.items():
            setattr(target, field, value)
        saved_unique(target, unique_field="code", message=msg.CODE_TAKEN)
        settings_audit(kind, "create" if created else "update", target, before)
        settings_changed(topic, "created" if created else "updated", target.hash_id)
    return target


def special_leave_save(*, leave: SpecialLeave | None, name: str, code: str, jumlah_hari: int) -> SpecialLeave:
    return _leave_kind_save(
        SpecialLeave,
        "special_leave",
        "cuti_khusus",
        leave=leave,
        name=name,
        code=code,
        jumlah_hari=jumlah_hari,
    )


def special_leave_delete(*, leave: SpecialLeave) -> None:
    """Delete a special-leave kind no izin request uses."""
    settings_delete_unused(
        "special_leave",
        leave,
        # IzinRequest.special_leave (related_name "requests").
        used_by="requests",
        in_use=msg.SPECIAL_LEAVE_IN_USE,
        topic="cuti_khusus",
    )


def additional_leave_save(*, leave: AdditionalLeave | None, name: str, code: str) -> AdditionalLeave:
    return _leave_kind_save(
        AdditionalLeave, "additional_leave", "cuti_tambahan", leave=leave, name=name, code=code
    )


def additional_leave_delete(*, leave: AdditionalLeave) -> None:
    with transaction.atomic():
        hash_id = settings_delete("additional_leave", leave)
        settings_changed("cuti_tambahan", "deleted", hash_id)
