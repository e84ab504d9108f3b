"""The sync job kinds: HR pull and payroll push (registered with server.jobs)."""

from __future__ import annotations

from typing import Any

from server.core.policy import AnyFlag
from server.jobs import messages as job_messages
from server.jobs.context import JobCancelled, JobContext, JobFailed
from server.jobs.kinds import register_job_kind
from server.sync import connectors, messages
from server.sync.connectors import ConnectorError
from server.sync.hr import hr_pull
from server.sync.payroll import payroll_push
from server.sync.selection import sync_selection_from_params
from server.sync.trail import CANCELLED, FAILED, SUCCEEDED, SyncTrail

HR_PULL_KIND = "sync.hr_pull"
PAYROLL_PUSH_KIND = "sync.payroll_push"
# Who may follow the sync jobs.
SYNC_FLAGS = ("allow_employee_update", "allow_sync_penggajian")


def _ended(trail: SyncTrail, job: JobContext, error: BaseException) -> None:
    """The closing entry of a job that stopped midway (its pages or batches already have theirs),
    when it committed anything."""
    if trail.recorded == 0:
        return
    if isinstance(error, JobCancelled):
        trail.end(CANCELLED, job.job.result)
    else:
        trail.end(FAILED, job.job.result, getattr(error, "message", "") or job_messages.FAILED)


@register_job_kind(HR_PULL_KIND, access=AnyFlag(*SYNC_FLAGS))
def hr_pull_job(job: JobContext) -> dict[str, Any]:
    trail = SyncTrail(job, action="hr_pull", object_type="hr_sync")
    try:
        try:
            tally = hr_pull(source=connectors.hr_source(), progress=job, trail=trail)
        except ConnectorError as error:
            raise JobFailed(error.message) from error
    except BaseException as error:
        _ended(trail, job, error)
        raise
    summary = tally.summary()
    return {**summary, "message": messages.HR_DONE.format(**summary)}


@register_job_kind(PAYROLL_PUSH_KIND, access=AnyFlag(*SYNC_FLAGS))
def payroll_push_job(job: JobContext) -> dict[str, Any]:
    sink = connectors.payroll_sink()
    trail = SyncTrail(job, action="payroll_push", object_type="payroll_sync")
    try:
        result = payroll_push(
            selection=sync_selection_from_params(job.params),
            sink=sink,
            progress=job,
            user=job.job.creator,
            job_id=job.job.pk,
            trail=trail,
        )
    except BaseException as error:
        if isinstance(error, JobFailed):
            job.job.result = {**job.job.result, **error.result}
        _ended(trail, job, error)
        raise
    finally:
        sink.close()
    if result.get("sent"):
        trail.end(SUCCEEDED, result)
    return result
