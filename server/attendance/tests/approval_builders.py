"""Builders shared by the approval queue and history tests: approvers per man power type, placements
of each type, and logs in a chosen state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from django.utils import timezone

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.attendance.tests.factories import local, make_employee, make_log, make_man_power
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.workforce.models import Employee, ManPower, ManPowerType

WEEK_START = date(2025, 1, 6)  # a Monday


def approver_rights(*types: str, approve: bool = True, reject: bool = True) -> list[str]:
    rights: list[str] = []
    if approve:
        rights += [APPROVE_ATTENDANCE, *(f"{APPROVE_ATTENDANCE}_{t}" for t in types)]
    if reject:
        rights += [REJECT_ATTENDANCE, *(f"{REJECT_ATTENDANCE}_{t}" for t in types)]
    return rights


def make_approver(make_user: Callable[..., User], *types: str, fullname: str, **kw: Any) -> User:
    extra = kw.pop("extra_rights", [])
    return make_user(rights=approver_rights(*types, **kw) + list(extra), fullname=fullname)


def placement(type: str, name: str, **kw: Any) -> ManPower:
    return make_man_power(type=type, name=name, **kw)


def staff(man_power: ManPower, name: str, **kw: Any) -> Employee:
    return make_employee(man_power=man_power, name=name, **kw)


def log_of(
    employee: Employee,
    when: datetime | None = None,
    *,
    status: str = LogStatus.WAITING_APPROVAL,
    log_type: str = LogType.CHECK_IN,
    **fields: Any,
) -> AttendanceLog:
    """A log of `employee` (default: a waiting check-in an hour ago), with any field overridden."""
    when = when or timezone.now() - timedelta(hours=1)
    attendance_date = fields.pop("attendance_date", timezone.localtime(when).date())
    log = make_log(employee, log_type, when, status=status, attendance_date=attendance_date)
    if fields:
        for name, value in fields.items():
            setattr(log, name, value)
        log.save(update_fields=list(fields))
    return log


def today_at(hour: int, minute: int = 0) -> datetime:
    return local(timezone.localdate(), hour, minute)


def hash_ids(rows: Sequence[dict[str, Any]]) -> list[str]:
    return [row["hash_id"] for row in rows]


ALL_TYPES = tuple(ManPowerType.values)
