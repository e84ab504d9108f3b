"""Pulling employee master data from the HR application (DESIGN §12).

Creates, updates and marks resigned; never deletes (an employee the HR application no longer lists
is left as is). Each page is applied in its own transaction, writing only the rows whose values
differ, so a second pull with no change on the HR side writes nothing. Supervisor and group head
links are set after the last page, when everyone they point at exists.

Audited as it commits (server/sync/trail.py): a page that wrote rows has its entry (its counts and
the employee numbers it wrote) in its own transaction; the links' transaction holds the pull's
closing entry. A pull that fails or is cancelled on page N keeps the entries of the pages before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from django.db import connection, transaction

from server.core.chunks import chunks
from server.core.clock import local_today
from server.core.days_changed import days_changed_range
from server.sync import messages
from server.sync.connectors import HrSource
from server.sync.trail import SUCCEEDED, SyncTrail
from server.workforce.models import Employee, ManPower, ManPowerGroup, ManPowerTeam

# Fields copied as they are from the HR application.
PLAIN_FIELDS = ("employee_number_formatted", "name", "email", "job_title", "birth_date", "joined_date")
PLACEMENT_FIELDS = ("man_power_id", "man_power_team_id", "man_power_group_id")
STATUS_FIELDS = ("is_active", "resigned_date")
UPDATE_FIELDS = (*PLAIN_FIELDS, *PLACEMENT_FIELDS, *STATUS_FIELDS)
RECOMPUTE_DAYS_BACK = 62
# Why the days changed (announced with the recompute).
HR_SYNC_REASON = "hr_sync"


@dataclass
class PullTally:
    created: int = 0
    updated: int = 0
    resigned: int = 0
    unchanged: int = 0
    failed: int = 0
    links: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    moved: set[int] = field(default_factory=set)

    def summary(self) -> dict[str, int]:
        return {
            "created": self.created,
            "updated": self.updated,
            "resigned": self.resigned,
            "unchanged": self.unchanged,
            "failed": self.failed,
        }


class RowError(Exception):
    pass


def _date(value: Any, label: str) -> date | None:
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise RowError(messages.HR_BAD_DATE.format(field=label, value=value)) from None


def _text(row: Mapping[str, Any], key: str, *, limit: int) -> str:
    return str(row.get(key) or "").strip()[:limit]


class Placements:
    """Man power names are known placements (they carry coordinates); teams and groups are created."""

    def __init__(self) -> None:
        self.names = {(mp.type, mp.name): mp.pk for mp in ManPower.objects.all()}
        self.teams = {(t.man_power_id, t.name): t.pk for t in ManPowerTeam.objects.all()}
        self.groups = {(g.team_id, g.name): g.pk for g in ManPowerGroup.objects.all()}

    def resolve(self, row: Mapping[str, Any]) -> tuple[int | None, int | None, int | None]:
        type_, name = _text(row, "man_power_type", limit=16), _text(row, "man_power_name", limit=150)
        if not name:
            return None, None, None
        man_power = self.names.get((type_, name))
        if man_power is None:
            raise RowError(messages.HR_UNKNOWN_PLACEMENT.format(name=name))
        team_name, group_name = (
            _text(row, "man_power_team", limit=150),
            _text(row, "man_power_group", limit=150),
        )
        team = None
        if team_name:
            team = self.teams.get((man_power, team_name))
            if team is None:
                team = ManPowerTeam.objects.get_or_create(man_power_id=man_power, name=team_name)[0].pk
                self.teams[(man_power, team_name)] = team
        group = None
        if team is not None and group_name:
            group = self.groups.get((team, group_name))
            if group is None:
                group = ManPowerGroup.objects.get_or_create(team_id=team, name=group_name)[0].pk
                self.groups[(team, group_name)] = group
        return man_power, team, group


def _values(row: Mapping[str, Any], placements: Placements) -> dict[str, Any]:
    number = _text(row, "employee_number", limit=32)
    name = _text(row, "name", limit=150)
    if not number or not name:
        raise RowError(messages.HR_MISSING_IDENTITY)
    man_power, team, group = placements.resolve(row)
    resigned = _date(row.get("resigned_date"), "resigned_date")
    return {
        "employee_number": number,
        "employee_number_formatted": _text(row, "employee_number_formatted", limit=40) or number,
        "name": name,
        "email": _text(row, "email", limit=254),
        "job_title": _text(row, "job_title", limit=150),
        "birth_date": _date(row.get("birth_date"), "birth_date"),
        "joined_date": _date(row.get("joined_date"), "joined_date"),
        "man_power_id": man_power,
        "man_power_team_id": team,
        "man_power_group_id": group,
        "is_active": resigned is None,
        "resigned_date": resigned,
    }


def _pattern_for(
    group_id: int | None, man_power_id: int | None, patterns: dict[Any, int | None]
) -> int | None:
    """A new hire works the schedule most of their group (else placement) works."""
    return patterns.get(("group", group_id)) or patterns.get(("man_power", man_power_id))


def _usual_patterns() -> dict[Any, int | None]:
    by_group: dict[int, Counter[int]] = {}
    by_man_power: dict[int, Counter[int]] = {}
    for group, man_power, pattern in Employee.objects.filter(shift_pattern__isnull=False).values_list(
        "man_power_group_id", "man_power_id", "shift_pattern_id"
    ):
        if group:
            by_group.setdefault(group, Counter())[pattern] += 1
        if man_power:
            by_man_power.setdefault(man_power, Counter())[pattern] += 1
    out: dict[Any, int | None] = {}
    out.update({("group", k): c.most_common(1)[0][0] for k, c in by_group.items()})
    out.update({("man_power", k): c.most_common(1)[0][0] for k, c in by_man_power.items()})
    return out


def hr_apply_page(
    *,
    rows: Iterable[Mapping[str, Any]],
    tally: PullTally,
    placements: Placements,
    patterns: dict[Any, int | None],
    record: Callable[[dict[str, Any]], None] | None = None,
) -> list[tuple[str, str]]:
    """Apply one page in one transaction; the (employee number, message) of rows that could not be.
    `record` is called inside that transaction with the page's counts and the employee numbers it
    wrote, when it wrote any (its audit entry)."""
    errors: list[tuple[str, str]] = []
    wanted: dict[str, dict[str, Any]] = {}
    before = tally.summary()
    with transaction.atomic():
        for row in rows:
            try:
                values = _values(row, placements)
            except RowError as error:
                errors.append((str(row.get("employee_number") or "?"), str(error)))
                tally.failed += 1
                continue
            wanted[values["employee_number"]] = values
            tally.links[values["employee_number"]] = (
                _text(row, "supervisor_number", limit=32) or None,
                _text(row, "group_head_number", limit=32) or None,
            )
        existing = {e.employee_number: e for e in Employee.objects.filter(employee_number__in=list(wanted))}
        taken = dict(
            Employee.objects.filter(
                employee_number_formatted__in=[v["employee_number_formatted"] for v in wanted.values()]
            ).values_list("employee_number_formatted", "employee_number")
        )
        to_create: list[Employee] = []
        to_update: list[Employee] = []
        for number, values in wanted.items():
            holder = taken.get(values["employee_number_formatted"])
            if holder is not None and holder != number:
                errors.append(
                    (number, messages.HR_NUMBER_TAKEN.format(number=values["employee_number_formatted"]))
                )
                tally.failed += 1
                continue
            employee = existing.get(number)
            if employee is None:
                employee = Employee(**values)
                employee.shift_pattern_id = _pattern_for(
                    values["man_power_group_id"], values["man_power_id"], patterns
                )
                to_create.append(employee)
                tally.created += 1
                if not values["is_active"]:
                    tally.resigned += 1
                continue
            changed = [name for name in UPDATE_FIELDS if getattr(employee, name) != values[name]]
            if not changed:
                tally.unchanged += 1
                continue
            if employee.is_active and not values["is_active"]:
                tally.resigned += 1
            else:
                tally.updated += 1
            if any(name in changed for name in (*STATUS_FIELDS, "man_power_id")):
                tally.moved.add(employee.pk)
            for name in changed:
                setattr(employee, name, values[name])
            to_update.append(employee)
        Employee.objects.bulk_create(to_create, batch_size=1000)
        if to_update:
            Employee.objects.bulk_update(to_update, UPDATE_FIELDS, batch_size=1000)
        if record is not None and (to_create or to_update):
            counts = {key: value - before[key] for key, value in tally.summary().items()}
            record({**counts, "employees": [e.employee_number for e in [*to_create, *to_update]]})
    return errors


LINK_CHUNK = 1000


def _write_links(rows: list[tuple[int, int | None, int | None]]) -> None:
    """One UPDATE ... FROM (VALUES ...) per chunk (PostgreSQL and SQLite alike); a CASE per row
    (bulk_update) grows with the square of the chunk."""
    table = Employee._meta.db_table
    with connection.cursor() as cursor:
        for chunk in chunks(rows, LINK_CHUNK):
            values = ", ".join(["(%s, %s, %s)"] * len(chunk))
            cursor.execute(
                f"UPDATE {table} SET supervisor_id = CAST(v.s AS BIGINT), "
                "group_head_id = CAST(v.g AS BIGINT) "
                f"FROM (SELECT column1 AS id, column2 AS s, column3 AS g FROM (VALUES {values}) AS t) AS v "
                f"WHERE {table}.id = v.id",
                [value for row in chunk for value in row],
            )


def hr_link_hierarchy(
    *, links: Mapping[str, tuple[str | None, str | None]], record: Callable[[int], None] | None = None
) -> int:
    """Set supervisor and group head by employee number once everyone exists; the rows changed.
    `record` is called inside the transaction with that number (the pull's closing audit entry)."""
    ids = dict(Employee.objects.values_list("employee_number", "pk"))
    current = {
        number: (supervisor, head)
        for number, supervisor, head in Employee.objects.filter(employee_number__in=list(links)).values_list(
            "employee_number", "supervisor_id", "group_head_id"
        )
    }
    changed: list[tuple[int, int | None, int | None]] = []
    for number, (supervisor, head) in links.items():
        if number not in ids:
            continue
        wanted = (ids.get(supervisor) if supervisor else None, ids.get(head) if head else None)
        if current.get(number) != wanted:
            changed.append((ids[number], wanted[0], wanted[1]))
    with transaction.atomic():
        _write_links(changed)
        if record is not None:
            record(len(changed))
    return len(changed)


def hr_recompute_moved(*, employee_ids: Iterable[int]) -> None:
    """Attendance days follow a resignation or a new placement (the recent window)."""
    ids = sorted(set(employee_ids))
    if not ids:
        return
    today = local_today()
    days_changed_range(
        employee_ids=ids, start=today - timedelta(days=RECOMPUTE_DAYS_BACK), end=today, reason=HR_SYNC_REASON
    )


def hr_pull(*, source: HrSource, progress: Any, trail: SyncTrail | None = None) -> PullTally:
    """Pull every page from `source`; `progress` is the job context (total, advance, error, cancel);
    `trail` audits each page that wrote and, with the links, the pull's end."""
    tally = PullTally()
    placements = Placements()
    patterns = _usual_patterns()

    def page_entry(number: int) -> Callable[[dict[str, Any]], None] | None:
        return None if trail is None else (lambda counts: trail.page(number, counts))

    def closing_entry(links: int) -> None:
        if trail is not None:
            trail.end(SUCCEEDED, {**tally.summary(), "links": links})

    for page in source.pages():
        progress.check_cancelled()
        if page.page == 1:
            progress.set_total(page.total)
        for number, message in hr_apply_page(
            rows=page.employees,
            tally=tally,
            placements=placements,
            patterns=patterns,
            record=page_entry(page.page),
        ):
            progress.error(number, message)
        progress.set_result(**tally.summary())
        progress.advance(len(page.employees))
    progress.check_cancelled()
    hr_link_hierarchy(links=tally.links, record=closing_entry)
    hr_recompute_moved(employee_ids=tally.moved)
    return tally
