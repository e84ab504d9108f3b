"""The dashboard's counts kept in the write path, so reading them scans no month.

The dashboard's month counts (logs by status; late and early-out days, minutes and employees;
absences) and today's counts were aggregated from the rows on every change: at 10,000 employees a
month is about 430,000 logs and 260,000 days, 120-190 ms, recomputed after every check-in.

Now database triggers on `attendance_attendancelog` and `attendance_attendanceday` (migration
dashboard 0002) append a delta row for every statement (PostgreSQL, from its transition tables) or
row (SQLite) that moves a count, in the writer's own transaction: every writer is covered (the ORM,
bulk updates, cascades, raw SQL), and a rolled-back write leaves no delta. Readers add the totals
and the deltas; `compact` folds the deltas into the totals (Celery beat every 30 s,
`dashboard.compact_counts`; a reader too once more than COMPACT_AFTER wait, which covers the
zero-setup mode without beat). Appending rather than updating one counter row keeps concurrent
check-ins from queueing (or deadlocking) on a shared row.

Three counts, each a (totals, deltas) pair of tables (server/dashboard/models.py):
- `log`: logs by month (of `log_date`), status and man power type (a scoped approver's dashboard sums
  the types it may decide);
- `daymonth`: days by month and employee (the distinct late employees are rows with late days);
- `daydate`: days by date and placement (each placement's own today).

`rebuild` recounts everything from the rows with the triggers' own expressions. It runs when the
migration is applied and, on SQLite, after `flush` (which deletes rows one by one and would leave
their deltas behind; PostgreSQL's flush truncates, which fires no trigger).
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from datetime import date
from typing import Any, TypedDict

from django.db import DatabaseError, connection, connections, transaction

from server.attendance.models import ABSENCE_KETERANGAN

LOG_TABLE, DAY_TABLE = "attendance_attendancelog", "attendance_attendanceday"
ABSENT = "(" + ", ".join(f"'{k.value}'" for k in ABSENCE_KETERANGAN.values()) + ")"


class Count(TypedDict):
    source: str
    total: str
    delta: str
    keys: dict[str, str]
    values: dict[str, str]
    watched: list[str]


# Each count: the source table, its totals and deltas tables, its key and value expressions over a
# source row `r` (MONTH(x) and FLAG(x) are spelled per database), and the source columns it reads.
COUNTS: dict[str, Count] = {
    "log": {
        "source": LOG_TABLE,
        "total": "dashboard_logmonthtotal",
        "delta": "dashboard_logmonthdelta",
        "keys": {"month": "MONTH(r.log_date)", "status": "r.status", "man_power_type": "r.man_power_type"},
        "values": {"total": "1"},
        "watched": ["log_date", "status", "man_power_type"],
    },
    "daymonth": {
        "source": DAY_TABLE,
        "total": "dashboard_daymonthtotal",
        "delta": "dashboard_daymonthdelta",
        "keys": {"month": "MONTH(r.date)", "employee_id": "r.employee_id"},
        "values": {
            "late_days": "FLAG(r.late_minutes > 0)",
            "late_minutes": "r.late_minutes",
            "early_days": "FLAG(r.early_out_minutes > 0)",
            "early_minutes": "r.early_out_minutes",
            **{name: f"FLAG(r.keterangan = '{k.value}')" for name, k in ABSENCE_KETERANGAN.items()},
        },
        "watched": ["date", "employee_id", "late_minutes", "early_out_minutes", "keterangan"],
    },
    "daydate": {
        "source": DAY_TABLE,
        "total": "dashboard_daydatetotal",
        "delta": "dashboard_daydatedelta",
        "keys": {"date": "r.date", "man_power_id": "COALESCE(r.man_power_id, 0)"},
        "values": {
            "checked_in": "FLAG(r.check_in IS NOT NULL)",
            "late": "FLAG(r.late_minutes > 0)",
            "early_out": "FLAG(r.early_out_minutes > 0)",
            "absent": f"FLAG(r.keterangan IN {ABSENT})",
        },
        "watched": ["date", "man_power_id", "check_in", "late_minutes", "early_out_minutes", "keterangan"],
    },
}
DAY_FIELDS = tuple(COUNTS["daymonth"]["values"])
DIALECTS = {
    "postgresql": {"MONTH": "date_trunc('month', {})::date", "FLAG": "({})::int"},
    "sqlite": {"MONTH": "date({}, 'start of month')", "FLAG": "({})"},
}
# Deltas a reader lets pile up before it folds them in (a compaction of this many costs ~10 ms).
COMPACT_AFTER = 500


def spelled(expression: str, vendor: str, row: str = "r") -> str:
    """`expression` with MONTH(x) and FLAG(x) spelled for `vendor` and the row alias `r.` as `row.`."""
    for name, spelling in DIALECTS[vendor].items():
        while f"{name}(" in expression:
            start = expression.index(f"{name}(")
            depth, end = 0, start + len(name)
            for end in range(start + len(name), len(expression)):
                depth += {"(": 1, ")": -1}.get(expression[end], 0)
                if depth == 0:
                    break
            inner = expression[start + len(name) + 1 : end]
            expression = expression[:start] + spelling.format(inner) + expression[end + 1 :]
    return expression.replace("r.", f"{row}.")


def _columns(count: Count) -> str:
    return ", ".join([*count["keys"], *count["values"]])


def _grouped_insert(count: Count, target: str, rows: str, vendor: str, signed: bool) -> str:
    """INSERT INTO `target` the counts of `rows` (aliased r; with a `sign` column when `signed`)
    grouped by the keys, skipping groups that count nothing."""
    keys = ", ".join(spelled(e, vendor) for e in count["keys"].values())
    sign = "r.sign * " if signed else ""
    sums = [f"SUM({sign}{spelled(e, vendor)})" for e in count["values"].values()]
    groups = ", ".join(str(i + 1) for i in range(len(count["keys"])))
    return (
        f"INSERT INTO {target} ({_columns(count)}) SELECT {keys}, {', '.join(sums)} FROM {rows} AS r "
        f"GROUP BY {groups} HAVING {' OR '.join(f'{s} <> 0' for s in sums)}"
    )


# PostgreSQL: one trigger per statement, reading the statement's transition tables, so a bulk write
# of 100,000 rows appends a few grouped deltas, not 100,000.
TRANSITIONS = {
    "insert": ("REFERENCING NEW TABLE AS new_rows", "SELECT 1 AS sign, * FROM new_rows"),
    "delete": ("REFERENCING OLD TABLE AS old_rows", "SELECT -1 AS sign, * FROM old_rows"),
    "update": (
        "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows",
        "SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows",
    ),
}


def _postgresql_triggers(kind: str, count: Count) -> list[str]:
    statements = []
    for op, (referencing, rows) in TRANSITIONS.items():
        delta = _grouped_insert(count, count["delta"], f"({rows})", "postgresql", signed=True)
        statements += [
            f"CREATE FUNCTION dashboard_{kind}_{op}() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN {delta}; RETURN NULL; END $$",
            f"CREATE TRIGGER dashboard_{kind}_{op} AFTER {op.upper()} ON {count['source']} {referencing} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION dashboard_{kind}_{op}()",
        ]
    return statements


def _sqlite_triggers(kind: str, count: Count) -> list[str]:
    """Row triggers: a changed row appends its delta (the old row counted -1, the new one +1)."""

    def values(row: str, sign: str) -> str:
        keys = [spelled(e, "sqlite", row) for e in count["keys"].values()]
        counted = [f"{sign} * {spelled(e, 'sqlite', row)}" for e in count["values"].values()]
        return f"({', '.join(keys + counted)})"

    def counts(row: str) -> str:
        return " OR ".join(f"{spelled(e, 'sqlite', row)} <> 0" for e in count["values"].values())

    changed = " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in count["watched"])
    insert = f"INSERT INTO {count['delta']} ({_columns(count)}) VALUES"
    table = count["source"]
    return [
        f"CREATE TRIGGER dashboard_{kind}_insert AFTER INSERT ON {table} WHEN {counts('NEW')} "
        f"BEGIN {insert} {values('NEW', '1')}; END",
        f"CREATE TRIGGER dashboard_{kind}_update AFTER UPDATE OF {', '.join(count['watched'])} "
        f"ON {table} WHEN ({counts('OLD')} OR {counts('NEW')}) AND ({changed}) "
        f"BEGIN {insert} {values('OLD', '-1')}, {values('NEW', '1')}; END",
        f"CREATE TRIGGER dashboard_{kind}_delete AFTER DELETE ON {table} WHEN {counts('OLD')} "
        f"BEGIN {insert} {values('OLD', '-1')}; END",
    ]


def trigger_statements(vendor: str) -> list[str]:
    build = {"postgresql": _postgresql_triggers, "sqlite": _sqlite_triggers}[vendor]
    return [statement for kind, count in COUNTS.items() for statement in build(kind, count)]


def drop_statements(vendor: str) -> list[str]:
    statements = []
    for kind, count in COUNTS.items():
        for op in TRANSITIONS:
            statements.append(
                f"DROP TRIGGER IF EXISTS dashboard_{kind}_{op}"
                + (f" ON {count['source']}" if vendor == "postgresql" else "")
            )
            if vendor == "postgresql":
                statements.append(f"DROP FUNCTION IF EXISTS dashboard_{kind}_{op}()")
    return statements


# Reading.


def _totals_and_deltas(count: Count, columns: str, where: str) -> str:
    return (
        f"SELECT {columns} FROM {count['total']} WHERE {where} "
        f"UNION ALL SELECT {columns} FROM {count['delta']} WHERE {where}"
    )


def log_status_counts(month: date) -> dict[str, int]:
    """The month's logs by status (keyed by status value)."""
    rows = _totals_and_deltas(COUNTS["log"], "status, total", "month = %s")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT status, SUM(total) FROM ({rows}) AS c GROUP BY status", [month, month])
        return {status: int(total) for status, total in cursor.fetchall() if total}


