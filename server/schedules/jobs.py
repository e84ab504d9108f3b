"""The `schedules.recompute` job: the attendance days of a schedule change too big for its request
(server.schedules.services.recompute.schedule_change_apply), recomputed in batches with live progress."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from typing import Any

from django.db import transaction

from server.core.clock import local_today
from server.core.days_changed import counts_changed, days_changed_range
from server.core.policy import AnyFlag
from server.jobs.context import JobContext
from server.jobs.kinds import register_job_kind
from server.schedules import messages as msg
from server.schedules.services.recompute import (
    SCHEDULE_REASON,
    SCHEDULE_RECOMPUTE_KIND,
    pattern_since,
    schedule_changed_recompute,
)
from server.workforce.models import Employee

# Who may follow a recompute: any of the settings whose change starts one.
SCHEDULE_FLAGS = (
    "allow_setting_shift",
    "allow_setting_shift_pattern",
    "allow_setting_holiday",
    "allow_system_trouble",
)
# Days recomputed per batch for the employees of the changed patterns.
PATTERN_WINDOW_DAYS = 7


def _steps(dates: list[date], pattern_ids: list[int]) -> list[Callable[[], None]]:
    steps: list[Callable[[], None]] = [
        partial(schedule_changed_recompute, dates=[day]) for day in sorted(set(dates))
    ]
    if pattern_ids:
        employee_ids = list(
            Employee.objects.filter(shift_pattern_id__in=pattern_ids).values_list("pk", flat=True)
        )
        today = local_today()
        start = pattern_since(pattern_ids)
        while employee_ids and start <= today:
            end = min(start + timedelta(days=PATTERN_WINDOW_DAYS - 1), today)
            steps.append(
                partial(
                    days_changed_range,
                    employee_ids=employee_ids,
                    start=start,
                    end=end,
                    reason=SCHEDULE_REASON,
                )
            )
            start = end + timedelta(days=1)
    return steps


@register_job_kind(SCHEDULE_RECOMPUTE_KIND, access=AnyFlag(*SCHEDULE_FLAGS))
def schedule_recompute(job: JobContext) -> dict[str, Any]:
    """Params: `dates` (ISO dates, everyone) and `pattern_ids` (their employees' computed days)."""
    dates = [date.fromisoformat(d) for d in job.params.get("dates", [])]
    steps = _steps(dates, [int(pk) for pk in job.params.get("pattern_ids", [])])
    job.set_total(len(steps))
    for step in steps:
        job.check_cancelled()
        with transaction.atomic():
            step()
        job.advance(1)
    counts_changed(reason=SCHEDULE_REASON)
    return {"batches": len(steps), "message": msg.RECOMPUTED}
