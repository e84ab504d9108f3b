"""The sync job kinds: HR pull and payroll push (registered with server.jobs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.audit.services import audit_record
from server.core.policy import AnyFlag
from server.jobs.context import JobContext, JobFailed
from server.jobs.kinds import register_job_kind
from server.sync import connectors, messages
from server.sync.connectors import ConnectorError
from server.sync.hr import hr_pull
from server.sync.payroll import payroll_push
from server.sync.selection import sync_selection_from_params

HR_PULL_KIND = "sync.hr_pull"
PAYROLL_PUSH_KIND = "sync.payroll_push"
# Who may follow the sync jobs.
SYNC_FLAGS = ("allow_employee_update", "allow_sync_penggajian")


def _job_audit(job: JobContext, *, action: str, object_type: str, result: Mapping[str, Any]) -> None:
    """One audit entry per sync job, at its end, with its counts (never one per row)."""
    audit_record(
        action=action,
        object_type=object_type,
        object_id=job.job.hash_id,
        object_label=f"{job.job.created:%Y-%m-%d %H:%M}",
        after={key: value for key, value in result.items() if key != "message"},
    )


@register_job_kind(HR_PULL_KIND, access=AnyFlag(*SYNC_FLAGS))
def hr_pull_job(job: JobContext) -> dict[str, Any]:
    try:
        tally = hr_pull(source=connectors.hr_source(), progress=job)
    except ConnectorError as error:
        raise JobFailed(error.message) from error
    summary = tally.summary()
    _job_audit(job, action="hr_pull", object_type="hr_sync", result=summary)
    return {**summary, "message": messages.HR_DONE.format(**summary)}


@register_job_kind(PAYROLL_PUSH_KIND, access=AnyFlag(*SYNC_FLAGS))
def payroll_push_job(job: JobContext) -> dict[str, Any]:
    sink = connectors.payroll_sink()
    try:
        result = payroll_push(
            selection=sync_selection_from_params(job.params),
            sink=sink,
            progress=job,
            user=job.job.creator,
            job_id=job.job.pk,
        )
    except JobFailed as failure:
        if failure.result.get("sent"):
            failed = {**failure.result, "failed": failure.message}
            _job_audit(job, action="payroll_push", object_type="payroll_sync", result=failed)
        raise
    finally:
        sink.close()
    if result.get("sent"):
        _job_audit(job, action="payroll_push", object_type="payroll_sync", result=result)
    return result
