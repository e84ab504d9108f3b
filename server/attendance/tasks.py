"""Background jobs of the attendance engine (Celery beat runs close_day nightly at 00:30)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from celery import shared_task

from server.attendance.days import attendance_day_close
from server.core.clock import local_today


def default_close_date() -> date:
    """Yesterday in settings.TIME_ZONE."""
    return local_today() - timedelta(days=1)


@shared_task(name="attendance.close_day")
def close_day(date_iso: str | None = None) -> dict[str, Any]:
    """Close a day (default yesterday): absences and collective leave. Idempotent."""
    day = date.fromisoformat(date_iso) if date_iso else default_close_date()
    result = attendance_day_close(day=day)
    return {
        "date": result.day.isoformat(),
        "rows": result.rows,
        "absent": result.absent,
        "collective_leave_entries": result.collective_leave_entries,
    }
