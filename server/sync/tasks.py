"""Celery tasks of the sync: the scheduled HR pull (beat asks every minute; the schedule decides)."""

from __future__ import annotations

from celery import shared_task

from server.sync.services import hr_pull_scheduled


@shared_task(name="sync.hr_pull_scheduled")
def hr_pull_on_schedule() -> str | None:
    job = hr_pull_scheduled()
    return job.hash_id if job is not None else None
