"""Writes of the sync app: starting the HR pull (by hand or on its schedule) and saving the schedule."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.audit.services import audit_record, audit_snapshot
from server.jobs.models import ACTIVE_STATUSES, Job
from server.jobs.runner import job_start
from server.sync import messages
from server.sync.jobs import HR_PULL_KIND
from server.sync.models import SyncSchedule
from server.sync.selectors import sync_schedule_get

# A beat that was down at the set time still starts the day's pull within this window after it.
SCHEDULE_CATCH_UP = timedelta(minutes=30)


def hr_pull_start(
    *, user: User | None, scheduled: bool = False, day_key: str | None = None
) -> tuple[Job, bool]:
    """The HR pull: a new job, or the one already queued or running (False). One pull at a time,
    whoever asks (an admin's click, a second admin, the schedule). `day_key` makes the scheduled
    pull of a day start once however often beat asks."""
    with transaction.atomic():
        running = (
            Job.objects.select_for_update(of=("self",))
            .select_related("creator")
            .filter(kind=HR_PULL_KIND, status__in=ACTIVE_STATUSES)
            .first()
        )
        if running is not None:
            return running, False
        params: dict[str, Any] = {"scheduled": True} if scheduled else {}
        return job_start(kind=HR_PULL_KIND, params=params, user=user, idempotency_key=day_key)


def hr_pull_scheduled(now: datetime | None = None) -> Job | None:
    """Beat's call (every minute): start the day's scheduled HR pull when the schedule is on and the
    set time has come (within SCHEDULE_CATCH_UP); at most once a day. None when nothing started."""
    schedule = sync_schedule_get()
    if not schedule.hr_pull_enabled:
        return None
    local = timezone.localtime(now or timezone.now())
    due = local.replace(
        hour=schedule.hr_pull_time.hour, minute=schedule.hr_pull_time.minute, second=0, microsecond=0
    )
    if not due <= local < due + SCHEDULE_CATCH_UP:
        return None
    job, created = hr_pull_start(user=None, scheduled=True, day_key=f"scheduled:{local.date().isoformat()}")
    return job if created else None


SCHEDULE_AUDIT_FIELDS = ("hr_pull_enabled", "hr_pull_time")


def sync_schedule_update(*, data: dict[str, Any]) -> SyncSchedule:
    """Save the HR pull's schedule (audited: a setting; nothing recorded when nothing changed)."""
    with transaction.atomic():
        SyncSchedule.objects.get_or_create(pk=1)
        schedule = SyncSchedule.objects.select_for_update().get(pk=1)
        before = audit_snapshot(schedule, SCHEDULE_AUDIT_FIELDS)
        schedule.hr_pull_enabled = data["hr_pull_enabled"]
        schedule.hr_pull_time = data["hr_pull_time"]
        schedule.save()
        audit_record(
            action="update",
            object_type="sync_schedule",
            object_id="hr_pull",
            object_label=messages.AUDIT_SCHEDULE,
            before=before,
            after=audit_snapshot(schedule, SCHEDULE_AUDIT_FIELDS),
        )
    return schedule
