"""queue.new: a check-in that waits for approval, or a new izin request, tells the approvers in its
scope once it commits, coalesced into one unread row per approver and queue."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from server.accounts.models import User
from server.attendance.checkin import attendance_log_record
from server.attendance.models import LogStatus
from server.izin.models import IzinCode
from server.izin.services import izin_request_create
from server.notifications.models import Notification
from server.testing.clock import freeze
from server.testing.events import capture_events
from server.testing.factories import (
    izin_type,
    local,
    make_employee,
    make_man_power,
    make_pattern,
    make_shift,
    photo,
)
from server.workforce.models import ManPowerType

MONDAY = date(2026, 3, 2)
FAR = (-6.21, 106.8)  # about 1.1 km from the placement: the check-in waits for approval


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def approvers(make_user: Callable[..., User]) -> dict[str, User]:
    return {
        "site": make_user(rights=["allow_approved_attendance", "allow_approved_attendance_site"]),
        "office": make_user(rights=["allow_approved_attendance", "allow_approved_attendance_office"]),
        "izin": make_user(flags=["allow_permission"]),
        "nobody": make_user(flags=[]),
    }


def _site_check_in(monkeypatch: pytest.MonkeyPatch, minute: int) -> Any:
    site = make_man_power(type=ManPowerType.SITE, max_radius=100)
    pattern = make_pattern([make_shift(time_in=local(MONDAY, 8).time(), time_out=local(MONDAY, 17).time())])
    employee = make_employee(man_power=site, pattern=pattern)
    freeze(monkeypatch, local(MONDAY, 7, minute))
    return attendance_log_record(
        employee=employee,
        log_type="check_in",
        latitude=FAR[0],
        longitude=FAR[1],
        fr_accuracy=90,
        photo=photo(),
    )


@pytest.mark.django_db
def test_waiting_check_ins_make_one_growing_row_for_the_approvers_of_their_type(
    approvers: dict[str, User], monkeypatch: pytest.MonkeyPatch
) -> None:
    with capture_events(monkeypatch) as events:
        log = _site_check_in(monkeypatch, 40)
    assert log.status == LogStatus.WAITING_APPROVAL
    row = Notification.objects.get()
    assert (row.user_id, row.kind, row.count, row.title, row.link) == (
        approvers["site"].pk,
        "queue.new",
        1,
        "1 absen baru menunggu persetujuan",
        "/approval/attendance",
    )
    pushed = events.of("notifications", "notification.created")
    assert [(e.scope, e.data["notification"]["count"], e.data["unread"]) for e in pushed] == [
        (approvers["site"].pk, 1, 1)
    ]
    for minute in (41, 42):
        with capture_events(monkeypatch):
            _site_check_in(monkeypatch, minute)
    row = Notification.objects.get()
    assert (row.count, row.title) == (3, "3 absen baru menunggu persetujuan")


@pytest.mark.django_db
def test_nothing_is_written_before_the_check_in_commits(
    approvers: dict[str, User], monkeypatch: pytest.MonkeyPatch
) -> None:
    with capture_events(monkeypatch, run_on_commit=False) as events:
        _site_check_in(monkeypatch, 40)
    assert not Notification.objects.exists()
    assert events.of("notifications") == []


@pytest.mark.django_db
def test_a_new_izin_request_tells_the_izin_approvers(
    approvers: dict[str, User], monkeypatch: pytest.MonkeyPatch
) -> None:
    izin_type(IzinCode.IZIN)
    with capture_events(monkeypatch) as events:
        izin_request_create(
            employee=make_employee(),
            izin_type_code=IzinCode.IZIN,
            start_date=date(2026, 12, 14),
            end_date=date(2026, 12, 14),
            description="Urusan keluarga",
        )
    rows = list(Notification.objects.values_list("user_id", "kind", "title", "link"))
    assert rows == [
        (approvers["izin"].pk, "queue.new", "1 izin baru menunggu persetujuan", "/approval/permission")
    ]
    assert [e.scope for e in events.of("notifications", "notification.created")] == [approvers["izin"].pk]
