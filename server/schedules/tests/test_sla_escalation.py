"""The escalation of overdue approval items (beat `schedules.sla_escalate`): each waiting item past its
queue's deadline is escalated once (a notification to the named logins, an audit entry per item), not
again on the next run, not twice when two workers run at the same moment, and not at all while nobody
is named to hear of it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus
from server.audit.models import AuditEntry
from server.izin.models import IzinRequest, IzinStatus
from server.notifications.models import Notification
from server.schedules.models import ApprovalSla, SlaEscalation
from server.schedules.sla_escalation import ESCALATION_KIND, sla_escalate
from server.testing.events import capture_events
from server.testing.factories import make_employee, make_izin_created, make_log_at


def _set_sla(*users: User, attendance: int = 24, permission: int = 48) -> None:
    row, _ = ApprovalSla.objects.get_or_create(pk=1)
    row.attendance_hours, row.permission_hours = attendance, permission
    row.save()
    row.escalate_to.set([user.pk for user in users])


def _log_waiting_since(
    hours_ago: float, *, status: str = LogStatus.WAITING_APPROVAL, name: str = "Budi"
) -> AttendanceLog:
    employee = make_employee(name=name)
    when = timezone.now() - timedelta(hours=hours_ago)
    log = make_log_at(employee, when, status=status)
    AttendanceLog.objects.filter(pk=log.pk).update(created=when)
    log.refresh_from_db()
    return log


def _izin_waiting_since(hours_ago: float, *, status: str = IzinStatus.WAITING_APPROVAL) -> IzinRequest:
    return make_izin_created(
        make_employee(name="Sari"), timezone.now() - timedelta(hours=hours_ago), status=status
    )


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    hr = make_user(fullname="Bu HR")
    boss = make_user(fullname="Pak Kepala")
    return {
        "hr": hr,
        "boss": boss,
        "overdue_log": _log_waiting_since(30, name="Budi Terlambat"),
        "fresh_log": _log_waiting_since(2, name="Andi Baru"),
        "decided_log": _log_waiting_since(40, status=LogStatus.APPROVED, name="Citra Selesai"),
        "overdue_izin": _izin_waiting_since(50),
        "fresh_izin": _izin_waiting_since(47),
        "decided_izin": _izin_waiting_since(80, status=IzinStatus.APPROVED),
    }


@pytest.mark.django_db
def test_each_overdue_item_is_escalated_once_to_the_named_logins(
    world: dict[str, Any], monkeypatch: Any
) -> None:
    _set_sla(world["hr"], world["boss"])
    with capture_events(monkeypatch) as events:
        assert sla_escalate() == {"attendance": 1, "permission": 1}

    claimed = set(SlaEscalation.objects.values_list("queue", "item_id"))
    assert claimed == {("attendance", world["overdue_log"].pk), ("permission", world["overdue_izin"].pk)}

    for user in (world["hr"], world["boss"]):
        rows = Notification.objects.filter(user=user).order_by("link")
        assert [(n.kind, n.link) for n in rows] == [
            (ESCALATION_KIND, "/approval/attendance?overdue=1"),
            (ESCALATION_KIND, "/approval/permission?overdue=1"),
        ]
        attendance, izin = rows
        assert attendance.title.startswith(
            "absen menunggu persetujuan lewat batas 24 jam: Budi Terlambat · Absen"
        )
        assert attendance.data == {"queue": "attendance", "count": 1, "items": [world["overdue_log"].hash_id]}
        assert izin.title.startswith("izin menunggu persetujuan lewat batas 48 jam: Sari · ")
        assert izin.data["items"] == [world["overdue_izin"].hash_id]
    assert len(events.of("notifications", "notification.created")) == 4

    entries = AuditEntry.objects.filter(action="escalate").order_by("object_type")
    assert [(e.object_type, e.object_id, e.actor_id, e.actor_name) for e in entries] == [
        ("attendance_log", world["overdue_log"].hash_id, None, ""),
        ("izin", world["overdue_izin"].hash_id, None, ""),
    ]
    told = sorted(f"{u.fullname} ({u.username})" for u in (world["hr"], world["boss"]))
    assert sorted(entries[0].after["escalate_to"]) == told
    assert entries[0].after["sla_hours"] == 24 and entries[1].after["sla_hours"] == 48
    assert entries[0].after["waiting_since"]

    # The next run escalates nothing again, though both items still wait.
    assert sla_escalate() == {"attendance": 0, "permission": 0}
    assert Notification.objects.count() == 4
    assert AuditEntry.objects.filter(action="escalate").count() == 2


@pytest.mark.django_db
def test_an_item_crossing_its_deadline_later_is_escalated_on_a_later_run(world: dict[str, Any]) -> None:
    _set_sla(world["hr"])
    assert sla_escalate() == {"attendance": 1, "permission": 1}
    ApprovalSla.objects.filter(pk=1).update(attendance_hours=1, permission_hours=10)
    assert sla_escalate() == {"attendance": 1, "permission": 1}
    assert set(SlaEscalation.objects.filter(queue="attendance").values_list("item_id", flat=True)) == {
        world["overdue_log"].pk,
        world["fresh_log"].pk,
    }
    assert Notification.objects.filter(user=world["hr"]).count() == 4


@pytest.mark.django_db
def test_many_at_once_make_one_notification_per_queue_naming_the_first(
    world: dict[str, Any], monkeypatch: Any
) -> None:
    for n in range(6):
        _log_waiting_since(100 + n, name=f"Karyawan {n}")
    _set_sla(world["hr"])
    assert sla_escalate()["attendance"] == 7
    note = Notification.objects.get(user=world["hr"], link="/approval/attendance?overdue=1")
    assert note.title == "7 absen menunggu persetujuan lewat batas 24 jam"
    lines = note.body.split("\n")
    assert lines[0].startswith("Karyawan 5 · ") and lines[-1] == "dan 2 lainnya" and len(lines) == 6
    assert note.data["count"] == 7


@pytest.mark.django_db
def test_nothing_is_claimed_while_nobody_active_is_named(
    world: dict[str, Any], make_user: Callable[..., User]
) -> None:
    assert sla_escalate() == {}
    gone = make_user(fullname="Sudah Keluar", is_active=False)
    _set_sla(gone)
    assert sla_escalate() == {}
    assert not SlaEscalation.objects.exists() and not Notification.objects.exists()
    assert not AuditEntry.objects.filter(action="escalate").exists()
    # Once someone is named, the items that waited meanwhile are escalated.
    _set_sla(world["hr"])
    assert sla_escalate() == {"attendance": 1, "permission": 1}


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_the_same_moment_escalate_each_item_once(
    make_user: Callable[..., User],
) -> None:
    hr = make_user(fullname="Bu HR")
    logs = [_log_waiting_since(30 + n, name=f"Karyawan {n}") for n in range(3)]
    _set_sla(hr)
    barrier = threading.Barrier(2)
    results: list[dict[str, int]] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            barrier.wait(timeout=10)
            results.append(sla_escalate())
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    assert sorted(r.get("attendance", 0) for r in results) in ([0, 3], [1, 2])
    assert SlaEscalation.objects.filter(queue="attendance").count() == 3
    escalated = AuditEntry.objects.filter(action="escalate", object_type="attendance_log")
    assert sorted(escalated.values_list("object_id", flat=True)) == sorted(log.hash_id for log in logs)
    notes = Notification.objects.filter(user=hr, link="/approval/attendance?overdue=1")
    assert sum(note.data["count"] for note in notes) == 3


@pytest.mark.django_db
def test_beat_runs_the_escalation_every_few_minutes() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["sla-escalate"]
    assert entry["task"] == "schedules.sla_escalate" and entry["schedule"] <= 300
    from server.schedules.tasks import sla_escalate_overdue

    assert sla_escalate_overdue.name == "schedules.sla_escalate"
    assert sla_escalate_overdue.apply().get() == {}
