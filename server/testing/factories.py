"""Model builders shared by every app's tests (plain functions, no factory library)."""

from __future__ import annotations

import io
import itertools
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image

from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus, LogType
from server.core.clock import local_date
from server.izin.models import IzinCode, IzinRequest, IzinStatus, IzinType
from server.schedules.models import Holiday, HolidayDate, Shift, ShiftPattern, ShiftPatternContent, ShiftType
from server.workforce.models import Employee, ManPower, ManPowerType

JAKARTA = ZoneInfo("Asia/Jakarta")
_seq = itertools.count(1)


def local(day: date, hh: int, mm: int = 0, ss: int = 0, tz: ZoneInfo = JAKARTA) -> datetime:
    return datetime.combine(day, time(hh, mm, ss), tzinfo=tz)


def make_man_power(**kw: Any) -> ManPower:
    n = next(_seq)
    defaults: dict[str, Any] = {
        "type": ManPowerType.OFFICE,
        "name": f"Kantor {n}",
        "latitude": -6.2,
        "longitude": 106.8,
        "max_radius": 100,
        "timezone": "Asia/Jakarta",
    }
    return ManPower.objects.create(**{**defaults, **kw})


def make_shift(**kw: Any) -> Shift:
    n = next(_seq)
    defaults: dict[str, Any] = {
        "code": f"S{n}",
        "name": f"Shift {n}",
        "time_in": time(8),
        "time_out": time(17),
        "break_start": time(12),
        "break_end": time(13),
        "late_in_minutes": 5,
        "early_out_minutes": 5,
        "minimum_check_in_time": 2,
        "maximum_check_out_time": 6,
    }
    return Shift.objects.create(**{**defaults, **kw})


def make_off_shift() -> Shift:
    return make_shift(
        type=ShiftType.NON_WORKING, time_in=time(0), time_out=time(0), break_start=None, break_end=None
    )


def make_pattern(shifts: list[Shift | None], starting_date: date = date(2025, 1, 6)) -> ShiftPattern:
    """Day k of the cycle is shifts[k-1]; None leaves the item out (an off day)."""
    n = next(_seq)
    pattern = ShiftPattern.objects.create(
        code=f"P{n}", name=f"Pola {n}", starting_date=starting_date, day_circle_number=len(shifts)
    )
    for number, shift in enumerate(shifts, start=1):
        if shift is not None:
            ShiftPatternContent.objects.create(pattern=pattern, day_number=number, shift=shift)
    return pattern


def make_employee(
    *, pattern: ShiftPattern | None = None, man_power: ManPower | None = None, **kw: Any
) -> Employee:
    n = next(_seq)
    mp = man_power or make_man_power()
    defaults: dict[str, Any] = {
        "employee_number": f"E{n:06d}",
        "employee_number_formatted": f"E-{n:06d}",
        "name": f"Karyawan {n}",
        "man_power": mp,
        "shift_pattern": pattern,
    }
    return Employee.objects.create(**{**defaults, **kw})


def make_log(
    employee: Employee,
    log_type: str,
    when: datetime,
    *,
    attendance_date: date | None = None,
    status: str = LogStatus.APPROVED,
    is_different_day: bool = False,
) -> AttendanceLog:
    return AttendanceLog.objects.create(
        employee=employee,
        log_type=log_type,
        log_datetime=when,
        log_date=local_date(when, employee.man_power.timezone if employee.man_power else None),
        attendance_date=attendance_date or when.date(),
        latitude=-6.2,
        longitude=106.8,
        distance=1.0,
        is_valid_location=True,
        man_power=employee.man_power,
        man_power_type=employee.man_power.type if employee.man_power else "",
        fr_accuracy=Decimal("90.00"),
        fr_is_match=True,
        status=status,
        is_different_day=is_different_day,
    )


def check_in(employee: Employee, when: datetime, **kw: Any) -> AttendanceLog:
    return make_log(employee, LogType.CHECK_IN, when, **kw)


def check_out(employee: Employee, when: datetime, **kw: Any) -> AttendanceLog:
    return make_log(employee, LogType.CHECK_OUT, when, **kw)


def izin_type(code: str) -> IzinType:
    obj, _ = IzinType.objects.get_or_create(
        code=code, defaults={"name": IzinCode(code).label, "deducts_leave": code == IzinCode.CUTI}
    )
    return obj


def make_izin(
    employee: Employee, code: str, start: date, end: date | None = None, *, status: str = IzinStatus.APPROVED
) -> IzinRequest:
    end = end or start
    return IzinRequest.objects.create(
        employee=employee,
        izin_type=izin_type(code),
        start_date=start,
        end_date=end,
        total_days=(end - start).days + 1,
        status=status,
    )


def make_holiday(day: date, *, collective: bool = False, name: str = "Libur") -> HolidayDate:
    holiday = Holiday.objects.create(name=name, start_date=day, end_date=day)
    return HolidayDate.objects.create(holiday=holiday, date=day, is_collective_leave=collective)


def make_day(
    employee: Employee, day: date, keterangan: str = Keterangan.HADIR, **fields: Any
) -> AttendanceDay:
    return AttendanceDay.objects.create(
        employee=employee, date=day, man_power=employee.man_power, keterangan=keterangan, **fields
    )


def jpeg_bytes(size: tuple[int, int] = (64, 48), color: str = "navy", fmt: str = "JPEG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()


def photo(
    name: str = "wajah.jpg", content: bytes | None = None, content_type: str = "image/jpeg"
) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, jpeg_bytes() if content is None else content, content_type=content_type)


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
