"""Jobs on a real Celery worker process (Redis broker): one runs to the end, and one whose worker is
killed mid-job is marked failed once its lease runs out instead of staying 'running'."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings

from server.accounts.models import User
from server.config.celery import app
from server.jobs import messages
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_start, jobs_reap
from server.jobs.tests.conftest import wait_for
from server.jobs.tests.kinds import COUNT_KIND
from server.realtime.tests.test_two_processes import database_url_of_tests

LEASE_SECONDS = 2


class Worker:
    def __init__(self, queue: str, log: Path) -> None:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "server.config.settings",
            "DATABASE_URL": database_url_of_tests(),
            "REDIS_URL": settings.REDIS_URL,
            "CHANNEL_PREFIX": settings.CHANNEL_PREFIX,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "JOBS_LEASE_SECONDS": str(LEASE_SECONDS),
        }
        self.log = log
        self.output = log.open("wb")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "server.config",
                "worker",
                "--pool=solo",
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
                "-Q",
                queue,
                "--include",
                "server.jobs.tests.kinds",
                "--loglevel=INFO",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=self.output,
            stderr=subprocess.STDOUT,
        )

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.output.close()


@pytest.fixture
def worker(transactional_db: Any, tmp_path: Path) -> Iterator[Worker]:
    """A worker process on its own queue of the test Redis; this process sends to that queue."""
    queue = f"jobs-test-{uuid.uuid4().hex[:10]}"
    previous = (app.conf.task_always_eager, app.conf.task_default_queue)
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    process = Worker(queue, tmp_path / "worker.log")
    try:
        with override_settings(JOBS_RUNNER="celery", JOBS_LEASE_SECONDS=LEASE_SECONDS):
            yield process
    finally:
        process.kill()
        app.conf.task_always_eager, app.conf.task_default_queue = previous


@pytest.mark.slow
def test_a_job_runs_on_a_real_worker(worker: Worker, make_user: Callable[..., User]) -> None:
    user = make_user(flags=["allow_employee_update"])
    job, _ = job_start(kind=COUNT_KIND, params={"n": 30, "batch": 5, "delay": 0.01}, user=user)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).status == JobStatus.SUCCEEDED,
        timeout=60,
        what=f"the worker to finish the job:\n{worker.log.read_text()}",
    )
    job.refresh_from_db()
    assert (job.processed, job.total, job.result) == (30, 30, {"counted": 30})
    assert job.worker and job.worker.split(":")[1] == str(worker.process.pid)


@pytest.mark.slow
def test_a_killed_worker_leaves_its_job_failed_not_running(
    worker: Worker, make_user: Callable[..., User], client_for: Callable[..., Any]
) -> None:
    user = make_user(flags=["allow_employee_update"])
    job, _ = job_start(kind=COUNT_KIND, params={"n": 10_000, "batch": 10, "delay": 0.002}, user=user)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).processed > 0,
        timeout=60,
        what=f"the job to start:\n{worker.log.read_text()}",
    )
    worker.kill()
    assert Job.objects.get(pk=job.pk).status == JobStatus.RUNNING

    def failed() -> bool:
        # Anyone reading the job (page, list, snapshot) sees it failed once its lease ran out.
        return client_for(user).get(f"/api/web/v1/job/{job.hash_id}").json()["data"]["status"] == "failed"

    wait_for(failed, timeout=60, what="the job to show as failed")
    assert jobs_reap() == 1  # the reaper (beat, or the server process's thread) writes it
    job.refresh_from_db()
    assert job.message == messages.WORKER_LOST and job.finished is not None and job.processed < 10_000
