"""The wall's test world and its REST snapshot, shared by the wall's today and board tests: an office in
Jakarta (08:00, 15 minutes of tolerance: known at 08:15 WIB) with three people, a site in Jayapura
(07:00 WIT, 10 minutes: known at 07:10 WIT = 05:10 WIB) with two, and optionally an empty placement."""

from __future__ import annotations

from datetime import date, time
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.dashboard.services import wall_display_create
from server.testing.clock import freeze
from server.testing.factories import local, make_employee, make_man_power, make_pattern, make_shift

TODAY = date(2026, 3, 4)


def wall_world(approver: User, *, empty_placement: bool = False) -> dict[str, Any]:
    office = make_man_power(type="office", name="Kantor Jakarta")
    site = make_man_power(type="site", name="Site Jayapura", timezone="Asia/Jayapura")
    if empty_placement:
        make_man_power(type="pool", name="Pool Kosong")
    office_pattern = make_pattern([make_shift(time_in=time(8), late_in_minutes=15)])
    site_pattern = make_pattern([make_shift(time_in=time(7), time_out=time(15), late_in_minutes=10)])
    return {
        "office": [make_employee(man_power=office, pattern=office_pattern) for _ in range(3)],
        "site": [make_employee(man_power=site, pattern=site_pattern) for _ in range(2)],
        "approver": approver,
    }


def wall_snapshot(monkeypatch: pytest.MonkeyPatch, hour: int, minute: int = 0) -> dict[str, Any]:
    """The wall's REST snapshot at hour:minute WIB on TODAY, through a display token of its own."""
    freeze(monkeypatch, local(TODAY, hour, minute))
    _display, token = wall_display_create(name="Lobi", created_by=None)
    wall = APIClient()
    wall.credentials(HTTP_AUTHORIZATION=f"Display {token}")
    body = wall.get("/api/web/v1/wall_display/snapshot").json()
    assert body["http_status"] == 200, body
    data: dict[str, Any] = body["data"]
    return data
