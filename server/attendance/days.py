"""Keeping AttendanceDay rows current: load the facts in bulk, apply the engine, upsert what changed.

Every service that changes something a day depends on (a log, its status or different-day flag, an
izin decision, a shift/pattern/holiday/system-trouble edit, an adjustment, an upload, a sync) announces
it inside its own transaction: the engine's own services call these directly, the inputs below and
above it through the "days changed" hook (server.core.days_changed), which `attendance_days_changed`
answers. Both are idempotent: a recompute writes only rows whose computed values differ
(so recomputing twice changes nothing, not even `computed_at`).

Who gets rows: an employee with attendance enabled, from the joined date (when known) up to the
resigned date (when set); an inactive employee without a resigned date gets none. Rows outside that
(e.g. after attendance was disabled) are deleted when their dates are recomputed. The row carries the
employee's current placement. A day is closed (a missing check-in is absence) once it is before
`today` in the placement's local time. Fields set by adjustments (`actual_overtime_minutes`,
`standby`, and `is_valid` when `validity_overridden`) survive recomputes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db import connection, models, transaction
from django.db.models import Q

from server.attendance.collective import collective_leave_settle
from server.attendance.engine import (
    DayFacts,
    DayResult,
    LogPoint,
    ShiftDay,
    compute_day,
    effective_date,
    shift_day,
)
from server.attendance.hooks import leave_days
from server.attendance.models import COUNTED_STATUSES, AttendanceDay, AttendanceLog, Keterangan, LogType
from server.core import clock
from server.core.chunks import chunks
from server.core.clock import local_today, zone
from server.core.days_changed import DaysChanged
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.schedules.models import Shift
from server.schedules.rules import shift_for, working_shift
from server.schedules.selectors import (
    holiday_dates_between,
    shift_patterns_with_contents,
    system_trouble_dates_between,
)
from server.workforce.models import Employee, ManPower
from server.workforce.selectors import employee_attends

CHUNK = 1000
WRITE_BATCH = 2000
COPY_THRESHOLD = 500

COMPUTED_FIELDS = (
    "man_power_id",
    "man_power_type",
    "shift_id",
    "is_working_day",
    "is_holiday",
    "is_collective_leave",
    "is_shift_off",
    "check_in",
    "check_out",
    "check_in_log_id",
    "check_out_log_id",
    "late_minutes",
    "early_out_minutes",
    "working_minutes",
    "overtime_workday_minutes",
    "overtime_holiday_minutes",
    "is_valid",
    "keterangan",
    "izin_id",
    "is_closed",
)
# Set by adjustments, never by the engine; new rows start from the model defaults.
PRESERVED_FIELDS = ("validity_overridden", "actual_overtime_minutes", "standby")
VALUE_FIELDS = (*COMPUTED_FIELDS, *PRESERVED_FIELDS)


@dataclass(frozen=True)
class _Person:
    id: int
    man_power_id: int | None
    man_power_type: str
    timezone: str | None
    pattern_id: int | None
    attendance_disabled: bool
    is_active: bool
    joined_date: date | None
    resigned_date: date | None

    def attends(self, day: date) -> bool:
        return employee_attends(self, day)


@dataclass
class RecomputeStats:
    computed: int = 0
    written: int = 0
    deleted: int = 0
    ledger_entries: int = 0


def attendance_days_recompute(
    *, employee_ids: Iterable[int], dates: Iterable[date], today: date | None = None
) -> None:
    """Recompute the given employees on the given dates (the small, per-change path).

    Locks the employees' rows first so concurrent recomputes of one employee serialise and the
    later one sees the earlier one's committed logs.
    """
    ids = sorted(set(employee_ids))
    days = sorted(set(dates))
    if not ids or not days:
        return
    with transaction.atomic():
        list(Employee.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))
        _recompute(employee_ids=ids, days=days, today=today)


def attendance_days_recompute_range(
    *, employee_ids: Iterable[int] | None, start: date, end: date, today: date | None = None
) -> None:
    """Recompute every date in [start, end] for the employees: the bulk path (a handful of queries per
    1,000 employees, one upsert). None = everyone who can have rows then (active, or resigned in range).
    """
    attendance_days_recompute_range_stats(employee_ids=employee_ids, start=start, end=end, today=today)


def attendance_days_recompute_range_stats(
    *, employee_ids: Iterable[int] | None, start: date, end: date, today: date | None = None
) -> RecomputeStats:
    if end < start:
        return RecomputeStats()
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    with transaction.atomic():
        return _recompute(
            employee_ids=None if employee_ids is None else sorted(set(employee_ids)), days=days, today=today
        )


def attendance_days_recompute_for_log(
    *, log: AttendanceLog, previous_attendance_date: date | None = None
) -> None:
    """Recompute the day(s) a log touches: its day either way of the different-day flag, and where it was."""
    dates = {log.attendance_date, log.attendance_date - timedelta(days=1)}
    if previous_attendance_date is not None:
        dates |= {previous_attendance_date, previous_attendance_date - timedelta(days=1)}
    attendance_days_recompute(employee_ids=[log.employee_id], dates=dates)


def attendance_days_recompute_for_izin(*, izin: IzinRequest) -> None:
    """Recompute every date an izin request covers (call after approving or reverting it)."""
    attendance_days_recompute(employee_ids=[izin.employee_id], dates=izin.dates())


def attendance_days_changed(change: DaysChanged) -> None:
    """The engine's side of the "days changed" hook (server.core.days_changed; registered in
    AttendanceConfig.ready): recompute what an input announced, in the input's transaction."""
    if change.bulk:
        for start, end in _runs(change.dates):
            attendance_days_recompute_range(employee_ids=change.employee_ids, start=start, end=end)
    elif change.employee_ids is not None:
        attendance_days_recompute(employee_ids=change.employee_ids, dates=change.dates)
    else:
        raise ValueError("A per-change recompute names its employees.")
    for day in change.collective_dates:
        collective_leave_settle(day=day, employee_ids=change.employee_ids)


