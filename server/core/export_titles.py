"""The title block of an export (DESIGN §21): the rows above an xlsx's header that name the report, its
period, its filters, when and by whom it was printed, and the texts they are written with (§18).
`server.core.spreadsheets.xlsx_file` writes them; the apis build them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from server.core import clock

TITLE_PERIOD, TITLE_PRINTED_AT, TITLE_PRINTED_BY = "Periode", "Dicetak", "Dicetak oleh"
FILTER_ALL = "Semua"


def local_moment_text(moment: datetime, zone_name: str | None = None) -> str:
    """'29 November 2026 18.22 WIB' (DESIGN §18: a heading's date, HH.mm and the zone label)."""
    local = moment.astimezone(clock.zone(zone_name))
    return f"{clock.date_id(local.date())} {local:%H.%M} {clock.zone_abbreviation(zone_name)}"


def period_text(start: date, end: date) -> str:
    """'1 November 2026 s.d. 30 November 2026' (one date when both are the same day)."""
    if start == end:
        return clock.date_id(start)
    return f"{clock.date_id(start)} s.d. {clock.date_id(end)}"


def user_name(user: Any) -> str:
    """The name a title block prints for a user (full name, else the user name)."""
    return str(getattr(user, "fullname", "") or getattr(user, "username", "") or "")


@dataclass(frozen=True)
class TitleBlock:
    """The rows above an xlsx's header (DESIGN §21): the report, its period, the filters it was made
    with (label, value; an empty value reads 'Semua'), when (local time, now unless given) and by whom it
    was printed."""

    report: str
    printed_by: str
    period: tuple[date, date] | str | None = None
    filters: Sequence[tuple[str, str]] = ()
    printed_at: datetime | None = field(default=None)

    def rows(self) -> list[list[str]]:
        lines: list[list[str]] = [[self.report]]
        if isinstance(self.period, tuple):
            lines.append([TITLE_PERIOD, period_text(*self.period)])
        elif self.period:
            lines.append([TITLE_PERIOD, self.period])
        lines += [[label, value or FILTER_ALL] for label, value in self.filters]
        lines.append([TITLE_PRINTED_AT, local_moment_text(self.printed_at or clock.now())])
        lines.append([TITLE_PRINTED_BY, self.printed_by])
        return lines
