"""HR pull against the fake HR application in its own process: create, update, mark resigned, never
delete; a second pull writes nothing; retries after a 500 and a dropped connection; flags."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_start
from server.jobs.tests.conftest import Event
from server.sync import messages
from server.sync.jobs import HR_PULL_KIND
from server.sync.tests.conftest import Fakes
from server.workforce.models import Employee, ManPower

pytestmark = [pytest.mark.django_db]


def run_pull(user: User, capture: Any) -> Job:
    with capture(execute=True):
        job, _ = job_start(kind=HR_PULL_KIND, params={}, user=user)
    job.refresh_from_db()
    return job


def snapshot() -> dict[str, tuple[Any, ...]]:
    return {
        e["employee_number"]: tuple(e.values())
        for e in Employee.objects.order_by("pk").values(
            "employee_number",
            "employee_number_formatted",
            "name",
            "email",
            "job_title",
            "birth_date",
            "joined_date",
            "man_power_id",
            "man_power_team_id",
            "man_power_group_id",
            "supervisor_id",
            "group_head_id",
            "is_active",
            "resigned_date",
        )
    }


@pytest.fixture
def hr_admin(make_user: Callable[..., User]) -> User:
    return make_user(flags=["allow_employee_update"])


def test_pull_creates_everyone_then_a_second_pull_writes_nothing(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,
    django_capture_on_commit_callbacks: Any,
    job_events: list[Event],
) -> None:
    first = run_pull(hr_admin, django_capture_on_commit_callbacks)
    hr_rows = fakes.state("hr")
    assert first.status == JobStatus.SUCCEEDED, first.message
    total = Employee.objects.count()
    assert total > 40 and first.total == total and first.processed == total
    resigned = Employee.objects.filter(is_active=False).count()
    assert resigned >= 1 and Employee.objects.filter(is_active=False, resigned_date__isnull=True).count() == 0
    assert first.result["created"] == total and first.result["resigned"] == resigned
    assert first.message == messages.HR_DONE.format(created=total, updated=0, resigned=resigned)
    assert Employee.objects.filter(supervisor__isnull=False).count() >= total - 1
    assert hr_rows["requests"] >= 1

    before = snapshot()
    second = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert second.status == JobStatus.SUCCEEDED
    assert {k: second.result[k] for k in ("created", "updated", "resigned", "unchanged")} == {
        "created": 0,
        "updated": 0,
        "resigned": 0,
        "unchanged": total,
    }
    assert snapshot() == before
    # The jobs topic (the audit topic also hears of each entry: the first pull's one page and its end,
    # the second pull's end only, as no page wrote).
    jobs = [event for event in job_events if event[1] != "audit"]
    statuses = [data["status"] for _, topic, _, data, scope in jobs if data["job"] == second.hash_id]
    assert statuses[0] == "queued" and statuses[-1] == "succeeded"
    assert {scope for *_, scope in jobs} == {HR_PULL_KIND}
    assert sum(1 for event in job_events if event[1] == "audit") == 3


def test_pull_updates_marks_resigned_and_never_deletes(
    fakes: Fakes, demo_placements: list[ManPower], hr_admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    run_pull(hr_admin, django_capture_on_commit_callbacks)
    renamed = Employee.objects.filter(is_active=True).order_by("employee_number")[3]
    hr_name = renamed.name
    renamed.name = "Nama Lama"
    renamed.save(update_fields=["name"])
    leaver = Employee.objects.filter(is_active=False).first()
    assert leaver is not None
    leaver.is_active, leaver.resigned_date = True, None
    leaver.save(update_fields=["is_active", "resigned_date"])
    local_only = Employee.objects.create(
        employee_number="LOCAL-1",
        employee_number_formatted="LOCAL-1",
        name="Hanya Di Sini",
        man_power=demo_placements[0],
    )

    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED
    assert (job.result["created"], job.result["updated"], job.result["resigned"]) == (0, 1, 1)
    renamed.refresh_from_db()
    leaver.refresh_from_db()
    assert renamed.name == hr_name
    assert leaver.is_active is False and leaver.resigned_date is not None
    assert Employee.objects.filter(pk=local_only.pk, is_active=True).exists()


def test_pull_retries_after_a_500_and_a_dropped_connection(
    fakes: Fakes, demo_placements: list[ManPower], hr_admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    fakes.faults("hr", fail_pages={"2": 1}, drop_pages={"3": 1})
    with override_settings(HR_PAGE_SIZE=10):
        job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED, job.message
    pages = -(-job.total // 10)
    assert fakes.state("hr")["requests"] == pages + 2
    assert Employee.objects.count() == job.total


def test_pull_that_keeps_failing_ends_failed_keeping_the_pages_applied(
    fakes: Fakes, demo_placements: list[ManPower], hr_admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    fakes.faults("hr", fail_pages={"2": 99})
    with override_settings(HR_PAGE_SIZE=10, SYNC_HTTP_ATTEMPTS=3):
        job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.FAILED
    assert job.message.startswith("Aplikasi HRM tidak dapat dihubungi setelah 3 percobaan")
    assert Employee.objects.count() == 10 and job.processed == 10


def test_wrong_token_fails_with_a_clear_message(
    fakes: Fakes, demo_placements: list[ManPower], hr_admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    with override_settings(HR_API_TOKEN="salah"):
        job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert (job.status, job.message) == (
        JobStatus.FAILED,
        "Aplikasi HRM menolak kredensial (token tidak valid).",
    )


def test_unknown_placements_are_row_errors_not_a_failed_pull(
    fakes: Fakes, hr_admin: User, django_capture_on_commit_callbacks: Any
) -> None:
    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED
    assert job.error_count == job.total and job.result["failed"] == job.total
    assert job.errors[0]["message"].startswith("Man power '")
    assert Employee.objects.count() == 0


def test_the_endpoint_starts_one_pull_and_follows_a_running_one(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,
    make_user: Callable[..., User],
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    payroll_only = make_user(flags=["allow_sync_penggajian"])
    assert client_for(payroll_only).post("/api/web/v1/employee/sync_hr_data").status_code == 403
    running = Job.objects.create(kind=HR_PULL_KIND, creator=payroll_only, status=JobStatus.RUNNING)
    answer = client_for(hr_admin).get("/api/web/v1/employee/sync_hr_data")
    assert answer.status_code == 200 and answer.json()["data"]["job"] == running.hash_id
    assert answer.json()["message"] == messages.HR_ALREADY_RUNNING
    running.delete()
    with django_capture_on_commit_callbacks(execute=True):
        started = client_for(hr_admin).get("/api/web/v1/employee/sync_hr_data")
    assert started.status_code == 200 and started.json()["message"] == messages.HR_STARTED
    job_id = started.json()["data"]["job"]
    detail = client_for(payroll_only).get(f"/api/web/v1/job/{job_id}").json()["data"]
    assert detail["status"] == "succeeded" and detail["result"]["created"] == Employee.objects.count()
