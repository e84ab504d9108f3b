"""Celery tasks of the jobs framework: reap jobs whose worker died. The task that runs one job,
`jobs.run`, is the runner's own (`server.jobs.runner.run_job`): importing this module registers both."""

from __future__ import annotations

from celery import shared_task

from server.jobs.runner import jobs_reap


@shared_task(name="jobs.reap")
def reap_jobs() -> int:
    return jobs_reap()
