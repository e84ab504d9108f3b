"""What a check-in log's answers show beyond its columns: its times in the placement's local time
(README "Time zones"), who decided it, the day it counts for and how late it was. Below the selectors
and the row serializers (server/attendance/serializers.py), which both read them."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

from server.attendance.engine import effective_date, shift_day
from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.core import clock
from server.core.clock import zone
from server.schedules.rules import working_shift
from server.workforce.models import ManPower

SYSTEM_NAME = "sistem"


def placement_zone(man_power: ManPower | None) -> ZoneInfo:
    """Local time of a placement: logs are shown in the time of the place they were made."""
    return zone(man_power.timezone if man_power is not None else None)


def local_datetime_text(moment: datetime | None, man_power: ManPower | None) -> str:
    if moment is None:
        return ""
    return moment.astimezone(placement_zone(man_power)).strftime("%Y-%m-%d %H:%M:%S")


def local_time_text(moment: datetime | None, man_power: ManPower | None) -> str:
    if moment is None:
        return ""
    return moment.astimezone(placement_zone(man_power)).strftime("%H:%M:%S")


def time_text(value: time | None) -> str:
    return value.strftime("%H:%M:%S") if value is not None else ""


def placement_zone_abbreviation(man_power: ManPower | None) -> str:
    """'WIB', 'WITA' or 'WIT': shown next to every time of a log (README "Time zones")."""
    return clock.zone_abbreviation(man_power.timezone if man_power is not None else None)


def decided_by_name(log: AttendanceLog) -> str:
    """Who decided the log: the approver's name, 'sistem' for an automatic approval, '' while waiting."""
    if log.decided_by_id and log.decided_by is not None:
        return log.decided_by.fullname
    return SYSTEM_NAME if log.status == LogStatus.APPROVED else ""


def log_effective_date(log: AttendanceLog) -> date:
    """The day the log counts for (a check-out after midnight counts for the day before)."""
    return effective_date(attendance_date=log.attendance_date, is_different_day=log.is_different_day)


def late_in_minutes(log: AttendanceLog) -> int:
    """How late a check-in is against its shift (the engine's rule); 0 for check-outs and off days."""
    shift = working_shift(log.shift)
    if log.log_type != LogType.CHECK_IN or shift is None:
        return 0
    tz = placement_zone(log.man_power)
    start = shift_day(shift, log_effective_date(log), tz).start
    minutes = int(log.log_datetime.timestamp()) // 60 - start
    return minutes if minutes > shift.late_in_minutes else 0
