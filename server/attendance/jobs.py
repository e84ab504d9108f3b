"""The `attendance.risk_rescore` job: the waiting logs rescored after a change of the risk thresholds
too big for its request (server.attendance.risk_services.risk_settings_update), in batches."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from server.attendance.risk_selectors import risk_thresholds
from server.attendance.risk_services import (
    RESCORE_BATCH,
    RISK_RESCORE_KIND,
    attendance_risk_rescore,
    risk_rescore_published,
    waiting_log_ids,
)
from server.attendance.topics import RISK_SETTINGS_FLAG
from server.core.chunks import chunks
from server.core.policy import AnyFlag
from server.jobs.context import JobContext
from server.jobs.kinds import register_job_kind

RESCORED = "Risiko absen yang menunggu persetujuan dihitung ulang."


@register_job_kind(RISK_RESCORE_KIND, access=AnyFlag(RISK_SETTINGS_FLAG))
def risk_rescore(job: JobContext) -> dict[str, Any]:
    thresholds = risk_thresholds()
    ids = waiting_log_ids()
    job.set_total(len(ids))
    changed = 0
    for batch in chunks(ids, RESCORE_BATCH):
        job.check_cancelled()
        with transaction.atomic():
            changed += attendance_risk_rescore(log_ids=batch, thresholds=thresholds)
        job.advance(len(batch))
    with transaction.atomic():
        risk_rescore_published()
    return {"rescored": changed, "message": RESCORED}
