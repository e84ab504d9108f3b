"""Starting, running, cancelling and reaping jobs (DESIGN §11).

`job_start()` records a queued job and, once the caller's transaction commits, hands it to the
runner of `settings.JOBS_RUNNER`: a Celery task (`celery`: production, tests with a worker), a
thread of this process (`thread`: the zero-setup `make run` without Redis) or this very call
(`inline`). The job body is the same everywhere: a function of a `JobContext` that reports progress
between batches, checks for cancellation and returns its result summary.

Progress is written to the row and published on the `jobs` topic at most every `PROGRESS_INTERVAL`
and at every status change. While a job runs, a heartbeat thread renews its lease; a job whose lease
ran out (its worker was killed) is marked failed by `jobs_reap()` (Celery beat, and every read of the
job list or topic snapshot), so no job stays 'running' after its worker died.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from server.core.envelope import Conflict
from server.core.request_context import Acting, acting_as
from server.jobs import messages
from server.jobs.context import PULSE_INTERVAL, JobCancelled, JobContext, JobFailed
from server.jobs.hooks import job_ended
from server.jobs.kinds import job_kind
from server.jobs.models import ACTIVE_STATUSES, Job, JobStatus
from server.jobs.selectors import job_row
from server.realtime.publish import publish

logger = logging.getLogger(__name__)

JOBS_TOPIC = "jobs"


def lease_seconds() -> float:
    return float(settings.JOBS_LEASE_SECONDS)


def job_publish(job: Job) -> None:
    """The job's current row on its kind's group of the `jobs` topic (after commit)."""
    publish(JOBS_TOPIC, "progress", job_row(job), scope=job.kind)


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


# Starting


def job_start(
    *, kind: str, params: Mapping[str, Any], user: AbstractBaseUser | None, idempotency_key: str | None = None
) -> tuple[Job, bool]:
    """A queued job of `kind`, run once the current transaction commits: (job, created).

    The same idempotency key (per kind) never runs twice: the job it started is returned instead.
    """
    job_kind(kind)
    key = f"{kind}:{idempotency_key}" if idempotency_key else None
    if key:
        existing = Job.objects.filter(idempotency_key=key).select_related("creator").first()
        if existing is not None:
            return existing, False
    try:
        with transaction.atomic():
            job = Job.objects.create(
                kind=kind, params=dict(params), creator_id=user.pk if user else None, idempotency_key=key
            )
    except IntegrityError:
        return Job.objects.select_related("creator").get(idempotency_key=key), False
    job_publish(job)
    transaction.on_commit(lambda: job_dispatch(job.pk))
    return job, True


def job_dispatch(job_id: int) -> None:
    runner = settings.JOBS_RUNNER
    if runner == "inline":
        job_run(job_id)
    elif runner == "thread":
        _start_thread(job_id)
    else:
        try:
            run_job.apply_async(args=[job_id])
        except Exception:
            # The broker (Redis) is away: Redis is never a gate (DESIGN §16). The job runs in a thread of
            # this process instead; `job_run` claims it once, so a message that did get through to a
            # worker cannot run it twice.
            logger.warning(
                "Jobs: the Celery broker is unreachable; job %s runs in this process", job_id, exc_info=True
            )
            _start_thread(job_id)


def _start_thread(job_id: int) -> None:
    threading.Thread(target=_run_in_thread, args=(job_id,), name=f"job-{job_id}", daemon=True).start()


@shared_task(name="jobs.run", acks_late=True)
def run_job(job_id: int) -> None:
    # A redelivered message (its first worker died) finds the job no longer queued and does nothing.
    job_run(job_id)


def _run_in_thread(job_id: int) -> None:
    try:
        job_run(job_id)
    finally:
        connection.close()


# Running


def _heartbeat(job_id: int, context: JobContext, stop: threading.Event) -> None:
    """Renew the lease (with a progress pulse) and pick up a cancel request while the body works."""
    try:
        while not stop.wait(PULSE_INTERVAL):
            context.pulse()
            if context._lost.is_set():
                return
            if Job.objects.filter(pk=job_id, cancel_requested=True).exists():
                context._cancel.set()
    except Exception:
        logger.exception("Heartbeat of job %s failed", job_id)
    finally:
        connection.close()


def _finish(job: Job, status: JobStatus, message: str) -> None:
    job.status = status
    job.message = message
    job.finished = timezone.now()
    updated = Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING).update(
        status=status,
        message=message,
        finished=job.finished,
        processed=job.processed,
        total=job.total,
        errors=job.errors,
        error_count=job.error_count,
        result=job.result,
        heartbeat=job.finished,
    )
    if updated:
        job_publish(job)
        job_ended(job)


def job_run(job_id: int) -> None:
    """Run a queued job once: claim it, run its body, record how it ended."""
    now = timezone.now()
    claimed = Job.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING, started=now, heartbeat=now, worker=_worker_name()
    )
    if not claimed:
        return
    job = Job.objects.select_related("creator").get(pk=job_id)
    job_publish(job)
    context = JobContext(job, publish=job_publish)
    stop = threading.Event()
    beat = threading.Thread(target=_heartbeat, args=(job_id, context, stop), daemon=True)
    beat.start()
    status, message = JobStatus.FAILED, messages.FAILED
    try:
        if job.cancel_requested:
            raise JobCancelled()
        creator = job.creator
        acting = Acting(
            user_id=job.creator_id,
            user_name=str(getattr(creator, "fullname", "") or ""),
            job_id=job.hash_id,
            job_kind=job.kind,
        )
        with acting_as(acting):
            result = job_kind(job.kind).run(context)
        job.result = {**job.result, **dict(result or {})}
        status, message = JobStatus.SUCCEEDED, str(job.result.get("message") or messages.SUCCEEDED)
    except JobCancelled:
        status, message = JobStatus.CANCELLED, messages.CANCELLED
    except JobFailed as failure:
        job.result = {**job.result, **failure.result}
        message = failure.message
    except Exception:
        logger.exception("Job %s (%s) failed", job_id, job.kind)
    finally:
        # The side thread stops first, so no pulse is published after the final status.
        stop.set()
        beat.join(timeout=5)
        _finish(job, status, message)


# Cancelling and reaping


def job_cancel(*, job: Job, user: AbstractBaseUser) -> Job:
    """Cooperative cancel by the job's creator: a queued job ends now, a running one between batches."""
    if job.creator_id != user.pk:
        raise PermissionDenied(messages.ONLY_CREATOR_CANCELS)
    with transaction.atomic():
        job = Job.objects.select_for_update(of=("self",)).select_related("creator").get(pk=job.pk)
        if job.status not in ACTIVE_STATUSES:
            raise Conflict(messages.ALREADY_FINISHED)
        job.cancel_requested = True
        if job.status == JobStatus.QUEUED:
            job.status = JobStatus.CANCELLED
            job.message = messages.CANCELLED
            job.finished = timezone.now()
        job.save(update_fields=["cancel_requested", "status", "message", "finished"])
        job_publish(job)
        if job.status == JobStatus.CANCELLED:
            job_ended(job)
    return job


