"""The "days changed" hook (DESIGN §15, §21): the inputs of the attendance engine announce what they
changed; the apps that depend on it register to hear it, so no input imports the engine or the
dashboard (the same registry pattern as realtime topics and health counters).

- `days_changed` / `days_changed_range` (call inside the input's own transaction): these employees'
  attendance days on these dates are stale. The engine (server/attendance, registered from its
  `AppConfig.ready()`) recomputes them at once, in that transaction.
- `counts_changed` (call inside the transaction, where the input published its hint before): something
  behind the dashboard counts changed. The dashboard (server/dashboard) publishes its `changed` hint
  on DASHBOARD_TOPIC after commit, with the reason.

- `first_computed_day(pattern_ids=...)`: the first date the engine holds days for the employees on
  those shift patterns (a pattern or shift edit recomputes from there).

Without a registered engine or dashboard nothing happens (core knows neither).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

# The dashboard's live topic: its counts' hints go there, and readers key caches on its version.
DASHBOARD_TOPIC = "dashboard"


@dataclass(frozen=True)
class DaysChanged:
    """Stale attendance days: `employee_ids` (None = everyone who can have rows then) on `dates`.

    `bulk`: the change covers whole ranges (uploads, syncs, schedule edits): recompute in bulk passes
    rather than the small per-change path that locks each employee first. `collective_dates`: past
    dates whose collective leave the engine settles after the recompute (a date that stopped being
    cuti bersama gives the day back)."""

    employee_ids: tuple[int, ...] | None
    dates: tuple[date, ...]
    reason: str
    bulk: bool = False
    collective_dates: tuple[date, ...] = ()


Recompute = Callable[[DaysChanged], None]
CountsHint = Callable[[str], None]
FirstDay = Callable[[Sequence[int]], date | None]

_recompute: list[Recompute] = []
_hints: list[CountsHint] = []
_first_day: list[FirstDay] = []


def register_days_recompute(recompute: Recompute) -> None:
    """The engine's recompute (one; a second registration replaces it)."""
    _recompute[:] = [recompute]


def register_first_computed_day(first_day: FirstDay) -> None:
    """The engine's reader of its first computed day (one; a second registration replaces it)."""
    _first_day[:] = [first_day]


def first_computed_day(*, pattern_ids: Iterable[int]) -> date | None:
    """The first date with computed days of the employees on `pattern_ids` (None: none yet)."""
    ids = list(pattern_ids)
    return _first_day[0](ids) if _first_day else None


def register_counts_hint(hint: CountsHint) -> None:
    if hint not in _hints:
        _hints.append(hint)


def _announce(change: DaysChanged) -> None:
    for recompute in _recompute:
        recompute(change)


def days_changed(
    *,
    employee_ids: Iterable[int] | None,
    dates: Iterable[date],
    reason: str,
    bulk: bool = False,
    collective_dates: Iterable[date] = (),
) -> None:
    """These employees' days on `dates` changed (call inside the change's transaction)."""
    _announce(
        DaysChanged(
            employee_ids=None if employee_ids is None else tuple(employee_ids),
            dates=tuple(dates),
            reason=reason,
            bulk=bulk,
            collective_dates=tuple(collective_dates),
        )
    )


def days_changed_range(*, employee_ids: Iterable[int] | None, start: date, end: date, reason: str) -> None:
    """Every date in [start, end] changed for these employees (None = everyone): the bulk path."""
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)] if end >= start else []
    _announce(
        DaysChanged(
            employee_ids=None if employee_ids is None else tuple(employee_ids),
            dates=tuple(days),
            reason=reason,
            bulk=True,
        )
    )


def counts_changed(*, reason: str) -> None:
    """Something behind the dashboard counts changed: its hint goes out after commit."""
    for hint in _hints:
        hint(reason)
