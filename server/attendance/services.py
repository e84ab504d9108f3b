"""Decisions on check-in logs (DESIGN §7): approve, reject, undo, reject a valid log, 'Mundurkan absen'.

Every transition locks the log (SELECT ... FOR UPDATE) and checks its state under the lock, so of two
approvers deciding the same log exactly one wins; the other gets 409 with who decided it and the
current state. The computed day(s) are recomputed in the same transaction, and the queue and the
dashboard are told after commit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from rest_framework.exceptions import PermissionDenied

from server.accounts.delegation import on_behalf
from server.accounts.models import User
from server.attendance import selectors
from server.attendance.days import attendance_days_recompute_for_log
from server.attendance.models import AttendanceLog, DecisionBatch, DecisionBatchItem, LogStatus
from server.attendance.placements import approval_placements
from server.attendance.selectors import (
    QUEUE_ROW_RELATED,
    SYSTEM_NAME,
    attendance_queue_rows,
    decided_by_name,
)
from server.attendance.topics import attendance_queue_publish
from server.audit.services import audit_record, audit_snapshot
from server.core import clock
from server.core.days_changed import counts_changed
from server.core.decisions import BulkOutcome, DecisionConflict, decide_each, locked_for_decision
from server.core.envelope import Conflict, Unprocessable
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE, approval_types
from server.core.hashids import decode_id
from server.workforce.models import ManPower

ALREADY_DECIDED = "Data sudah diproses oleh {name}."
ALREADY_WAITING = "Data sudah dikembalikan ke tahap persetujuan."
NOT_APPROVED = "Hanya absen yang disetujui sistem yang dapat ditolak."
NOT_UNDOABLE = "Hanya absen yang disetujui manual atau ditolak yang dapat dikembalikan."
NEAR_MAN_POWER_REQUIRED = "Pilih man power terdekat terlebih dahulu."
NEAR_MAN_POWER_UNKNOWN = "Man power terdekat tidak ditemukan."
NOTE_REQUIRED = "Catatan penolakan harus diisi."
NO_TYPE_RIGHT = "Anda tidak memiliki akses untuk {action} absen man power {type}."

APPROVED = "Absen berhasil disetujui."
REJECTED = "Absen berhasil ditolak."
UNDONE = "Absen dikembalikan ke tahap persetujuan."
DIFFERENT_DAY_SET = "Absen dimundurkan ke hari sebelumnya."
DIFFERENT_DAY_UNSET = "Absen dikembalikan ke tanggalnya."


# The fields of a log its audit entries show (DESIGN §17).
LOG_AUDIT_FIELDS = ("status", "decided_by", "rejected_note", "near_man_power", "is_different_day")


# The decisions whose entry keeps the risk the log was decided on (DESIGN §21): level, score and the
# reasons' texts, as the decider saw them; new thresholds rescore the waiting logs, never the entry.
RISK_AUDITED_ACTIONS = frozenset({"approve", "reject", "reject_valid"})


# The right a decision uses (a delegate's entry names the delegator whose right it was: "atas nama").
_DECISION_RIGHTS = {
    "approve": APPROVE_ATTENDANCE,
    "reject": REJECT_ATTENDANCE,
    LogStatus.MANUAL_APPROVED: APPROVE_ATTENDANCE,
    LogStatus.REJECTED: REJECT_ATTENDANCE,
}


def _log_audit(
    action: str, log: AttendanceLog, label_of: AttendanceLog, before: dict[str, Any], user: User | None = None
) -> None:
    after = audit_snapshot(log, LOG_AUDIT_FIELDS)
    right = _DECISION_RIGHTS.get(action if action != "undo" else before.get("status", ""))
    if user is not None and right is not None:
        after.update(on_behalf(user, flag=right, man_power_type=log.man_power_type))
    if action in RISK_AUDITED_ACTIONS:
        after["risk_level"], after["risk_score"] = log.risk_level, log.risk_score
        after["risk_reasons"] = [reason["text"] for reason in log.risk_reasons or []]
    audit_record(
        action=action,
        object_type="attendance_log",
        object_id=log.hash_id,
        object_label=f"{label_of.employee.name}, {log.log_date:%Y-%m-%d}",
        before=before,
        after=after,
    )


class AttendanceLogConflict(DecisionConflict):
    """The log is no longer in a state the transition starts from; `state` is what it is now."""


def attendance_log_state(log: AttendanceLog) -> dict[str, Any]:
    return {
        "hash_id": log.hash_id,
        "status": log.status,
        "decided_by_name": decided_by_name(log),
        "decided_at": log.decided_at.isoformat() if log.decided_at else "",
        "rejected_note": log.rejected_note,
    }


def _conflict(log: AttendanceLog, otherwise: str = "") -> AttendanceLogConflict:
    """Why `log` cannot move: who decided it, that it is back in the queue, or `otherwise`."""
    if log.decided_by_id is not None:
        message = ALREADY_DECIDED.format(name=decided_by_name(log))
    elif log.status == LogStatus.WAITING_APPROVAL:
        message = ALREADY_WAITING
    else:
        message = otherwise or ALREADY_DECIDED.format(name=SYSTEM_NAME)
    return AttendanceLogConflict(message, state=attendance_log_state(log))


def _require_type_right(user: User, log: AttendanceLog, base: str, action: str) -> None:
    if log.man_power_type not in approval_types(user.user_access, base):
        raise PermissionDenied(NO_TYPE_RIGHT.format(action=action, type=log.man_power_type))


def _decide(
    *,
    log: AttendanceLog,
    user: User,
    action: str,
    sources: Sequence[str],
    target: str,
    conflict_message: str = "",
    unchanged: Callable[[AttendanceLog], bool] | None = None,
    **changes: Any,
) -> AttendanceLog:
    """Move `log` from one of `sources` to `target` under a row lock; the day follows in the same
    transaction. Raises AttendanceLogConflict when someone else moved it first (or, with `unchanged`,
    when the locked log no longer passes it)."""
    with transaction.atomic():
        locked = locked_for_decision(
            AttendanceLog.objects.all(),
            log.pk,
            sources=sources,
            conflict=lambda current: _conflict(current, conflict_message),
        )
        if unchanged is not None and not unchanged(locked):
            raise _conflict(locked, conflict_message)
        before = audit_snapshot(locked, LOG_AUDIT_FIELDS)
        now = clock.now()
        locked.status = target
        if target == LogStatus.WAITING_APPROVAL:
            locked.decided_by, locked.decided_at = None, None
        else:
            locked.decided_by, locked.decided_at = user, now
        for field, value in changes.items():
            setattr(locked, field, value)
        locked.save(update_fields=["status", "decided_by", "decided_at", *changes])
        _log_audit(action, locked, log, before, user)
        attendance_days_recompute_for_log(log=locked)
        counts_changed(reason="attendance_log")
    return locked


def _record_decision(decided: AttendanceLog, user: User, action: str, batch: DecisionBatch | None) -> None:
    """Record `decided` in `batch` (a bulk decision's), else in a batch of its own: every decision is
    the decider's to undo as one (their "last action")."""
    assert decided.decided_at is not None
    if batch is None:
        batch = DecisionBatch.objects.create(action=action, decided_by=user, created=decided.decided_at)
    DecisionBatchItem.objects.create(
        batch=batch, log=decided, status=decided.status, decided_at=decided.decided_at
    )


def _decide_queued(
    *,
    log: AttendanceLog,
    user: User,
    action: str,
    target: str,
    batch: DecisionBatch | None = None,
    **changes: Any,
) -> AttendanceLog:
    """Decide a waiting log (→ `target`), record it in `batch` (else in a batch of one) and tell the
    queue's viewers it left, in one transaction."""
    with transaction.atomic():
        decided = _decide(
            log=log, user=user, action=action, sources=[LogStatus.WAITING_APPROVAL], target=target, **changes
        )
        _record_decision(decided, user, action, batch)
        attendance_queue_publish(
            "left",
            {
                "hash_id": decided.hash_id,
                "status": decided.status,
                "decided_by_name": decided_by_name(decided),
            },
            man_power_type=decided.man_power_type,
        )
    return decided


def attendance_log_approve(
    *,
    log: AttendanceLog,
    approver: User,
    near_man_power: ManPower | None = None,
    batch: DecisionBatch | None = None,
) -> AttendanceLog:
    """Approve a waiting log (→ manual_approved). A log outside the radius needs the nearest placement
    the approver chose. Recorded in `batch` (a bulk decision's), else as a batch of one."""
    _require_type_right(approver, log, APPROVE_ATTENDANCE, "menyetujui")
    if not log.is_valid_location and near_man_power is None:
        raise Unprocessable(NEAR_MAN_POWER_REQUIRED, errors={"near_man_power": [NEAR_MAN_POWER_REQUIRED]})
    return _decide_queued(
        log=log,
        user=approver,
        action="approve",
        target=LogStatus.MANUAL_APPROVED,
        batch=batch,
        near_man_power=near_man_power if not log.is_valid_location else None,
        rejected_note="",
    )


def attendance_log_reject(
    *, log: AttendanceLog, approver: User, note: str, batch: DecisionBatch | None = None
) -> AttendanceLog:
    """Reject a waiting log with a note (→ rejected); recorded in `batch`, else as a batch of one."""
    _require_type_right(approver, log, REJECT_ATTENDANCE, "menolak")
    note = _required_note(note)
    return _decide_queued(
        log=log, user=approver, action="reject", target=LogStatus.REJECTED, batch=batch, rejected_note=note
    )


def attendance_log_undo(
    *,
    log: AttendanceLog,
    user: User,
    sources: Sequence[str] = (LogStatus.MANUAL_APPROVED, LogStatus.REJECTED),
    unchanged: Callable[[AttendanceLog], bool] | None = None,
) -> AttendanceLog:
    """Send a manually approved or rejected log back to the approval queue (only from `sources`, and
    only while it passes `unchanged`: the undo of a bulk decision)."""
    with transaction.atomic():
        waiting = _decide(
            log=log,
            user=user,
            action="undo",
            sources=sources,
            target=LogStatus.WAITING_APPROVAL,
            conflict_message=NOT_UNDOABLE,
            unchanged=unchanged,
            near_man_power=None,
            rejected_note="",
        )
        row_log = AttendanceLog.objects.select_related(*QUEUE_ROW_RELATED).get(pk=waiting.pk)
        attendance_queue_publish(
            "entered",
            {"row": attendance_queue_rows([row_log], viewer=None)[0]},
            man_power_type=waiting.man_power_type,
        )
    return waiting


def attendance_log_reject_valid(*, log: AttendanceLog, user: User, note: str) -> AttendanceLog:
    """Reject a log the system approved (→ rejected, with a note). It was never in the queue."""
    note = _required_note(note)
    return _decide(
        log=log,
        user=user,
        action="reject_valid",
        sources=[LogStatus.APPROVED],
        target=LogStatus.REJECTED,
        conflict_message=NOT_APPROVED,
        rejected_note=note,
    )


def attendance_log_set_different_day(*, log: AttendanceLog, is_different_day: bool) -> AttendanceLog:
    """'Mundurkan absen': count the log for the day before (or back for its own day). Idempotent."""
    with transaction.atomic():
        locked = AttendanceLog.objects.select_for_update().get(pk=log.pk)
        if locked.is_different_day != is_different_day:
            before = audit_snapshot(locked, LOG_AUDIT_FIELDS)
            locked.is_different_day = is_different_day
            locked.save(update_fields=["is_different_day"])
            _log_audit("set_different_day", locked, log, before)
            attendance_days_recompute_for_log(log=locked)
            counts_changed(reason="attendance_log")
    return locked


def near_man_power_from(hash_id: str) -> ManPower | None:
    """The placement an approver chose ('' = none); 422 when it is not an active placement."""
    if not hash_id:
        return None
    pk = decode_id(ManPower._meta.label, hash_id)
    found = ManPower.objects.filter(pk=pk, is_active=True).first() if pk is not None else None
    if found is None:
        raise Unprocessable(NEAR_MAN_POWER_UNKNOWN, errors={"near_man_power": [NEAR_MAN_POWER_UNKNOWN]})
    return found


def near_man_powers_from(hash_ids: Sequence[str]) -> dict[str, ManPower]:
    """The placements bulk approvers chose, by hash id ('' skipped): one query; 422 when one is not
    an active placement."""
    wanted = {h for h in hash_ids if h}
    pks = {h: decode_id(ManPower._meta.label, h) for h in wanted}
    found = ManPower.objects.filter(
        pk__in=[pk for pk in pks.values() if pk is not None], is_active=True
    ).in_bulk()
    if any(pk is None or pk not in found for pk in pks.values()):
        raise Unprocessable(NEAR_MAN_POWER_UNKNOWN, errors={"near_man_power": [NEAR_MAN_POWER_UNKNOWN]})
    return {h: found[pk] for h, pk in pks.items() if pk is not None}


def _required_note(note: str) -> str:
    note = (note or "").strip()
    if not note:
        raise Unprocessable(NOTE_REQUIRED, errors={"note": [NOTE_REQUIRED]})
    return note


BULK_APPROVED = "{decided} absen disetujui, {skipped} dilewati."
BULK_REJECTED = "{decided} absen ditolak, {skipped} dilewati."
BULK_UNDONE = "{decided} absen dikembalikan ke tahap persetujuan, {skipped} dilewati."
BATCH_NOT_YOURS = "Hanya penyetuju yang membuat keputusan ini yang dapat mengurungkannya."
BATCH_TOO_LATE = "Keputusan hanya dapat diurungkan dalam {minutes} menit setelah dibuat."
BATCH_UNDONE = "Keputusan ini sudah diurungkan."

UNDO_WINDOW = selectors.UNDO_WINDOW


@dataclass(frozen=True)
class BulkDecision:
    """What a bulk decision did: each log's outcome, the batch to undo it by (None when nothing was
    decided) and the placement each decided out-of-radius log was approved at (by log hash id)."""

    outcomes: list[BulkOutcome]
    batch: DecisionBatch | None = None
    placements: Mapping[str, ManPower] = field(default_factory=dict)

    @property
    def decided(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.outcome == "decided")

    @property
    def undo_until(self) -> datetime | None:
        return self.batch.created + UNDO_WINDOW if self.batch is not None else None


def _bulk(
    items: Sequence[AttendanceLog | str], decide: Callable[[AttendanceLog], AttendanceLog], message: str
) -> list[BulkOutcome]:
    logs = [item for item in items if isinstance(item, AttendanceLog)]
    outcomes = decide_each(
        logs, hash_id=lambda log: log.hash_id, decide=decide, state=attendance_log_state, message=message
    )
    missing = [
        BulkOutcome(item, "refused", selectors.BULK_NOT_FOUND, {}) for item in items if isinstance(item, str)
    ]
    return outcomes + missing


def _batched(
    *,
    items: Sequence[AttendanceLog | str],
    user: User,
    action: str,
    decide: Callable[[AttendanceLog, DecisionBatch], AttendanceLog],
    message: str,
    batch: DecisionBatch | None = None,
) -> tuple[list[BulkOutcome], DecisionBatch | None]:
    """Decide each log through `decide`, which records it in the one batch (in the log's own
    transaction) with the state it was left in. A batch made here goes when nothing was decided; a
    given one (a long run deciding in several calls, one batch for the whole run) stays."""
    given = batch is not None
    if batch is None:
        batch = DecisionBatch.objects.create(action=action, decided_by=user, created=clock.now())
    batched = batch
    outcomes = _bulk(items, lambda log: decide(log, batched), message)
    if not given and not any(outcome.outcome == "decided" for outcome in outcomes):
        batch.delete()
        return outcomes, None
    return outcomes, batch


def decision_batch_start(*, user: User, action: str) -> DecisionBatch:
    """An empty batch for a long bulk run that decides in several calls of approve_many/reject_many
    (pass it as `batch=`): the run is one action to undo."""
    return DecisionBatch.objects.create(action=action, decided_by=user, created=clock.now())


def attendance_logs_approve_many(
    *,
    items: Sequence[AttendanceLog | str],
    approver: User,
    near_man_power: Mapping[str, ManPower] | None = None,
    near_man_power_all: ManPower | None = None,
    batch: DecisionBatch | None = None,
) -> BulkDecision:
    """Approve each waiting log once (its own lock and transaction); a log someone decided first or of
    a type the approver has no right on is reported, and the rest go on. An out-of-radius log is
    approved at its entry in `near_man_power` (by log hash id), else at `near_man_power_all`, else at
    its suggested placement (the nearest; refused when there is none). The decided logs form one batch
    (`batch` when given, see decision_batch_start) the approver may undo for UNDO_WINDOW
    (`attendance_batch_undo`)."""
    logs = [item for item in items if isinstance(item, AttendanceLog)]
    far = [log for log in logs if not log.is_valid_location]
    chosen = approval_placements(logs, near_man_power=near_man_power, near_man_power_all=near_man_power_all)
    outcomes, batch = _batched(
        items=items,
        user=approver,
        action=DecisionBatch.Action.APPROVE,
        decide=lambda log, into: attendance_log_approve(
            log=log, approver=approver, near_man_power=chosen.get(log.pk), batch=into
        ),
        message=APPROVED,
        batch=batch,
    )
    decided = {outcome.hash_id for outcome in outcomes if outcome.outcome == "decided"}
    placements = {log.hash_id: chosen[log.pk] for log in far if log.pk in chosen and log.hash_id in decided}
    return BulkDecision(outcomes, batch, placements)


def attendance_logs_reject_many(
    *,
    items: Sequence[AttendanceLog | str],
    approver: User,
    note: str,
    batch: DecisionBatch | None = None,
) -> BulkDecision:
    """Reject each waiting log once with the one note; conflicts are reported per log. The decided
    logs form one batch, as approve_many's."""
    note = _required_note(note)
    outcomes, decided_batch = _batched(
        items=items,
        user=approver,
        action=DecisionBatch.Action.REJECT,
        decide=lambda log, into: attendance_log_reject(log=log, approver=approver, note=note, batch=into),
        message=REJECTED,
        batch=batch,
    )
    return BulkDecision(outcomes, decided_batch)


def attendance_logs_approve_low_risk(
    *, logs: QuerySet[AttendanceLog], approver: User, limit: int
) -> BulkDecision:
    """'Setujui semua risiko rendah': approve at most `limit` waiting low-risk logs of `logs` (the
    queue's filter), oldest first, each through approve_many's path (out-of-radius ones at their
    suggested placement)."""
    chosen = selectors.attendance_logs_oldest_low_risk(logs=logs, limit=limit)
    return attendance_logs_approve_many(items=chosen, approver=approver)


def attendance_batch_undo(*, batch: DecisionBatch, user: User) -> BulkDecision:
    """Undo a decision (single or bulk): each of its logs still in the state the batch left it goes
    back to the queue (its own lock and transaction, as a single undo; a log changed since is a
    conflict) and the batch is marked undone, so the decider's next "last action" is the one before.
    Allowed within UNDO_WINDOW to the approver who made it, any time with allow_reset_attendance: else
    403 (someone else) or 409 (too late). A batch is undone once: the batch row is locked and marked
    before its logs move, so of two undos of it one answers 409."""
    may_reset = bool(user.user_access.get(selectors.RESET_ATTENDANCE))
    if not may_reset:
        if batch.decided_by_id != user.pk:
            raise PermissionDenied(BATCH_NOT_YOURS)
        if clock.now() > batch.created + UNDO_WINDOW:
            raise Conflict(BATCH_TOO_LATE.format(minutes=int(UNDO_WINDOW.total_seconds() // 60)))
    with transaction.atomic():
        locked = DecisionBatch.objects.select_for_update().get(pk=batch.pk)
        if locked.undone_at is not None:
            raise Conflict(BATCH_UNDONE)
        locked.undone_at, locked.undone_by = clock.now(), user
        locked.save(update_fields=["undone_at", "undone_by"])
    items = list(batch.items.select_related("log").order_by("log_id"))

    def undo(item: DecisionBatchItem) -> AttendanceLog:
        return attendance_log_undo(
            log=item.log,
            user=user,
            sources=[item.status],
            unchanged=lambda log: (
                log.decided_at == item.decided_at and log.decided_by_id == batch.decided_by_id
            ),
        )

    outcomes = decide_each(
        items, hash_id=lambda item: item.log.hash_id, decide=undo, state=attendance_log_state, message=UNDONE
    )
    return BulkDecision(outcomes)
