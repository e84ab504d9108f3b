"""Reads behind the dashboard, its live topic and the wall display (doc1 §2.9, §7.2).

Dates follow the time-zone rule (README "Time zones"):
- attendance logs count in the month of their placement-local date `log_date` (indexed);
- AttendanceDay rows are placement-local days already; "today" is each placement's own today
  (at 23:30 WIB a WITA placement is already on the next date);
- izin requests count in the month they were submitted, `created`, in the server's TIME_ZONE (a
  range on that indexed column): the approval summary answers "what arrived for approval this month".
"""

from __future__ import annotations

import contextlib
from calendar import monthrange
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import TypedDict, TypeVar, cast

from django.core.cache import cache
from django.db.models import Count, Q, Sum

from server.attendance.models import ABSENCE_KETERANGAN, AttendanceDay, AttendanceLog, LogStatus, RiskLevel
from server.attendance.selectors import attendance_approver_types
from server.core import clock
from server.core.days_changed import DASHBOARD_TOPIC
from server.core.flags import MAN_POWER_TYPES
from server.dashboard import counters
from server.dashboard.today import WallToday, wall_today
from server.izin.models import IzinRequest, IzinStatus
from server.izin.selectors import izin_month_status_counts
from server.realtime.publish import current_version, group_name
from server.schedules.sla import ATTENDANCE, PERMISSION, overdue_cutoff
from server.workforce.models import ManPower

T = TypeVar("T")


class AttendanceApprovalCounts(TypedDict):
    waiting_approval: int
    approved: int
    manual_approval: int
    rejected: int


class IzinApprovalCounts(TypedDict):
    waiting_approval: int
    approved: int
    rejected: int


class ApprovalSummary(TypedDict):
    attendance: AttendanceApprovalCounts
    izin: IzinApprovalCounts


def approval_summary(*, month: int, year: int) -> ApprovalSummary:
    """Attendance logs and izin requests of one month by approval status: the logs from the month
    counts kept in the write path (server/dashboard/counters.py), the izin in one grouped query
    (submitted in the month, izin_month_status_counts)."""
    logs = month_log_counts(month=month, year=year)
    izin = izin_month_status_counts(month=month, year=year)
    return {
        "attendance": {
            "waiting_approval": logs.get(LogStatus.WAITING_APPROVAL, 0),
            "approved": logs.get(LogStatus.APPROVED, 0),
            "manual_approval": logs.get(LogStatus.MANUAL_APPROVED, 0),
            "rejected": logs.get(LogStatus.REJECTED, 0),
        },
        "izin": {
            "waiting_approval": izin.get(IzinStatus.WAITING_APPROVAL, 0),
            "approved": izin.get(IzinStatus.APPROVED, 0),
            "rejected": izin.get(IzinStatus.REJECTED, 0),
        },
    }


class LateCounts(TypedDict):
    total_days: int
    total_employees: int
    total_minutes: int


class AbsenceCounts(TypedDict):
    alpa: int
    sakit: int
    cuti: int
    ctb: int
    total: int


class MonthAttendanceCounts(TypedDict):
    late_in: LateCounts
    early_out: LateCounts
    absence: AbsenceCounts


def attendance_month_counts(*, month: int, year: int) -> MonthAttendanceCounts:
    """Late-in, early-out and absence counts of one month from AttendanceDay, as kept in the write
    path (server/dashboard/counters.py).

    A day is late (early out) when the engine put late (early-out) minutes on it; `total_days` counts
    such employee-days, `total_employees` the employees with at least one, `total_minutes` their sum.
    Absences count employee-days by keterangan; a day is only mangkir once it is closed.
    """
    counters.compact_if_due()
    row = counters.day_counts(date(year, month, 1))
    absence = {name: row[name] for name in ABSENCE_KETERANGAN}  # type: ignore[literal-required]
    return {
        "late_in": {
            "total_days": row["late_days"],
            "total_employees": row["late_employees"],
            "total_minutes": row["late_minutes"],
        },
        "early_out": {
            "total_days": row["early_days"],
            "total_employees": row["early_employees"],
            "total_minutes": row["early_minutes"],
        },
        "absence": {
            "alpa": absence["alpa"],
            "sakit": absence["sakit"],
            "cuti": absence["cuti"],
            "ctb": absence["ctb"],
            "total": sum(absence.values()),
        },
    }


