"""A manual leave adjustment appends one audit entry (the balance before and after), with its event."""

from __future__ import annotations

from typing import Any

import pytest

from server.adjustments.models import LeaveAdjustment
from server.adjustments.tests.test_leave_adjustment import CREATE, employee, form, hr, today  # noqa: F401
from server.audit.models import AuditEntry
from server.testing.events import audit_event, capture_events

pytestmark = pytest.mark.django_db


def test_a_leave_adjustment_is_audited(hr: Any, employee: Any, monkeypatch: Any) -> None:  # noqa: F811
    with capture_events(monkeypatch) as events:
        response = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-17"), format="multipart")
    assert response.status_code == 201, response.content
    adjustment = LeaveAdjustment.objects.get()
    entry = AuditEntry.objects.get(object_type="leave_adjustment")
    assert (entry.action, entry.object_id, entry.actor_name) == ("create", adjustment.hash_id, "Rina HR")
    assert entry.before == {"cuti_saldo": 5}
    assert entry.after["cuti_saldo"] == 1 and entry.after["jumlah_hari_cuti"] == 4
    assert entry.after["start_date"] == "2026-03-12" and entry.after["employee"] == "Ani Lestari"
    assert events.of("audit") == [audit_event(("leave_adjustment", adjustment.hash_id))]


def test_a_refused_leave_adjustment_records_nothing(hr: Any, employee: Any) -> None:  # noqa: F811
    response = hr.post(CREATE, form(employee, "2026-03-14", "2026-03-15"), format="multipart")
    assert response.status_code == 422
    assert not AuditEntry.objects.exists()
