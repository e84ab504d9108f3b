"""The "job ended" hook (DESIGN §11, §20): an app above jobs registers to hear that a job reached its
final status (succeeded, failed, cancelled, or reaped after its worker died), so jobs imports none of
them (the notifications app tells the job's creator). Hooks run after the final status is written;
one that fails is logged and never changes how the job ended.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from server.jobs.models import Job

logger = logging.getLogger(__name__)

JobEnded = Callable[["Job"], None]

_ended: list[JobEnded] = []


def register_job_ended(hook: JobEnded) -> None:
    if hook not in _ended:
        _ended.append(hook)


def job_ended(job: Job) -> None:
    """Tell every registered hook that `job` ended (its final status is on the row)."""
    for hook in _ended:
        try:
            hook(job)
        except Exception:
            logger.exception("A job-ended hook failed for job %s", job.pk)