class TodayCounts(TypedDict):
    checked_in_today: int
    late_today: int
    early_out_today: int
    absent_today: int


def placements_today(moment: datetime) -> dict[date, list[int]]:
    """Each placement's own today at `moment`: the placements (ids; 0 for days without a placement,
    whose today is the server's) by date."""
    by_date: dict[date, list[int]] = {clock.local_date(moment, None): [0]}
    for placement, zone in ManPower.objects.order_by("id").values_list("id", "timezone"):
        by_date.setdefault(clock.local_date(moment, zone), []).append(placement)
    return by_date


def attendance_today_counts(*, now: datetime, by_date: dict[date, list[int]] | None = None) -> TodayCounts:
    """Today's AttendanceDay rows, each placement on its own local today: employees checked in (an
    approved check-in), late, early out, absent (from the counts kept in the write path,
    server/dashboard/counters.py).

    Absent today counts the absences of ABSENCE_KETERANGAN already known today (sick, leave, unpaid
    leave through approved izin; mangkir once the day is closed).
    """
    row = counters.date_counts(by_date if by_date is not None else placements_today(now))
    return {
        "checked_in_today": row["checked_in"],
        "late_today": row["late"],
        "early_out_today": row["early_out"],
        "absent_today": row["absent"],
    }


class QueueMonth(TypedDict):
    """The approval queue's date filter that lists exactly the month's waiting logs counted in
    `approval.attendance.waiting_approval`: the month's first day up to the last date any placement is
    on (never after the month)."""

    start: str
    end: str


class DashboardCounts(TodayCounts, MonthAttendanceCounts, WallToday):
    date: str
    month: int
    year: int
    approval: ApprovalSummary
    attendance_waiting: int
    waiting_low_risk: int
    izin_waiting: int
    # The waiting items past their queue's deadline (setting/approval_sla): 'lewat batas'.
    attendance_overdue: int
    izin_overdue: int
    attendance_types: list[str]
    queue_month: QueueMonth


class TypeCounts(TypedDict):
    """One man power type's part of the approval counts."""

    waiting: int
    low_risk: int
    overdue: int
    month: dict[str, int]


class SharedCounts(DashboardCounts):
    """The company-wide counts plus each type's part: computed once for every subscriber, then cut to
    each reader's scope by `counts_in_scope` (never sent as is)."""

    by_type: dict[str, TypeCounts]


def waiting_low_risk_count() -> int:
    """Waiting logs of low risk, every date and type: an index-only count on the (status, risk_level,
    ...) index (the low-risk part of the waiting queue is at most its ~5% of the logs)."""
    return AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL, risk_level=RiskLevel.LOW).count()


def waiting_low_risk_by_type() -> dict[str, int]:
    """Waiting logs of low risk, every date, by man power type."""
    rows = (
        AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL, risk_level=RiskLevel.LOW)
        .order_by()
        .values_list("man_power_type")
        .annotate(total=Count("*"))
    )
    return dict(rows)


def overdue_by_type(*, now: datetime) -> dict[str, int]:
    """Waiting logs past the attendance queue's deadline, by man power type (the (status, created)
    index)."""
    rows = (
        AttendanceLog.objects.filter(
            status=LogStatus.WAITING_APPROVAL, created__lt=overdue_cutoff(ATTENDANCE, now=now)
        )
        .order_by()
        .values_list("man_power_type")
        .annotate(total=Count("*"))
    )
    return dict(rows)


