"""The user's own `notifications` topic, and the job-ended hook telling the job's creator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.core.policy import AnyFlag
from server.jobs.context import JobContext, JobFailed
from server.jobs.kinds import register_job_kind, unregister_job_kind
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_cancel, job_start
from server.notifications.models import Notification
from server.notifications.services import notify
from server.realtime.models import TicketKind
from server.realtime.principals import Principal
from server.realtime.publish import group_name
from server.realtime.topics import topics
from server.testing.events import capture_events

KIND = "test.notifications"


@pytest.fixture
def job_kind() -> Any:
    def body(job: JobContext) -> dict[str, Any]:
        if job.params.get("fail"):
            raise JobFailed("Baris 2 ditolak.")
        return {"message": "3 baris diproses."}

    register_job_kind(KIND, access=AnyFlag("allow_employee_update"))(body)
    yield
    unregister_job_kind(KIND)


@pytest.mark.django_db
def test_the_topic_is_each_users_own_group_with_the_unread_count(make_user: Callable[..., User]) -> None:
    user = make_user(flags=[])
    notify(user_ids=[user.pk], kind="x", title="a")
    topic = topics.get("notifications")
    assert topic is not None
    principal = Principal(kind=TicketKind.USER, access={}, user_id=user.pk, access_token_id=1)
    assert topic.allows(principal)
    assert list(topic.groups(principal)) == [group_name("notifications", user.pk)]
    assert topic.snapshot(principal) == {"unread": 1}
    display = Principal(kind=TicketKind.DISPLAY, access={}, wall_display_id=1)
    assert not topic.allows(display)


@pytest.mark.django_db
@override_settings(JOBS_RUNNER="inline")
@pytest.mark.parametrize(
    ("fail", "status", "title"),
    [(False, "succeeded", "3 baris diproses."), (True, "failed", "Baris 2 ditolak.")],
)
def test_a_job_that_ended_notifies_its_creator_once(
    fail: bool,
    status: str,
    title: str,
    job_kind: Any,
    make_user: Callable[..., User],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hr = make_user(flags=["allow_employee_update"])
    with capture_events(monkeypatch) as events:
        job, _ = job_start(kind=KIND, params={"fail": fail}, user=hr)
    job.refresh_from_db()
    assert job.status == status
    row = Notification.objects.get()
    assert (row.user_id, row.kind, row.title) == (hr.pk, "job.ended", title)
    assert row.data == {"job": job.hash_id, "job_kind": KIND, "status": status}
    pushed = events.of("notifications", "notification.created")
    assert [(e.scope, e.data["notification"]["hash_id"]) for e in pushed] == [(hr.pk, row.hash_id)]


@pytest.mark.django_db
@override_settings(JOBS_RUNNER="inline")
def test_a_job_nobody_started_or_that_was_cancelled_tells_nobody(
    job_kind: Any, make_user: Callable[..., User], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        job_start(kind=KIND, params={}, user=None)
    assert Job.objects.get().status == JobStatus.SUCCEEDED
    hr = make_user(flags=["allow_employee_update"])
    queued, _ = job_start(kind=KIND, params={}, user=hr)  # its commit never runs it here
    assert job_cancel(job=queued, user=hr).status == JobStatus.CANCELLED
    assert not Notification.objects.exists()
