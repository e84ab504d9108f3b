"""Builders shared by the dashboard and report tests."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone

from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus
from server.attendance.tests.factories import check_in, make_izin
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.workforce.models import Employee


def make_day(
    employee: Employee, day: date, keterangan: str = Keterangan.HADIR, **fields: Any
) -> AttendanceDay:
    return AttendanceDay.objects.create(
        employee=employee, date=day, man_power=employee.man_power, keterangan=keterangan, **fields
    )


def make_log_at(
    employee: Employee, when: datetime, status: str = LogStatus.WAITING_APPROVAL
) -> AttendanceLog:
    return check_in(employee, when, status=status)


def make_izin_created(
    employee: Employee, created: datetime, status: str = IzinStatus.WAITING_APPROVAL
) -> IzinRequest:
    """An izin request submitted at `created` (start date that day)."""
    day = timezone.localtime(created).date()
    izin = make_izin(employee, IzinCode.SAKIT, day, status=status)
    IzinRequest.objects.filter(pk=izin.pk).update(created=created)
    return izin