def shared_counts(*, now: datetime) -> SharedCounts:
    """Every live count of the dashboard and the wall at `now`, company-wide, with each man power
    type's part: `date`, `month` and `year` are the server's (TIME_ZONE) today; the today counts take
    each placement's own today.

    `approval`, `late_in`, `early_out` and `absence` equal the month endpoints for today's month.
    `attendance_waiting` and `izin_waiting` are the whole approval queues (any month);
    `waiting_low_risk` the low-risk part of `attendance_waiting` (same scope).
    """
    today = clock.local_date(now, None)
    first = date(today.year, today.month, 1)
    month = attendance_month_counts(month=today.month, year=today.year)
    placement_dates = placements_today(now)
    latest = max([*placement_dates, clock.local_date(now, clock.EASTERNMOST_INDONESIAN_ZONE)])
    month_end = date(today.year, today.month, monthrange(today.year, today.month)[1])
    month_by_type = counters.log_type_status_counts(first)
    waiting_by_type = counters.log_status_total_by_type(LogStatus.WAITING_APPROVAL)
    low_risk_by_type = waiting_low_risk_by_type()
    overdue = overdue_by_type(now=now)
    return {
        "date": today.isoformat(),
        "month": today.month,
        "year": today.year,
        "approval": approval_summary(month=today.month, year=today.year),
        "late_in": month["late_in"],
        "early_out": month["early_out"],
        "absence": month["absence"],
        **attendance_today_counts(now=now, by_date=placement_dates),
        **wall_today(now=now, by_date=placement_dates),
        "attendance_waiting": counters.log_status_total(LogStatus.WAITING_APPROVAL),
        "waiting_low_risk": waiting_low_risk_count(),
        "izin_waiting": IzinRequest.objects.filter(status=IzinStatus.WAITING_APPROVAL).count(),
        "attendance_overdue": sum(overdue.values()),
        "izin_overdue": IzinRequest.objects.filter(
            status=IzinStatus.WAITING_APPROVAL, created__lt=overdue_cutoff(PERMISSION, now=now)
        ).count(),
        "attendance_types": list(MAN_POWER_TYPES),
        "queue_month": {
            "start": first.isoformat(),
            "end": min(latest, month_end).isoformat(),
        },
        "by_type": {
            t: {
                "waiting": waiting_by_type.get(t, 0),
                "low_risk": low_risk_by_type.get(t, 0),
                "overdue": overdue.get(t, 0),
                "month": month_by_type.get(t, {}),
            }
            for t in MAN_POWER_TYPES
        },
    }


def dashboard_scope_types(access: Mapping[str, int]) -> list[str]:
    """The man power types a reader's attendance approval counts cover: the types they may decide
    (approve or reject rights, as their queue), every type for anyone else (and the wall)."""
    return attendance_approver_types(access) or list(MAN_POWER_TYPES)


def counts_in_scope(counts: SharedCounts, types: Sequence[str]) -> DashboardCounts:
    """The counts a reader of `types` is shown: the attendance approval counts (the month's, the
    waiting queue and its low-risk part) summed over those types, so each equals the reader's queue
    with the same filters; everything else as is. Every type: the company-wide counts (which also
    hold logs without a type, as the unfiltered queue does)."""
    public = cast(DashboardCounts, {key: value for key, value in counts.items() if key != "by_type"})
    if set(types) >= set(MAN_POWER_TYPES):
        return public
    parts = [counts["by_type"][t] for t in MAN_POWER_TYPES if t in types]

    def month(status: str) -> int:
        return sum(part["month"].get(status, 0) for part in parts)

    return {
        **public,
        "approval": {
            **public["approval"],
            "attendance": {
                "waiting_approval": month(LogStatus.WAITING_APPROVAL),
                "approved": month(LogStatus.APPROVED),
                "manual_approval": month(LogStatus.MANUAL_APPROVED),
                "rejected": month(LogStatus.REJECTED),
            },
        },
        "attendance_waiting": sum(part["waiting"] for part in parts),
        "waiting_low_risk": sum(part["low_risk"] for part in parts),
        "attendance_overdue": sum(part["overdue"] for part in parts),
        "attendance_types": [t for t in MAN_POWER_TYPES if t in types],
    }


def dashboard_counts(*, now: datetime, types: Sequence[str] = MAN_POWER_TYPES) -> DashboardCounts:
    """The counts at `now` as a reader of `types` sees them (the REST answer `GET dashboard/counts`,
    the snapshot of the `dashboard` topic and every pushed `counts` event; `wall` carries the
    company-wide ones as `counts`)."""
    return counts_in_scope(shared_counts(now=now), types)


