"""A bulk approve as the approver confirmed it (bulk_selectors shows it first): exactly the logs of the
preview the approver saw (their hash ids), less the rows of the factors they left out, each decided
once through approve_many, all of it ONE decision batch of the approver (their "last action" to undo).

A long one runs as a background job (`attendance.bulk_approve`, server/jobs): the request answers at
once with the job, its progress goes out on the `jobs` topic, each row leaves the queue live as it is
decided (the queue's `left` events), and the job's result is the bulk answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import prefetch_related_objects

from server.accounts.models import User
from server.attendance import selectors, services
from server.attendance.bulk_selectors import left_out_by, left_out_message
from server.attendance.models import AttendanceLog, DecisionBatch, LogStatus, RiskLevel
from server.attendance.placements import placement_ref
from server.core.chunks import chunks
from server.core.decisions import BulkOutcome
from server.jobs.models import Job
from server.jobs.runner import job_start
from server.workforce.models import ManPower

BULK_APPROVE_KIND = "attendance.bulk_approve"
# More rows than this run as a job (every 'Setujui semua risiko rendah' does).
BULK_JOB_FROM = 50
# Rows per approve_many call of a job (its progress moves after each).
BULK_CHUNK = 20

NOT_LOW_ANYMORE = "Risiko absen ini tidak lagi rendah."
NOT_IN_FILTER = "Absen tidak termasuk filter antrean ini."
BULK_LEFT_OUT = " {left_out} disisihkan menurut faktor risiko."
BULK_STARTED = "Persetujuan {count} absen berjalan di latar belakang."


@dataclass(frozen=True)
class BulkApproval:
    """What the approver confirmed (JSON-safe: a job's params): the logs (hash ids) of the preview,
    the placements chosen for out-of-radius ones (log hash id → man power hash id; `near_man_power_all`
    for the rest, '' = each its suggested one), the factors left out, whether each must still be low
    risk ('Setujui semua risiko rendah'), and the ids already refused with why (not in the filter)."""

    ids: list[str]
    near_man_power: dict[str, str] = field(default_factory=dict)
    near_man_power_all: str = ""
    exclude_factors: list[str] = field(default_factory=list)
    low_risk: bool = False
    refused: dict[str, str] = field(default_factory=dict)

    def to_params(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> BulkApproval:
        return cls(
            ids=list(params.get("ids", [])),
            near_man_power=dict(params.get("near_man_power", {})),
            near_man_power_all=str(params.get("near_man_power_all", "")),
            exclude_factors=list(params.get("exclude_factors", [])),
            low_risk=bool(params.get("low_risk", False)),
            refused=dict(params.get("refused", {})),
        )

    @property
    def count(self) -> int:
        return len(self.ids) + len(self.refused)


def bulk_answer(
    outcomes: Sequence[BulkOutcome], batch: DecisionBatch | None, placements: Mapping[str, ManPower]
) -> dict[str, Any]:
    """The bulk answer (AttendanceLogBulkResult): counts, each row's outcome, the batch to undo."""
    decided = sum(1 for outcome in outcomes if outcome.outcome == "decided")
    left_out = sum(1 for outcome in outcomes if outcome.outcome == "left_out")
    return {
        "decided": decided,
        "skipped": len(outcomes) - decided - left_out,
        "left_out": left_out,
        "results": [
            {**outcome.as_dict(), "near_man_power": placement_ref(placements.get(outcome.hash_id))}
            for outcome in outcomes
        ],
        "batch": batch.hash_id if batch is not None else None,
        "undo_until": (batch.created + services.UNDO_WINDOW).isoformat() if batch is not None else None,
    }


def bulk_approved_message(answer: Mapping[str, Any]) -> str:
    message = services.BULK_APPROVED.format(decided=answer["decided"], skipped=answer["skipped"])
    if answer["left_out"]:
        message = message.removesuffix(".") + "," + BULK_LEFT_OUT.format(left_out=answer["left_out"])
    return message


def attendance_bulk_approve(
    *,
    approval: BulkApproval,
    approver: User,
    on_total: Callable[[int], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_skipped: Callable[[str, str], None] | None = None,
) -> dict[str, Any]:
    """Approve what `approval` names, each log once, in one batch of `approver`: a row with a factor
    left out is answered `left_out`; with `low_risk` a row no longer low risk is refused. Reports the
    rows to decide (`on_total`), the rows done after each chunk (`on_progress`) and each row not
    approved with its employee's name (`on_skipped`). Answers bulk_answer."""
    items = selectors.attendance_logs_for_bulk(access=approver.user_access, hash_ids=approval.ids)
    logs = [item for item in items if isinstance(item, AttendanceLog)]
    prefetch_related_objects(logs, "employee")
    names = {log.hash_id: log.employee.name for log in logs}
    found = services.near_man_powers_from([*approval.near_man_power.values(), approval.near_man_power_all])
    per_row = {h: found[mp] for h, mp in approval.near_man_power.items() if mp in found}
    for_all = found.get(approval.near_man_power_all)

    outcomes: list[BulkOutcome] = [
        BulkOutcome(hash_id, "refused", message, {}) for hash_id, message in approval.refused.items()
    ]
    to_decide: list[AttendanceLog | str] = []
    for item in items:
        if not isinstance(item, AttendanceLog):
            to_decide.append(item)
        elif codes := left_out_by(item, approval.exclude_factors):
            outcomes.append(BulkOutcome(item.hash_id, "left_out", left_out_message(codes), {}))
        elif (
            approval.low_risk
            and item.status == LogStatus.WAITING_APPROVAL
            and item.risk_level != RiskLevel.LOW
        ):
            outcomes.append(BulkOutcome(item.hash_id, "refused", NOT_LOW_ANYMORE, {}))
        else:
            to_decide.append(item)
    if on_total is not None:
        on_total(len(to_decide))

    batch: DecisionBatch | None = services.decision_batch_start(
        user=approver, action=DecisionBatch.Action.APPROVE
    )
    placements: dict[str, ManPower] = {}
    for chunk in chunks(to_decide, BULK_CHUNK):
        result = services.attendance_logs_approve_many(
            items=chunk,
            approver=approver,
            near_man_power=per_row,
            near_man_power_all=for_all,
            batch=batch,
        )
        outcomes.extend(result.outcomes)
        placements.update(result.placements)
        if on_progress is not None:
            on_progress(len(chunk))
    if batch is not None and not any(outcome.outcome == "decided" for outcome in outcomes):
        batch.delete()
        batch = None
    if on_skipped is not None:
        for outcome in outcomes:
            if outcome.outcome != "decided":
                on_skipped(names.get(outcome.hash_id, outcome.hash_id), outcome.message)
    order = {hash_id: index for index, hash_id in enumerate([*approval.ids, *approval.refused])}
    outcomes.sort(key=lambda outcome: order.get(outcome.hash_id, len(order)))
    return bulk_answer(outcomes, batch, placements)


def attendance_bulk_approve_start(
    *, approval: BulkApproval, approver: User, idempotency_key: str | None = None
) -> tuple[Job, bool]:
    """Run `approval` as a background job of `approver` (the same key never runs twice)."""
    with transaction.atomic():
        return job_start(
            kind=BULK_APPROVE_KIND,
            params=approval.to_params(),
            user=approver,
            idempotency_key=idempotency_key,
        )
