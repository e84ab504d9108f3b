"""Celery tasks of the calendar settings: the escalation of overdue approval items (beat, every few
minutes; server/schedules/sla_escalation.py)."""

from __future__ import annotations

from celery import shared_task

from server.schedules.sla_escalation import sla_escalate


@shared_task(name="schedules.sla_escalate")
def sla_escalate_overdue() -> dict[str, int]:
    return sla_escalate()
