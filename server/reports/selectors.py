"""Report builders: SQL aggregation over AttendanceDay (DESIGN §7), never a loop over logs."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any, TypedDict

from django.db.models import Count, Q

from server.attendance.models import ABSENCE_KETERANGAN, AttendanceDay


class AbsentEmployeeRow(TypedDict):
    employeeNumberFormatted: str
    employeeName: str
    jobTitle: str
    manPowerName: str
    alpa: int
    sakit: int
    cuti: int
    ctb: int
    total: int


ABSENT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("employeeNumberFormatted", "ID Karyawan"),
    ("employeeName", "Nama Karyawan"),
    ("jobTitle", "Jabatan"),
    ("manPowerName", "Man Power"),
    ("alpa", "Alpa (Mangkir)"),
    ("sakit", "Sakit"),
    ("cuti", "Cuti"),
    ("ctb", "CTB"),
    ("total", "Total"),
)
# The columns the export's totals row sums.
ABSENT_TOTALS = ("alpa", "sakit", "cuti", "ctb", "total")


def absent_employee_rows(*, start: date, end: date, limit: int | None = None) -> Iterator[AbsentEmployeeRow]:
    """Employees with absences in [start, end] (doc3 §2.3), most absent first.

    Counts employee-days by keterangan: alpa = mangkir (closed working days without check-in or izin),
    sakit, cuti (annual leave), ctb (unpaid leave); total is their sum. Ties break by employee number.
    The man power is the employee's current placement. Rows stream from the database cursor.
    """
    counts = {name: Count("id", filter=Q(keterangan=value)) for name, value in ABSENCE_KETERANGAN.items()}
    queryset = (
        AttendanceDay.objects.filter(
            date__gte=start, date__lte=end, keterangan__in=list(ABSENCE_KETERANGAN.values())
        )
        .values(
            "employee_id",
            "employee__employee_number_formatted",
            "employee__name",
            "employee__job_title",
            "employee__man_power__name",
        )
        .annotate(total=Count("id"), **counts)
        .order_by("-total", "employee__employee_number_formatted", "employee_id")
    )
    if limit is not None:
        queryset = queryset[:limit]
    rows: Iterator[Any] = queryset.iterator(chunk_size=2000)
    for row in rows:
        yield {
            "employeeNumberFormatted": row["employee__employee_number_formatted"],
            "employeeName": row["employee__name"],
            "jobTitle": row["employee__job_title"] or "",
            "manPowerName": row["employee__man_power__name"] or "",
            "alpa": row["alpa"],
            "sakit": row["sakit"],
            "cuti": row["cuti"],
            "ctb": row["ctb"],
            "total": row["total"],
        }
