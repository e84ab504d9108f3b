"""Background jobs of leave (Celery beat runs refresh_year on 15 January at 00:10)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from server.core.clock import local_today
from server.leave.selectors import leave_year_shown
from server.leave.services import leave_refresh_year


@shared_task(name="leave.refresh_year")
def refresh_year(year: int | None = None) -> dict[str, Any]:
    """Refresh annual leave for `year` (default: the leave year in force today). Idempotent."""
    target = year or leave_year_shown(today=local_today())
    return {"year": target, "refreshed": leave_refresh_year(year=target)}
