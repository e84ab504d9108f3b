"""Shifts (Jam Kerja, doc3 §7.2): a shift's hours change the days of every employee on a pattern using it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import time

from django.db import transaction

from server.core.envelope import Conflict
from server.schedules import messages as msg
from server.schedules.models import Shift, ShiftPattern, ShiftType
from server.schedules.selectors import pattern_ids_using_shifts
from server.schedules.services.common import (
    next_code,
    require_unique,
    saved_unique,
    settings_audit,
    settings_changed,
    settings_delete,
    settings_snapshot,
)
from server.schedules.services.recompute import RecomputeScope, schedule_change_apply

MIDNIGHT = time(0, 0)


@dataclass(frozen=True)
class ShiftFields:
    name: str
    type: str
    time_in: time
    time_out: time
    break_start: time
    break_end: time
    late_in_minutes: int
    early_out_minutes: int
    minimum_check_in_time: int
    code: str = ""

    def normalized(self) -> ShiftFields:
        """A non-working shift has no hours: every time is 00:00 and every tolerance 0 (doc3 §4)."""
        if self.type == ShiftType.WORKING:
            return self
        return replace(
            self,
            time_in=MIDNIGHT,
            time_out=MIDNIGHT,
            break_start=MIDNIGHT,
            break_end=MIDNIGHT,
            late_in_minutes=0,
            early_out_minutes=0,
            minimum_check_in_time=0,
        )


def _shift_apply(shift: Shift, fields: ShiftFields) -> None:
    values = fields.normalized()
    shift.name = values.name.strip()
    shift.type = values.type
    shift.time_in = values.time_in
    shift.time_out = values.time_out
    shift.break_start = values.break_start
    shift.break_end = values.break_end
    shift.late_in_minutes = values.late_in_minutes
    shift.early_out_minutes = values.early_out_minutes
    shift.minimum_check_in_time = values.minimum_check_in_time


def shift_create(*, fields: ShiftFields) -> Shift:
    with transaction.atomic():
        code = fields.code.strip() or next_code(Shift, "JK")
        require_unique(Shift, "code", code, msg.CODE_TAKEN, exclude=None)
        shift = Shift(code=code)
        _shift_apply(shift, fields)
        saved_unique(shift, unique_field="code", message=msg.CODE_TAKEN)
        settings_audit("shift", "create", shift, {})
        settings_changed("shift", "created", shift.hash_id)
    return shift


def shift_update(*, shift: Shift, fields: ShiftFields) -> Shift:
    """Change a shift's hours; the days of every employee on a pattern using it follow."""
    with transaction.atomic():
        shift = Shift.objects.select_for_update().get(pk=shift.pk)
        before = settings_snapshot("shift", shift)
        code = fields.code.strip() or shift.code
        require_unique(Shift, "code", code, msg.CODE_TAKEN, exclude=shift.pk)
        shift.code = code
        _shift_apply(shift, fields)
        saved_unique(shift, unique_field="code", message=msg.CODE_TAKEN)
        settings_audit("shift", "update", shift, before)
        schedule_change_apply(
            scope=RecomputeScope(pattern_ids=tuple(pattern_ids_using_shifts(shift_ids=[shift.pk])))
        )
        settings_changed("shift", "updated", shift.hash_id)
        # Pattern contents show the shift's name and hours.
        for pattern in ShiftPattern.objects.filter(contents__shift=shift).distinct():
            settings_changed("shift_pattern", "updated", pattern.hash_id)
    return shift


def shift_delete(*, shift: Shift) -> None:
    """Delete a shift no pattern uses (a used one is refused, naming the patterns)."""
    with transaction.atomic():
        shift = Shift.objects.select_for_update().get(pk=shift.pk)
        patterns = list(ShiftPattern.objects.filter(contents__shift=shift).distinct().order_by("code"))
        if patterns:
            names = ", ".join(f"{p.code} ({p.name})" for p in patterns)
            raise Conflict(msg.SHIFT_IN_USE.format(patterns=names))
        hash_id = settings_delete("shift", shift)
        settings_changed("shift", "deleted", hash_id)