# Seconds a computed count may be served again while nothing was published on the dashboard group
# (a change behind the counts publishes a hint, which bumps the group's version and so the key).
COUNTS_CACHE_SECONDS = 20


def _cached(name: str, compute: Callable[[], T], *parts: object) -> T:
    """`compute()` shared by every request and process until the dashboard group's version moves:
    writes behind the counts publish `dashboard changed` after commit (DESIGN §6), which bumps it.
    The version is read before computing, so a result is never filed under a newer version than the
    data it saw. The cache down (Redis outage): computed every time."""
    try:
        version = current_version(group_name(DASHBOARD_TOPIC))
        key = ":".join(["dashboard", name, str(version), *map(str, parts)])
        cached = cache.get(key)
    except Exception:
        return compute()
    if cached is not None:
        return cast(T, cached)
    value = compute()
    with contextlib.suppress(Exception):
        cache.set(key, value, timeout=COUNTS_CACHE_SECONDS)
    return value


def shared_counts_now() -> SharedCounts:
    """shared_counts now, shared while nothing changed (keyed to the minute, so "today" rolls)."""
    now = clock.now()
    return _cached("counts", lambda: shared_counts(now=now), f"{now:%Y%m%d%H%M}")


def dashboard_counts_now(types: Sequence[str] = MAN_POWER_TYPES) -> DashboardCounts:
    """dashboard_counts now for a reader of `types` (from the shared computation)."""
    return counts_in_scope(shared_counts_now(), types)


def month_log_counts(*, month: int, year: int, cached: bool = False) -> dict[str, int]:
    """The logs of one month by status from the counts kept in the write path; `cached`: shared while
    nothing changed (registered with attendance, server.attendance.hooks)."""
    if cached:
        return _cached("logs", lambda: month_log_counts(month=month, year=year), year, month)
    return counters.log_status_counts(date(year, month, 1))


class UndisciplinedType:
    LATE = "terlambat"
    EARLY_OUT = "pulang_cepat"
    CHOICES = (LATE, EARLY_OUT)


class UndisciplinedRow(TypedDict):
    employeeNumberFormatted: str
    employeeName: str
    totalDays: int
    totalHoursMinutes: str


class UndisciplinedList(TypedDict):
    totalTerlambat: int
    totalPulangCepat: int
    rows: list[UndisciplinedRow]


def hours_minutes_text(minutes: int) -> str:
    """'2 jam 5 menit'."""
    return f"{minutes // 60} jam {minutes % 60} menit"


def undisciplined_employees(*, kind: str, start: date, end: date, limit: int) -> UndisciplinedList:
    """The employees late (`terlambat`) or leaving early (`pulang_cepat`) on the most days of a range.

    Totals count employee-days of the range for all employees; rows group by employee in SQL, ordered
    by days, then minutes, then employee number.
    """
    days = AttendanceDay.objects.filter(date__gte=start, date__lte=end).order_by()
    totals = days.aggregate(
        late=Count("id", filter=Q(late_minutes__gt=0)), early=Count("id", filter=Q(early_out_minutes__gt=0))
    )
    minutes_field = "late_minutes" if kind == UndisciplinedType.LATE else "early_out_minutes"
    grouped = (
        days.filter(**{f"{minutes_field}__gt": 0})
        .values("employee_id", "employee__employee_number_formatted", "employee__name")
        .annotate(total_days=Count("id"), total_minutes=Sum(minutes_field))
        .order_by("-total_days", "-total_minutes", "employee__employee_number_formatted")[:limit]
    )
    return {
        "totalTerlambat": totals["late"],
        "totalPulangCepat": totals["early"],
        "rows": [
            {
                "employeeNumberFormatted": row["employee__employee_number_formatted"],
                "employeeName": row["employee__name"],
                "totalDays": row["total_days"],
                "totalHoursMinutes": hours_minutes_text(row["total_minutes"] or 0),
            }
            for row in grouped
        ],
    }