def jobs_reap() -> int:
    """Mark failed every running job whose lease ran out (its worker died); the number reaped.

    In the zero-setup mode (`thread`) a job is only remembered by the process that queued it: one
    still queued a lease after it was created lost that process (a restart between the commit and
    the thread's start). It is started again here; the claim in job_run lets only one runner have it.
    """
    cutoff = timezone.now() - timedelta(seconds=lease_seconds())
    if settings.JOBS_RUNNER == "thread":
        orphans = Job.objects.filter(status=JobStatus.QUEUED, created__lt=cutoff).values_list("pk", flat=True)
        for pk in list(orphans):
            logger.warning("Job %s was still queued after its process ended; starting it again", pk)
            job_dispatch(pk)
    stale = list(
        Job.objects.filter(status=JobStatus.RUNNING, heartbeat__lt=cutoff).values_list("pk", flat=True)
    )
    reaped = 0
    for pk in stale:
        now = timezone.now()
        updated = Job.objects.filter(pk=pk, status=JobStatus.RUNNING, heartbeat__lt=cutoff).update(
            status=JobStatus.FAILED, message=messages.WORKER_LOST, finished=now
        )
        if updated:
            reaped += 1
            job = Job.objects.select_related("creator").get(pk=pk)
            job_publish(job)
            job_ended(job)
    return reaped
