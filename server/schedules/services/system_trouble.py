"""System trouble days: a missing check-in that day is excused."""

from __future__ import annotations

from datetime import date

from django.db import transaction

from server.core.envelope import Unprocessable
from server.schedules import messages as msg
from server.schedules.models import SystemTrouble
from server.schedules.services.common import (
    saved_unique,
    settings_audit,
    settings_changed,
    settings_delete,
    settings_snapshot,
)
from server.schedules.services.recompute import RecomputeScope, schedule_change_apply


def system_trouble_save(*, trouble: SystemTrouble | None, day: date, description: str) -> SystemTrouble:
    """Record (or move) a system-trouble day: a missing check-in that day is excused; the old and new
    dates are recomputed for everyone."""
    with transaction.atomic():
        clash = SystemTrouble.objects.filter(date=day)
        if trouble is not None:
            clash = clash.exclude(pk=trouble.pk)
        if clash.exists():
            raise Unprocessable(
                msg.SYSTEM_TROUBLE_DATE_TAKEN, errors={"date": [msg.SYSTEM_TROUBLE_DATE_TAKEN]}
            )
        created = trouble is None
        target = (
            SystemTrouble()
            if trouble is None
            else SystemTrouble.objects.select_for_update().get(pk=trouble.pk)
        )
        previous = target.date if not created else None
        before = settings_snapshot("system_trouble", trouble and target)
        target.date, target.description = day, description.strip()
        saved_unique(target, unique_field="date", message=msg.SYSTEM_TROUBLE_DATE_TAKEN)
        settings_audit("system_trouble", "create" if created else "update", target, before)
        dates = {day} | ({previous} if previous else set())
        if previous != day:
            schedule_change_apply(scope=RecomputeScope(dates=tuple(sorted(dates))))
        settings_changed("system_trouble", "created" if created else "updated", target.hash_id)
    return target


def system_trouble_delete(*, trouble: SystemTrouble) -> None:
    with transaction.atomic():
        trouble = SystemTrouble.objects.select_for_update().get(pk=trouble.pk)
        day = trouble.date
        hash_id = settings_delete("system_trouble", trouble)
        schedule_change_apply(scope=RecomputeScope(dates=(day,)))
        settings_changed("system_trouble", "deleted", hash_id)
