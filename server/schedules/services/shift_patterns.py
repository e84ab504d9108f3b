"""Shift patterns (Pola Kerja) and their content: a pattern's calendar and items change its
employees' days."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max
from rest_framework.exceptions import NotFound

from server.core.envelope import Unprocessable
from server.schedules import messages as msg
from server.schedules.models import Shift, ShiftPattern, ShiftPatternContent
from server.schedules.services.common import (
    next_code,
    require_unique,
    saved_unique,
    settings_audit,
    settings_changed,
    settings_delete_unused,
    settings_snapshot,
)
from server.schedules.services.recompute import RecomputeScope, schedule_change_apply
from server.workforce.models import Employee


def _pattern_contents(pattern: ShiftPattern) -> dict[str, Any]:
    items = pattern.contents.select_related("shift").order_by("day_number")
    return {"contents": [f"{item.day_number}: {item.shift.name}" for item in items]}


@dataclass(frozen=True)
class PatternFields:
    name: str
    starting_date: date
    day_circle_number: int
    type: str = "fix"
    code: str = ""


def shift_pattern_create(*, fields: PatternFields) -> ShiftPattern:
    with transaction.atomic():
        code = fields.code.strip() or next_code(ShiftPattern, "PK")
        require_unique(ShiftPattern, "code", code, msg.CODE_TAKEN, exclude=None)
        pattern = ShiftPattern(
            code=code,
            name=fields.name.strip(),
            type=fields.type or "fix",
            starting_date=fields.starting_date,
            day_circle_number=fields.day_circle_number,
        )
        saved_unique(pattern, unique_field="code", message=msg.CODE_TAKEN)
        settings_audit("shift_pattern", "create", pattern, {})
        settings_changed("shift_pattern", "created", pattern.hash_id)
    return pattern


def shift_pattern_update(*, pattern: ShiftPattern, fields: PatternFields) -> ShiftPattern:
    """Change a pattern; a cycle shorter than its content is refused. Its employees' days follow."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=pattern.pk)
        before = settings_snapshot("shift_pattern", pattern)
        highest = pattern.contents.aggregate(highest=Max("day_number"))["highest"] or 0
        if fields.day_circle_number < max(highest, pattern.contents.count()):
            raise Unprocessable(msg.CYCLE_TOO_SHORT, errors={"day_circle_number": [msg.CYCLE_TOO_SHORT]})
        code = fields.code.strip() or pattern.code
        require_unique(ShiftPattern, "code", code, msg.CODE_TAKEN, exclude=pattern.pk)
        calendar_changed = (
            pattern.starting_date != fields.starting_date
            or pattern.day_circle_number != fields.day_circle_number
        )
        pattern.code = code
        pattern.name = fields.name.strip()
        pattern.type = fields.type or pattern.type
        pattern.starting_date = fields.starting_date
        pattern.day_circle_number = fields.day_circle_number
        saved_unique(pattern, unique_field="code", message=msg.CODE_TAKEN)
        settings_audit("shift_pattern", "update", pattern, before)
        if calendar_changed:
            schedule_change_apply(scope=RecomputeScope(pattern_ids=(pattern.pk,)))
        settings_changed("shift_pattern", "updated", pattern.hash_id)
    return pattern


def shift_pattern_delete(*, pattern: ShiftPattern) -> None:
    """Delete a pattern no employee is on (refused otherwise: their schedule would vanish)."""
    settings_delete_unused(
        "shift_pattern", pattern, used_by=(Employee, "shift_pattern"), in_use=msg.PATTERN_IN_USE
    )


def _content_changed(pattern: ShiftPattern, before: dict[str, Any]) -> None:
    settings_audit("shift_pattern", "update", pattern, before, after=_pattern_contents(pattern))
    schedule_change_apply(scope=RecomputeScope(pattern_ids=(pattern.pk,)))
    settings_changed("shift_pattern", "updated", pattern.hash_id)


def shift_pattern_content_add(*, pattern: ShiftPattern, shift: Shift) -> ShiftPatternContent:
    """Put `shift` on the next day of the cycle; a full cycle is refused."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=pattern.pk)
        before = _pattern_contents(pattern)
        taken = set(pattern.contents.values_list("day_number", flat=True))
        if len(taken) >= pattern.day_circle_number:
            raise Unprocessable(msg.PATTERN_FULL)
        after_last = max(taken, default=0) + 1
        free = (
            after_last
            if after_last <= pattern.day_circle_number
            else min(n for n in range(1, pattern.day_circle_number + 1) if n not in taken)
        )
        content = ShiftPatternContent.objects.create(pattern=pattern, day_number=free, shift=shift)
        _content_changed(pattern, before)
    return content


def shift_pattern_content_move(*, content: ShiftPatternContent, step: int) -> ShiftPatternContent:
    """Move an item one day earlier (step -1) or later (+1) in the cycle, swapping with the item there."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=content.pattern_id)
        before = _pattern_contents(pattern)
        content = ShiftPatternContent.objects.get(pk=content.pk)
        target = content.day_number + step
        if target < 1:
            raise Unprocessable(msg.CONTENT_FIRST)
        if target > pattern.day_circle_number:
            raise Unprocessable(msg.CONTENT_LAST)
        other = ShiftPatternContent.objects.filter(pattern=pattern, day_number=target).first()
        origin = content.day_number
        if other is not None:
            # Day 0 is never used by the cycle: it parks the item while the two swap (unique day per pattern).
            ShiftPatternContent.objects.filter(pk=other.pk).update(day_number=0)
        ShiftPatternContent.objects.filter(pk=content.pk).update(day_number=target)
        if other is not None:
            ShiftPatternContent.objects.filter(pk=other.pk).update(day_number=origin)
        content.day_number = target
        _content_changed(pattern, before)
    return content


def shift_pattern_content_delete(*, content: ShiftPatternContent) -> None:
    """Remove an item; the items after it move one day earlier, so the list stays a list."""
    with transaction.atomic():
        pattern = ShiftPattern.objects.select_for_update().get(pk=content.pattern_id)
        before = _pattern_contents(pattern)
        removed = ShiftPatternContent.objects.filter(pk=content.pk).first()
        if removed is None:
            raise NotFound(msg.CONTENT_NOT_FOUND)
        day_number = removed.day_number
        removed.delete()
        for item in pattern.contents.filter(day_number__gt=day_number).order_by("day_number"):
            ShiftPatternContent.objects.filter(pk=item.pk).update(day_number=item.day_number - 1)
        _content_changed(pattern, before)
