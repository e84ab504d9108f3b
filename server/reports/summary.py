"""The attendance summary report (doc3 §2.1 and §7.1): one row per employee, one GROUP BY over
AttendanceDay (DESIGN §7).

The same numbers everywhere: a summary row's late, early-out and overtime minutes equal the sums of that
employee's detail rows for the same range (server.reports.detail), and its sakit/cuti/CTB/LAP/LAD counts
equal the employee-days the permission report lists for those types.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, timedelta
from typing import Any

from django.db.models import Count, F, Q, Sum

from server.attendance.models import AttendanceDay, Keterangan
from server.izin.models import IzinCode
from server.reports.selection import Selection

SUMMARY_COUNTS = {
    "hari_kerja": Q(is_working_day=True),
    "kehadiran": Q(keterangan=Keterangan.HADIR),
    "mangkir": Q(keterangan=Keterangan.MANGKIR),
    "total_sakit": Q(keterangan=Keterangan.SAKIT),
    "total_cuti": Q(keterangan=Keterangan.CUTI),
    "total_cuti_tidak_berbayar": Q(keterangan=Keterangan.CTB),
    "total_lupa_absen_pulang": Q(izin__izin_type__code=IzinCode.LUPA_ABSEN_PULANG),
    "total_lupa_absen_datang": Q(izin__izin_type__code=IzinCode.LUPA_ABSEN_DATANG),
}
SUMMARY_SUMS = {
    "total_late_in_minutes": "late_minutes",
    "total_early_out_minutes": "early_out_minutes",
    "lembur_hari_kerja_in_minutes": "overtime_workday_minutes",
    "lembur_hari_libur_in_minutes": "overtime_holiday_minutes",
}
SUMMARY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("employee_number_formatted", "ID Karyawan"),
    ("employee_name", "Nama Karyawan"),
    ("hari_kerja", "Hari Kerja"),
    ("kehadiran", "Kehadiran"),
    ("mangkir", "Mangkir"),
    ("total_late_in_minutes", "Terlambat"),
    ("total_early_out_minutes", "Pulang Cepat"),
    ("lembur_hari_kerja_in_minutes", "Lembur HK"),
    ("lembur_hari_libur_in_minutes", "Lembur HL"),
    ("total_sakit", "Sakit"),
    ("total_cuti", "Cuti"),
    ("total_cuti_tidak_berbayar", "CTB"),
    ("total_lupa_absen_pulang", "LAP"),
    ("total_lupa_absen_datang", "LAD"),
)
SUMMARY_DURATIONS = frozenset(SUMMARY_SUMS)


class SummaryCategory:
    """The summary form's category pickers (doc3 §2.1: /report/attendance-summary/overtime, /permission
    and /undisciplined): the rows and columns that category is about. 'all' is the whole summary."""

    ALL, OVERTIME, PERMISSION, UNDISCIPLINED = "all", "overtime", "permission", "undisciplined"
    CHOICES = (ALL, OVERTIME, PERMISSION, UNDISCIPLINED)


SUMMARY_CATEGORY_KEYS: dict[str, tuple[str, ...]] = {
    SummaryCategory.OVERTIME: ("lembur_hari_kerja_in_minutes", "lembur_hari_libur_in_minutes"),
    SummaryCategory.PERMISSION: (
        "total_sakit",
        "total_cuti",
        "total_cuti_tidak_berbayar",
        "total_lupa_absen_pulang",
        "total_lupa_absen_datang",
    ),
    SummaryCategory.UNDISCIPLINED: ("total_late_in_minutes", "total_early_out_minutes"),
}


# What the title block prints for the summary's `category`.
SUMMARY_CATEGORY_LABELS = {
    SummaryCategory.ALL: "Semua",
    SummaryCategory.OVERTIME: "Lembur",
    SummaryCategory.PERMISSION: "Izin",
    SummaryCategory.UNDISCIPLINED: "Tidak Disiplin",
}


def summary_columns(category: str = SummaryCategory.ALL) -> tuple[tuple[str, str], ...]:
    """The employee columns and the category's own (every column for 'all'), in the summary's order."""
    keys = SUMMARY_CATEGORY_KEYS.get(category)
    if keys is None:
        return SUMMARY_COLUMNS
    return tuple(
        column for column in SUMMARY_COLUMNS if column[0] in keys or column[0].startswith("employee_")
    )


def summary_rows(
    selection: Selection, start: date, end: date, category: str = SummaryCategory.ALL
) -> Iterator[dict[str, Any]]:
    """One row per employee with days in the range: one GROUP BY over AttendanceDay (the izin type is
    joined only for the lupa absen counts). A category keeps the employees with a non-zero value in one
    of its columns (HAVING)."""
    aggregates: dict[str, Any] = {
        name: Count("id", filter=condition) for name, condition in SUMMARY_COUNTS.items()
    }
    aggregates.update({name: Sum(column) for name, column in SUMMARY_SUMS.items()})
    queryset = (
        AttendanceDay.objects.filter(selection.day_filter(), date__gte=start, date__lte=end)
        .values("employee_id")
        .annotate(
            employee_number_formatted=F("employee__employee_number_formatted"),
            employee_name=F("employee__name"),
            **aggregates,
        )
        .order_by("employee_number_formatted", "employee_id")
    )
    keys = SUMMARY_CATEGORY_KEYS.get(category)
    if keys:
        having = Q()
        for key in keys:
            having |= Q(**{f"{key}__gt": 0})
        queryset = queryset.filter(having)
    rows: Iterable[Any] = queryset.iterator(chunk_size=5000)
    for row in rows:
        row.pop("employee_id")
        for name in SUMMARY_SUMS:
            row[name] = row[name] or 0
        yield row


def summary_export_rows(rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Summary rows for the writer: minute sums as durations (timedelta), counts as ints."""
    for row in rows:
        line: dict[str, Any] = dict(row)
        for key in SUMMARY_DURATIONS:
            line[key] = timedelta(minutes=line[key])
        yield line
