"""Pushing attendance adjustment lines to the payroll application (DESIGN §12).

A day is sent once, and again only when it changed since (then as an update): the current line of
each sent day keeps the sync that carried it and a fingerprint of what was sent. Lines go in
batches, each with its own idempotency key, so a batch retried after a timeout or a dropped
connection is not applied twice by the payroll side. Each accepted batch is recorded (lines, day
states, the sync's count) in its own transaction: when a later batch is refused the job fails with
the payroll's message, the earlier batches stay sent and marked, and a rerun sends only the rest.
Each recorded batch has its audit entry in that same transaction (server/sync/trail.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from server.accounts.models import User
from server.attendance.models import AttendanceDay
from server.core import clock
from server.core.analyze import BULK_ROWS, analyze
from server.core.chunks import chunks
from server.core.clock import local_today
from server.jobs.context import JobFailed
from server.sync import messages
from server.sync.connectors import ConnectorError, PayrollSink
from server.sync.models import PayrollSync, PayrollSyncLine
from server.sync.selection import SyncSelection
from server.sync.trail import SyncTrail
from server.workforce.selectors import employee_columns

DAY_FIELDS = (
    "pk",
    "employee_id",
    "date",
    "employee__employee_number",
    "employee__employee_number_formatted",
    "employee__name",
    "man_power__name",
    "man_power__timezone",
    "employee__man_power_team__name",
    "employee__man_power_group__name",
    "check_in",
    "check_out",
    "overtime_workday_minutes",
    "overtime_holiday_minutes",
    "actual_overtime_minutes",
    "is_valid",
    "standby",
    "is_shift_off",
    "is_closed",
    "keterangan",
    "izin__izin_type__name",
)

SYNC_STATUS_NEW = "Belum Sync"
SYNC_STATUS_DONE = "Sudah Sync"
SYNC_STATUS_CHANGED = "Berubah"
GENERATED = "Sudah Generate"
NOT_GENERATED = "Belum Generate"


@dataclass(frozen=True)
class DayState:
    sync_code: str
    fingerprint: str


def clock_time(moment: datetime | None, zone_name: str | None) -> str:
    """A check-in/out moment as HH:mm:ss in its placement's zone ('' when missing)."""
    return moment.astimezone(clock.zone(zone_name)).strftime("%H:%M:%S") if moment else ""


def hours(minutes: int | None) -> float:
    """Minutes of overtime as hours, two decimals (0 when missing)."""
    return round((minutes or 0) / 60, 2)


def day_line(day: dict[str, Any]) -> dict[str, Any]:
    """What the payroll application receives for one employee's day."""
    computed = day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]
    actual = day["actual_overtime_minutes"]
    return {
        "employee_number": day["employee__employee_number"],
        "employee_number_formatted": day["employee__employee_number_formatted"],
        "date": day["date"].isoformat(),
        "check_in": clock_time(day["check_in"], day["man_power__timezone"]),
        "check_out": clock_time(day["check_out"], day["man_power__timezone"]),
        "lembur_workday": hours(computed),
        "lembur_aktual": hours(computed if actual is None else actual),
        "is_valid": int(day["is_valid"]),
        "standby": int(day["standby"]),
        "is_shift_off": int(day["is_shift_off"]),
        "keterangan": day["keterangan"],
        "izin": day["izin__izin_type__name"] or "",
    }


def fingerprint(line: dict[str, Any]) -> str:
    payload = "|".join(f"{key}={line[key]}" for key in sorted(line) if key != "action")
    return hashlib.sha256(payload.encode()).hexdigest()


ID_CHUNK = 500


def selected_days(
    selection: SyncSelection, employee_ids: list[int] | None = None
) -> Iterator[dict[str, Any]]:
    """The attendance days of the selection, by employee number then date, a few hundred people at a time."""
    ids = selection.employee_ids() if employee_ids is None else employee_ids
    for chunk in chunks(ids, ID_CHUNK):
        yield from (
            AttendanceDay.objects.filter(
                employee_id__in=chunk, date__gte=selection.start_date, date__lte=selection.end_date
            )
            .order_by("employee__employee_number", "date")
            .values(*DAY_FIELDS)
        )


