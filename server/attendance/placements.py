"""The placements near a check-in (the approver's "man power terdekat"): the employee's own placement
among them, nearest first, with distances; the suggested one of an out-of-radius log is the nearest
(the own placement when it is the nearest, ties going to it: GPS drift near the site).

One query for a whole page of logs: a LATERAL join ranks the active placements around each point by
an equirectangular approximation (exact enough to pick candidates); the distances shown are
haversine, and the candidates are re-ranked by them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection

from server.attendance.geo import haversine_metres
from server.attendance.models import AttendanceLog
from server.workforce.models import ManPower

NEAR_MAN_POWER_LIMIT = 10


@dataclass(frozen=True)
class Placement:
    """A placement offered for a check-in: its distance from the check-in point, whether it is the
    employee's own."""

    man_power: ManPower
    distance_m: float
    is_own: bool


def _candidates(points: Sequence[tuple[float, float]], count: int) -> list[list[ManPower]]:
    """For each point, the `count` active placements nearest it by the approximation (one query)."""
    if not points:
        return []
    if connection.vendor != "postgresql":
        return _candidates_in_python(points, count)
    fields = ManPower._meta.concrete_fields
    quote = connection.ops.quote_name
    columns = ", ".join(f"mp.{quote(f.column or f.attname)}" for f in fields)
    sql = f"""
        SELECT p.i, m.*
        FROM unnest(%s::int[], %s::float8[], %s::float8[], %s::float8[]) AS p(i, lat, lon, k)
        CROSS JOIN LATERAL (
            SELECT {columns} FROM {quote(ManPower._meta.db_table)} mp
            WHERE mp.is_active
            ORDER BY (mp.latitude - p.lat) * (mp.latitude - p.lat)
                + (mp.longitude - p.lon) * (mp.longitude - p.lon) * p.k, mp.id
            LIMIT %s
        ) m
    """
    scales = [math.cos(math.radians(lat)) ** 2 for lat, _ in points]
    found: list[list[ManPower]] = [[] for _ in points]
    names = [f.attname for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(
            sql, [list(range(len(points))), [p[0] for p in points], [p[1] for p in points], scales, count]
        )
        for index, *values in cursor.fetchall():
            found[index].append(ManPower.from_db(connection.alias, names, values))
    return found


def _candidates_in_python(points: Sequence[tuple[float, float]], count: int) -> list[list[ManPower]]:
    """The same ranking without PostgreSQL's unnest and LATERAL (the zero-setup SQLite mode): the
    active placements read once and ordered per point by the same approximation."""
    active = list(ManPower.objects.filter(is_active=True).order_by("id"))
    found: list[list[ManPower]] = []
    for lat, lon in points:
        k = math.cos(math.radians(lat)) ** 2

        def approx(mp: ManPower, lat: float = lat, lon: float = lon, k: float = k) -> tuple[float, int]:
            return ((mp.latitude - lat) ** 2 + (mp.longitude - lon) ** 2 * k, mp.pk)

        found.append(sorted(active, key=approx)[:count])
    return found


def _ranked(log: AttendanceLog, candidates: Iterable[ManPower]) -> list[Placement]:
    """The candidates and the own placement (when active), nearest first, the own one first of equals."""
    by_pk = {mp.pk: mp for mp in candidates}
    own = log.man_power if log.man_power_id else None
    if own is not None and own.is_active:
        by_pk[own.pk] = own
    placements = [
        Placement(
            man_power=mp,
            distance_m=haversine_metres(log.latitude, log.longitude, mp.latitude, mp.longitude),
            is_own=mp.pk == log.man_power_id,
        )
        for mp in by_pk.values()
    ]
    placements.sort(key=lambda p: (p.distance_m, not p.is_own, p.man_power.pk))
    return placements


def placements_near(
    logs: Sequence[AttendanceLog], *, limit: int = NEAR_MAN_POWER_LIMIT, keep_own: bool = True
) -> dict[int, list[Placement]]:
    """For each log (by pk), up to `limit` active placements nearest its check-in point, nearest first,
    the employee's own (active) placement among them (with `keep_own`: in the last place when it is
    not among the nearest). One query for any number of logs; the logs' `man_power` should be
    select_related."""
    if not logs:
        return {}
    # Twice the candidates by the approximation, re-ranked by the exact distance.
    candidates = _candidates([(log.latitude, log.longitude) for log in logs], limit * 2)
    answer: dict[int, list[Placement]] = {}
    for log, found in zip(logs, candidates, strict=True):
        ranked = _ranked(log, found)
        nearest = ranked[:limit]
        if keep_own and not any(p.is_own for p in nearest):
            own = [p for p in ranked if p.is_own]
            nearest = (nearest[: limit - 1] + own) if own else nearest
        answer[log.pk] = nearest
    return answer


def suggested_placements(logs: Iterable[AttendanceLog]) -> dict[int, Placement]:
    """The placement each out-of-radius log would be approved at by default: the nearest active one
    (its own when that is the nearest). Logs within the radius, and logs with no active placement
    anywhere, have none."""
    far = [log for log in logs if not log.is_valid_location]
    return {pk: near[0] for pk, near in placements_near(far, limit=1, keep_own=False).items() if near}


def nearest_placement(*, latitude: float, longitude: float, own: ManPower | None) -> Placement | None:
    """The placement a check-in at this point would be approved at by default (suggested_placements's
    rule, for a point not stored as a log yet: the risk measures it at check-in)."""
    point = AttendanceLog(latitude=latitude, longitude=longitude, man_power=own)
    ranked = _ranked(point, _candidates([(latitude, longitude)], 2)[0])
    return ranked[0] if ranked else None


def approval_placements(
    logs: Sequence[AttendanceLog],
    *,
    near_man_power: Mapping[str, ManPower] | None = None,
    near_man_power_all: ManPower | None = None,
) -> dict[int, ManPower]:
    """The placement each out-of-radius log would be approved at (by log pk): its entry in
    `near_man_power` (by log hash id), else `near_man_power_all`, else its suggested placement (the
    nearest); a log without any is left out (its approval is refused)."""
    per_row = near_man_power or {}
    far = [log for log in logs if not log.is_valid_location]
    if near_man_power_all is None:
        suggested = suggested_placements([log for log in far if log.hash_id not in per_row])
    else:
        suggested = {}
    chosen: dict[int, ManPower] = {}
    for log in far:
        place = suggested.get(log.pk)
        man_power = per_row.get(log.hash_id) or near_man_power_all or (place.man_power if place else None)
        if man_power is not None:
            chosen[log.pk] = man_power
    return chosen


def placement_ref(man_power: ManPower | None) -> dict[str, str] | None:
    """`{hash_id, name}` of a chosen placement, or None."""
    if man_power is None:
        return None
    return {"hash_id": man_power.hash_id, "name": man_power.name}