def attendance_first_day(pattern_ids: Sequence[int]) -> date | None:
    """The first computed day of the employees on these patterns (the hook's first_computed_day)."""
    first: date | None = AttendanceDay.objects.filter(
        employee__shift_pattern_id__in=list(pattern_ids)
    ).aggregate(first=models.Min("date"))["first"]
    return first


def _runs(dates: Iterable[date]) -> list[tuple[date, date]]:
    """Consecutive dates as (first, last) runs."""
    runs: list[tuple[date, date]] = []
    for day in sorted(set(dates)):
        if runs and runs[-1][1] + timedelta(days=1) == day:
            runs[-1] = (runs[-1][0], day)
        else:
            runs.append((day, day))
    return runs


def _people(employee_ids: Sequence[int] | None, first: date) -> list[_Person]:
    qs = (
        Employee.objects.all()
        if employee_ids is not None
        else Employee.objects.filter(Q(is_active=True) | Q(resigned_date__gte=first))
    )
    fields = (
        "pk",
        "man_power_id",
        "man_power__type",
        "man_power__timezone",
        "shift_pattern_id",
        "attendance_disabled",
        "is_active",
        "joined_date",
        "resigned_date",
    )
    people: list[_Person] = []
    for chunk in chunks(employee_ids, CHUNK) if employee_ids is not None else [None]:
        part = (qs.filter(pk__in=chunk) if chunk is not None else qs).order_by()
        for pk, mp, mp_type, tz, pattern, disabled, active, joined, resigned in part.values_list(*fields):
            people.append(_Person(pk, mp, mp_type or "", tz, pattern, disabled, active, joined, resigned))
    people.sort(key=lambda p: p.id)
    return people


def _today_for(tz_name: str | None, cache: dict[str | None, date]) -> date:
    if tz_name not in cache:
        cache[tz_name] = clock.localdate(tz_name)
    return cache[tz_name]


