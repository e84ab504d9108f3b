"""close_day and refresh_year as Celery tasks and commands: idempotent, and one run on a real worker."""

from __future__ import annotations

import time as clock
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from io import StringIO

import pytest
from celery.contrib.testing.worker import start_worker
from celery.result import EagerResult
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connections

from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tasks import close_day, default_close_date
from server.attendance.tests.factories import (
    check_in,
    check_out,
    local,
    make_employee,
    make_holiday,
    make_pattern,
)
from server.attendance.tests.factories import make_shift as shift
from server.config.celery import app
from server.core.clock import local_today
from server.leave.models import LeaveLedgerEntry
from server.leave.tasks import refresh_year
from server.workforce.models import Employee

MONDAY = date(2025, 3, 10)


def everyday_employee(**kw: object) -> Employee:
    return make_employee(pattern=make_pattern([shift()]), **kw)


@pytest.mark.django_db
def test_close_day_marks_absence_and_is_idempotent() -> None:
    present = everyday_employee()
    absent = everyday_employee(cuti_saldo=4)
    make_employee(pattern=make_pattern([shift()]), attendance_disabled=True)
    check_in(present, local(MONDAY, 8))
    check_out(present, local(MONDAY, 17))
    make_holiday(MONDAY + timedelta(days=1), collective=True)

    first = close_day.delay(date_iso=MONDAY.isoformat()).get()
    assert first == {"date": "2025-03-10", "rows": 2, "absent": 1, "collective_leave_entries": 0}
    stamps = dict(AttendanceDay.objects.values_list("pk", "computed_at"))
    assert close_day.delay(date_iso=MONDAY.isoformat()).get() == first
    assert dict(AttendanceDay.objects.values_list("pk", "computed_at")) == stamps
    assert AttendanceDay.objects.get(employee=absent, date=MONDAY).keterangan == Keterangan.MANGKIR
    day = AttendanceDay.objects.get(employee=present, date=MONDAY)
    assert day.is_closed and day.keterangan == Keterangan.HADIR

    out = StringIO()
    call_command("close_day", "--date", "2025-03-11", stdout=out)
    call_command("close_day", "--date", "2025-03-11", stdout=out)
    assert "2 entri cuti bersama" in out.getvalue() and "0 entri cuti bersama" in out.getvalue()
    assert LeaveLedgerEntry.objects.filter(reference="collective_leave:2025-03-11").count() == 2
    absent.refresh_from_db()
    assert (absent.cuti_saldo, absent.cuti_terpakai) == (3, 1)


@pytest.mark.django_db
def test_close_day_refuses_today_and_bad_dates() -> None:
    with pytest.raises(CommandError):
        call_command("close_day", "--date", local_today().isoformat(), stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("close_day", "--date", "10-03-2025", stdout=StringIO())
    assert default_close_date() == local_today() - timedelta(days=1)


@pytest.mark.django_db
def test_refresh_year_task_defaults_to_the_leave_year_in_force() -> None:
    everyday_employee()
    result = refresh_year.delay().get()
    today = local_today()
    assert result["year"] == (today.year if (today.month, today.day) >= (1, 15) else today.year - 1)
    assert result["refreshed"] == 1
    assert refresh_year.delay().get()["refreshed"] == 0


def test_beat_schedule() -> None:
    schedule = settings.CELERY_BEAT_SCHEDULE
    nightly = schedule["close-yesterday"]["schedule"]
    yearly = schedule["leave-yearly-refresh"]["schedule"]
    assert schedule["close-yesterday"]["task"] == "attendance.close_day" == close_day.name
    assert schedule["leave-yearly-refresh"]["task"] == "leave.refresh_year" == refresh_year.name
    assert (nightly.hour, nightly.minute) == ({0}, {30})
    assert (yearly.day_of_month, yearly.month_of_year, yearly.hour, yearly.minute) == ({15}, {1}, {0}, {10})


@pytest.fixture
def real_worker() -> Iterator[str]:
    """A worker thread consuming a queue of its own on the real Redis broker (not eager)."""
    queue = f"test-{uuid.uuid4().hex[:10]}"
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        with start_worker(app, perform_ping_check=False, queues=[queue], shutdown_timeout=10):
            yield queue
    finally:
        app.conf.task_always_eager = previous
        # The worker thread opened its own database connection; close it before the test database goes.
        connections.close_all()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_close_day_through_a_real_worker(real_worker: str) -> None:
    absent = everyday_employee()
    present = everyday_employee()
    check_in(present, local(MONDAY, 7, 58))
    sent = close_day.apply_async(kwargs={"date_iso": MONDAY.isoformat()}, queue=real_worker)
    assert not isinstance(sent, EagerResult)
    deadline = clock.monotonic() + 20
    while clock.monotonic() < deadline and AttendanceDay.objects.filter(date=MONDAY).count() < 2:
        clock.sleep(0.1)
    assert AttendanceDay.objects.get(employee=absent, date=MONDAY).keterangan == Keterangan.MANGKIR
    assert AttendanceDay.objects.get(employee=present, date=MONDAY).keterangan == Keterangan.HADIR
