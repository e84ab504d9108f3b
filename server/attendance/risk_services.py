"""Writes for the risk of a check-in: score a new log, remember devices and refused attempts, change
the thresholds and rescore the waiting logs (inline when few, else a `attendance.risk_rescore` job).

Events (after commit): `settings.risk` "changed" `{"action": "updated"}` (open settings screens
refetch) and `approval.attendance` "rescored" `{}` to every type (open queues refetch: levels and
order moved) and `dashboard` "changed" `{"reason": "risk"}` once the waiting logs carry their new scores.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from datetime import datetime
from typing import Any

from django.db import connection, transaction

from server.attendance.models import (
    AttendanceLog,
    BlacklistAttempt,
    EmployeeDevice,
    LogStatus,
    RiskSettings,
)
from server.attendance.risk import RiskFactors, RiskThresholds, risk_assess
from server.attendance.risk_selectors import (
    THRESHOLD_FIELDS,
    risk_factors_of_logs,
    risk_thresholds,
    risk_thresholds_from,
)
from server.attendance.topics import RISK_SETTINGS_TOPIC, attendance_queue_publish
from server.audit.services import audit_record, audit_snapshot
from server.core.chunks import chunks
from server.core.days_changed import counts_changed
from server.core.flags import MAN_POWER_TYPES
from server.jobs.models import Job
from server.jobs.runner import job_start
from server.realtime.publish import publish
from server.schedules.models import BlacklistApp
from server.workforce.models import Employee

RISK_RESCORE_KIND = "attendance.risk_rescore"
# Waiting logs rescored in the settings request itself; more go to a job.
RESCORE_INLINE_LIMIT = 5000
RESCORE_BATCH = 1000


def risk_apply(log: AttendanceLog, factors: RiskFactors, thresholds: RiskThresholds) -> bool:
    """Set the log's risk fields from its factors; whether they changed (not saved)."""
    risk = risk_assess(factors, thresholds)
    before = (log.risk_score, log.risk_level, log.risk_reasons, log.risk_factors)
    log.risk_score, log.risk_level, log.risk_reasons = risk.score, risk.level, risk.reasons
    log.risk_factors = factors.to_json()
    return before != (log.risk_score, log.risk_level, log.risk_reasons, log.risk_factors)


def employee_device_remember(*, employee: Employee, device_id: str, when: datetime) -> None:
    if not device_id:
        return
    device, created = EmployeeDevice.objects.get_or_create(
        employee=employee, device_id=device_id, defaults={"first_seen": when, "last_seen": when}
    )
    if not created and device.last_seen < when:
        EmployeeDevice.objects.filter(pk=device.pk).update(last_seen=when)


def blacklist_attempt_record(*, employee: Employee, app: BlacklistApp, when: datetime) -> None:
    """Kept even though the check-in is refused: a later check-in's risk counts it."""
    BlacklistAttempt.objects.create(
        employee=employee, app_name=app.name, package_id=app.package_id, attempted_at=when
    )


_RISK_FIELDS = ["risk_score", "risk_level", "risk_reasons", "risk_factors"]


def attendance_risk_rescore(
    *, log_ids: Iterable[int], thresholds: RiskThresholds, measure: bool = False
) -> int:
    """Rescore the given logs from their stored factors (`measure`: measure the factors again, for
    logs stored before risk was measured); the count of logs whose risk changed."""
    related = ("employee", "man_power", "shift") if measure else ()
    logs = list(AttendanceLog.objects.filter(pk__in=list(log_ids)).select_related(*related).order_by("pk"))
    # Measured for the whole batch at once (a few queries, not a few per log).
    measured = risk_factors_of_logs([log for log in logs if measure or not log.risk_factors])
    changed: list[AttendanceLog] = []
    for log in logs:
        factors = measured[log.pk] if log.pk in measured else RiskFactors.from_json(log.risk_factors)
        if risk_apply(log, factors, thresholds):
            changed.append(log)
    _risk_write(changed)
    return len(changed)


def _risk_write(logs: list[AttendanceLog]) -> None:
    """Store the logs' risk fields: on PostgreSQL one UPDATE ... FROM unnest(...) per batch (a
    bulk_update's CASE per row costs the square of the batch: 30 of 39 s rescoring 3,000 logs)."""
    if connection.vendor != "postgresql":
        AttendanceLog.objects.bulk_update(logs, _RISK_FIELDS, batch_size=RESCORE_BATCH)
        return
    table = connection.ops.quote_name(AttendanceLog._meta.db_table)
    with connection.cursor() as cursor:
        for batch in chunks(logs, RESCORE_BATCH):
            cursor.execute(
                f"UPDATE {table} AS log SET risk_score = v.score, risk_level = v.level, "
                "risk_reasons = v.reasons::jsonb, risk_factors = v.factors::jsonb "
                "FROM unnest(%s::bigint[], %s::int[], %s::text[], %s::text[], %s::text[]) "
                "AS v(id, score, level, reasons, factors) WHERE log.id = v.id",
                [
                    [log.pk for log in batch],
                    [log.risk_score for log in batch],
                    [log.risk_level for log in batch],
                    [json.dumps(log.risk_reasons) for log in batch],
                    [json.dumps(log.risk_factors) for log in batch],
                ],
            )


def waiting_log_ids() -> list[int]:
    return list(
        AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def risk_rescore_published() -> None:
    """Tell every open queue and the dashboard (its low-risk count) after commit that the waiting
    logs' risk moved."""
    for man_power_type in MAN_POWER_TYPES:
        attendance_queue_publish("rescored", {}, man_power_type=man_power_type)
    counts_changed(reason="risk")


def attendance_risk_rescore_waiting(*, measure: bool = False) -> int:
    """Rescore every waiting log with the current thresholds, in batches (the backfill command and
    the seed use `measure`); the count changed."""
    thresholds = risk_thresholds()
    ids = waiting_log_ids()
    changed = 0
    for batch in chunks(ids, RESCORE_BATCH):
        with transaction.atomic():
            changed += attendance_risk_rescore(log_ids=batch, thresholds=thresholds, measure=measure)
    with transaction.atomic():
        risk_rescore_published()
    return changed


def risk_settings_update(*, data: dict[str, Any], user: Any = None) -> tuple[RiskSettings, Job | None]:
    """Save the thresholds and rescore the waiting logs: inline when at most RESCORE_INLINE_LIMIT
    wait, else by a job started after commit (answered, to follow on the `jobs` topic)."""
    with transaction.atomic():
        RiskSettings.objects.get_or_create(pk=1)
        settings = RiskSettings.objects.select_for_update().get(pk=1)
        values = asdict(risk_thresholds_from(data, settings))
        changed = [name for name in THRESHOLD_FIELDS if getattr(settings, name) != values[name]]
        before = audit_snapshot(settings, THRESHOLD_FIELDS)
        for name in changed:
            setattr(settings, name, values[name])
        settings.save()
        audit_record(
            action="update",
            object_type="risk_settings",
            object_id=str(settings.pk),
            object_label="Ambang Risiko",
            before=before,
            after=audit_snapshot(settings, THRESHOLD_FIELDS),
        )
        job = None
        if changed:
            ids = waiting_log_ids()
            if len(ids) <= RESCORE_INLINE_LIMIT:
                attendance_risk_rescore(log_ids=ids, thresholds=risk_thresholds(settings))
                risk_rescore_published()
            else:
                job, _ = job_start(kind=RISK_RESCORE_KIND, params={}, user=user)
        publish(RISK_SETTINGS_TOPIC, "changed", {"action": "updated"})
    return settings, job