def _recompute(
    *, employee_ids: Sequence[int] | None, days: Sequence[date], today: date | None
) -> RecomputeStats:
    stats = RecomputeStats()
    if not days:
        return stats
    first, last = days[0], days[-1]
    people = _people(employee_ids, first)
    patterns, contents = shift_patterns_with_contents(
        pattern_ids={p.pattern_id for p in people if p.pattern_id is not None}
    )
    holidays = holiday_dates_between(start=first, end=last)
    troubles = system_trouble_dates_between(start=first, end=last)
    todays: dict[str | None, date] = {}
    day_set = set(days)
    # Closed collective-leave days book annual leave (or give it back to someone who turned out to work).
    collective_closed = [d for d in days if holidays.get(d) and d < (today or local_today())]
    # The pattern item of a date (and its placed times) is shared by everyone on the pattern and zone.
    shift_cache: dict[tuple[int | None, date, str | None], tuple[Shift | None, ShiftDay | None]] = {}

    def shift_on(
        pattern_id: int | None, day: date, tz_name: str | None
    ) -> tuple[Shift | None, ShiftDay | None]:
        key = (pattern_id, day, tz_name)
        if key not in shift_cache:
            pattern = patterns.get(pattern_id) if pattern_id is not None else None
            shift = shift_for(pattern=pattern, day=day, contents=contents.get(pattern_id or 0, {}))
            working = working_shift(shift)
            shift_cache[key] = (shift, shift_day(working, day, zone(tz_name)) if working else None)
        return shift_cache[key]

    for chunk_people in chunks(people, CHUNK):
        ids = [p.id for p in chunk_people]
        logs = _counted_logs(ids, first, last, day_set)
        izin = _approved_izin(ids, first, last)
        existing = _existing_rows(ids, first, last, day_set)
        to_write: list[tuple[Any, ...]] = []
        to_delete: list[int] = []
        for person in chunk_people:
            tz = zone(person.timezone)
            today_local = today or _today_for(person.timezone, todays)
            for day in days:
                key = (person.id, day)
                current = existing.get(key)
                if not person.attends(day):
                    if current is not None:
                        to_delete.append(current[0])
                    continue
                ins, outs = logs.get(key, ((), ()))
                izin_on = izin.get(key)
                shift, placed = shift_on(person.pattern_id, day, person.timezone)
                result = compute_day(
                    DayFacts(
                        day=day,
                        tz=tz,
                        shift=shift,
                        holiday=day in holidays,
                        collective_leave=holidays.get(day, False),
                        system_trouble=day in troubles,
                        closed=day < today_local,
                        izin_id=izin_on[0] if izin_on else None,
                        izin_code=izin_on[1] if izin_on else None,
                        check_ins=ins,
                        check_outs=outs,
                    ),
                    placed,
                )
                stats.computed += 1
                values = _row_values(person, result, current[1] if current else None)
                if current is None or values != current[1]:
                    to_write.append((person.id, day, *values))
        if to_delete:
            stats.deleted += AttendanceDay.objects.filter(pk__in=to_delete).delete()[0]
        if to_write:
            _upsert(to_write)
            stats.written += len(to_write)
        for day in collective_closed:
            stats.ledger_entries += collective_leave_settle(day=day, employee_ids=ids)
    return stats


IS_VALID_AT = VALUE_FIELDS.index("is_valid")


def _row_values(person: _Person, result: DayResult, current: tuple[Any, ...] | None) -> tuple[Any, ...]:
    """The row's VALUE_FIELDS; what adjustments set is carried over from the current row."""
    is_valid = result.is_valid
    if current is None:
        preserved: tuple[Any, ...] = (False, None, False)
    else:
        preserved = current[-3:]
        if preserved[0]:
            is_valid = current[IS_VALID_AT]
    return (
        person.man_power_id,
        person.man_power_type,
        result.shift_id,
        result.is_working_day,
        result.is_holiday,
        result.is_collective_leave,
        result.is_shift_off,
        result.check_in,
        result.check_out,
        result.check_in_log_id,
        result.check_out_log_id,
        result.late_minutes,
        result.early_out_minutes,
        result.working_minutes,
        result.overtime_workday_minutes,
        result.overtime_holiday_minutes,
        is_valid,
        result.keterangan,
        result.izin_id,
        result.is_closed,
        *preserved,
    )


def _counted_logs(
    ids: Sequence[int], first: date, last: date, day_set: set[date]
) -> dict[tuple[int, date], tuple[list[LogPoint], list[LogPoint]]]:
    """(employee, day) → (check-ins, check-outs) counted for that day, different-day flag applied."""
    rows = (
        AttendanceLog.objects.filter(
            employee_id__in=ids,
            status__in=COUNTED_STATUSES,
            attendance_date__range=(first, last + timedelta(days=1)),
        )
        .order_by()
        .values_list("pk", "employee_id", "log_type", "log_datetime", "attendance_date", "is_different_day")
    )
    result: dict[tuple[int, date], tuple[list[LogPoint], list[LogPoint]]] = {}
    for pk, employee_id, log_type, when, attendance_date, different in rows:
        day = effective_date(attendance_date=attendance_date, is_different_day=different)
        if day not in day_set:
            continue
        pair = result.get((employee_id, day))
        if pair is None:
            pair = result[(employee_id, day)] = ([], [])
        pair[0 if log_type == LogType.CHECK_IN else 1].append(LogPoint(id=pk, when=when))
    return result


def _approved_izin(
    ids: Sequence[int], first: date, last: date
) -> dict[tuple[int, date], tuple[int | None, str]]:
    """(employee, day) → (izin id, type code); the latest approved request wins where several overlap.

    A registered leave day (server.attendance.hooks: the manual leave adjustments' days) counts as an
    approved cuti without an izin."""
    rows = (
        IzinRequest.objects.filter(
            employee_id__in=ids, status=IzinStatus.APPROVED, start_date__lte=last, end_date__gte=first
        )
        .order_by("pk")
        .values_list("pk", "employee_id", "izin_type__code", "start_date", "end_date")
    )
    result: dict[tuple[int, date], tuple[int | None, str]] = {}
    for employee_id, day in leave_days(ids, first, last):
        result[(employee_id, day)] = (None, IzinCode.CUTI)
    for pk, employee_id, code, start, end in rows:
        day = max(start, first)
        while day <= min(end, last):
            result[(employee_id, day)] = (pk, code)
            day += timedelta(days=1)
    return result


