"""The audit trail of a sync job (DESIGN §17, §21): an entry per committed page (HR pull) or batch
(payroll push), written inside that page's or batch's own transaction, then one entry saying how the
job ended (succeeded, failed or cancelled, with the totals so far). So a job that fails or is
cancelled midway leaves an entry for every page or batch it committed.

Every entry names the job (object id: its hash id) and is made by the job and who started it (the
acting context the runner sets)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from server.audit.services import audit_record
from server.jobs.context import JobContext
from server.sync import messages

SUCCEEDED, FAILED, CANCELLED = "succeeded", "failed", "cancelled"


class SyncTrail:
    def __init__(self, job: JobContext, *, action: str, object_type: str) -> None:
        self.job = job
        self.action = action
        self.object_type = object_type
        self.recorded = 0
        self.ended = False

    def _record(self, label: str, after: Mapping[str, Any]) -> None:
        audit_record(
            action=self.action,
            object_type=self.object_type,
            object_id=self.job.job.hash_id,
            object_label=label,
            after=dict(after),
        )
        self.recorded += 1

    def page(self, page: int, counts: Mapping[str, Any]) -> None:
        """One committed HR page: call inside its transaction."""
        self._record(
            messages.AUDIT_PAGE.format(started=self.job.job.created, page=page), {"page": page, **counts}
        )

    def batch(self, batch: int, values: Mapping[str, Any]) -> None:
        """One committed payroll batch: call inside its transaction."""
        self._record(
            messages.AUDIT_BATCH.format(started=self.job.job.created, batch=batch), {"batch": batch, **values}
        )

    def end(self, status: str, totals: Mapping[str, Any], message: str = "") -> None:
        """How the job ended, with its totals (and the failure's message)."""
        if self.ended:
            return
        self.ended = True
        after = {"status": status, **{k: v for k, v in totals.items() if k != "message"}}
        if message:
            after["message"] = message
        self._record(messages.AUDIT_JOB.format(started=self.job.job.created), after)