def day_states(
    selection: SyncSelection, employee_ids: list[int] | None = None
) -> dict[tuple[int, date], DayState]:
    ids = selection.employee_ids() if employee_ids is None else employee_ids
    states: dict[tuple[int, date], DayState] = {}
    for chunk in chunks(ids, ID_CHUNK):
        for employee_id, day, code, print_ in PayrollSyncLine.objects.filter(
            employee_id__in=chunk,
            date__gte=selection.start_date,
            date__lte=selection.end_date,
            is_current=True,
        ).values_list("employee_id", "date", "sync__sync_code", "fingerprint"):
            states[(employee_id, day)] = DayState(sync_code=code, fingerprint=print_)
    return states


def day_sync_status(state: DayState | None, print_: str) -> str:
    """New (never sent), done (sent as it is now: not sent again) or changed (sent again, as an update)."""
    if state is None:
        return SYNC_STATUS_NEW
    return SYNC_STATUS_DONE if state.fingerprint == print_ else SYNC_STATUS_CHANGED


def payroll_plan(selection: SyncSelection) -> dict[str, int]:
    """What a push of the selection would do now: days sent for the first time, days sent before that
    would be sent again (changed since), and days already sent as they are (skipped)."""
    ids = selection.employee_ids()
    states = day_states(selection, ids)
    counts = {SYNC_STATUS_NEW: 0, SYNC_STATUS_CHANGED: 0, SYNC_STATUS_DONE: 0}
    for day in selected_days(selection, ids):
        state = states.get((day["employee_id"], day["date"]))
        counts[day_sync_status(state, fingerprint(day_line(day)))] += 1
    return {
        "new": counts[SYNC_STATUS_NEW],
        "resend": counts[SYNC_STATUS_CHANGED],
        "unchanged": counts[SYNC_STATUS_DONE],
    }


def payroll_preview(selection: SyncSelection) -> list[dict[str, Any]]:
    """The 15-column validation table of /sync/attendance/validation."""
    ids = selection.employee_ids()
    states = day_states(selection, ids)
    rows: list[dict[str, Any]] = []
    for day in selected_days(selection, ids):
        line = day_line(day)
        state = states.get((day["employee_id"], day["date"]))
        sync_status = day_sync_status(state, fingerprint(line))
        rows.append(
            {
                "id": f"{day['employee__employee_number']}-{line['date']}",
                **employee_columns(day),
                "date": line["date"],
                "check_in_time": line["check_in"],
                "check_out_time": line["check_out"],
                "lembur_workday": line["lembur_workday"],
                "lembur_aktual": line["lembur_aktual"],
                "is_valid": line["is_valid"],
                "sync_status": sync_status,
                "generated_status": GENERATED if day["is_closed"] else NOT_GENERATED,
                "permission_name": line["izin"],
                "keterangan": line["keterangan"],
                "adjustment_id": "",
                "sync_id": state.sync_code if state else "",
                "is_shift_off": line["is_shift_off"],
            }
        )
    return rows


def _new_sync(*, selection: SyncSelection, user: User | None, job_id: int | None) -> PayrollSync:
    today = local_today()
    prefix = f"PG{today:%Y%m%d}"
    for _ in range(5):
        count = PayrollSync.objects.filter(sync_code__startswith=prefix).count()
        try:
            with transaction.atomic():
                return PayrollSync.objects.create(
                    sync_code=f"{prefix}-{count + 1:04d}",
                    type=selection.type,
                    start_date=selection.start_date,
                    end_date=selection.end_date,
                    params=selection.as_params(),
                    user=user,
                    job_id=job_id,
                )
        except IntegrityError:
            continue
    raise JobFailed(messages.PAYROLL_FAILED.format(batch=0, reason="kode sinkronisasi bentrok.", sent=0))


LINE_COLUMNS = (
    "sync_id",
    "employee_id",
    "date",
    "is_update",
    "batch",
    "attendance_adjustment_code",
    "fingerprint",
    "is_current",
)


