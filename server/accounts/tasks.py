"""Celery tasks of accounts: the day's delegation push (beat runs it just after local midnight)."""

from __future__ import annotations

from celery import shared_task

from server.accounts.delegation import delegations_day_push


@shared_task(name="accounts.delegations_day_push")
def delegations_day() -> int:
    """Tell the delegates whose delegation starts today or ended yesterday their new rights (idempotent)."""
    return delegations_day_push()
