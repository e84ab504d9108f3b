"""HR pulls and payroll pushes: ONE audit entry per job at its end, with the counts, made by the job
and the user who started it (never one per row); a push that sent nothing records nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.audit.models import AuditEntry
from server.jobs.models import JobStatus
from server.sync.jobs import HR_PULL_KIND
from server.sync.models import PayrollSync
from server.sync.tests.conftest import Fakes
from server.sync.tests.test_hr import hr_admin, run_pull  # noqa: F401
from server.sync.tests.test_payroll import payroll_admin, send, workforce  # noqa: F401
from server.workforce.models import Employee, ManPower

pytestmark = [pytest.mark.django_db]


def test_an_hr_pull_is_one_entry_with_its_counts(
    fakes: Fakes,
    demo_placements: list[ManPower],
    hr_admin: User,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    job = run_pull(hr_admin, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED, job.message
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.object_type, entry.object_id) == ("hr_pull", "hr_sync", job.hash_id)
    assert (entry.job_id, entry.job_kind, entry.actor_id) == (job.hash_id, HR_PULL_KIND, hr_admin.pk)
    assert entry.after == {
        "created": Employee.objects.count(),
        "updated": 0,
        "resigned": Employee.objects.filter(is_active=False).count(),
        "unchanged": 0,
        "failed": 0,
    }


def test_a_payroll_push_is_one_entry_and_a_push_of_nothing_none(
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
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.object_type, entry.object_id, entry.job_id) == (
        "payroll_push",
        "payroll_sync",
        first.hash_id,
        first.hash_id,
    )
    assert entry.after == {"sync_code": sync.sync_code, "sent": 21, "updates": 0}
    assert entry.actor_name == "Admin Gaji"
    again = send(client, django_capture_on_commit_callbacks)
    assert again.status == JobStatus.SUCCEEDED and again.total == 0
    assert AuditEntry.objects.count() == 1


def test_a_push_that_failed_midway_records_what_it_sent(
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
    entry = AuditEntry.objects.get()
    assert entry.after["sent"] == 10 and entry.after["failed"] == failed.message
