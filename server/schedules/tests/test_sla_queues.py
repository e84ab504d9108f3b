"""Overdue in the queues (setting/approval_sla): the attendance queue's and the izin queue's rows carry
`overdue`, both filter `overdue=1` and sort by waiting time, and the dashboard counts what is overdue
in the reader's scope ('lewat batas')."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus
from server.attendance.tests.approval_builders import make_approver, placement, staff
from server.izin.models import IzinStatus
from server.schedules.models import ApprovalSla
from server.testing.factories import make_employee, make_izin_created, make_log_at

pytestmark = pytest.mark.django_db

QUEUE = "/api/web/v1/attendance_log/list"
IZIN = "/api/web/v1/permission/list"
COUNTS = "/api/web/v1/dashboard/counts"


def _log(employee: Any, hours_ago: float, *, status: str = LogStatus.WAITING_APPROVAL) -> AttendanceLog:
    when = timezone.now() - timedelta(hours=hours_ago)
    log = make_log_at(employee, when, status=status)
    AttendanceLog.objects.filter(pk=log.pk).update(created=when)
    return log


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    office, site = placement("office", "Kantor Pusat"), placement("site", "Tambang")
    budi, sari = staff(office, "Budi"), staff(site, "Sari")
    return {
        "admin": make_approver(make_user, "office", "site", fullname="Admin Antrean"),
        "office_only": make_approver(make_user, "office", fullname="Penyetuju Kantor"),
        "hr": make_user(flags=["allow_permission"], fullname="Bu HR"),
        "old_office": _log(budi, 30),
        "new_office": _log(budi, 3),
        "old_site": _log(sari, 26),
        "decided": _log(sari, 50, status=LogStatus.APPROVED),
        "old_izin": make_izin_created(make_employee(name="Andi"), timezone.now() - timedelta(hours=60)),
        "new_izin": make_izin_created(make_employee(name="Rina"), timezone.now() - timedelta(hours=5)),
        "decided_izin": make_izin_created(
            make_employee(name="Tono"), timezone.now() - timedelta(hours=90), status=IzinStatus.APPROVED
        ),
    }


def _queue(client: Any, **params: str) -> list[dict[str, Any]]:
    response = client.get(QUEUE, {"status": "waiting_approval", **params})
    assert response.status_code == 200, response.json()
    rows: list[dict[str, Any]] = response.json()["data"]
    return rows


def test_the_attendance_queue_marks_filters_and_sorts_by_waiting_time(
    world: dict[str, Any], client_for: Any
) -> None:
    admin = client_for(world["admin"])
    rows = _queue(admin, order='{"column": "waiting", "dir": "asc"}')
    assert [row["hash_id"] for row in rows] == [
        world["old_office"].hash_id,
        world["old_site"].hash_id,
        world["new_office"].hash_id,
    ]
    assert [row["overdue"] for row in rows] == [True, True, False]
    assert rows[0]["waiting_since"]

    overdue = _queue(admin, overdue="1")
    assert {row["hash_id"] for row in overdue} == {world["old_office"].hash_id, world["old_site"].hash_id}
    assert len(_queue(admin, overdue="0")) == 3
    # In the approver's scope only.
    scoped = _queue(client_for(world["office_only"]), overdue="1")
    assert [row["hash_id"] for row in scoped] == [world["old_office"].hash_id]

    bad = admin.get(QUEUE, {"status": "waiting_approval", "overdue": "ya"})
    assert bad.status_code == 422 and bad.json()["errors"]["overdue"] == ["Nilai overdue harus 1 atau 0."]


def test_the_deadline_is_the_setting(world: dict[str, Any], client_for: Any) -> None:
    ApprovalSla.objects.create(pk=1, attendance_hours=2, permission_hours=100)
    admin = client_for(world["admin"])
    assert len(_queue(admin, overdue="1")) == 3
    ApprovalSla.objects.filter(pk=1).update(attendance_hours=28)
    assert [row["hash_id"] for row in _queue(admin, overdue="1")] == [world["old_office"].hash_id]
    assert client_for(world["hr"]).get(IZIN, {"overdue": "1"}).json()["data"] == []


def test_the_izin_queue_marks_and_filters_overdue_requests(world: dict[str, Any], client_for: Any) -> None:
    hr = client_for(world["hr"])
    rows = hr.get(IZIN, {"order": '{"column": "created", "dir": "asc"}'}).json()["data"]
    marked = {row["hash_id"]: row["overdue"] for row in rows}
    assert marked == {
        world["old_izin"].hash_id: True,
        world["new_izin"].hash_id: False,
        world["decided_izin"].hash_id: False,
    }
    assert rows[0]["hash_id"] == world["decided_izin"].hash_id
    overdue = hr.get(IZIN, {"overdue": "1"}).json()
    assert [row["hash_id"] for row in overdue["data"]] == [world["old_izin"].hash_id]
    assert overdue["recordsFiltered"] == 1
    bad = hr.get(IZIN, {"overdue": "2"})
    assert bad.status_code == 422 and "Nilai overdue harus 1 atau 0." in str(bad.json()["errors"])


def test_the_dashboard_counts_what_is_overdue_in_the_readers_scope(
    world: dict[str, Any], client_for: Any
) -> None:
    everything = client_for(world["admin"]).get(COUNTS).json()["data"]
    assert (everything["attendance_overdue"], everything["izin_overdue"]) == (2, 1)
    assert everything["attendance_waiting"] == 3
    office = client_for(world["office_only"]).get(COUNTS).json()["data"]
    assert (office["attendance_overdue"], office["attendance_waiting"]) == (1, 2)