def _existing_rows(
    ids: Sequence[int], first: date, last: date, day_set: set[date]
) -> dict[tuple[int, date], tuple[int, tuple[Any, ...]]]:
    """(employee, day) → (pk, VALUE_FIELDS) of the rows there are."""
    rows = (
        AttendanceDay.objects.filter(employee_id__in=ids, date__range=(first, last))
        .order_by()
        .values_list("pk", "employee_id", "date", *VALUE_FIELDS)
    )
    return {(r[1], r[2]): (r[0], r[3:]) for r in rows if r[2] in day_set}


@dataclass(frozen=True)
class CloseDayResult:
    day: date
    rows: int
    absent: int
    collective_leave_entries: int


def attendance_day_close(*, day: date) -> CloseDayResult:
    """Close a past day: recompute it (a working day without check-in or izin becomes mangkir) and
    settle its collective leave. Idempotent.

    Each placement's day ends at its own midnight: the day must be over somewhere (WIT is two hours
    ahead of WIB), and only the employees whose placement is past it get mangkir."""
    zones = ManPower.objects.order_by().values_list("timezone", flat=True).distinct()
    if day >= clock.latest_localdate(list(zones)):
        raise ValueError("Tanggal yang ditutup harus sebelum hari ini.")
    stats = attendance_days_recompute_range_stats(employee_ids=None, start=day, end=day)
    collective = stats.ledger_entries
    if not collective:
        # A date that stopped being collective leave still gives back what it booked.
        collective = collective_leave_settle(day=day)
    return CloseDayResult(
        day=day,
        rows=AttendanceDay.objects.filter(date=day).count(),
        absent=AttendanceDay.objects.filter(date=day, keterangan=Keterangan.MANGKIR).count(),
        collective_leave_entries=collective,
    )


def _column(name: str) -> str:
    field = AttendanceDay._meta.get_field(name)
    assert isinstance(field, models.Field)
    return connection.ops.quote_name(str(field.column))


def _upsert(rows: list[tuple[Any, ...]]) -> None:
    """Insert or update rows (employee_id, date, *VALUE_FIELDS) in a few statements.

    Many rows on PostgreSQL: COPY into a temporary table, then one INSERT ... ON CONFLICT; otherwise
    executemany of the same upsert. The fields adjustments own are written for new rows only.
    """
    table = connection.ops.quote_name(AttendanceDay._meta.db_table)
    names = ("employee_id", "date", *VALUE_FIELDS, "computed_at")
    columns = [_column(n) for n in names]
    updates = [_column(n) for n in (*COMPUTED_FIELDS, "computed_at")]
    conflict = ", ".join(_column(n) for n in ("employee_id", "date"))
    assignments = ", ".join(f"{c} = EXCLUDED.{c}" for c in updates)
    now = clock.now()
    column_list = ", ".join(columns)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and len(rows) >= COPY_THRESHOLD:
            temp = connection.ops.quote_name("attendance_day_incoming")
            cursor.execute(f"DROP TABLE IF EXISTS {temp}")
            cursor.execute(f"CREATE TEMPORARY TABLE {temp} AS SELECT {column_list} FROM {table} WITH NO DATA")
            with cursor.cursor.copy(f"COPY {temp} ({column_list}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row((*row, now))
            cursor.execute(
                f"INSERT INTO {table} ({column_list}) SELECT {column_list} FROM {temp} "
                f"ON CONFLICT ({conflict}) DO UPDATE SET {assignments}"
            )
            cursor.execute(f"DROP TABLE {temp}")
            return
        ops = connection.ops
        date_at = names.index("date")
        moments = [names.index(n) for n in ("check_in", "check_out", "computed_at")]
        placeholders = ", ".join(["%s"] * len(names))
        sql = (
            f"INSERT INTO {table} ({column_list}) VALUES ({placeholders}) "
            f"ON CONFLICT ({conflict}) DO UPDATE SET {assignments}"
        )
        for part in chunks(rows, WRITE_BATCH):
            batch = []
            for row in part:
                values = [*row, now]
                values[date_at] = ops.adapt_datefield_value(values[date_at])
                for at in moments:
                    values[at] = ops.adapt_datetimefield_value(values[at])
                batch.append(values)
            cursor.executemany(sql, batch)
