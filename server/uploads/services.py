"""The import (all or nothing): the upload record, its lines, the attendance written as
manual-approved logs (and an approved sick izin for 'sakit'), AttendanceDay recomputed by the engine,
the actual overtime set on the days, all in one transaction; the dashboard told after commit."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, TypeVar

from django.db import connection, models, transaction

from server.accounts.models import User
from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus, LogType
from server.audit.services import audit_record
from server.core import clock
from server.core.analyze import BULK_ROWS, analyze
from server.core.chunks import chunks
from server.core.clock import zone
from server.core.days_changed import counts_changed, days_changed_range
from server.izin.models import IzinCode, IzinRequest, IzinStatus, IzinType
from server.uploads.models import ManualUpload, ManualUploadLine, UploadCode
from server.uploads.reader import UploadTarget
from server.uploads.validation import UploadRow

# Why the days changed (the dashboard hint's reason).
UPLOAD_REASON = "manual_upload"

BATCH = 2000
COPY_THRESHOLD = 200
NOTE = "Unggah manual {form_number}"

M = TypeVar("M", bound=models.Model)


def _insert_rows(
    model: type[M], common: dict[str, Any], varying: Sequence[str], rows: list[tuple[Any, ...]]
) -> list[int]:
    """Insert one row per tuple of `varying` attnames (the rest from `common` and the fields'
    defaults) and return the new pks in order. On PostgreSQL, many rows go through COPY with ids
    reserved from the table's sequence, with no model instance per row (building 30,000 instances
    cost more than writing them); otherwise bulk_create."""
    if not rows:
        return []
    if connection.vendor != "postgresql" or len(rows) < COPY_THRESHOLD:
        objects = [model(**common, **dict(zip(varying, row, strict=True))) for row in rows]
        model._default_manager.bulk_create(objects, batch_size=BATCH)
        return [obj.pk for obj in objects]
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.primary_key]
    template = model(**common)
    now = clock.now()
    for f in fields:
        if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
            setattr(template, f.attname, now)
    base = [f.get_db_prep_save(getattr(template, f.attname), connection) for f in fields]
    slots = [next(i for i, f in enumerate(fields) if f.attname == name) for name in varying]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in [opts.pk, *fields])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [opts.db_table, opts.pk.column, len(rows)],
        )
        ids = [row[0] for row in cursor.fetchall()]
        with cursor.cursor.copy(f"COPY {quote(opts.db_table)} ({columns}) FROM STDIN") as copy:
            values = list(base)
            for pk, row in zip(ids, rows, strict=True):
                for slot, value in zip(slots, row, strict=True):
                    values[slot] = value
                copy.write_row((pk, *values))
    return ids


def _form_number(upload: ManualUpload) -> str:
    return f"UPL-{clock.localdate():%Y%m%d}-{upload.pk:05d}"


def manual_upload_import(
    *,
    target: UploadTarget,
    rows: list[UploadRow],
    user: User | None,
    job_id: int | None = None,
    progress: Callable[[int], None] = lambda n: None,
) -> ManualUpload:
    """Write every row or nothing. Raises IntegrityError when a day was uploaded meanwhile."""
    man_power = target.man_power
    tz = zone(man_power.timezone)
    now = clock.now()
    with transaction.atomic():
        upload = ManualUpload.objects.create(
            form_number=f"tmp-{now.timestamp()}",
            man_power=man_power,
            start_date=target.start,
            end_date=target.end,
            total_data=len(rows),
            file_name=target.file_name,
            creator=user,
            job_id=job_id,
        )
        upload.form_number = _form_number(upload)
        upload.save(update_fields=["form_number"])
        note = NOTE.format(form_number=upload.form_number)

        present = [r for r in rows if r.code != UploadCode.SAKIT]
        sick_rows = [r for r in rows if r.code == UploadCode.SAKIT]
        log_rows: list[tuple[Any, ...]] = []
        for row in present:
            assert row.check_in is not None and row.check_out is not None
            came = datetime.combine(row.day, row.check_in, tzinfo=tz)
            left_day = row.day + timedelta(days=1) if row.crosses_midnight else row.day
            left = datetime.combine(left_day, row.check_out, tzinfo=tz)
            shift_id = row.shift.pk if row.shift else None
            log_rows.append((row.employee_id, LogType.CHECK_IN, came, came.date(), row.day, shift_id))
            log_rows.append((row.employee_id, LogType.CHECK_OUT, left, left.date(), row.day, shift_id))
        log_ids = _insert_rows(
            AttendanceLog,
            {
                "latitude": man_power.latitude,
                "longitude": man_power.longitude,
                "distance": 0,
                "is_valid_location": True,
                "man_power": man_power,
                "man_power_type": man_power.type,
                "fr_accuracy": Decimal("0"),
                "fr_is_match": False,
                "is_valid_shift": True,
                "note": note,
                "status": LogStatus.MANUAL_APPROVED,
                "decided_by": user,
                "decided_at": now,
            },
            ("employee_id", "log_type", "log_datetime", "log_date", "attendance_date", "shift_id"),
            log_rows,
        )
        progress(len(rows) // 4)
        sick_ids: list[int] = []
        if sick_rows:
            sick_type, _ = IzinType.objects.get_or_create(code=IzinCode.SAKIT, defaults={"name": "Sakit"})
            sick_ids = _insert_rows(
                IzinRequest,
                {
                    "izin_type": sick_type,
                    "total_days": 1,
                    "description": note,
                    "status": IzinStatus.APPROVED,
                    "decided_by": user,
                    "decided_at": now,
                },
                ("employee_id", "start_date", "end_date"),
                [(r.employee_id, r.day, r.day) for r in sick_rows],
            )

        line_rows: list[tuple[Any, ...]] = []
        log_at = iter(log_ids)
        sick_at = iter(sick_ids)
        for row in rows:
            sick = row.code == UploadCode.SAKIT
            line_rows.append(
                (
                    row.employee_id,
                    row.day,
                    row.number,
                    row.check_in,
                    row.check_out,
                    row.code,
                    row.lembur,
                    next(sick_at) if sick else None,
                    None if sick else next(log_at),
                    None if sick else next(log_at),
                )
            )
        _insert_rows(
            ManualUploadLine,
            {"upload": upload},
            (
                "employee_id",
                "date",
                "row_number",
                "check_in",
                "check_out",
                "code",
                "lembur_aktual",
                "izin_id",
                "check_in_log_id",
                "check_out_log_id",
            ),
            line_rows,
        )
        progress(len(rows) // 4)

        employee_ids = sorted({r.employee_id for r in rows})
        first, last = min(r.day for r in rows), max(r.day for r in rows)
        days_changed_range(employee_ids=employee_ids, start=first, end=last, reason=UPLOAD_REASON)
        progress(len(rows) // 4)

        overtime: dict[int, list[tuple[int, object]]] = defaultdict(list)
        for row in rows:
            if row.lembur is not None:
                overtime[int(row.lembur * 60)].append((row.employee_id, row.day))
        if overtime:
            day_pk = {
                (emp, day): pk
                for pk, emp, day in AttendanceDay.objects.filter(
                    employee_id__in=employee_ids, date__range=(first, last)
                ).values_list("pk", "employee_id", "date")
            }
            for minutes, keys in overtime.items():
                pks = [day_pk[k] for k in keys if k in day_pk]
                for batch in chunks(pks, BATCH):
                    AttendanceDay.objects.filter(pk__in=batch).update(actual_overtime_minutes=minutes)
        progress(len(rows) - 3 * (len(rows) // 4))
        audit_record(
            action="upload",
            object_type="manual_upload",
            object_id=upload.hash_id,
            object_label=upload.form_number,
            after={
                "man_power": man_power.name,
                "start_date": target.start,
                "end_date": target.end,
                "file_name": target.file_name,
                "total_data": len(rows),
                "check_ins": len(present),
                "sick": len(sick_rows),
            },
            actor=user,
        )
        counts_changed(reason=UPLOAD_REASON)
        if len(rows) >= BULK_ROWS:
            # After the commit: statistics for the rows this upload filled (server/core/analyze.py).
            analyze(AttendanceLog, IzinRequest, ManualUploadLine, AttendanceDay)
    return upload
