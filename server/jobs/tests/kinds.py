"""Job kinds used only by the tests (also loaded into a real worker with `celery worker --include`)."""

from __future__ import annotations

import time
from typing import Any

from server.core.policy import AnyFlag
from server.jobs.context import JobContext, JobFailed
from server.jobs.kinds import register_job_kind

COUNT_KIND = "test.count"
UPLOAD_KIND = "test.upload"
FAIL_KIND = "test.fail"
BOOM_KIND = "test.boom"

# How many times each job body ran, by job id (what idempotency tests compare).
runs: dict[int, int] = {}


@register_job_kind(COUNT_KIND, access=AnyFlag("allow_employee_update", "allow_sync_penggajian"))
def count(job: JobContext) -> dict[str, Any]:
    """Counts to params.n in batches of params.batch, `delay` seconds of simulated work per item."""
    runs[job.job.pk] = runs.get(job.job.pk, 0) + 1
    n, batch, delay = int(job.params["n"]), int(job.params.get("batch", 1)), float(job.params.get("delay", 0))
    job.set_total(n)
    done = 0
    while done < n:
        job.check_cancelled()
        step = min(batch, n - done)
        time.sleep(delay * step)
        done += step
        if job.params.get("error_every") and done % int(job.params["error_every"]) == 0:
            job.error(f"Baris {done}", "Contoh kesalahan.")
        job.advance(step)
    return {"counted": done}


@register_job_kind(UPLOAD_KIND, access=AnyFlag("allow_upload_manual"))
def upload(job: JobContext) -> dict[str, Any]:
    job.set_total(1)
    job.advance()
    return {"rows": 1}


@register_job_kind(FAIL_KIND, access=AnyFlag("allow_employee_update"))
def fail(job: JobContext) -> dict[str, Any]:
    job.set_total(2)
    job.advance()
    raise JobFailed("Batch 2 ditolak.", result={"sent": 1})


@register_job_kind(BOOM_KIND, access=AnyFlag("allow_employee_update"))
def boom(job: JobContext) -> dict[str, Any]:
    raise RuntimeError("a bug")
