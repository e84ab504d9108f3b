"""The dashboard's counts kept in the write path (server/dashboard/counters.py) equal the counts of the
rows after every kind of write, on PostgreSQL and on the zero-setup SQLite; concurrent writers
neither queue nor deadlock on them; compaction and rebuilding change no count."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction

from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus
from server.dashboard import counters
from server.dashboard.models import DayMonthDelta, LogMonthDelta
from server.dashboard.tasks import compact_counts
from server.dashboard.tests.counter_scenario import DATES, kept, recounted, write_everything
from server.testing.factories import local, make_day, make_employee, make_log, make_man_power


@pytest.mark.django_db
def test_every_kind_of_write_keeps_the_counts_exact_on_postgresql() -> None:
    steps = write_everything()
    assert len(steps) == 12
    for name, kept_counts, recounted_counts in steps:
        assert kept_counts == recounted_counts, name
    # The scenario moved the counts: an empty database would pass the comparison as well.
    created = steps[0][2]["months"]["2026-02-01"]
    assert created["logs"] == {"waiting_approval": 8}
    assert created["logs_by_type"] == {"office": {"waiting_approval": 4}, "site": {"waiting_approval": 4}}
    assert steps[1][2]["months"]["2026-02-01"]["logs_by_type"]["pool"] == {"waiting_approval": 1}
    assert created["days"]["late_employees"] == 3
    assert steps[-1][2]["months"]["2026-03-01"]["days"]["sakit"] == 2


def test_every_kind_of_write_keeps_the_counts_exact_on_sqlite(tmp_path: Path) -> None:
    """The same writes on a fresh zero-setup SQLite database (row triggers there), in a process of
    its own: migrate, write, compare."""
    code = (
        "import django, json; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', verbosity=0)\n"
        "from server.dashboard.tests.counter_scenario import write_everything\n"
        "print(json.dumps(write_everything(), default=str))\n"
    )
    env = {
        key: value
        for key, value in __import__("os").environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="server.config.settings", VAR_DIR=str(tmp_path), FAST_PASSWORD_HASHER="1"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert (tmp_path / "kehadiran.sqlite3").exists()
    steps = json.loads(done.stdout.decode().strip().splitlines()[-1])
    assert len(steps) == 12
    for name, kept_counts, recounted_counts in steps:
        assert kept_counts == recounted_counts, name
    assert steps[0][2]["months"]["2026-02-01"]["logs"] == {"waiting_approval": 8}


@pytest.mark.django_db
def test_a_bulk_write_appends_grouped_deltas_and_compaction_folds_them() -> None:
    person = make_employee()
    for hour in range(6, 18):
        make_log(person, "check_in", local(DATES[0], hour), status=LogStatus.WAITING_APPROVAL)
    before = LogMonthDelta.objects.count()
    AttendanceLog.objects.filter(employee=person).update(status=LogStatus.APPROVED)
    # One UPDATE of 12 logs: one statement trigger, two grouped deltas (-12 waiting, +12 approved).
    assert LogMonthDelta.objects.count() - before == 2
    assert counters.log_status_counts(date(2026, 2, 1)) == {"approved": 12}
    moved = counters.compact()
    assert moved >= 14
    assert LogMonthDelta.objects.count() == 0
    assert counters.log_status_counts(date(2026, 2, 1)) == {"approved": 12}


@pytest.mark.django_db
def test_a_reader_compacts_once_the_deltas_pile_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(counters, "COMPACT_AFTER", 5)
    person = make_employee()
    for n, day in enumerate(DATES):
        make_day(person, day, late_minutes=n + 1)
        make_log(person, "check_in", local(day, 7))
    assert DayMonthDelta.objects.count() == 4
    counters.compact_if_due()
    assert DayMonthDelta.objects.count() == LogMonthDelta.objects.count() == 0
    assert kept() == recounted()
    assert counters.day_counts(date(2026, 2, 1))["late_minutes"] == 1 + 2


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_on_one_employee_and_month_neither_deadlock_nor_lose_a_count() -> None:
    """Eight transactions at once, each writing logs and days of the same two employees in the same
    month in a different order (a counter row per month would make them queue, per employee-month
    deadlock): all commit, and the counts are exact."""
    placement = make_man_power()
    people = [make_employee(man_power=placement) for _ in range(2)]
    for person in people:
        for day in DATES:
            make_day(person, day)
    start = threading.Barrier(8)
    errors: list[BaseException] = []

    def write(n: int) -> None:
        try:
            start.wait(timeout=30)
            order = people if n % 2 else people[::-1]
            with transaction.atomic():
                for person in order:
                    make_log(person, "check_in", local(DATES[n % 4], 7, n), status=LogStatus.WAITING_APPROVAL)
                    AttendanceDay.objects.filter(employee=person, date=DATES[(n + 1) % 4]).update(
                        late_minutes=n + 1
                    )
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert AttendanceLog.objects.count() == 16
    assert kept() == recounted()
    assert recounted()["waiting"] == 16


@pytest.mark.django_db
def test_recount_dashboard_repairs_counts_a_write_around_the_triggers_left_wrong() -> None:
    person = make_employee()
    for day in DATES:
        make_day(person, day, late_minutes=4)
        make_log(person, "check_in", local(day, 7), status=LogStatus.WAITING_APPROVAL)
    with connection.cursor() as cursor:  # a write the triggers do not see
        cursor.execute("SET session_replication_role = replica")
        cursor.execute("UPDATE attendance_attendancelog SET status = 'rejected'")
        cursor.execute("SET session_replication_role = origin")
    assert kept() != recounted()
    out = io.StringIO()
    call_command("recount_dashboard", stdout=out)
    assert kept() == recounted()
    assert counters.log_status_counts(date(2026, 2, 1)) == {"rejected": 2}
    assert "recount_dashboard: 2 baris log per bulan" in out.getvalue()


@pytest.mark.django_db
def test_beat_compacts_the_deltas_off_the_request_path() -> None:
    assert settings.CELERY_BEAT_SCHEDULE["compact-dashboard-counts"]["task"] == "dashboard.compact_counts"
    person = make_employee()
    make_day(person, DATES[0], late_minutes=3)
    make_log(person, "check_in", local(DATES[0], 7))
    before = kept()
    moved = compact_counts.apply().get()  # the task as Celery runs it (eagerly here)
    assert moved == 3  # the log's delta, the day's per-month and per-date deltas
    assert DayMonthDelta.objects.count() == LogMonthDelta.objects.count() == 0
    assert kept() == before == recounted()
