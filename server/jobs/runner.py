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
import time
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from rest_framework.exceptions import PermissionDenied

from server.accounts.models import User
from server.core.envelope import Conflict
from server.jobs import messages
from server.jobs.kinds import job_kind
from server.jobs.models import ACTIVE_STATUSES, Job, JobStatus
from server.jobs.selectors import job_row
from server.realtime.publish import publish

logger = logging.getLogger(__name__)

JOBS_TOPIC = "jobs"
PROGRESS_INTERVAL = 0.25
# While a batch takes long, the side thread still writes and publishes the row this often, so a
# page sees 2-4 events a second throughout (and the lease is renewed).
PULSE_INTERVAL = 0.5
CANCEL_CHECK_INTERVAL = 0.5
MAX_ERRORS_KEPT = 100


class JobCancelled(Exception):
    """Raised by `JobContext.check_cancelled()`; the runner marks the job cancelled."""


class JobFailed(Exception):
    """A failure the user should read as is (Indonesian), with an optional result kept on the job."""

    def __init__(self, message: str, *, result: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.result = dict(result or {})


def lease_seconds() -> float:
    return float(settings.JOBS_LEASE_SECONDS)


def job_publish(job: Job) -> None:
    """The job's current row on its kind's group of the `jobs` topic (after commit)."""
    publish(JOBS_TOPIC, "progress", job_row(job), scope=job.kind)


def _worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


# Starting


def job_start(
    *, kind: str, params: Mapping[str, Any], user: User | None, idempotency_key: str | None = None
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
            job = Job.objects.create(kind=kind, params=dict(params), creator=user, idempotency_key=key)
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
        from server.jobs.tasks import run_job

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


def _run_in_thread(job_id: int) -> None:
    try:
        job_run(job_id)
    finally:
        connection.close()


# Running


class JobContext:
    """What a job body sees: its parameters and creator, and the progress it reports."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.params: dict[str, Any] = dict(job.params)
        self.creator_id = job.creator_id
        self._last_flush = 0.0
        self._last_cancel_check = 0.0
        self._cancel = threading.Event()
        self._lost = threading.Event()
        self._dirty = False
        self._lock = threading.Lock()

    @property
    def creator(self) -> User | None:
        return self.job.creator

    def set_total(self, total: int) -> None:
        self.job.total = max(0, int(total))
        self._dirty = True
        self.flush(force=True)

    def advance(self, count: int = 1) -> None:
        self.job.processed += count
        self._dirty = True
        self.flush()

    def error(self, item: str, message: str) -> None:
        """One failed item (a row, an employee, a batch); the job goes on unless the body stops."""
        self.job.error_count += 1
        if len(self.job.errors) < MAX_ERRORS_KEPT:
            self.job.errors = [*self.job.errors, {"item": str(item), "message": message}]
        self._dirty = True
        self.flush()

    def set_result(self, **values: Any) -> None:
        """Running totals shown while the job runs (e.g. created/updated so far)."""
        self.job.result = {**self.job.result, **values}
        self._dirty = True
        self.flush()

    def check_cancelled(self) -> None:
        """Call between batches: raises JobCancelled once the creator asked to cancel."""
        now = time.monotonic()
        if not self._cancel.is_set() and now - self._last_cancel_check >= CANCEL_CHECK_INTERVAL:
            self._last_cancel_check = now
            if Job.objects.filter(pk=self.job.pk, cancel_requested=True).exists():
                self._cancel.set()
        if self._lost.is_set() or self._cancel.is_set():
            raise JobCancelled()

    def flush(self, *, force: bool = False) -> None:
        """Write and publish progress: at most every PROGRESS_INTERVAL unless forced."""
        with self._lock:
            now = time.monotonic()
            if not self._dirty or (not force and now - self._last_flush < PROGRESS_INTERVAL):
                return
            self._write()

    def pulse(self) -> None:
        """From the side thread: write and publish the row if nothing was for PULSE_INTERVAL.

        Never waits while holding the lock: if the body's own transaction holds the row (it reports
        progress inside an atomic block), this pulse is skipped instead of deadlocking with it.
        """
        if not self._lock.acquire(blocking=False):
            return
        try:
            if time.monotonic() - self._last_flush < PULSE_INTERVAL:
                return
            with transaction.atomic():
                list(Job.objects.select_for_update(nowait=True).filter(pk=self.job.pk).values_list("pk"))
                self._write()
        except DatabaseError:
            self._last_flush = time.monotonic()
        finally:
            self._lock.release()

    def _write(self) -> None:
        self._dirty = False
        job = self.job
        fields = {
            "processed": job.processed,
            "total": job.total,
            "errors": list(job.errors),
            "error_count": job.error_count,
            "result": dict(job.result),
            "heartbeat": timezone.now(),
        }
        updated = Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING).update(**fields)
        if updated:
            job_publish(job)
        elif Job.objects.filter(pk=job.pk).exclude(status=JobStatus.RUNNING).exists():
            # Reaped (its lease ran out) or ended elsewhere: stop at the next check.
            self._lost.set()
        # Counted from the end of the write: events stay PROGRESS_INTERVAL apart however slow it was.
        self._last_flush = time.monotonic()


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
    context = JobContext(job)
    stop = threading.Event()
    beat = threading.Thread(target=_heartbeat, args=(job_id, context, stop), daemon=True)
    beat.start()
    status, message = JobStatus.FAILED, messages.FAILED
    try:
        if job.cancel_requested:
            raise JobCancelled()
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


def job_cancel(*, job: Job, user: User) -> Job:
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
            job_publish(Job.objects.select_related("creator").get(pk=pk))
    return reaped
