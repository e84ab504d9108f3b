"""The trace the sync jobs leave: the last run and the history of each kind (`job/list` filtered by
kind, the list protocol, the sync flags), and the scheduled HR pull (beat task, system settings)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from server.accounts.models import User
from server.jobs.models import Job, JobStatus
from server.jobs.tests.conftest import Event
from server.sync import services
from server.sync.jobs import HR_PULL_KIND, PAYROLL_PUSH_KIND
from server.sync.models import SyncSchedule
from server.sync.tasks import hr_pull_on_schedule
from server.sync.tests.conftest import Fakes
from server.workforce.models import Employee, ManPower

pytestmark = [pytest.mark.django_db]

LIST = "/api/web/v1/job/list"
SCHEDULE = "/api/web/v1/setting/sync_schedule"


def history(client: Any, kind: str, **query: Any) -> Any:
    return client.get(LIST, {"search": json.dumps({"kind": kind}), **query})


def test_history_lists_the_runs_of_a_kind_newest_first_for_the_sync_flags(
    make_user: Callable[..., User], client_for: Callable[..., Any]
) -> None:
    admin = make_user(flags=["allow_employee_update"], fullname="Admin HR")
    payroll_only = make_user(flags=["allow_sync_penggajian"])
    uploader = make_user(flags=["allow_upload_manual"])
    nobody = make_user(flags=[])
    now = timezone.now()
    runs = []
    for hours, status, creator in [
        (5, JobStatus.SUCCEEDED, admin),
        (3, JobStatus.FAILED, admin),
        (1, JobStatus.SUCCEEDED, None),
    ]:
        job = Job.objects.create(
            kind=HR_PULL_KIND,
            status=status,
            creator=creator,
            params={} if creator else {"scheduled": True},
            result={"created": hours, "updated": 0, "resigned": 0},
            message=f"run {hours}",
        )
        Job.objects.filter(pk=job.pk).update(
            created=now - timedelta(hours=hours),
            started=now - timedelta(hours=hours),
            finished=now - timedelta(hours=hours) + timedelta(minutes=2),
        )
        runs.append(job)
    Job.objects.create(kind=PAYROLL_PUSH_KIND, status=JobStatus.SUCCEEDED, creator=admin)

    answer = history(client_for(admin), HR_PULL_KIND)
    assert answer.status_code == 200
    body = answer.json()
    assert (body["recordsTotal"], body["recordsFiltered"]) == (4, 3)
    rows = body["data"]
    assert [row["job"] for row in rows] == [job.hash_id for job in reversed(runs)]
    last = rows[0]
    assert (last["status"], last["creator_user_name"], last["result"]["created"]) == (
        "succeeded",
        "Terjadwal",
        1,
    )
    assert last["started"] and last["finished"] and last["message"] == "run 1"
    assert (rows[1]["status"], rows[1]["creator_user_name"]) == ("failed", "Admin HR")

    # The last run: one row; the list protocol's paging and order hold.
    one = history(client_for(payroll_only), HR_PULL_KIND, per_page=10, page=1).json()["data"][0]
    assert one["job"] == runs[2].hash_id
    oldest = history(client_for(admin), HR_PULL_KIND, order=json.dumps({"column": "created", "dir": "asc"}))
    assert oldest.json()["data"][0]["job"] == runs[0].hash_id
    failed = client_for(admin).get(LIST, {"search": json.dumps({"kind": HR_PULL_KIND, "status": "failed"})})
    assert [row["job"] for row in failed.json()["data"]] == [runs[1].hash_id]
    assert history(client_for(admin), HR_PULL_KIND, per_page=7).status_code == 422

    # An uploader sees no sync runs; a user with no job flag may not list at all.
    assert history(client_for(uploader), HR_PULL_KIND).json()["data"] == []
    assert history(client_for(nobody), HR_PULL_KIND).status_code == 403
    detail = client_for(uploader).get(f"/api/web/v1/job/{runs[0].hash_id}")
    assert detail.status_code == 404


@pytest.fixture
def hr_admin(make_user: Callable[..., User]) -> User:
    return make_user(flags=["allow_employee_update"])


def at(hour: int, minute: int, second: int = 0) -> datetime:
    today = timezone.localdate()
    return timezone.make_aware(datetime.combine(today, time(hour, minute, second)))


def schedule(enabled: bool, when: time) -> None:
    SyncSchedule.objects.update_or_create(pk=1, defaults={"hr_pull_enabled": enabled, "hr_pull_time": when})


def test_the_schedule_is_off_by_default_and_starts_nothing(
    hr_admin: User, client_for: Callable[..., Any]
) -> None:
    answer = client_for(hr_admin).get(SCHEDULE)
    assert answer.status_code == 200
    assert answer.json()["data"] == {"hr_pull_enabled": False, "hr_pull_time": "02:00"}
    for moment in (at(2, 0), at(2, 5), at(12, 0)):
        assert services.hr_pull_scheduled(moment) is None
    assert not Job.objects.exists()


def test_the_scheduled_pull_starts_the_same_job_at_the_set_time_once_a_day(
    fakes: Fakes,
    demo_placements: list[ManPower],
    django_capture_on_commit_callbacks: Any,
    job_events: list[Event],
) -> None:
    schedule(True, time(6, 30))
    assert services.hr_pull_scheduled(at(6, 29, 59)) is None
    assert services.hr_pull_scheduled(at(7, 0)) is None  # past the catch-up window
    with django_capture_on_commit_callbacks(execute=True):
        job = services.hr_pull_scheduled(at(6, 30))
    assert job is not None
    job.refresh_from_db()
    assert (job.kind, job.creator_id, job.params) == (HR_PULL_KIND, None, {"scheduled": True})
    assert job.status == JobStatus.SUCCEEDED, job.message
    assert job.result["created"] == Employee.objects.count() > 0
    rows = [data for _, topic, _, data, _ in job_events if topic == "jobs" and data["job"] == job.hash_id]
    assert rows[-1]["status"] == "succeeded" and rows[-1]["creator_user_name"] == "Terjadwal"
    # Beat asks every minute: the day's pull has run, so it is not started again.
    assert services.hr_pull_scheduled(at(6, 31)) is None
    assert Job.objects.filter(kind=HR_PULL_KIND).count() == 1

    # Off again: nothing at the set time.
    schedule(False, time(6, 30))
    Job.objects.all().delete()
    assert services.hr_pull_scheduled(at(6, 30)) is None
    assert not Job.objects.exists()


def test_the_scheduled_pull_follows_a_running_pull_instead_of_starting_another(hr_admin: User) -> None:
    schedule(True, time(9, 0))
    running = Job.objects.create(kind=HR_PULL_KIND, creator=hr_admin, status=JobStatus.RUNNING)
    assert services.hr_pull_scheduled(at(9, 0)) is None
    assert list(Job.objects.values_list("pk", flat=True)) == [running.pk]


def test_the_beat_task_runs_the_schedule(
    fakes: Fakes, demo_placements: list[ManPower], django_capture_on_commit_callbacks: Any
) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["hr-pull-scheduled"]
    assert entry["task"] == hr_pull_on_schedule.name == "sync.hr_pull_scheduled"
    assert entry["schedule"] <= 60
    assert hr_pull_on_schedule.delay().get() is None  # off by default
    now = timezone.localtime()
    schedule(True, time(now.hour, now.minute))
    with django_capture_on_commit_callbacks(execute=True):
        started = hr_pull_on_schedule.delay().get()
    job = Job.objects.get(kind=HR_PULL_KIND)
    assert started == job.hash_id and job.params == {"scheduled": True}
    assert job.status == JobStatus.SUCCEEDED, job.message


def test_the_schedule_setting_is_saved_validated_and_needs_the_hr_flag(
    hr_admin: User, make_user: Callable[..., User], client_for: Callable[..., Any]
) -> None:
    client = client_for(hr_admin)
    saved = client.put(SCHEDULE, {"hr_pull_enabled": True, "hr_pull_time": "05:45"}, format="json")
    assert saved.status_code == 200, saved.json()
    assert saved.json()["data"] == {"hr_pull_enabled": True, "hr_pull_time": "05:45"}
    assert saved.json()["message"] == "Data berhasil diperbarui."
    stored = SyncSchedule.objects.get(pk=1)
    assert (stored.hr_pull_enabled, stored.hr_pull_time) == (True, time(5, 45))

    bad = client.put(SCHEDULE, {"hr_pull_enabled": True, "hr_pull_time": "25:00"}, format="json")
    assert bad.status_code == 422
    assert bad.json()["errors"]["hr_pull_time"] == ["Jam jadwal tarik data HR tidak valid (format JJ:MM)."]
    assert client.put(SCHEDULE, {"hr_pull_time": "05:00"}, format="json").status_code == 422
    assert SyncSchedule.objects.get(pk=1).hr_pull_time == time(5, 45)

    payroll_only = client_for(make_user(flags=["allow_sync_penggajian"]))
    assert payroll_only.get(SCHEDULE).status_code == 403
    assert (
        payroll_only.put(
            SCHEDULE, {"hr_pull_enabled": False, "hr_pull_time": "01:00"}, format="json"
        ).status_code
        == 403
    )
