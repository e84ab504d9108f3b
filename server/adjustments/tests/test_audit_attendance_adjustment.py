"""An attendance adjustment appends one audit entry per submitted form (its counts), with its event."""

from __future__ import annotations

from typing import Any

import pytest

from server.adjustments.models import AttendanceAdjustment
from server.adjustments.tests.test_attendance_adjustment import (  # noqa: F401
    SUBMIT,
    hr,
    line,
    people,
    today,
)
from server.audit.models import AuditEntry
from server.testing.events import audit_event, capture_events

pytestmark = pytest.mark.django_db


def test_an_attendance_adjustment_is_audited(hr: Any, people: Any, monkeypatch: Any) -> None:  # noqa: F811
    lines = [line("ANI-01", "2026-03-16", 1.5, 1, 1), line("BDI-02", "2026-03-17", 0, 1, 0)]
    with capture_events(monkeypatch) as events:
        response = hr.post(SUBMIT, lines, format="json")
    assert response.status_code == 201, response.content
    adjustment = AttendanceAdjustment.objects.get()
    entry = AuditEntry.objects.get(object_type="attendance_adjustment")
    assert (entry.action, entry.object_id, entry.object_label) == (
        "create",
        adjustment.hash_id,
        adjustment.form_number,
    )
    assert entry.after["adjustment_total"] == 2 and entry.after["changed_days"] == 2
    assert entry.actor_name == "Rina HR" and entry.before == {}
    assert events.of("audit") == [audit_event(("attendance_adjustment", adjustment.hash_id))]


def test_a_refused_batch_records_nothing(hr: Any, people: Any) -> None:  # noqa: F811
    bad = [line("ANI-01", "2026-03-16"), line("ANI-01", "2026-02-01")]
    assert hr.post(SUBMIT, bad, format="json").status_code == 422
    assert not AuditEntry.objects.exists()
