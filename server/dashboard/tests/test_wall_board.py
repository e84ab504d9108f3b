"""The wall board beside its counts (issue 6/7): the per-site split of today's counts and the latest
arrivals, in the wall's REST snapshot (and its `counts` push, test_live)."""

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
    make_log_at,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(admin_user: User) -> dict[str, Any]:
    return wall_world(admin_user, empty_placement=True)


def by_name(board: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {site["name"]: site for site in board["sites"]}


def test_each_site_shows_its_own_part_of_todays_counts(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    ani, budi, _cici = world["office"]
    make_log_at(ani, local(TODAY, 7, 50))  # waiting
    late = make_log_at(budi, local(TODAY, 8, 30))
    attendance_log_approve(log=late, approver=world["approver"])
    make_log_at(world["site"][0], local(TODAY, 5, 0))  # 07:00 WIT, waiting
    make_log_at(world["site"][1], local(TODAY, 5, 2), LogStatus.REJECTED)

    board = wall_snapshot(monkeypatch, 8, 40)
    sites = by_name(board)
    # The empty placement has nobody expected and nothing counted: left out.
    assert list(sites) == ["Kantor Jakarta", "Site Jayapura"]
    office, site = sites["Kantor Jakarta"], sites["Site Jayapura"]
    assert (office["type"], site["type"]) == ("office", "site")
    assert {k: office[k] for k in ("checked_in", "late", "absence_known", "absent", "waiting")} == {
        "checked_in": 2,
        "late": 1,
        "absence_known": True,
        "absent": 1,
        "waiting": 1,
    }
    # The rejected check-in is no arrival: one of the two is absent.
    assert {k: site[k] for k in ("checked_in", "late", "absence_known", "absent", "waiting")} == {
        "checked_in": 1,
        "late": 0,
        "absence_known": True,
        "absent": 1,
        "waiting": 1,
    }
    # The split adds up to the wall's counts.
    counts = board["counts"]
    assert sum(s["checked_in"] for s in board["sites"]) == counts["checkins_received_today"]
    assert sum(s["late"] for s in board["sites"]) == counts["late_today"]
    assert sum(s["absent"] for s in board["sites"]) == counts["absence_today"]["absent"]
    assert sum(s["waiting"] for s in board["sites"]) == counts["attendance_waiting"]


def test_a_site_before_its_shift_start_plus_tolerance_says_so(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 05:05 WIB = 07:05 WIT: neither site can call anyone absent yet.
    sites = by_name(wall_snapshot(monkeypatch, 5, 5))
    assert [(s["absence_known"], s["absent"]) for s in sites.values()] == [(False, 0), (False, 0)]
    # 05:10 WIB: Jayapura's start plus tolerance has passed, Jakarta's not.
    sites = by_name(wall_snapshot(monkeypatch, 5, 10))
    assert (sites["Site Jayapura"]["absence_known"], sites["Site Jayapura"]["absent"]) == (True, 2)
    assert sites["Kantor Jakarta"]["absence_known"] is False


def test_latest_arrivals_are_todays_received_check_ins_newest_first_with_the_sites_time(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    ani, budi, cici = world["office"]
    dina, _eko = world["site"]
    make_log_at(ani, local(TODAY, 7, 50))
    make_log_at(budi, local(TODAY, 7, 55), LogStatus.REJECTED)
    make_log_at(cici, local(date(2026, 3, 3), 7, 58))  # yesterday's
    make_log_at(dina, local(TODAY, 5, 1))  # 07:01 WIT

    arrivals = wall_snapshot(monkeypatch, 8)["arrivals"]
    assert [(a["name"], a["site"], a["time"], a["timezone"]) for a in arrivals] == [
        (ani.name, "Kantor Jakarta", "07:50:00", "Asia/Jakarta"),
        (dina.name, "Site Jayapura", "07:01:00", "Asia/Jayapura"),
    ]
    # Name, site and time only: no photo, no position.
    assert set(arrivals[0]) == {"id", "name", "site", "time", "timezone"}


def test_the_arrivals_list_keeps_the_latest_eight(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    people = world["office"]
    for minute in range(10):
        make_log_at(people[minute % len(people)], local(TODAY, 7, minute))
    arrivals = wall_snapshot(monkeypatch, 8)["arrivals"]
    assert [a["time"][:5] for a in arrivals[:2]] == ["07:09", "07:08"]
    assert len(arrivals) == 8
