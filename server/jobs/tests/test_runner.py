"""The jobs framework: run, progress throttling, idempotency, failures, cancel, flags and the reaper."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connections
from django.test import override_settings
from django.utils import timezone

from server.accounts.models import User
from server.jobs import messages, reaper
from server.jobs.context import PROGRESS_INTERVAL, PULSE_INTERVAL
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_start, jobs_reap
from server.jobs.tests.conftest import Event, wait_for
from server.jobs.tests.kinds import BOOM_KIND, COUNT_KIND, FAIL_KIND, UPLOAD_KIND, runs

SYNC = ["allow_employee_update"]


def job_rows(events: list[Event], job: Job) -> list[dict[str, Any]]:
    return [data for _, topic, type, data, _ in events if topic == "jobs" and data["job"] == job.hash_id]


@pytest.fixture
def hr(make_user: Callable[..., User]) -> User:
    return make_user(flags=SYNC)


@pytest.mark.django_db
def test_a_job_runs_once_its_transaction_commits_and_reports_each_status(
    hr: User, job_events: list[Event], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        job, created = job_start(kind=COUNT_KIND, params={"n": 5, "batch": 2}, user=hr)
    job.refresh_from_db()
    assert created
    assert (job.status, job.processed, job.total, job.result) == (JobStatus.SUCCEEDED, 5, 5, {"counted": 5})
    assert job.started and job.finished and job.message == messages.SUCCEEDED
    rows = job_rows(job_events, job)
    statuses = [row["status"] for row in rows]
    assert statuses[0] == "queued" and statuses[1] == "running" and statuses[-1] == "succeeded"
    assert all(scope == COUNT_KIND for *_, scope in job_events)
    final = rows[-1]
    assert {k: final[k] for k in ("job", "kind", "processed", "total", "errors", "result")} == {
        "job": job.hash_id,
        "kind": COUNT_KIND,
        "processed": 5,
        "total": 5,
        "errors": [],
        "result": {"counted": 5},
    }
    assert final["creator_user_name"] == hr.fullname


@pytest.mark.django_db(transaction=True)
def test_progress_is_throttled_and_monotonic(hr: User, job_events: list[Event]) -> None:
    with override_settings(JOBS_RUNNER="thread"):
        job, _ = job_start(kind=COUNT_KIND, params={"n": 400, "delay": 0.003, "error_every": 50}, user=hr)
    wait_for(lambda: not Job.objects.get(pk=job.pk).is_active, what="the job to end")
    connections.close_all()
    rows = [(moment, data) for moment, _, _, data, _ in job_events if data["job"] == job.hash_id]
    running = [(moment, data) for moment, data in rows if data["status"] == "running"]
    processed = [data["processed"] for _, data in rows]
    assert processed == sorted(processed) and processed[-1] == 400
    # Between the first (total known) and the last (final totals) write, never closer than the interval.
    middle = running[1:-1]
    gaps = [later[0] - earlier[0] for earlier, later in itertools.pairwise(middle)]
    assert gaps and min(gaps) >= PROGRESS_INTERVAL * 0.95
    elapsed = rows[-1][0] - rows[0][0]
    assert len(running) <= elapsed / PROGRESS_INTERVAL + 3
    # Far fewer events than items, and the errors arrive with their count.
    assert len(rows) < 400 / 10
    job.refresh_from_db()
    assert job.error_count == 8 and job.errors[0] == {"item": "Baris 50", "message": "Contoh kesalahan."}


@pytest.mark.django_db
def test_the_same_idempotency_key_never_runs_twice(hr: User, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        first, created = job_start(kind=COUNT_KIND, params={"n": 1}, user=hr, idempotency_key="k-1")
    with django_capture_on_commit_callbacks(execute=True):
        again, created_again = job_start(kind=COUNT_KIND, params={"n": 1}, user=hr, idempotency_key="k-1")
    assert created and not created_again and again.pk == first.pk
    assert runs[first.pk] == 1
    assert Job.objects.filter(kind=COUNT_KIND).count() == 1


@pytest.mark.django_db
def test_failures_keep_their_message_and_result(hr: User, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        refused, _ = job_start(kind=FAIL_KIND, params={}, user=hr)
        crashed, _ = job_start(kind=BOOM_KIND, params={}, user=hr)
    refused.refresh_from_db()
    crashed.refresh_from_db()
    assert (refused.status, refused.message, refused.result, refused.processed) == (
        JobStatus.FAILED,
        "Batch 2 ditolak.",
        {"sent": 1},
        1,
    )
    assert (crashed.status, crashed.message) == (JobStatus.FAILED, messages.FAILED)


@pytest.mark.django_db
def test_rest_detail_list_and_flags(
    hr: User,
    make_user: Callable[..., User],
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    uploader = make_user(flags=["allow_upload_manual"])
    nobody = make_user(flags=[])
    with django_capture_on_commit_callbacks(execute=True):
        sync_job, _ = job_start(kind=COUNT_KIND, params={"n": 2}, user=hr)
        upload_job, _ = job_start(kind=UPLOAD_KIND, params={}, user=uploader)

    answer = client_for(hr).get(f"/api/web/v1/job/{sync_job.hash_id}")
    assert answer.status_code == 200
    assert answer.json()["data"]["status"] == "succeeded" and answer.json()["data"]["processed"] == 2
    assert client_for(hr).get(f"/api/web/v1/job/{upload_job.hash_id}").status_code == 404
    assert client_for(uploader).get(f"/api/web/v1/job/{sync_job.hash_id}").status_code == 404
    assert client_for(nobody).get(f"/api/web/v1/job/{sync_job.hash_id}").status_code == 403
    assert client_for(hr).get("/api/web/v1/job/not-an-id").status_code == 404

    listed = client_for(hr).get("/api/web/v1/job/list", {"search": '{"kind": "test.count"}'}).json()
    assert [row["job"] for row in listed["data"]] == [sync_job.hash_id] and listed["recordsTotal"] == 1
    assert [row["job"] for row in client_for(uploader).get("/api/web/v1/job/list").json()["data"]] == [
        upload_job.hash_id
    ]
    assert client_for(nobody).get("/api/web/v1/job/list").status_code == 403


@pytest.mark.django_db
def test_cancel_a_queued_job_by_its_creator_only(
    hr: User, make_user: Callable[..., User], client_for: Callable[..., Any], job_events: list[Event]
) -> None:
    other = make_user(flags=SYNC)
    job, _ = job_start(kind=COUNT_KIND, params={"n": 3}, user=hr)  # not dispatched: no commit
    assert client_for(other).post(f"/api/web/v1/job/{job.hash_id}/cancel").status_code == 403
    answer = client_for(hr).post(f"/api/web/v1/job/{job.hash_id}/cancel")
    assert answer.status_code == 200 and answer.json()["data"]["status"] == "cancelled"
    assert answer.json()["message"] == messages.CANCELLED
    again = client_for(hr).post(f"/api/web/v1/job/{job.hash_id}/cancel")
    assert again.status_code == 409 and again.json()["message"] == messages.ALREADY_FINISHED


@pytest.mark.django_db(transaction=True)
def test_cancel_a_running_job_stops_it_between_batches(hr: User, client_for: Callable[..., Any]) -> None:
    with override_settings(JOBS_RUNNER="thread"):
        job, _ = job_start(kind=COUNT_KIND, params={"n": 2000, "batch": 10, "delay": 0.002}, user=hr)
    try:
        wait_for(lambda: Job.objects.get(pk=job.pk).processed >= 20, what="the job to make progress")
        answer = client_for(hr).post(f"/api/web/v1/job/{job.hash_id}/cancel")
        assert answer.status_code == 200 and answer.json()["message"] == messages.CANCEL_REQUESTED
        wait_for(lambda: Job.objects.get(pk=job.pk).status == JobStatus.CANCELLED, what="the cancel")
        job.refresh_from_db()
        assert 20 <= job.processed < 2000 and job.finished is not None
    finally:
        wait_for(lambda: not Job.objects.get(pk=job.pk).is_active, what="the job to end")
        connections.close_all()


@pytest.mark.django_db
def test_the_reaper_fails_running_jobs_whose_lease_ran_out(
    hr: User, job_events: list[Event], client_for: Callable[..., Any], django_capture_on_commit_callbacks: Any
) -> None:
    stale = Job.objects.create(
        kind=COUNT_KIND,
        creator=hr,
        status=JobStatus.RUNNING,
        started=timezone.now() - timedelta(minutes=5),
        heartbeat=timezone.now() - timedelta(minutes=2),
    )
    alive = Job.objects.create(
        kind=COUNT_KIND,
        creator=hr,
        status=JobStatus.RUNNING,
        started=timezone.now(),
        heartbeat=timezone.now(),
    )
    # Reading shows the lost job failed at once, and writes nothing (no GET writes).
    with django_capture_on_commit_callbacks(execute=True):
        body = client_for(hr).get(f"/api/web/v1/job/{stale.hash_id}").json()["data"]
        listed = client_for(hr).get("/api/web/v1/job/list").json()["data"]
    assert (body["status"], body["message"]) == ("failed", messages.WORKER_LOST)
    assert {row["job"]: row["status"] for row in listed}[stale.hash_id] == "failed"
    stale.refresh_from_db()
    assert (stale.status, stale.finished) == (JobStatus.RUNNING, None)
    assert job_rows(job_events, stale) == []
    # The reaper (beat, or the server process's thread) writes it, once, and publishes it.
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs_reap() == 1
    stale.refresh_from_db()
    assert (stale.status, stale.message) == (JobStatus.FAILED, messages.WORKER_LOST)
    assert stale.finished is not None
    alive.refresh_from_db()
    assert alive.status == JobStatus.RUNNING
    assert jobs_reap() == 0
    assert [row["status"] for row in job_rows(job_events, stale)] == ["failed"]


@pytest.mark.django_db(transaction=True)
def test_each_server_process_runs_one_reaper_thread(hr: User) -> None:
    stale = Job.objects.create(
        kind=COUNT_KIND,
        creator=hr,
        status=JobStatus.RUNNING,
        started=timezone.now() - timedelta(minutes=5),
        heartbeat=timezone.now() - timedelta(minutes=2),
    )
    started = reaper.reaper_start(interval=0.05)
    try:
        wait_for(lambda: Job.objects.get(pk=stale.pk).status == JobStatus.FAILED, what="the reaper thread")
        assert reaper.reaper_start(interval=0.05) is False
    finally:
        if started:
            reaper._stop.set()
    connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_a_long_batch_still_sends_progress_pulses(hr: User, job_events: list[Event]) -> None:
    with override_settings(JOBS_RUNNER="thread"):
        job, _ = job_start(kind=COUNT_KIND, params={"n": 1, "delay": 2.0}, user=hr)
    wait_for(lambda: not Job.objects.get(pk=job.pk).is_active, what="the job to end")
    connections.close_all()
    running = [
        moment
        for moment, _, _, data, _ in job_events
        if data["job"] == job.hash_id and data["status"] == "running"
    ]
    # The claim, the total, pulses while the single 2 s batch works (the lease renews with them), the
    # final count: the pulses are at least PULSE_INTERVAL after the write before them.
    assert len(running) >= 5
    gaps = [later - earlier for earlier, later in itertools.pairwise(running[1:-1])]
    assert min(gaps) >= PULSE_INTERVAL * 0.9
    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED and job.heartbeat is not None and job.heartbeat >= job.started


@pytest.mark.django_db(transaction=True)
def test_zero_setup_restarts_a_job_left_queued_by_a_process_that_ended(hr: User) -> None:
    """In the `thread` mode a job queued by a process that died before its thread started would stay
    queued forever: the reaper starts it again once a lease has passed (one runner claims it)."""
    with override_settings(JOBS_RUNNER="thread"):
        orphan = Job.objects.create(kind=COUNT_KIND, params={"n": 3, "batch": 3}, creator=hr)
        fresh = Job.objects.create(kind=COUNT_KIND, params={"n": 3, "batch": 3}, creator=hr)
        Job.objects.filter(pk=orphan.pk).update(created=timezone.now() - timedelta(hours=1))
        jobs_reap()
        wait_for(
            lambda: Job.objects.get(pk=orphan.pk).status == JobStatus.SUCCEEDED, what="the orphan to run"
        )
    connections.close_all()
    fresh.refresh_from_db()
    assert fresh.status == JobStatus.QUEUED  # younger than a lease: its own process may still start it
    orphan.refresh_from_db()
    assert orphan.result == {"counted": 3}


@pytest.mark.django_db
def test_with_celery_a_queued_job_is_left_to_the_broker(hr: User) -> None:
    with override_settings(JOBS_RUNNER="celery"):
        queued = Job.objects.create(kind=COUNT_KIND, params={"n": 3}, creator=hr)
        Job.objects.filter(pk=queued.pk).update(created=timezone.now() - timedelta(hours=1))
        assert jobs_reap() == 0
    queued.refresh_from_db()
    assert queued.status == JobStatus.QUEUED


@pytest.mark.django_db(transaction=True)
def test_a_job_started_while_the_broker_is_down_runs_in_this_process(hr: User, settings: Any) -> None:
    """Redis is never a gate (DESIGN §16): with the Celery broker unreachable, starting a job answers
    and the job runs in a thread of the process that started it."""
    from server.config.celery import app
    from server.testing.redis import unused_port

    settings.JOBS_RUNNER = "celery"
    broker, eager = app.conf.broker_url, app.conf.task_always_eager
    app.conf.broker_url = f"redis://127.0.0.1:{unused_port()}/0"
    app.conf.task_always_eager = False
    _fresh_broker_pools(app)
    try:
        job, _ = job_start(kind=COUNT_KIND, params={"n": 3}, user=hr)
        wait_for(lambda: Job.objects.get(pk=job.pk).status == JobStatus.SUCCEEDED, what="the job to run")
    finally:
        app.conf.broker_url, app.conf.task_always_eager = broker, eager
        _fresh_broker_pools(app)
        connections.close_all()


def _fresh_broker_pools(app: Any) -> None:
    """Drop the app's broker connection and producer pools so the next send builds them for the broker
    URL now configured (a force-closed pool would refuse every later test's send: 'Acquire on closed
    pool')."""
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None
