"""The import (all or nothing): the upload record, its lines, the attendance written as
manual-approved logs (and an approved sick izin for 'sakit'), AttendanceDay recomputed by the engine,
the actual overtime set on the days, all in one transaction; the dashboard told after commit."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TypeVar

from django.db import connection, models, transaction

from server.accounts.models import User
from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus, LogType
from server.attendance.topics import DASHBOARD_TOPIC
from server.core import clock
from server.core.clock import zone
from server.izin.models import IzinCode, IzinRequest, IzinStatus, IzinType
from server.realtime.publish import publish
from server.uploads.models import ManualUpload, ManualUploadLine, UploadCode
from server.uploads.reader import UploadTarget
from server.uploads.validation import UploadRow

BATCH = 2000
COPY_THRESHOLD = 200
NOTE = "Unggah manual {form_number}"

M = TypeVar("M", bound=models.Model)


def _bulk_insert(objects: list[M]) -> None:
    """Insert and give each object its pk. On PostgreSQL, many rows go through COPY with ids
    reserved from the table's sequence (Django's bulk_create spends most of its time preparing
    each field of each row); otherwise bulk_create."""
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql" or len(objects) < COPY_THRESHOLD:
        model._default_manager.bulk_create(objects, batch_size=BATCH)
        return
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.primary_key]
    now = clock.now()
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in [opts.pk, *fields])
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [opts.db_table, opts.pk.column, len(objects)],
        )
        ids = [row[0] for row in cursor.fetchall()]
        stamped = [
            f.attname for f in fields if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False)
        ]
        with cursor.cursor.copy(f"COPY {quote(opts.db_table)} ({columns}) FROM STDIN") as copy:
            for pk, obj in zip(ids, objects, strict=True):
                obj.pk = pk
                for name in stamped:
                    setattr(obj, name, now)
                copy.write_row((pk, *(getattr(obj, f.attname) for f in fields)))


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

        logs: list[AttendanceLog] = []
        sick: list[IzinRequest] = []
        present = [r for r in rows if r.code != UploadCode.SAKIT]
        sick_type = None
        if any(r.code == UploadCode.SAKIT for r in rows):
            sick_type, _ = IzinType.objects.get_or_create(code=IzinCode.SAKIT, defaults={"name": "Sakit"})

        def log(row: UploadRow, log_type: str, when: datetime) -> AttendanceLog:
            return AttendanceLog(
                employee_id=row.employee_id,
                log_type=log_type,
                log_datetime=when,
                log_date=when.astimezone(tz).date(),
                attendance_date=row.day,
                latitude=man_power.latitude,
                longitude=man_power.longitude,
                distance=0,
                is_valid_location=True,
                man_power=man_power,
                man_power_type=man_power.type,
                fr_accuracy=Decimal("0"),
                fr_is_match=False,
                shift=row.shift,
                is_valid_shift=True,
                note=note,
                status=LogStatus.MANUAL_APPROVED,
                decided_by=user,
                decided_at=now,
            )

        for row in present:
            assert row.check_in is not None and row.check_out is not None
            came = datetime.combine(row.day, row.check_in, tzinfo=tz)
            left_day = row.day + timedelta(days=1) if row.crosses_midnight else row.day
            left = datetime.combine(left_day, row.check_out, tzinfo=tz)
            logs.append(log(row, LogType.CHECK_IN, came))
            logs.append(log(row, LogType.CHECK_OUT, left))
        _bulk_insert(logs)
        progress(len(rows) // 4)
        for row in rows:
            if row.code == UploadCode.SAKIT:
                sick.append(
                    IzinRequest(
                        employee_id=row.employee_id,
                        izin_type=sick_type,
                        start_date=row.day,
                        end_date=row.day,
                        total_days=1,
                        description=note,
                        status=IzinStatus.APPROVED,
                        decided_by=user,
                        decided_at=now,
                    )
                )
        IzinRequest.objects.bulk_create(sick, batch_size=BATCH)

        lines: list[ManualUploadLine] = []
        log_at = iter(logs)
        sick_at = iter(sick)
        for row in rows:
            line = ManualUploadLine(
                upload=upload,
                employee_id=row.employee_id,
                date=row.day,
                row_number=row.number,
                check_in=row.check_in,
                check_out=row.check_out,
                code=row.code,
                lembur_aktual=row.lembur,
            )
            if row.code == UploadCode.SAKIT:
                line.izin_id = next(sick_at).pk
            else:
                line.check_in_log_id = next(log_at).pk
                line.check_out_log_id = next(log_at).pk
            lines.append(line)
        _bulk_insert(lines)
        progress(len(rows) // 4)

        employee_ids = sorted({r.employee_id for r in rows})
        first, last = min(r.day for r in rows), max(r.day for r in rows)
        attendance_days_recompute_range(employee_ids=employee_ids, start=first, end=last)
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
                for i in range(0, len(pks), BATCH):
                    AttendanceDay.objects.filter(pk__in=pks[i : i + BATCH]).update(
                        actual_overtime_minutes=minutes
                    )
        progress(len(rows) - 3 * (len(rows) // 4))
        publish(DASHBOARD_TOPIC, "changed", {"reason": "manual_upload"})
    return upload
