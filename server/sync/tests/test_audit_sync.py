"""HR pulls and payroll pushes leave their trail as they commit (DESIGN §17, §21): one audit entry per
committed page (HR: its counts and the employee numbers it wrote) or batch (payroll: its sync code,
batch and lines), in that page's or batch's own transaction, then one entry saying how the job ended.
A pull or push that fails or is cancelled midway has an entry for every page or batch it committed,
so no employee changed and no line sent is without one. Made by the job and who started it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.audit.models import AuditEntry
from server.jobs import context as job_context
from server.jobs.models import Job, JobStatus
from server.sync import hr, payroll
from server.sync.jobs import HR_PULL_KIND, PAYROLL_PUSH_KIND
from server.sync.models import PayrollSync, PayrollSyncLine
from server.sync.tests.conftest import Fakes
from server.sync.tests.test_hr import hr_admin, run_pull  # noqa: F401
from server.sync.tests.test_payroll import payroll_admin, send, workforce  # noqa: F401
from server.workforce.models import Employee, ManPower

pytestmark = [pytest.mark.django_db]

COUNTS = ("created", "updated", "resigned", "unchanged", "failed")


def trail(job: Job) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(object_id=job.hash_id).order_by("pk"))


def pages(job: Job) -> list[AuditEntry]:
    return [e for e in trail(job) if "page" in e.after]


def batches(job: Job) -> list[AuditEntry]:
    return [e for e in trail(job) if "batch" in e.after]


def ending(job: Job) -> AuditEntry:
    (entry,) = [e for e in trail(job) if "status" in e.after]
    return entry


@pytest.fixture
def cancel_after(monkeypatch: pytest.MonkeyPatch) -> Callable[[Any, str, int, str], None]:
    """Ask to cancel the running job of `kind` once `name` (a page or batch step) ran `count` times;
    the job sees it at its next check (checked every time)."""
    monkeypatch.setattr(job_context, "CANCEL_CHECK_INTERVAL", 0)

    def arm(module: Any, name: str, count: int, kind: str) -> None:
        step = getattr(module, name)
        calls = {"n": 0}

        def counted(*args: Any, **kwargs: Any) -> Any:
            answer = step(*args, **kwargs)
            calls["n"] += 1
            if calls["n"] == count:
                Job.objects.filter(kind=kind, status=JobStatus.RUNNING).update(cancel_requested=True)
            return answer

        monkeypatch.setattr(module, name, counted)

    return arm


@pytest.fixture
def ten_a_page() -> Iterator[None]:
    with override_settings(HR_PAGE_SIZE=10, SYNC_HTTP_ATTEMPTS=2):
        yield


def assert_every_employee_has_its_page(job: Job) -> None:
    written = [number for entry in pages(job) for number in entry.after["employees"]]
    assert sorted(written) == sorted(Employee.objects.values_list("employee_number", flat=True))
    assert len(written) == len(set(written))


# ---------------------------------------------------------------- HR pull


def test_an_hr_pull_leaves_an_entry_per_page_and_its_end(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    ten_a_page: None,
) -> None:
    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED, job.message
    found = pages(job)
    total = Employee.objects.count()
    assert [e.after["page"] for e in found] == list(range(1, -(-total // 10) + 1))
    for entry in found:
        assert (entry.action, entry.object_type, entry.object_id) == ("hr_pull", "hr_sync", job.hash_id)
        assert (entry.job_id, entry.job_kind, entry.actor_id) == (job.hash_id, HR_PULL_KIND, hr_admin.pk)
        assert entry.object_label.endswith(f"halaman {entry.after['page']}")
        assert (
            entry.after["created"]
            == len(entry.after["employees"])
            == min(10, total - 10 * (entry.after["page"] - 1))
        )
    assert_every_employee_has_its_page(job)
    end = ending(job)
    assert end.after == {
        "status": "succeeded",
        "created": Employee.objects.count(),
        "updated": 0,
        "resigned": Employee.objects.filter(is_active=False).count(),
        "unchanged": 0,
        "failed": 0,
        "links": end.after["links"],
    }
    assert end.after["links"] > 0  # supervisors and group heads set after the last page

    again = run_pull(hr_admin, django_capture_on_commit_callbacks)  # nothing changed: no page wrote
    assert pages(again) == [] and ending(again).after["unchanged"] == Employee.objects.count()


def test_a_pull_failing_on_page_3_has_the_entries_of_pages_1_and_2(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    ten_a_page: None,
) -> None:
    fakes.faults("hr", fail_pages={"3": 99})
    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.FAILED and Employee.objects.count() == 20
    assert [e.after["page"] for e in pages(job)] == [1, 2]
    assert_every_employee_has_its_page(job)
    end = ending(job)
    assert (end.after["status"], end.after["created"], end.after["message"]) == ("failed", 20, job.message)


def test_a_pull_cancelled_after_page_2_has_the_entries_of_pages_1_and_2(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
    ten_a_page: None,
    cancel_after: Callable[[Any, str, int, str], None],
) -> None:
    cancel_after(hr, "hr_apply_page", 2, HR_PULL_KIND)
    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.CANCELLED and Employee.objects.count() == 20
    assert [e.after["page"] for e in pages(job)] == [1, 2]
    assert_every_employee_has_its_page(job)
    assert (ending(job).after["status"], ending(job).after["created"]) == ("cancelled", 20)


# ---------------------------------------------------------------- payroll push


def assert_every_line_has_its_batch(job: Job) -> None:
    sync = PayrollSync.objects.get(job=job)
    sent = {entry.after["batch"]: entry.after["sent"] for entry in batches(job)}
    lines = dict.fromkeys(sent, 0)
    for batch in PayrollSyncLine.objects.filter(sync=sync).values_list("batch", flat=True):
        assert batch in lines, f"lines of batch {batch} without an audit entry"
        lines[batch] += 1
    assert lines == sent
    assert all(entry.after["sync_code"] == sync.sync_code for entry in batches(job))


def test_a_payroll_push_leaves_an_entry_per_batch_and_a_push_of_nothing_none(
    fakes: Fakes,
    workforce: list[Employee],  # noqa: F811
    payroll_admin: User,  # noqa: F811
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = client_for(payroll_admin)
    with override_settings(PAYROLL_BATCH_SIZE=5):
        first = send(client, django_capture_on_commit_callbacks)
    assert first.status == JobStatus.SUCCEEDED, first.message
    sync = PayrollSync.objects.get()
    found = batches(first)
    assert [(e.after["batch"], e.after["sent"]) for e in found] == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 1)]
    for entry in found:
        assert (entry.action, entry.object_type, entry.job_id, entry.job_kind) == (
            "payroll_push",
            "payroll_sync",
            first.hash_id,
            PAYROLL_PUSH_KIND,
        )
        assert entry.actor_name == "Admin Gaji"
    assert_every_line_has_its_batch(first)
    assert ending(first).after == {
        "status": "succeeded",
        "sync_code": sync.sync_code,
        "sent": 21,
        "updates": 0,
    }
    again = send(client, django_capture_on_commit_callbacks)
    assert again.status == JobStatus.SUCCEEDED and again.total == 0
    assert trail(again) == []


def test_a_push_refused_on_batch_3_has_the_entries_of_batches_1_and_2(
    fakes: Fakes,
    workforce: list[Employee],  # noqa: F811
    payroll_admin: User,  # noqa: F811
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    fakes.faults("payroll", refuse_batches=[3])
    with override_settings(PAYROLL_BATCH_SIZE=5):
        failed = send(client_for(payroll_admin), django_capture_on_commit_callbacks)
    assert failed.status == JobStatus.FAILED
    assert [e.after["batch"] for e in batches(failed)] == [1, 2]
    assert_every_line_has_its_batch(failed)
    end = ending(failed)
    assert (end.after["status"], end.after["sent"], end.after["message"]) == ("failed", 10, failed.message)


def test_a_push_cancelled_after_batch_2_has_the_entries_of_batches_1_and_2(
    fakes: Fakes,
    workforce: list[Employee],  # noqa: F811
    payroll_admin: User,  # noqa: F811
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
    cancel_after: Callable[[Any, str, int, str], None],
) -> None:
    cancel_after(payroll, "_record_batch", 2, PAYROLL_PUSH_KIND)
    with override_settings(PAYROLL_BATCH_SIZE=5):
        cancelled = send(client_for(payroll_admin), django_capture_on_commit_callbacks)
    assert cancelled.status == JobStatus.CANCELLED
    assert PayrollSyncLine.objects.count() == 10
    assert [e.after["batch"] for e in batches(cancelled)] == [1, 2]
    assert_every_line_has_its_batch(cancelled)
    assert (ending(cancelled).after["status"], ending(cancelled).after["sent"]) == ("cancelled", 10)