def log_status_total(status: str) -> int:
    """Logs with `status`, every month."""
    rows = _totals_and_deltas(COUNTS["log"], "total", "status = %s")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COALESCE(SUM(total), 0) FROM ({rows}) AS c", [status, status])
        return int(cursor.fetchone()[0])


def log_type_status_counts(month: date) -> dict[str, dict[str, int]]:
    """The month's logs by man power type, then status (types and statuses without logs left out)."""
    rows = _totals_and_deltas(COUNTS["log"], "man_power_type, status, total", "month = %s")
    counts: dict[str, dict[str, int]] = defaultdict(dict)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT man_power_type, status, SUM(total) FROM ({rows}) AS c GROUP BY man_power_type, status",
            [month, month],
        )
        for man_power_type, status, total in cursor.fetchall():
            if total:
                counts[man_power_type][status] = int(total)
    return dict(counts)


def log_status_total_by_type(status: str) -> dict[str, int]:
    """Logs with `status`, every month, by man power type."""
    rows = _totals_and_deltas(COUNTS["log"], "man_power_type, total", "status = %s")
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT man_power_type, SUM(total) FROM ({rows}) AS c GROUP BY man_power_type", [status, status]
        )
        return {man_power_type: int(total) for man_power_type, total in cursor.fetchall() if total}


