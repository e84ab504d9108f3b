"""The job-ended hook: what registered hears each job's final status once; a failing hook changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from server.accounts.models import User
from server.jobs import hooks
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_cancel, job_start, jobs_reap
from server.jobs.tests.kinds import COUNT_KIND, FAIL_KIND


@pytest.fixture
def ended() -> Iterator[list[tuple[str, str]]]:
    heard: list[tuple[str, str]] = []

    def hear(job: Job) -> None:
        heard.append((job.kind, str(job.status)))

    def broken(job: Job) -> None:
        raise RuntimeError("a hook that fails")

    saved = list(hooks._ended)
    hooks.register_job_ended(broken)
    hooks.register_job_ended(hear)
    hooks.register_job_ended(hear)  # once only
    yield heard
    hooks._ended[:] = saved


@pytest.mark.django_db
@override_settings(JOBS_RUNNER="inline")
def test_each_final_status_is_heard_once(
    ended: list[tuple[str, str]], make_user: Callable[..., User], django_capture_on_commit_callbacks: Any
) -> None:
    hr = make_user(flags=["allow_employee_update"])
    with django_capture_on_commit_callbacks(execute=True):
        done, _ = job_start(kind=COUNT_KIND, params={"n": 2}, user=hr)
        failed, _ = job_start(kind=FAIL_KIND, params={}, user=hr)
    assert Job.objects.get(pk=done.pk).status == JobStatus.SUCCEEDED  # the failing hook changed nothing
    assert Job.objects.get(pk=failed.pk).status == JobStatus.FAILED
    queued, _ = job_start(kind=COUNT_KIND, params={"n": 1}, user=hr)  # never run here
    job_cancel(job=queued, user=hr)
    Job.objects.create(
        kind=COUNT_KIND, creator=hr, status=JobStatus.RUNNING, heartbeat=timezone.now() - timedelta(minutes=5)
    )
    assert jobs_reap() == 1
    assert ended == [
        (COUNT_KIND, "succeeded"),
        (FAIL_KIND, "failed"),
        (COUNT_KIND, "cancelled"),
        (COUNT_KIND, "failed"),
    ]
