"""The wall's today (issue 44): check-ins received (waiting included) beside the approved ones, and
absences counted only where the shift's start plus its late tolerance has passed."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from server.accounts.models import User
from server.attendance.models import LogStatus
from server.attendance.services import attendance_log_approve
from server.dashboard.tests.wall_world import TODAY, wall_snapshot, wall_world
from server.testing.factories import (
    local,
    make_holiday,
    make_log_at,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(admin_user: User) -> dict[str, Any]:
    return wall_world(admin_user)


def wall_counts(monkeypatch: pytest.MonkeyPatch, hour: int, minute: int = 0) -> dict[str, Any]:
    """The wall's counts (through its own REST snapshot) at hour:minute WIB on TODAY."""
    counts: dict[str, Any] = wall_snapshot(monkeypatch, hour, minute)["counts"]
    return counts


def test_check_ins_received_count_waiting_ones_and_the_approved_stand_beside_them(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    ani, budi, cici = world["office"]
    waiting = make_log_at(ani, local(TODAY, 7, 50))
    make_log_at(ani, local(TODAY, 7, 52))  # a second try of the same person: one person received
    approved = make_log_at(budi, local(TODAY, 7, 55))
    make_log_at(cici, local(TODAY, 7, 58), LogStatus.REJECTED)
    make_log_at(cici, local(date(2026, 3, 3), 7, 58))  # yesterday's
    attendance_log_approve(log=approved, approver=world["approver"])

    counts = wall_counts(monkeypatch, 9)
    assert counts["checkins_received_today"] == 2  # ani (waiting) and budi; cici's was rejected
    assert counts["checked_in_today"] == 1  # budi's, approved
    attendance_log_approve(log=waiting, approver=world["approver"])
    counts = wall_counts(monkeypatch, 9, 1)
    assert (counts["checkins_received_today"], counts["checked_in_today"]) == (2, 2)


def test_absence_waits_for_each_sites_shift_start_plus_tolerance(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    make_log_at(world["office"][0], local(TODAY, 7, 45))
    make_log_at(world["site"][0], local(TODAY, 5, 0))  # 07:00 WIT

    # 05:05 WIB = 07:05 WIT: no site's start plus tolerance has passed, nobody can be called absent.
    before = wall_counts(monkeypatch, 5, 5)["absence_today"]
    assert before == {"known": False, "absent": 0, "sites_known": 0, "sites_total": 2}
    # 05:10 WIB = 07:10 WIT: Jayapura is known (one of its two came), Jakarta still waits.
    site_known = wall_counts(monkeypatch, 5, 10)["absence_today"]
    assert site_known == {"known": True, "absent": 1, "sites_known": 1, "sites_total": 2}
    # 08:14 WIB: Jakarta's 08:00 plus 15 minutes has not passed yet.
    assert wall_counts(monkeypatch, 8, 14)["absence_today"]["absent"] == 1
    # 08:15 WIB: both known; two of Jakarta's three did not come.
    both = wall_counts(monkeypatch, 8, 15)["absence_today"]
    assert both == {"known": True, "absent": 3, "sites_known": 2, "sites_total": 2}
    # A check-in received late (still waiting) is no absence any more.
    make_log_at(world["office"][1], local(TODAY, 8, 40))
    assert wall_counts(monkeypatch, 8, 41)["absence_today"]["absent"] == 2


def test_nobody_is_absent_on_a_holiday(world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    make_holiday(TODAY)
    assert wall_counts(monkeypatch, 12)["absence_today"] == {
        "known": False,
        "absent": 0,
        "sites_known": 0,
        "sites_total": 0,
    }