class DayCounts(TypedDict):
    late_days: int
    late_minutes: int
    late_employees: int
    early_days: int
    early_minutes: int
    early_employees: int
    alpa: int
    sakit: int
    cuti: int
    ctb: int


def day_counts(month: date) -> DayCounts:
    """The month's AttendanceDay counts; `*_employees` are the employees with at least one such day.

    The employees without deltas are summed straight from their totals row; only those with deltas
    are grouped with them (a distinct count does not add up across rows of one employee)."""
    count = COUNTS["daymonth"]
    columns = ", ".join(DAY_FIELDS)
    summed = ", ".join(f"SUM({name}) AS {name}" for name in DAY_FIELDS)
    sums = ", ".join(f"COALESCE(SUM({name}), 0)" for name in DAY_FIELDS)
    with_deltas = f"SELECT employee_id FROM {count['delta']} WHERE month = %s"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {sums}, COUNT(CASE WHEN late_days > 0 THEN 1 END), "
            f"COUNT(CASE WHEN early_days > 0 THEN 1 END) FROM ("
            f"SELECT {columns} FROM {count['total']} WHERE month = %s AND employee_id NOT IN ({with_deltas}) "
            f"UNION ALL SELECT {summed} FROM ("
            f"SELECT employee_id, {columns} FROM {count['total']} "
            f"WHERE month = %s AND employee_id IN ({with_deltas}) "
            f"UNION ALL SELECT employee_id, {columns} FROM {count['delta']} WHERE month = %s) AS c "
            f"GROUP BY employee_id) AS e",
            [month, month, month, month, month],
        )
        row = [int(value) for value in cursor.fetchone()]
    counts = dict(zip(DAY_FIELDS, row, strict=False))
    return {
        "late_days": counts["late_days"],
        "late_minutes": counts["late_minutes"],
        "late_employees": row[len(DAY_FIELDS)],
        "early_days": counts["early_days"],
        "early_minutes": counts["early_minutes"],
        "early_employees": row[len(DAY_FIELDS) + 1],
        "alpa": counts["alpa"],
        "sakit": counts["sakit"],
        "cuti": counts["cuti"],
        "ctb": counts["ctb"],
    }


class DateCounts(TypedDict):
    checked_in: int
    late: int
    early_out: int
    absent: int


