"""Reads of the employee's own attendance (the mobile app): today's work day and a month's computed days,
each with the logs counted for it."""

from __future__ import annotations

from calendar import monthrange
from datetime import date
from typing import Any

from django.db.models import QuerySet

from server.attendance.engine import employee_zone
from server.attendance.log_fields import local_datetime_text, local_time_text, time_text
from server.attendance.models import AttendanceDay, AttendanceLog
from server.core import clock
from server.core.files import employee_viewer, signed_file_url
from server.schedules.models import Shift
from server.schedules.rules import shift_for
from server.workforce.models import Employee


def employee_local_today(employee: Employee) -> date:
    return clock.now().astimezone(employee_zone(employee)).date()


def own_log_data(log: AttendanceLog) -> dict[str, Any]:
    """A log as its employee sees it in the app."""
    return {
        "hash_id": log.hash_id,
        "log_type": log.log_type,
        "log_datetime": local_datetime_text(log.log_datetime, log.man_power),
        "attendance_date": log.attendance_date.isoformat(),
        "status": log.status,
        "is_valid_location": log.is_valid_location,
        "distance": log.distance,
        "fr_accuracy": float(log.fr_accuracy),
        "fr_is_match": log.fr_is_match,
        "is_valid_shift": log.is_valid_shift,
        "note": log.note,
        "rejected_note": log.rejected_note,
        "photo_url": signed_file_url(log.photo, viewer=employee_viewer(log.employee)),
    }


def shift_data(shift: Shift | None) -> dict[str, Any] | None:
    if shift is None:
        return None
    return {
        "code": shift.code,
        "name": shift.name,
        "type": shift.type,
        "time_in": time_text(shift.time_in),
        "time_out": time_text(shift.time_out),
        "break_start": time_text(shift.break_start),
        "break_end": time_text(shift.break_end),
        "late_in_minutes": shift.late_in_minutes,
        "early_out_minutes": shift.early_out_minutes,
    }


def day_summary(day: AttendanceDay) -> dict[str, Any]:
    return {
        "date": day.date.isoformat(),
        "keterangan": day.keterangan,
        "is_working_day": day.is_working_day,
        "is_holiday": day.is_holiday,
        "is_shift_off": day.is_shift_off,
        "check_in": local_time_text(day.check_in, day.man_power),
        "check_out": local_time_text(day.check_out, day.man_power),
        "late_minutes": day.late_minutes,
        "early_out_minutes": day.early_out_minutes,
        "working_minutes": day.working_minutes,
        "overtime_workday_minutes": day.overtime_workday_minutes,
        "overtime_holiday_minutes": day.overtime_holiday_minutes,
        "is_valid": day.is_valid,
        "shift": shift_data(day.shift),
    }


def _uncomputed_day(day: date) -> dict[str, Any]:
    return {
        "date": day.isoformat(),
        "keterangan": "",
        "is_working_day": False,
        "is_holiday": False,
        "is_shift_off": False,
        "check_in": "",
        "check_out": "",
        "late_minutes": 0,
        "early_out_minutes": 0,
        "working_minutes": 0,
        "overtime_workday_minutes": 0,
        "overtime_holiday_minutes": 0,
        "is_valid": True,
        "shift": None,
    }


def _own_logs(employee: Employee) -> QuerySet[AttendanceLog]:
    return (
        AttendanceLog.objects.filter(employee=employee).select_related("man_power").order_by("log_datetime")
    )


def attendance_today(*, employee: Employee, today: date) -> dict[str, Any]:
    """The employee's work day `today`: its shift, the computed day (None before anything is known)
    and the logs counted for it."""
    day = (
        AttendanceDay.objects.select_related("shift", "man_power")
        .filter(employee=employee, date=today)
        .first()
    )
    logs = _own_logs(employee).filter(attendance_date=today)
    shift = day.shift if day is not None else shift_for(pattern=employee.shift_pattern, day=today)
    return {
        "date": today.isoformat(),
        "shift": shift_data(shift),
        "day": day_summary(day) if day is not None else None,
        "logs": [own_log_data(log) for log in logs],
    }


def attendance_history(*, employee: Employee, year: int, month: int) -> list[dict[str, Any]]:
    """The employee's computed days of one month, each with the logs counted for it."""
    first, last = date(year, month, 1), date(year, month, monthrange(year, month)[1])
    days = AttendanceDay.objects.select_related("shift", "man_power").filter(
        employee=employee, date__range=(first, last)
    )
    logs_by_date: dict[date, list[dict[str, Any]]] = {}
    for log in _own_logs(employee).filter(attendance_date__range=(first, last)):
        logs_by_date.setdefault(log.attendance_date, []).append(own_log_data(log))
    rows = []
    for day in days.order_by("date"):
        rows.append({**day_summary(day), "logs": logs_by_date.pop(day.date, [])})
    # Logs of a day not computed yet still show, so the employee sees every check-in they made.
    for orphan_date, logs in logs_by_date.items():
        rows.append({**_uncomputed_day(orphan_date), "logs": logs})
    rows.sort(key=lambda row: row["date"])
    return rows
