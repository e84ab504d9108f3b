"""Attendance adjustments (doc2 §2.4-2.7, §4): the rows to edit, the batch submit, the batch lists,
and the adjustment report (doc3 §2.4).

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from rest_framework.exceptions import NotFound

from server.accounts.models import User
from server.adjustments import messages as msg
from server.adjustments.models import AttendanceAdjustment, AttendanceAdjustmentLine
from server.adjustments.selection import Selection
from server.attendance.days import attendance_days_recompute
from server.attendance.models import AttendanceDay, Keterangan
from server.audit.services import audit_record
from server.core import clock
from server.core.envelope import Unprocessable
from server.dashboard.topics import DASHBOARD_TOPIC
from server.realtime.publish import publish
from server.sync.models import PayrollSyncLine
from server.sync.payroll import (
    DAY_FIELDS,
    GENERATED,
    NOT_GENERATED,
    SYNC_STATUS_CHANGED,
    SYNC_STATUS_DONE,
    SYNC_STATUS_NEW,
    day_line,
    fingerprint,
)
from server.workforce.models import Employee

MAX_LINES = 5000
MAX_OVERTIME_HOURS = 24
REASON = "attendance_adjustment"
LEMBUR_WORKDAY = "Hari Kerja"
LEMBUR_HOLIDAY = "Hari Libur"


KETERANGAN_LABELS = dict(Keterangan.choices)


def _time(moment: datetime | None, zone_name: str | None) -> str:
    return moment.astimezone(clock.zone(zone_name)).strftime("%H:%M:%S") if moment else ""


def _hours(minutes: int | None) -> float:
    return round((minutes or 0) / 60, 2)


ROW_FIELDS = (
    "pk",
    "employee_id",
    "date",
    "employee__employee_number_formatted",
    "employee__name",
    "employee__job_title",
    "man_power__name",
    "man_power__timezone",
    "employee__man_power_team__name",
    "employee__man_power_group__name",
    "check_in",
    "check_out",
    "keterangan",
    "is_holiday",
    "is_shift_off",
    "overtime_workday_minutes",
    "overtime_holiday_minutes",
    "actual_overtime_minutes",
    "is_valid",
    "standby",
)


def _edit_row(day: Mapping[str, Any]) -> dict[str, Any]:
    computed = day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]
    actual = day["actual_overtime_minutes"]
    zone_name = day["man_power__timezone"]
    return {
        "id": f"{day['employee__employee_number_formatted']}_{day['date'].isoformat()}",
        "employee_number_formatted": day["employee__employee_number_formatted"],
        "employee_name": day["employee__name"],
        "job_title": day["employee__job_title"] or "",
        "man_power_name": day["man_power__name"] or "",
        "man_power_team_name": day["employee__man_power_team__name"] or "",
        "man_power_group_name": day["employee__man_power_group__name"] or "",
        "date": day["date"].isoformat(),
        "check_in_time": _time(day["check_in"], zone_name),
        "check_out_time": _time(day["check_out"], zone_name),
        "keterangan": KETERANGAN_LABELS.get(day["keterangan"], day["keterangan"]),
        "lembur_type": LEMBUR_HOLIDAY if day["is_holiday"] or day["is_shift_off"] else LEMBUR_WORKDAY,
        "lembur_workday": _hours(computed),
        "lembur_aktual": _hours(computed if actual is None else actual),
        "is_valid": int(day["is_valid"]),
        "standby": int(day["standby"]),
        "is_shift_off": int(day["is_shift_off"]),
    }


def _sync_status(day: dict[str, Any] | None, state: tuple[str, str] | None) -> str:
    """Belum Sync (never sent), Sudah Sync (the payroll holds what the day says now) or the changed
    status (sent, but the day changed since)."""
    if state is None:
        return SYNC_STATUS_NEW
    if day is None:
        return SYNC_STATUS_DONE
    return SYNC_STATUS_DONE if state[1] == fingerprint(day_line(day)) else SYNC_STATUS_CHANGED


def _sync_states(chunk: Sequence[int], start: date, end: date) -> dict[tuple[int, date], tuple[str, str]]:
    """(employee, date) -> (sync code, fingerprint) of the line the payroll application holds now."""
    return {
        (e, d): (code, print_)
        for e, d, code, print_ in PayrollSyncLine.objects.filter(
            employee_id__in=chunk, date__gte=start, date__lte=end, is_current=True
        ).values_list("employee_id", "date", "sync__sync_code", "fingerprint")
    }


def _latest_adjustments(chunk: Sequence[int], start: date, end: date) -> dict[tuple[int, date], str]:
    """(employee, date) -> form number of the latest batch that adjusted that day."""
    latest: dict[tuple[int, date], str] = {}
    for e, d, form_number in (
        AttendanceAdjustmentLine.objects.filter(employee_id__in=chunk, date__gte=start, date__lte=end)
        .order_by("adjustment__created", "pk")
        .values_list("employee_id", "date", "adjustment__form_number")
    ):
        latest[(e, d)] = form_number
    return latest


DAY_ROW_FIELDS = tuple(dict.fromkeys((*ROW_FIELDS, *DAY_FIELDS)))


def adjustment_rows(selection: Selection) -> list[dict[str, Any]]:
    """The editable rows of /adjustment/attendance/edit (doc2 §2.5), by employee number then date.

    doc3 §7.1 names this call for the adjustment report too, so each row also carries the report row's
    links and states (doc3 §3): the latest batch that adjusted the day (`adjustment_id`, '' if none), the
    payroll sync holding it (`sync_id`, '' if never sent), `sync_status` and `generated_status`."""
    ids = selection.employee_ids()
    start_date, end_date = selection.start_date, selection.end_date
    rows: list[dict[str, Any]] = []
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        days = (
            AttendanceDay.objects.filter(employee_id__in=chunk, date__gte=start_date, date__lte=end_date)
            .order_by("employee__employee_number_formatted", "date")
            .values(*DAY_ROW_FIELDS)
        )
        adjusted = _latest_adjustments(chunk, start_date, end_date)
        states = _sync_states(chunk, start_date, end_date)
        for day in days:
            key = (day["employee_id"], day["date"])
            state = states.get(key)
            row = _edit_row(day)
            row["adjustment_id"] = adjusted.get(key, "")
            row["sync_id"] = state[0] if state else ""
            row["sync_status"] = _sync_status(day, state)
            row["generated_status"] = GENERATED if day["is_closed"] else NOT_GENERATED
            rows.append(row)
    return rows


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
        attendance_days_recompute(employee_ids=employee_ids, dates=dates)
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
        publish(DASHBOARD_TOPIC, "changed", {"reason": REASON})
    return SubmitResult(adjustment, created=True, changed=len(changed_rows))


# --- reads ----------------------------------------------------------------------------------------


def attendance_adjustments(
    *, month: int | None = None, year: int | None = None
) -> QuerySet[AttendanceAdjustment]:
    queryset = AttendanceAdjustment.objects.select_related("creator").order_by("-created", "-pk")
    if month is not None and year is not None:
        queryset = queryset.filter(created__year=year, created__month=month)
    return queryset


def batch_row(batch: AttendanceAdjustment) -> dict[str, Any]:
    return {
        "id": batch.hash_id,
        "form_number": batch.form_number,
        "created_date": timezone.localtime(batch.created).strftime("%Y-%m-%d %H:%M:%S"),
        "creator": batch.creator.fullname if batch.creator is not None else "",
        "adjustment_total": batch.adjustment_total,
        "man_power": batch.man_power_name,
        "start_date": batch.start_date.isoformat(),
        "end_date": batch.end_date.isoformat(),
    }


def attendance_adjustment_get(*, form_number: str) -> AttendanceAdjustment:
    found = attendance_adjustments().filter(form_number=form_number).first()
    if found is None:
        raise NotFound(msg.ADJUSTMENT_NOT_FOUND)
    return found


LINE_FIELDS = (
    "pk",
    "employee_id",
    "date",
    "employee__employee_number_formatted",
    "employee__name",
    "employee__job_title",
    "employee__man_power__name",
    "employee__man_power_team__name",
    "employee__man_power_group__name",
    "actual_overtime_minutes",
    "is_valid",
    "standby",
    "previous_actual_overtime_minutes",
    "previous_is_valid",
    "previous_standby",
    "adjustment__form_number",
)


def _days_for(pairs: Iterable[tuple[int, date]]) -> dict[tuple[int, date], dict[str, Any]]:
    pairs = set(pairs)
    if not pairs:
        return {}
    rows = AttendanceDay.objects.filter(
        employee_id__in={p[0] for p in pairs}, date__in={p[1] for p in pairs}
    ).values(*DAY_FIELDS)
    return {(r["employee_id"], r["date"]): r for r in rows if (r["employee_id"], r["date"]) in pairs}


def batch_lines(batch: AttendanceAdjustment) -> list[dict[str, Any]]:
    """The read-only lines of /adjustment/attendance/detail/{form_number} (doc2 §2.7)."""
    lines = list(
        AttendanceAdjustmentLine.objects.filter(adjustment=batch)
        .order_by("employee__employee_number_formatted", "date")
        .values(*LINE_FIELDS)
    )
    days = _days_for((line["employee_id"], line["date"]) for line in lines)
    out: list[dict[str, Any]] = []
    for line in lines:
        day = days.get((line["employee_id"], line["date"]))
        zone_name = day["man_power__timezone"] if day else None
        computed = (day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]) if day else 0
        out.append(
            {
                "id": line["pk"],
                "employee_number_formatted": line["employee__employee_number_formatted"],
                "employee_name": line["employee__name"],
                "job_title": line["employee__job_title"] or "",
                "man_power_name": line["employee__man_power__name"] or "",
                "man_power_team_name": line["employee__man_power_team__name"] or "",
                "man_power_group_name": line["employee__man_power_group__name"] or "",
                "date": line["date"].isoformat(),
                "check_in_time": _time(day["check_in"], zone_name) if day else "",
                "check_out_time": _time(day["check_out"], zone_name) if day else "",
                "keterangan": KETERANGAN_LABELS.get(day["keterangan"], day["keterangan"]) if day else "",
                "lembur_workday": _hours(computed),
                "lembur_aktual": _hours(line["actual_overtime_minutes"]),
                "lembur_aktual_sebelum": (
                    None
                    if line["previous_actual_overtime_minutes"] is None
                    else _hours(line["previous_actual_overtime_minutes"])
                ),
                "is_valid": int(line["is_valid"]),
                "is_valid_sebelum": int(line["previous_is_valid"]),
                "standby": int(line["standby"]),
                "is_shift_off": int(day["is_shift_off"]) if day else 0,
            }
        )
    return out


def adjustment_report_rows(selection: Selection) -> list[dict[str, Any]]:
    """doc3 §2.4 / §3: one row per adjustment line of the selection's days (every batch's lines), the
    date and the check-in/out times as text (YYYY-MM-DD, HH:MM:SS; '' when missing)."""
    return [
        {
            **row,
            "date": row["date"].isoformat(),
            "check_in_time": _clock_text(row["check_in_time"]),
            "check_out_time": _clock_text(row["check_out_time"]),
        }
        for row in adjustment_report_lines(selection)
    ]


def _clock(moment: datetime | None, zone_name: str | None) -> time | None:
    return moment.astimezone(clock.zone(zone_name)).time().replace(microsecond=0) if moment else None


def _clock_text(value: time | None) -> str:
    return value.strftime("%H:%M:%S") if value is not None else ""


def adjustment_report_lines(selection: Selection) -> list[dict[str, Any]]:
    """The rows of `adjustment_report_rows` typed for the download (server.core.spreadsheets): the date,
    the check-in/out clock times in the placement's zone (None when missing)."""
    ids = selection.employee_ids()
    out: list[dict[str, Any]] = []
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        lines = list(
            AttendanceAdjustmentLine.objects.filter(
                employee_id__in=chunk, date__gte=selection.start_date, date__lte=selection.end_date
            )
            .order_by("employee__employee_number_formatted", "date", "adjustment__created", "pk")
            .values(*LINE_FIELDS)
        )
        days = _days_for((line["employee_id"], line["date"]) for line in lines)
        states = _sync_states(chunk, selection.start_date, selection.end_date)
        for line in lines:
            key = (line["employee_id"], line["date"])
            day = days.get(key)
            state = states.get(key)
            sync_status = _sync_status(day, state)
            zone_name = day["man_power__timezone"] if day else None
            computed = (day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]) if day else 0
            out.append(
                {
                    "id": line["pk"],
                    "employee_number_formatted": line["employee__employee_number_formatted"],
                    "employee_name": line["employee__name"],
                    "man_power_name": line["employee__man_power__name"] or "",
                    "man_power_group_name": line["employee__man_power_group__name"] or "",
                    "man_power_team_name": line["employee__man_power_team__name"] or "",
                    "date": line["date"],
                    "check_in_time": _clock(day["check_in"], zone_name) if day else None,
                    "check_out_time": _clock(day["check_out"], zone_name) if day else None,
                    "lembur_workday": _hours(computed),
                    "lembur_aktual": _hours(line["actual_overtime_minutes"]),
                    "is_valid": int(line["is_valid"]),
                    "sync_status": sync_status,
                    "generated_status": GENERATED if day and day["is_closed"] else NOT_GENERATED,
                    "adjustment_id": line["adjustment__form_number"],
                    "sync_id": state[0] if state else "",
                    "is_shift_off": int(day["is_shift_off"]) if day else 0,
                }
            )
    return out
