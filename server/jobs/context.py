"""What a job body sees and raises (DESIGN §11): its `JobContext` (parameters, creator, progress,
cancellation) and the `JobCancelled` / `JobFailed` that end it. The runner (`server.jobs.runner`)
makes the context and decides what an ending means."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone

from server.jobs.models import Job, JobStatus

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


class JobContext:
    """What a job body sees: its job (`job.job.creator` made it), its parameters, and the progress it
    reports."""

    def __init__(self, job: Job, *, publish: Callable[[Job], None]) -> None:
        self.job = job
        # The runner's `job_publish`: the row on the `jobs` topic.
        self._publish = publish
        self.params: dict[str, Any] = dict(job.params)
        self.creator_id = job.creator_id
        self._last_flush = 0.0
        self._last_cancel_check = 0.0
        self._cancel = threading.Event()
        self._lost = threading.Event()
        self._dirty = False
        self._lock = threading.Lock()

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
            self._publish(job)
        elif Job.objects.filter(pk=job.pk).exclude(status=JobStatus.RUNNING).exists():
            # Reaped (its lease ran out) or ended elsewhere: stop at the next check.
            self._lost.set()
        # Counted from the end of the write: events stay PROGRESS_INTERVAL apart however slow it was.
        self._last_flush = time.monotonic()
