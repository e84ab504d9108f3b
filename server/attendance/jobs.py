"""The attendance jobs: `attendance.risk_rescore`, the waiting logs rescored after a change of the risk
thresholds too big for its request (server.attendance.risk_services.risk_settings_update), in batches;
`attendance.bulk_approve`, a long bulk approve (server.attendance.bulk_services)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from server.attendance.bulk_services import (
    BULK_APPROVE_KIND,
    BulkApproval,
    attendance_bulk_approve,
    bulk_approved_message,
)
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
from server.core.flags import APPROVE_ATTENDANCE
from server.core.policy import AnyFlag
from server.jobs.context import JobContext, JobFailed
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


BULK_NO_APPROVER = "Penyetuju keputusan massal ini tidak ditemukan."


@register_job_kind(BULK_APPROVE_KIND, access=AnyFlag(APPROVE_ATTENDANCE))
def bulk_approve(job: JobContext) -> dict[str, Any]:
    """The bulk approve its creator confirmed: progress after each chunk, each row not approved as an
    error (its employee and why), the bulk answer as the result."""
    approver = job.job.creator
    if approver is None:
        raise JobFailed(BULK_NO_APPROVER)
    answer = attendance_bulk_approve(
        approval=BulkApproval.from_params(job.params),
        approver=approver,
        on_total=job.set_total,
        on_progress=job.advance,
        on_skipped=job.error,
    )
    return {**answer, "message": bulk_approved_message(answer)}