def _insert_lines(rows: list[tuple[Any, ...]]) -> None:
    """COPY on PostgreSQL (hundreds of thousands of lines per push); bulk inserts elsewhere."""
    if connection.vendor == "postgresql":
        table = PayrollSyncLine._meta.db_table
        with (
            connection.cursor() as cursor,
            cursor.cursor.copy(f"COPY {table} ({', '.join(LINE_COLUMNS)}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    PayrollSyncLine.objects.bulk_create(
        [PayrollSyncLine(**dict(zip(LINE_COLUMNS, row, strict=True))) for row in rows], batch_size=2000
    )


def _record_batch(
    *,
    sync: PayrollSync,
    batch: int,
    items: Sequence[tuple[dict[str, Any], dict[str, Any], str]],
    trail: SyncTrail | None = None,
) -> None:
    """What the payroll application accepted: its lines become the current ones of their days (and
    the batch's audit entry, in the same transaction)."""
    resent = {(day["employee_id"], day["date"]) for day, line, _ in items if line["action"] == "update"}
    with transaction.atomic():
        if resent:
            employees = {employee for employee, _ in resent}
            dates = {day for _, day in resent}
            stale = [
                pk
                for pk, employee, day in PayrollSyncLine.objects.filter(
                    employee_id__in=employees, date__in=dates, is_current=True
                ).values_list("pk", "employee_id", "date")
                if (employee, day) in resent
            ]
            PayrollSyncLine.objects.filter(pk__in=stale).update(is_current=False)
        _insert_lines(
            [
                (
                    sync.pk,
                    day["employee_id"],
                    day["date"],
                    line["action"] == "update",
                    batch,
                    "",
                    print_,
                    True,
                )
                for day, line, print_ in items
            ]
        )
        PayrollSync.objects.filter(pk=sync.pk).update(jumlah_data=sync.jumlah_data + len(items))
        sync.jumlah_data += len(items)
        if trail is not None:
            updates = sum(1 for _, line, _ in items if line["action"] == "update")
            trail.batch(batch, {"sync_code": sync.sync_code, "sent": len(items), "updates": updates})


def payroll_push(
    *,
    selection: SyncSelection,
    sink: PayrollSink,
    progress: Any,
    user: User | None,
    job_id: int | None,
    trail: SyncTrail | None = None,
) -> dict[str, Any]:
    """Send the new and changed days of the selection; `progress` is the job context; `trail` audits
    each recorded batch."""
    ids = selection.employee_ids()
    states = day_states(selection, ids)
    pending: list[tuple[dict[str, Any], dict[str, Any], str]] = []
    for day in selected_days(selection, ids):
        line = day_line(day)
        print_ = fingerprint(line)
        status = day_sync_status(states.get((day["employee_id"], day["date"])), print_)
        if status == SYNC_STATUS_DONE:
            continue
        line["action"] = "create" if status == SYNC_STATUS_NEW else "update"
        pending.append((day, line, print_))
    progress.set_total(len(pending))
    if not pending:
        return {"sent": 0, "updates": 0, "sync_code": "", "message": messages.PAYROLL_NOTHING}
    sync = _new_sync(selection=selection, user=user, job_id=job_id)
    progress.set_result(sync_code=sync.sync_code)
    size = max(1, int(settings.PAYROLL_BATCH_SIZE))
    updates = 0
    for number, items in enumerate(chunks(pending, size), start=1):
        progress.check_cancelled()
        try:
            sink.push(
                key=f"{sync.sync_code}-{number}",
                sync_code=sync.sync_code,
                batch=number,
                lines=[line for _, line, _ in items],
            )
        except ConnectorError as error:
            result = {"sync_code": sync.sync_code, "sent": sync.jumlah_data, "updates": updates}
            message = messages.PAYROLL_FAILED.format(
                batch=number, reason=error.message, sent=sync.jumlah_data
            )
            progress.error(f"Batch {number}", error.message)
            raise JobFailed(message, result=result) from error
        _record_batch(sync=sync, batch=number, items=items, trail=trail)
        updates += sum(1 for _, line, _ in items if line["action"] == "update")
        progress.set_result(sent=sync.jumlah_data, updates=updates)
        progress.advance(len(items))
    if len(pending) >= BULK_ROWS:
        # The payroll history just grew by as many lines: statistics now (server/core/analyze.py).
        analyze(PayrollSyncLine)
    return {
        "sync_code": sync.sync_code,
        "sent": sync.jumlah_data,
        "updates": updates,
        "message": messages.PAYROLL_DONE.format(count=sync.jumlah_data, code=sync.sync_code),
    }
