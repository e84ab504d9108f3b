"""The "days changed" hook: the engine and the dashboard register with it, a recompute runs in the
announcing transaction, the dashboard hint goes out after commit on the one topic."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.db import transaction

from server.attendance.days import _runs, attendance_days_changed, attendance_first_day
from server.attendance.models import AttendanceDay
from server.core import days_changed
from server.core.days_changed import DASHBOARD_TOPIC, counts_changed, days_changed_range
from server.dashboard.services import dashboard_hint
from server.testing.events import capture_events
from server.testing.factories import make_employee

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 2)


def test_the_engine_and_the_dashboard_are_registered() -> None:
    assert days_changed._recompute == [attendance_days_changed]
    assert days_changed._first_day == [attendance_first_day]
    assert dashboard_hint in days_changed._hints


def test_consecutive_dates_run_together_and_gaps_split() -> None:
    days = [DAY + timedelta(days=n) for n in (3, 0, 1, 1, 5)]
    assert _runs(days) == [
        (DAY, DAY + timedelta(days=1)),
        (DAY + timedelta(days=3), DAY + timedelta(days=3)),
        (DAY + timedelta(days=5), DAY + timedelta(days=5)),
    ]
    assert _runs([]) == []


def test_an_announced_range_is_recomputed_inside_the_transaction() -> None:
    employee = make_employee()
    with transaction.atomic():
        days_changed_range(employee_ids=[employee.pk], start=DAY, end=DAY + timedelta(days=2), reason="test")
        rows = set(AttendanceDay.objects.filter(employee=employee).values_list("date", flat=True))
    assert rows == {DAY, DAY + timedelta(days=1), DAY + timedelta(days=2)}


def test_the_dashboard_hint_goes_out_after_commit_with_its_reason(monkeypatch: Any) -> None:
    with capture_events(monkeypatch) as events, transaction.atomic():
        counts_changed(reason="izin")
        assert events == []
    assert events.of(DASHBOARD_TOPIC) == [(DASHBOARD_TOPIC, "changed", {"reason": "izin"}, None)]
