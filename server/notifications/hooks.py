"""What this app registers with the apps below it: a job that ended tells the user who started it."""

from __future__ import annotations

from server.jobs.hooks import register_job_ended
from server.jobs.models import Job, JobStatus
from server.notifications.services import notify

JOB_ENDED = "job.ended"


def job_ended_notify(job: Job) -> None:
    """The job's creator learns how it ended (a job started by the system has nobody to tell; one
    cancelled was ended by its creator, who knows)."""
    if job.creator_id is None or job.status == JobStatus.CANCELLED:
        return
    notify(
        user_ids=[job.creator_id],
        kind=JOB_ENDED,
        title=job.message or JobStatus(job.status).label,
        data={"job": job.hash_id, "job_kind": job.kind, "status": job.status},
        dedupe_key=f"job.ended:{job.hash_id}",
    )


def notifications_register() -> None:
    register_job_ended(job_ended_notify)
