"""Reads of jobs: the row every client sees (REST, snapshot and events alike) and visibility."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from server.core.hashids import get_by_hash_id
from server.jobs import messages
from server.jobs.kinds import kinds_visible_to
from server.jobs.models import ACTIVE_STATUSES, Job, JobStatus

RECENT_WINDOW = timedelta(hours=24)
SNAPSHOT_LIMIT = 20


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _started_by(job: Job) -> str:
    """The creator's name; 'Terjadwal' for a job beat started (`params["scheduled"]`, no creator)."""
    if job.creator_id and job.creator:
        return job.creator.fullname
    return messages.STARTED_BY_SCHEDULE if job.params.get("scheduled") else ""


def lease_lost(job: Job) -> bool:
    """A running job whose lease ran out: its worker died. Reads show it failed at once; the reaper
    (beat, and each server process's reaper thread: server.jobs.reaper) writes it so."""
    if job.status != JobStatus.RUNNING or job.heartbeat is None:
        return False
    return job.heartbeat < timezone.now() - timedelta(seconds=float(settings.JOBS_LEASE_SECONDS))


def job_row(job: Job) -> dict[str, Any]:
    """`{job, kind, status, processed, total, errors, result}` and what a progress view also shows."""
    lost = lease_lost(job)
    return {
        "job": job.hash_id,
        "kind": job.kind,
        "status": str(JobStatus.FAILED if lost else job.status),
        "processed": job.processed,
        "total": job.total,
        "errors": job.errors,
        "error_count": job.error_count,
        "result": job.result,
        "message": messages.WORKER_LOST if lost else job.message,
        "params": job.params,
        "creator_user_name": _started_by(job),
        "creator_id": job.creator.hash_id if job.creator_id and job.creator else None,
        "cancel_requested": job.cancel_requested,
        "created": _iso(job.created),
        "started": _iso(job.started),
        "finished": _iso(job.heartbeat if lost else job.finished),
    }


def jobs_visible_to(access: Mapping[str, int]) -> QuerySet[Job]:
    return Job.objects.filter(kind__in=kinds_visible_to(access)).select_related("creator")


def job_for_user(*, access: Mapping[str, int], hash_id: str) -> Job:
    """The job if its kind is visible with these flags; 404 otherwise (no hint that it exists)."""
    return get_by_hash_id(jobs_visible_to(access), hash_id, message=messages.NOT_FOUND)


def jobs_running_and_recent(access: Mapping[str, int], *, kind: str | None = None) -> list[Job]:
    """Running jobs first, then those finished in the last day; what a (re)loaded page shows."""
    since = timezone.now() - RECENT_WINDOW
    queryset = jobs_visible_to(access).filter(Q(status__in=ACTIVE_STATUSES) | Q(created__gte=since))
    if kind:
        queryset = queryset.filter(kind=kind)
    return list(queryset.order_by("-created", "-pk")[:SNAPSHOT_LIMIT])
