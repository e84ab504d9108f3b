"""Attendance adjustments (doc2 §2.4-2.7, §4): the batch submit (the rows to edit, the batch lists
and the adjustment report are read in server.adjustments.attendance_rows).

A submitted batch is all or nothing: every line is checked first (employee known, a date that is not
in the future of the employee's placement, an attendance day there, 0 <= actual overtime <= 24 hours,
validity and standby 0/1, no line twice) and any failure answers 422 with every failing line in
`errors` and writes nothing. The lines then set the days' actual overtime, validity (marked as
overridden, so the engine keeps it) and standby, and the days are recomputed, in one transaction.

Re-submitting is harmless: the values are absolute, so applying them again changes nothing; a batch
whose lines equal an earlier batch's and change no day is not recorded again (the earlier form number
is answered).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.adjustments import messages as msg
from server.adjustments.models import AttendanceAdjustment, AttendanceAdjustmentLine
from server.attendance.models import AttendanceDay
from server.audit.services import audit_record
from server.core import clock
from server.core.days_changed import counts_changed, days_changed
from server.core.envelope import Unprocessable
from server.workforce.models import Employee

MAX_LINES = 5000
MAX_OVERTIME_HOURS = 24
REASON = "attendance_adjustment"


# --- submit ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    employee_id: int
    date: date
    minutes: int
    is_valid: bool
    standby: bool


def _bit(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value if value is not None else "").strip().lower()
    if text in {"1", "true"}:
        return True
    if text in {"0", "false"}:
        return False
    return None


def _minutes(value: Any) -> tuple[int | None, str | None]:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None, msg.LINE_OVERTIME_REQUIRED
    if isinstance(value, bool):
        return None, msg.LINE_OVERTIME_REQUIRED
    try:
        hours = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        return None, msg.LINE_OVERTIME_REQUIRED
    if not hours.is_finite():
        return None, msg.LINE_OVERTIME_REQUIRED
    if hours < 0:
        return None, msg.LINE_OVERTIME_MIN
    if hours > MAX_OVERTIME_HOURS:
        return None, msg.LINE_OVERTIME_MAX
    return int((hours * 60).to_integral_value()), None


def _parse_lines(raw: Any) -> list[Line]:
    """Validate every line; 422 listing every bad one (nothing is written then)."""
    items = raw.get("data", raw.get("lines")) if isinstance(raw, Mapping) else raw
    if not isinstance(items, list) or not items:
        raise Unprocessable(msg.LINES_REQUIRED, errors={"lines": [msg.LINES_REQUIRED]})
    if len(items) > MAX_LINES:
        text = msg.LINES_TOO_MANY.format(limit=MAX_LINES)
        raise Unprocessable(text, errors={"lines": [text]})
    numbers = {
        str(item.get("employee_number_formatted") or "").strip()
        for item in items
        if isinstance(item, Mapping)
    }
    # A number holding a NUL character names no employee (and PostgreSQL text cannot hold one).
    numbers = {number for number in numbers if "\x00" not in number}
    employees: dict[str, tuple[int, str | None]] = {}
    found = Employee.objects.filter(employee_number_formatted__in=numbers).values_list(
        "employee_number_formatted", "pk", "man_power__timezone"
    )
    for number, pk, zone_name in found:
        employees[number] = (pk, zone_name)
    todays: dict[str | None, date] = {}
    errors: dict[str, list[str]] = {}
    lines: list[Line] = []
    seen: set[tuple[int, date]] = set()
    wanted: list[tuple[int, Line, str, str]] = []
    for index, item in enumerate(items):
        item = item if isinstance(item, Mapping) else {}
        number = str(item.get("employee_number_formatted") or "").strip()
        day_text = str(item.get("date") or "").strip()
        reasons: list[str] = []
        employee = employees.get(number)
        if not number:
            reasons.append(msg.LINE_EMPLOYEE_REQUIRED)
        elif employee is None:
            reasons.append(msg.LINE_EMPLOYEE_UNKNOWN)
        day: date | None
        try:
            day = date.fromisoformat(day_text)
        except ValueError:
            day = None
            reasons.append(msg.LINE_DATE_INVALID)
        if day is not None and employee is not None:
            zone_key = employee[1]
            if zone_key not in todays:
                todays[zone_key] = clock.localdate(zone_key)
            if day > todays[zone_key]:
                reasons.append(msg.LINE_DATE_FUTURE)
            elif (employee[0], day) in seen:
                reasons.append(msg.LINE_DUPLICATE)
        minutes, problem = _minutes(item.get("lembur_aktual"))
        if problem:
            reasons.append(problem)
        is_valid = _bit(item.get("is_valid"))
        if is_valid is None:
            reasons.append(msg.LINE_VALID_INVALID)
        standby = _bit(item.get("standby", 0))
        if standby is None:
            reasons.append(msg.LINE_STANDBY_INVALID)
        if reasons:
            errors[f"lines.{index}"] = [
                msg.LINE_PREFIX.format(row=index + 1, number=number or "-", date=day_text or "-", reason=r)
                for r in reasons
            ]
            continue
        assert employee is not None and day is not None and minutes is not None
        assert is_valid is not None and standby is not None
        seen.add((employee[0], day))
        line = Line(employee[0], day, minutes, is_valid, standby)
        lines.append(line)
        wanted.append((index, line, number, day_text))
    if not errors:
        pairs = {(line.employee_id, line.date) for line in lines}
        existing = set(
            AttendanceDay.objects.filter(
                employee_id__in={p[0] for p in pairs}, date__in={p[1] for p in pairs}
            ).values_list("employee_id", "date")
        )
        for index, line, number, day_text in wanted:
            if (line.employee_id, line.date) not in existing:
                errors[f"lines.{index}"] = [
                    msg.LINE_PREFIX.format(
                        row=index + 1, number=number, date=day_text, reason=msg.LINE_NO_DAY
                    )
                ]
    if errors:
        text = msg.LINES_INVALID.format(count=len(errors))
        raise Unprocessable(text, errors=errors)
    return lines


def _fingerprint(lines: Sequence[Line]) -> str:
    canonical = sorted(
        (line.employee_id, line.date.isoformat(), line.minutes, line.is_valid, line.standby) for line in lines
    )
    return hashlib.sha256(json.dumps(canonical).encode()).hexdigest()


@dataclass(frozen=True)
class SubmitResult:
    adjustment: AttendanceAdjustment
    created: bool
    changed: int


def attendance_adjustment_submit(*, creator: User | None, lines_data: Any) -> SubmitResult:
    lines = _parse_lines(lines_data)
    print_ = _fingerprint(lines)
    employee_ids = sorted({line.employee_id for line in lines})
    dates = sorted({line.date for line in lines})
    with transaction.atomic():
        list(
            Employee.objects.select_for_update().filter(pk__in=employee_ids).order_by("pk").values_list("pk")
        )
        rows = {
            (day.employee_id, day.date): day
            for day in AttendanceDay.objects.select_for_update(of=("self",))
            .filter(employee_id__in=employee_ids, date__in=dates)
            .select_related("man_power")
        }
        changed_rows: list[AttendanceDay] = []
        for line in lines:
            day = rows[(line.employee_id, line.date)]
            if (
                day.actual_overtime_minutes != line.minutes
                or day.is_valid != line.is_valid
                or not day.validity_overridden
                or day.standby != line.standby
            ):
                changed_rows.append(day)
        if not changed_rows:
            earlier = (
                AttendanceAdjustment.objects.filter(fingerprint=print_).order_by("-created", "-pk").first()
            )
            if earlier is not None:
                return SubmitResult(earlier, created=False, changed=0)
        placements = [rows[(line.employee_id, line.date)].man_power for line in lines]
        names = Counter(mp.name for mp in placements if mp is not None)
        adjustment = AttendanceAdjustment.objects.create(
            form_number=f"tmp-{secrets.token_hex(8)}",
            start_date=dates[0],
            end_date=dates[-1],
            adjustment_total=len(lines),
            man_power_name=names.most_common(1)[0][0] if names else "",
            fingerprint=print_,
            creator=creator,
        )
        adjustment.form_number = f"PK{timezone.localdate():%Y%m%d}-{adjustment.pk:05d}"
        adjustment.save(update_fields=["form_number"])
        records: list[AttendanceAdjustmentLine] = []
        for line in lines:
            day = rows[(line.employee_id, line.date)]
            records.append(
                AttendanceAdjustmentLine(
                    adjustment=adjustment,
                    employee_id=line.employee_id,
                    date=line.date,
                    actual_overtime_minutes=line.minutes,
                    is_valid=line.is_valid,
                    standby=line.standby,
                    previous_actual_overtime_minutes=day.actual_overtime_minutes,
                    previous_is_valid=day.is_valid,
                    previous_standby=day.standby,
                )
            )
            day.actual_overtime_minutes = line.minutes
            day.is_valid = line.is_valid
            day.validity_overridden = True
            day.standby = line.standby
        AttendanceAdjustmentLine.objects.bulk_create(records, batch_size=2000)
        AttendanceDay.objects.bulk_update(
            list(rows.values()),
            ["actual_overtime_minutes", "is_valid", "validity_overridden", "standby"],
            batch_size=2000,
        )
        days_changed(employee_ids=employee_ids, dates=dates, reason=REASON)
        audit_record(
            action="create",
            object_type="attendance_adjustment",
            object_id=adjustment.hash_id,
            object_label=adjustment.form_number,
            after={
                "start_date": adjustment.start_date,
                "end_date": adjustment.end_date,
                "adjustment_total": len(lines),
                "changed_days": len(changed_rows),
                "man_power_name": adjustment.man_power_name,
            },
            actor=creator,
        )
        counts_changed(reason=REASON)
    return SubmitResult(adjustment, created=True, changed=len(changed_rows))
