"""Writes of every kind the dashboard's kept counts must follow, and the counts recomputed the slow way
from the rows, to compare with server/dashboard/counters.py. Runs in the test process (PostgreSQL)
and in a process of its own on a fresh SQLite database (test_counters.py)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, Sum

from server.attendance import days as days_module
from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus
from server.dashboard import counters
from server.testing.factories import local, make_day, make_employee, make_log, make_man_power
from server.workforce.models import Employee, ManPower

MONTHS = (date(2026, 2, 1), date(2026, 3, 1))
DATES = (date(2026, 2, 27), date(2026, 2, 28), date(2026, 3, 1), date(2026, 3, 2))


def month_end(month: date) -> date:
    return (month + timedelta(days=32)).replace(day=1)


def recounted() -> dict[str, Any]:
    """Every kept count, from the rows: logs by status and days per month, days per date and placement."""
    months: dict[str, Any] = {}
    for month in MONTHS:
        logs = AttendanceLog.objects.filter(log_date__gte=month, log_date__lt=month_end(month)).order_by()
        late, early = Q(late_minutes__gt=0), Q(early_out_minutes__gt=0)
        days = AttendanceDay.objects.filter(date__gte=month, date__lt=month_end(month)).order_by()
        # Aliases apart from the column names (an aggregate may not shadow a column its filter reads).
        aggregated = days.aggregate(
            n_late_days=Count("id", filter=late),
            n_late_minutes=Sum("late_minutes", default=0),
            n_late_employees=Count("employee_id", filter=late, distinct=True),
            n_early_days=Count("id", filter=early),
            n_early_minutes=Sum("early_out_minutes", default=0),
            n_early_employees=Count("employee_id", filter=early, distinct=True),
            **{
                f"n_{name}": Count("id", filter=Q(keterangan=keterangan))
                for name, keterangan in counters.ABSENCE_KETERANGAN.items()
            },
        )
        day_row = {name.removeprefix("n_"): value for name, value in aggregated.items()}
        by_type: dict[str, dict[str, int]] = {}
        for row in logs.values("man_power_type", "status").annotate(n=Count("*")):
            by_type.setdefault(row["man_power_type"], {})[row["status"]] = row["n"]
        months[month.isoformat()] = {
            "logs": {row["status"]: row["n"] for row in logs.values("status").annotate(n=Count("*"))},
            "logs_by_type": by_type,
            "days": day_row,
        }
    placements = [0, *ManPower.objects.order_by("id").values_list("id", flat=True)]
    dates: dict[str, Any] = {}
    for day in DATES:
        for placement in placements:
            rows = AttendanceDay.objects.filter(date=day).order_by()
            rows = (
                rows.filter(man_power__isnull=True) if placement == 0 else rows.filter(man_power_id=placement)
            )
            dates[f"{day} {placement}"] = rows.aggregate(
                checked_in=Count("id", filter=Q(check_in__isnull=False)),
                late=Count("id", filter=Q(late_minutes__gt=0)),
                early_out=Count("id", filter=Q(early_out_minutes__gt=0)),
                absent=Count("id", filter=Q(keterangan__in=list(counters.ABSENCE_KETERANGAN.values()))),
            )
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).count()
    waiting_by_type = {
        row["man_power_type"]: row["n"]
        for row in AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
        .order_by()
        .values("man_power_type")
        .annotate(n=Count("*"))
    }
    return {"months": months, "dates": dates, "waiting": waiting, "waiting_by_type": waiting_by_type}


def kept() -> dict[str, Any]:
    """The same counts as counters.py reads them."""
    months = {
        month.isoformat(): {
            "logs": counters.log_status_counts(month),
            "logs_by_type": counters.log_type_status_counts(month),
            "days": dict(counters.day_counts(month)),
        }
        for month in MONTHS
    }
    placements = [0, *ManPower.objects.order_by("id").values_list("id", flat=True)]
    dates = {
        f"{day} {placement}": dict(counters.date_counts({day: [placement]}))
        for day in DATES
        for placement in placements
    }
    return {
        "months": months,
        "dates": dates,
        "waiting": counters.log_status_total(LogStatus.WAITING_APPROVAL),
        "waiting_by_type": counters.log_status_total_by_type(LogStatus.WAITING_APPROVAL),
    }


def write_everything() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Each kind of write in turn; after each, (what was done, kept counts, recounted counts)."""
    steps: list[tuple[str, dict[str, Any], dict[str, Any]]] = []

    def step(name: str) -> None:
        steps.append((name, kept(), recounted()))

    jakarta = make_man_power()
    makassar = make_man_power(timezone="Asia/Makassar", type="site")
    people = [make_employee(man_power=jakarta if n % 2 else makassar) for n in range(4)]
    for n, person in enumerate(people):
        for day in DATES:
            make_log(person, "check_in", local(day, 7 + n % 3), status=LogStatus.WAITING_APPROVAL)
            make_day(
                person,
                day,
                check_in=local(day, 8),
                late_minutes=5 * n,
                early_out_minutes=(3 if day.day % 2 else 0),
            )
    step("created one by one")

    AttendanceLog.objects.filter(employee=people[0]).update(status=LogStatus.APPROVED)
    AttendanceLog.objects.filter(employee=people[1], log_date=DATES[0]).update(status=LogStatus.REJECTED)
    AttendanceLog.objects.filter(employee=people[3], log_date=DATES[1]).update(man_power_type="pool")
    step("statuses and a type set in bulk")

    log = AttendanceLog.objects.filter(employee=people[2]).order_by("id").first()
    assert log is not None
    log.status, log.log_date = LogStatus.MANUAL_APPROVED, DATES[3]
    log.save(update_fields=["status", "log_date"])
    step("a log moved to the next month by save()")

    days = list(AttendanceDay.objects.filter(employee=people[3]).order_by("date"))
    for d in days:
        d.late_minutes, d.keterangan, d.check_in = 0, Keterangan.SAKIT, None
    AttendanceDay.objects.bulk_update(days, ["late_minutes", "keterangan", "check_in"])
    AttendanceDay.objects.filter(employee=people[2], date=DATES[1]).update(keterangan=Keterangan.MANGKIR)
    AttendanceDay.objects.filter(employee=people[1]).update(working_minutes=480)  # counts nothing
    step("days updated in bulk")

    extra = make_employee(man_power=jakarta)
    AttendanceDay.objects.bulk_create(
        [AttendanceDay(employee=extra, date=day, man_power=None, keterangan=Keterangan.CUTI) for day in DATES]
    )
    step("days without a placement created in bulk")

    try:
        with transaction.atomic():
            make_log(extra, "check_in", local(DATES[2], 9))
            AttendanceDay.objects.filter(employee=extra).update(late_minutes=99)
            raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    step("a rolled-back write")

    counters.compact()
    step("compacted")

    newcomer = make_employee(man_power=jakarta)
    AttendanceDay.objects.filter(employee=people[0], date=DATES[2]).update(employee=newcomer, late_minutes=7)
    AttendanceDay.objects.filter(man_power=makassar).update(man_power=None)
    step("days moved to another employee and off their placement")

    Employee.objects.filter(pk=people[1].pk).delete()
    AttendanceLog.objects.filter(employee=people[0], log_date=DATES[3]).delete()
    step("an employee deleted (cascading to logs and days), a log deleted")

    # The engine's upserts (INSERT ... ON CONFLICT DO UPDATE): rows it inserts fire the insert
    # triggers, rows it updates the update triggers. On PostgreSQL through COPY, then row by row.
    for threshold, name in ((0, "COPY"), (10**9, "executemany")):
        original = days_module.COPY_THRESHOLD
        days_module.COPY_THRESHOLD = threshold
        try:
            for d in DATES:
                make_log(people[2], "check_in", local(d, 8, 40 if name == "COPY" else 50))
            attendance_days_recompute_range(
                employee_ids=[people[2].pk, extra.pk, newcomer.pk],
                start=DATES[0] - timedelta(days=3),
                end=DATES[-1],
                today=DATES[-1] + timedelta(days=1),
            )
        finally:
            days_module.COPY_THRESHOLD = original
        step(f"days recomputed by the engine ({name} upsert)")

    counters.rebuild()
    step("rebuilt")
    return steps
