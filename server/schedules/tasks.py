"""Celery tasks of the calendar settings: the escalation of overdue approval items (beat, every few
minutes; server/schedules/sla_escalation.py)."""

from __future__ import annotations

from celery import shared_task

from server.core.request_context import acting_as
from server.schedules.sla_escalation import sla_escalate


@shared_task(name="schedules.sla_escalate")
def sla_escalate_overdue() -> dict[str, int]:
    with acting_as(None):  # the escalation is the system's: no actor a worker thread may still name
        return sla_escalate()
