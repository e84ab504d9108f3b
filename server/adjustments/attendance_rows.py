"""The reads of the attendance adjustments (doc2 §2.5, §2.7; doc3 §2.4): the rows to edit (each with
its latest adjustment and payroll sync state), the batch lists and lines, and the adjustment report's
lines. The batch submit is server.adjustments.attendance."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, time
from typing import Any

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound

from server.adjustments import messages as msg
from server.adjustments.models import AttendanceAdjustment, AttendanceAdjustmentLine
from server.adjustments.selection import Selection
from server.attendance.models import AttendanceDay, Keterangan
from server.core import clock
from server.core.chunks import chunks
from server.sync.models import PayrollSyncLine
from server.sync.payroll import (
    DAY_FIELDS,
    GENERATED,
    NOT_GENERATED,
    SYNC_STATUS_CHANGED,
    SYNC_STATUS_DONE,
    SYNC_STATUS_NEW,
    clock_time,
    day_line,
    fingerprint,
    hours,
)
from server.workforce.selectors import employee_columns

LEMBUR_WORKDAY = "Hari Kerja"
LEMBUR_HOLIDAY = "Hari Libur"

KETERANGAN_LABELS = dict(Keterangan.choices)


# What the editable rows read beside the payroll's day fields (server.sync.payroll.DAY_FIELDS).
ROW_FIELDS = ("employee__job_title", "is_holiday")


def _edit_row(day: Mapping[str, Any]) -> dict[str, Any]:
    computed = day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]
    actual = day["actual_overtime_minutes"]
    zone_name = day["man_power__timezone"]
    return {
        "id": f"{day['employee__employee_number_formatted']}_{day['date'].isoformat()}",
        **employee_columns(day),
        "job_title": day["employee__job_title"] or "",
        "date": day["date"].isoformat(),
        "check_in_time": clock_time(day["check_in"], zone_name),
        "check_out_time": clock_time(day["check_out"], zone_name),
        "keterangan": KETERANGAN_LABELS.get(day["keterangan"], day["keterangan"]),
        "lembur_type": LEMBUR_HOLIDAY if day["is_holiday"] or day["is_shift_off"] else LEMBUR_WORKDAY,
        "lembur_workday": hours(computed),
        "lembur_aktual": hours(computed if actual is None else actual),
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


DAY_ROW_FIELDS = (*DAY_FIELDS, *ROW_FIELDS)


def adjustment_rows(selection: Selection) -> list[dict[str, Any]]:
    """The editable rows of /adjustment/attendance/edit (doc2 §2.5), by employee number then date.

    doc3 §7.1 names this call for the adjustment report too, so each row also carries the report row's
    links and states (doc3 §3): the latest batch that adjusted the day (`adjustment_id`, '' if none), the
    payroll sync holding it (`sync_id`, '' if never sent), `sync_status` and `generated_status`."""
    ids = selection.employee_ids()
    start_date, end_date = selection.start_date, selection.end_date
    rows: list[dict[str, Any]] = []
    for chunk in chunks(ids, 500):
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


# --- reads ----------------------------------------------------------------------------------------


def attendance_adjustments(
    *, month: int | None = None, year: int | None = None
) -> QuerySet[AttendanceAdjustment]:
    queryset = AttendanceAdjustment.objects.select_related("creator").order_by("-created", "-pk")
    if month is not None and year is not None:
        queryset = queryset.filter(created__year=year, created__month=month)
    return queryset


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


def _line_day(
    line: Mapping[str, Any], days: Mapping[tuple[int, date], dict[str, Any]]
) -> tuple[dict[str, Any] | None, str | None, int]:
    """The computed day an adjustment line is about (None when there is none), its placement's zone and
    its computed overtime minutes (workday + holiday; 0 without a day)."""
    day = days.get((line["employee_id"], line["date"]))
    if day is None:
        return None, None, 0
    return day, day["man_power__timezone"], day["overtime_workday_minutes"] + day["overtime_holiday_minutes"]


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
        day, zone_name, computed = _line_day(line, days)
        out.append(
            {
                "id": line["pk"],
                **employee_columns(line, man_power="employee__man_power__name"),
                "job_title": line["employee__job_title"] or "",
                "date": line["date"].isoformat(),
                "check_in_time": clock_time(day["check_in"], zone_name) if day else "",
                "check_out_time": clock_time(day["check_out"], zone_name) if day else "",
                "keterangan": KETERANGAN_LABELS.get(day["keterangan"], day["keterangan"]) if day else "",
                "lembur_workday": hours(computed),
                "lembur_aktual": hours(line["actual_overtime_minutes"]),
                "lembur_aktual_sebelum": (
                    None
                    if line["previous_actual_overtime_minutes"] is None
                    else hours(line["previous_actual_overtime_minutes"])
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
    for chunk in chunks(ids, 500):
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
            day, zone_name, computed = _line_day(line, days)
            state = states.get((line["employee_id"], line["date"]))
            sync_status = _sync_status(day, state)
            out.append(
                {
                    "id": line["pk"],
                    **employee_columns(line, man_power="employee__man_power__name"),
                    "date": line["date"],
                    "check_in_time": _clock(day["check_in"], zone_name) if day else None,
                    "check_out_time": _clock(day["check_out"], zone_name) if day else None,
                    "lembur_workday": hours(computed),
                    "lembur_aktual": hours(line["actual_overtime_minutes"]),
                    "is_valid": int(line["is_valid"]),
                    "sync_status": sync_status,
                    "generated_status": GENERATED if day and day["is_closed"] else NOT_GENERATED,
                    "adjustment_id": line["adjustment__form_number"],
                    "sync_id": state[0] if state else "",
                    "is_shift_off": int(day["is_shift_off"]) if day else 0,
                }
            )
    return out
