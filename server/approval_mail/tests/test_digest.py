"""The approvers' daily digest: from APPROVAL_DIGEST_TIME each approver gets one e-mail a day with
the waiting and overdue counts of their own scope and links to the queues filtered so; none before
the time, none twice a day, none to who switched it off, none when nothing waits."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import override_settings

from server.accounts.models import User, UserPreference
from server.approval_mail.digest import DIGEST_PREFERENCE, approval_digest_counts, approval_digest_due
from server.attendance.models import AttendanceLog, LogStatus
from server.izin.models import IzinRequest
from server.testing.factories import check_in, make_employee, make_man_power
from server.workforce.models import ManPowerType

JAKARTA = ZoneInfo("Asia/Jakarta")
MORNING = datetime(2026, 12, 8, 7, 5, tzinfo=JAKARTA)


@pytest.fixture
def approvers(world: dict[str, Any], make_user: Callable[..., User]) -> dict[str, Any]:
    office = make_employee(name="Orang Kantor", man_power=make_man_power(type=ManPowerType.OFFICE))
    site = make_employee(name="Orang Site", man_power=make_man_power(type=ManPowerType.SITE))
    # Waiting since (created): 2 h and 30 h (over the attendance deadline of 24 h), the site one 30 h.
    for hours in (2, 30):
        log = check_in(office, MORNING - timedelta(hours=hours), status=LogStatus.WAITING_APPROVAL)
        AttendanceLog.objects.filter(pk=log.pk).update(created=MORNING - timedelta(hours=hours))
    log = check_in(site, MORNING - timedelta(hours=30), status=LogStatus.WAITING_APPROVAL)
    AttendanceLog.objects.filter(pk=log.pk).update(created=MORNING - timedelta(hours=30))
    check_in(office, MORNING - timedelta(hours=3), status=LogStatus.APPROVED)
    # The izin request waits 50 h: over its deadline of 48 h.
    IzinRequest.objects.filter(pk=world["izin"].pk).update(created=MORNING - timedelta(hours=50))
    attendance = make_user(
        flags=[],
        rights=["allow_approved_attendance", "allow_approved_attendance_office"],
        fullname="Ari Absen",
        email="ari@example.com",
    )
    return {**world, "attendance": attendance}


def _sent() -> dict[str, Any]:
    return {message.to[0]: message for message in mail.outbox}


def test_each_approver_gets_the_counts_of_their_scope(approvers: dict[str, Any]) -> None:
    assert approval_digest_due(MORNING) == 3
    sent = _sent()
    assert set(sent) == {"hana.hr@example.com", "atasan@example.com", "ari@example.com"}
    ari = sent["ari@example.com"]
    assert ari.subject == "Ringkasan persetujuan hari ini: 2 menunggu, 1 lewat batas"
    body = str(ari.body)
    assert "Ringkasan persetujuan Anda, 8 Desember 2026:" in body
    # Office only: the site log is not Ari's.
    assert "Persetujuan Kehadiran: 2 menunggu, 1 lewat batas" in body
    assert "/approval/attendance?overdue=1\n" in body
    assert "Persetujuan Izin" not in body
    hana = str(sent["hana.hr@example.com"].body)
    assert "Persetujuan Izin: 1 menunggu, 1 lewat batas" in hana
    assert "/approval/permission?overdue=1" in hana
    assert "Persetujuan Kehadiran" not in hana
    # The addressed supervisor's login decides that request too.
    assert "Persetujuan Izin: 1 menunggu, 1 lewat batas" in str(sent["atasan@example.com"].body)
    ((html, _),) = ari.alternatives
    assert "<strong>2</strong> menunggu, <strong>1</strong> lewat batas" in str(html)


def test_nothing_overdue_links_to_the_waiting_rows(approvers: dict[str, Any]) -> None:
    earlier = MORNING - timedelta(hours=10)
    (izin,) = approval_digest_counts(approvers["hr"], now=earlier)
    assert (izin.waiting, izin.overdue) == (1, 0)
    assert izin.url.endswith("/approval/permission?status=waiting_approval")
    (attendance,) = approval_digest_counts(approvers["attendance"], now=earlier)
    assert (attendance.waiting, attendance.overdue) == (2, 0)
    assert attendance.url.endswith("/approval/attendance")


def test_once_a_day_from_the_set_time(approvers: dict[str, Any]) -> None:
    assert approval_digest_due(MORNING.replace(hour=6, minute=59)) == 0
    assert approval_digest_due(MORNING) == 3
    assert approval_digest_due(MORNING + timedelta(minutes=1)) == 0
    assert approval_digest_due(MORNING + timedelta(hours=10)) == 0
    assert len(mail.outbox) == 3
    assert approval_digest_due(MORNING + timedelta(days=1)) == 3
    with override_settings(APPROVAL_DIGEST_TIME="09:30"):
        assert approval_digest_due(MORNING + timedelta(days=2)) == 0
        assert approval_digest_due(MORNING.replace(hour=9, minute=30) + timedelta(days=2)) == 3


def test_opted_out_or_nothing_waiting_gets_nothing(approvers: dict[str, Any]) -> None:
    UserPreference.objects.create(user=approvers["hr"], key=DIGEST_PREFERENCE, value={"enabled": False})
    UserPreference.objects.create(
        user=approvers["attendance"], key=DIGEST_PREFERENCE, value={"enabled": True}
    )
    approvers["izin"].delete()
    assert approval_digest_due(MORNING) == 1
    assert set(_sent()) == {"ari@example.com"}
