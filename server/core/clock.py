"""The server's one clock, and the placement time zones every attendance date is read in.

`now()` is the moment every service, selector and job reads. Normally it is the real time; a test
(`clock_set`) or a demo/e2e server (`CLOCK_START=2026-11-30T23:30:00+07:00` in the environment)
starts it at another moment, from which it runs on in real time. While it is set, Django's own
`timezone.now` (auto_now fields, token expiry) follows it, so every timestamp agrees.

Time-zone rule (README "Time zones"): an attendance time belongs to its placement's zone (WIB, WITA,
WIT). Its date is the placement's local date; every date filter, "today", count, the wall, close_day
and the reports select by it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

_real_now = timezone.now
_offset: timedelta | None = None

# Indonesia's three zones by their Indonesian abbreviations; any other zone by its tz abbreviation.
ZONE_ABBREVIATIONS = {
    "Asia/Jakarta": "WIB",
    "Asia/Pontianak": "WIB",
    "Asia/Makassar": "WITA",
    "Asia/Ujung_Pandang": "WITA",
    "Asia/Jayapura": "WIT",
}

EASTERNMOST_INDONESIAN_ZONE = "Asia/Jayapura"

# The months as the screens and files name them (MONTH_NAMES[month - 1]).
MONTH_NAMES = (
    "Januari", "Februari", "Maret", "April", "Mei", "Juni",
    "Juli", "Agustus", "September", "Oktober", "November", "Desember",
)  # fmt: skip


def date_id(day: date) -> str:
    """'5 Januari 2026'."""
    return f"{day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def now() -> datetime:
    """The current moment (aware, UTC)."""
    if _offset is None:
        return timezone.now()
    return _real_now() + _offset


def clock_set(moment: datetime | None) -> None:
    """Start the clock at `moment` (it runs on from there); None gives back the real time."""
    global _offset
    if moment is None:
        _offset = None
        timezone.now = _real_now
        return
    if timezone.is_naive(moment):
        raise ValueError("clock_set needs an aware datetime")
    _offset = moment - _real_now()
    timezone.now = now


@contextmanager
def clock_at(moment: datetime) -> Iterator[None]:
    """Run a block (a test) with the clock started at `moment`."""
    clock_set(moment)
    try:
        yield
    finally:
        clock_set(None)


def clock_from_settings() -> None:
    """Apply settings.CLOCK_START (ISO 8601 with offset), if set: for demos and end-to-end tests."""
    start = getattr(settings, "CLOCK_START", "")
    if start:
        clock_set(datetime.fromisoformat(start))


@lru_cache(maxsize=64)
def zone(name: str | None) -> ZoneInfo:
    """The zone `name` (a placement's `timezone`), settings.TIME_ZONE when empty or unknown."""
    try:
        return ZoneInfo(name or settings.TIME_ZONE)
    except (KeyError, ValueError):
        return ZoneInfo(settings.TIME_ZONE)


def zone_abbreviation(name: str | None) -> str:
    """'WIB', 'WITA' or 'WIT' for Indonesia's zones."""
    resolved = zone(name).key
    if resolved in ZONE_ABBREVIATIONS:
        return ZONE_ABBREVIATIONS[resolved]
    return now().astimezone(zone(resolved)).tzname() or resolved


def local_date(moment: datetime, zone_name: str | None) -> date:
    """The date of `moment` in the zone `zone_name`."""
    return moment.astimezone(zone(zone_name)).date()


def localdate(zone_name: str | None = None) -> date:
    """Today in `zone_name` (settings.TIME_ZONE by default)."""
    return local_date(now(), zone_name)


# Today in a placement's time zone, by the name the domain apps use.
local_today = localdate


def latest_localdate(zone_names: Iterable[str | None]) -> date:
    """The latest 'today' among the zones (and settings.TIME_ZONE): the last date anything can be on."""
    return max(localdate(name) for name in {None, *zone_names})


def month_bounds(*, month: int, year: int) -> tuple[date, date]:
    """First day of the month and first day of the next month."""
    first = date(year, month, 1)
    following = date(year + 1, 1, 1) if month == 12 else date(year, month + 1, 1)
    return first, following


def local_midnight(day: date) -> datetime:
    """Start of `day` in the server's time zone, as an aware datetime."""
    return timezone.make_aware(datetime.combine(day, time.min), timezone.get_default_timezone())


def month_moments(*, month: int, year: int) -> tuple[datetime, datetime]:
    """The month's first and the next month's first midnight in the server's time zone."""
    first, following = month_bounds(month=month, year=year)
    return local_midnight(first), local_midnight(following)
