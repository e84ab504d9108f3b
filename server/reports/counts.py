"""The monthly counts of the attendance reports' side panels (doc3 §7.1), aggregated in SQL over
AttendanceDay (placement-local dates)."""

from __future__ import annotations

from django.db.models import Count, Q, Sum

from server.attendance.models import AttendanceDay
from server.core.clock import month_bounds
from server.izin.models import IzinCode


def overtime_counts(*, month: int, year: int) -> dict[str, int]:
    """Employee-days with workday / holiday overtime in a month (placement-local dates) and their minutes."""
    first, following = month_bounds(month=month, year=year)
    row = (
        AttendanceDay.objects.filter(date__gte=first, date__lt=following)
        .order_by()
        .aggregate(
            workday=Count("id", filter=Q(overtime_workday_minutes__gt=0)),
            holiday=Count("id", filter=Q(overtime_holiday_minutes__gt=0)),
            workday_minutes=Sum("overtime_workday_minutes"),
            holiday_minutes=Sum("overtime_holiday_minutes"),
        )
    )
    return {key: value or 0 for key, value in row.items()}


PERMISSION_STAT_CODES = (
    IzinCode.CUTI,
    IzinCode.CUTI_TIDAK_BERBAYAR,
    IzinCode.LUPA_ABSEN_DATANG,
    IzinCode.LUPA_ABSEN_PULANG,
)


def permission_counts(*, month: int, year: int) -> dict[str, int]:
    """Employee-days of a month covered by an approved izin of each type (the days the permission report
    lists and the summary counts)."""
    first, following = month_bounds(month=month, year=year)
    return (
        AttendanceDay.objects.filter(date__gte=first, date__lt=following, izin__isnull=False)
        .order_by()
        .aggregate(
            **{
                code.value: Count("id", filter=Q(izin__izin_type__code=code))
                for code in PERMISSION_STAT_CODES
            }
        )
    )


def undisciplined_percentage(*, month: int, year: int, late_days: int) -> float:
    """`late_days` as a percentage of the month's attended working days (0 when nobody attended)."""
    first, following = month_bounds(month=month, year=year)
    attended = AttendanceDay.objects.filter(
        date__gte=first, date__lt=following, is_working_day=True, check_in__isnull=False
    ).count()
    return round(late_days * 100 / attended, 2) if attended else 0.0
