"""The wall board's live part beside the counts (issue 6/7): the per-site split and the latest arrivals.

- Sites: each placement's today (its own date, README "Time zones"): employees with a check-in received
  (waiting included, as `checkins_received_today`), late (an approved check-in past start plus
  tolerance, as `late_today`), absent once the site's shift start plus tolerance has passed (as
  `absence_today`, null-like `absence_known` false before), and the attendance logs waiting for
  approval at the site (every date, as `attendance_waiting`). Listed: the active placements with
  someone expected today or anything counted, in the placements' order (type, name).
- Arrivals: the latest check-ins received today (not rejected), newest first: the employee's name,
  the site and the time in the site's zone. No photo: a wall hangs where anyone walks by.

The wall is company-wide (a display token holds no flags and no scope: DESIGN §10), so every
placement is in its scope; the sums over its sites equal its counts.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from django.db.models import Count

from server.attendance.models import AttendanceLog, LogStatus
from server.core import clock
from server.core.flags import MAN_POWER_TYPES
from server.dashboard import counters
from server.dashboard.selectors import (
    DashboardCounts,
    _cached,
    counts_in_scope,
    placements_today,
    shared_counts_now,
)
from server.dashboard.today import absence_by_placement, checkins_received_today, received_today_by_placement
from server.workforce.models import ManPower

ARRIVALS_SHOWN = 8


class WallSite(TypedDict):
    id: str
    name: str
    type: str
    checked_in: int
    late: int
    absence_known: bool
    absent: int
    waiting: int


class WallArrival(TypedDict):
    id: str
    name: str
    site: str
    time: str
    timezone: str


class WallLive(TypedDict):
    """What a wall's `counts` push carries (its snapshot adds the display's name and the server time)."""

    counts: DashboardCounts
    sites: list[WallSite]
    arrivals: list[WallArrival]


def wall_sites(*, now: datetime) -> list[WallSite]:
    """The per-site split of today's counts (module docstring)."""
    by_date = placements_today(now)
    received = received_today_by_placement(by_date)
    everyone = set().union(*received.values()) if received else set()
    absence = absence_by_placement(now=now, received=everyone)
    days = counters.date_counts_by_placement(by_date)
    waiting = dict(
        AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL, man_power__isnull=False)
        .order_by()
        .values_list("man_power_id")
        .annotate(total=Count("*"))
    )
    sites: list[WallSite] = []
    for placement in ManPower.objects.filter(is_active=True).only("id", "name", "type"):
        pk = placement.pk
        expected = absence.get(pk)
        day = days.get(pk)
        site: WallSite = {
            "id": placement.hash_id,
            "name": placement.name,
            "type": placement.type,
            "checked_in": len(received.get(pk, ())),
            "late": day["late"] if day else 0,
            "absence_known": expected["known"] if expected else False,
            "absent": expected["absent"] if expected else 0,
            "waiting": waiting.get(pk, 0),
        }
        if expected or site["checked_in"] or site["late"] or site["waiting"]:
            sites.append(site)
    return sites


def latest_arrivals(*, now: datetime, limit: int = ARRIVALS_SHOWN) -> list[WallArrival]:
    """The latest check-ins received today, newest first (module docstring)."""
    logs = (
        checkins_received_today(placements_today(now))
        .select_related("employee", "man_power")
        .only("id", "log_datetime", "employee__name", "man_power__name", "man_power__timezone")
        .order_by("-log_datetime", "-id")[:limit]
    )
    arrivals: list[WallArrival] = []
    for log in logs:
        zone_name = log.man_power.timezone if log.man_power is not None else clock.zone(None).key
        arrivals.append(
            {
                "id": log.hash_id,
                "name": log.employee.name,
                "site": log.man_power.name if log.man_power is not None else "",
                "time": log.log_datetime.astimezone(clock.zone(zone_name)).strftime("%H:%M:%S"),
                "timezone": clock.zone(zone_name).key,
            }
        )
    return arrivals


def wall_live(*, now: datetime) -> WallLive:
    """The wall's counts (company-wide), its per-site split and its latest arrivals at `now`."""
    return {
        "counts": counts_in_scope(shared_counts_now(), MAN_POWER_TYPES),
        "sites": wall_sites(now=now),
        "arrivals": latest_arrivals(now=now),
    }


def wall_live_now() -> WallLive:
    """wall_live now, shared while nothing changed (the dashboard's cache, keyed to the minute)."""
    now = clock.now()
    return _cached("wall", lambda: wall_live(now=now), f"{now:%Y%m%d%H%M}")
