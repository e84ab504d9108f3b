"""The sync job kinds: HR pull and payroll push (registered with server.jobs)."""

from __future__ import annotations

from typing import Any

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


@register_job_kind(HR_PULL_KIND, access=AnyFlag(*SYNC_FLAGS))
def hr_pull_job(job: JobContext) -> dict[str, Any]:
    try:
        tally = hr_pull(source=connectors.hr_source(), progress=job)
    except ConnectorError as error:
        raise JobFailed(error.message) from error
    summary = tally.summary()
    return {**summary, "message": messages.HR_DONE.format(**summary)}


@register_job_kind(PAYROLL_PUSH_KIND, access=AnyFlag(*SYNC_FLAGS))
def payroll_push_job(job: JobContext) -> dict[str, Any]:
    sink = connectors.payroll_sink()
    try:
        return payroll_push(
            selection=sync_selection_from_params(job.params),
            sink=sink,
            progress=job,
            user=job.job.creator,
            job_id=job.job.pk,
        )
    finally:
        sink.close()