def _date_rows(
    placements_by_date: dict[date, list[int]], columns: str
) -> tuple[str, list[date | int]] | None:
    """The totals and deltas rows (`columns`) of each date at its placements, with their parameters;
    None when no placement is asked for."""
    groups = [(day, placements) for day, placements in placements_by_date.items() if placements]
    if not groups:
        return None
    where = " OR ".join(
        f"(date = %s AND man_power_id IN ({', '.join(['%s'] * len(placements))}))" for _, placements in groups
    )
    params: list[date | int] = []
    for day, placements in groups:
        params += [day, *placements]
    return _totals_and_deltas(COUNTS["daydate"], columns, f"({where})"), params + params


def date_counts(placements_by_date: dict[date, list[int]]) -> DateCounts:
    """The days of each date at its placements (`man_power_id` 0: days without a placement)."""
    fields = tuple(COUNTS["daydate"]["values"])
    rows = _date_rows(placements_by_date, ", ".join(fields))
    if rows is None:
        return {"checked_in": 0, "late": 0, "early_out": 0, "absent": 0}
    sums = ", ".join(f"COALESCE(SUM({name}), 0)" for name in fields)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sums} FROM ({rows[0]}) AS c", rows[1])
        row = [int(value) for value in cursor.fetchone()]
    return {"checked_in": row[0], "late": row[1], "early_out": row[2], "absent": row[3]}


def date_counts_by_placement(placements_by_date: dict[date, list[int]]) -> dict[int, DateCounts]:
    """`date_counts` per placement (the wall's per-site split); placements without days left out."""
    fields = tuple(COUNTS["daydate"]["values"])
    rows = _date_rows(placements_by_date, ", ".join(("man_power_id", *fields)))
    if rows is None:
        return {}
    sums = ", ".join(f"COALESCE(SUM({name}), 0)" for name in fields)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT man_power_id, {sums} FROM ({rows[0]}) AS c GROUP BY man_power_id", rows[1])
        found = cursor.fetchall()
    return {
        int(placement): {"checked_in": int(a), "late": int(b), "early_out": int(c), "absent": int(d)}
        for placement, a, b, c, d in found
    }


# Compaction and rebuild.


def _fold(cursor: Any, count: Count) -> int:
    """Move every delta row into the totals. One statement takes the deltas (a delta committed
    meanwhile stays for the next compaction); the totals are upserted in key order."""
    keys, values = tuple(count["keys"]), tuple(count["values"])
    cursor.execute(f"DELETE FROM {count['delta']} RETURNING {_columns(count)}")
    moved = cursor.fetchall()
    sums: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0] * len(values))
    for row in moved:
        acc = sums[tuple(row[: len(keys)])]
        for i, value in enumerate(row[len(keys) :]):
            acc[i] += value
    rows = [(*key, *acc) for key, acc in sorted(sums.items()) if any(acc)]
    if rows:
        cursor.executemany(
            f"INSERT INTO {count['total']} ({_columns(count)}) "
            f"VALUES ({', '.join(['%s'] * (len(keys) + len(values)))}) "
            f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET "
            + ", ".join(f"{name} = {count['total']}.{name} + excluded.{name}" for name in values),
            rows,
        )
    return len(moved)


def compact() -> int:
    """Fold every delta into the totals; the deltas moved."""
    with transaction.atomic(), connection.cursor() as cursor:
        return sum(_fold(cursor, count) for count in COUNTS.values())


def compact_if_due() -> None:
    """Compact when the deltas passed COMPACT_AFTER. A failure (a lock timeout, a read-only
    replica) leaves the deltas for the next reader: the counts are exact either way."""
    pending = " + ".join(f"(SELECT COUNT(*) FROM {count['delta']})" for count in COUNTS.values())
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {pending}")
        due = int(cursor.fetchone()[0]) > COMPACT_AFTER
    if due:
        with contextlib.suppress(DatabaseError):
            compact()


def rebuild(using: str = "default") -> None:
    """Recount everything from the logs and days (writers wait meanwhile on PostgreSQL)."""
    db = connections[using]
    if COUNTS["log"]["total"] not in db.introspection.table_names():
        return  # migrated back before the counts
    with transaction.atomic(using=using), db.cursor() as cursor:
        if db.vendor == "postgresql":
            cursor.execute(f"LOCK TABLE {LOG_TABLE}, {DAY_TABLE} IN SHARE MODE")
        for count in COUNTS.values():
            cursor.execute(f"DELETE FROM {count['total']}")
            cursor.execute(f"DELETE FROM {count['delta']}")
            cursor.execute(_grouped_insert(count, count["total"], count["source"], db.vendor, signed=False))
