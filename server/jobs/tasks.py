"""Celery tasks of the jobs framework: run one job, and reap jobs whose worker died."""

from __future__ import annotations

from celery import shared_task

from server.jobs.runner import job_run, jobs_reap


@shared_task(name="jobs.run", acks_late=True)
def run_job(job_id: int) -> None:
    # A redelivered message (its first worker died) finds the job no longer queued and does nothing.
    job_run(job_id)


@shared_task(name="jobs.reap")
def reap_jobs() -> int:
    return jobs_reap()
