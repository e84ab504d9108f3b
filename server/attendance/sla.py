"""The attendance queue's deadline (server/schedules/sla.py): its waiting check-ins, how an overdue one
is named in an escalation, and the queue's own event when the deadline moves. Registered from
`AttendanceConfig.ready()`."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.attendance.topics import attendance_queue_publish
from server.core import clock
from server.core.flags import MAN_POWER_TYPES
from server.schedules.sla import ATTENDANCE, SlaQueue, register_sla_queue

LINK = "/approval/attendance?overdue=1"


def attendance_waiting_before(*, waiting_before: datetime) -> QuerySet[AttendanceLog]:
    """Waiting check-ins received before the moment (`created`: when the log reached the server)."""
    return AttendanceLog.objects.filter(
        status=LogStatus.WAITING_APPROVAL, created__lt=waiting_before
    ).select_related("employee", "man_power")


def attendance_log_describe(log: AttendanceLog) -> str:
    """'Budi Santoso · Absen Datang 27 November 2026 08.01 WIB' (in the placement's zone)."""
    zone_name = log.man_power.timezone if log.man_power is not None else None
    local = log.log_datetime.astimezone(clock.zone(zone_name))
    when = f"{clock.date_id(local.date())} {local:%H.%M} {clock.zone_abbreviation(zone_name)}"
    return f"{log.employee.name} · {LogType(log.log_type).label} {when}"


def attendance_sla_changed() -> None:
    for man_power_type in MAN_POWER_TYPES:
        attendance_queue_publish("sla_changed", {}, man_power_type=man_power_type)


def attendance_sla_register() -> None:
    register_sla_queue(
        SlaQueue(
            code=ATTENDANCE,
            label="absen menunggu persetujuan",
            audit_object_type="attendance_log",
            link=LINK,
            waiting=attendance_waiting_before,
            describe=attendance_log_describe,
            changed=attendance_sla_changed,
        )
    )
