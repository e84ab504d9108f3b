"""Izin (permission) requests: made from the mobile app, addressed to the approver and queued live;
approved or rejected in the back office (approving cuti books the leave; the days follow)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from server.accounts import delegation
from server.accounts.delegation import on_behalf
from server.accounts.models import User
from server.accounts.rights import ALLOW_PERMISSION
from server.audit.services import audit_record, audit_snapshot
from server.core import clock
from server.core.attachments import IMAGE_KINDS, PDF, AttachmentRule, attachment_sniff
from server.core.days_changed import counts_changed, days_changed
from server.core.decisions import DecisionConflict, locked_for_decision
from server.core.envelope import Unprocessable
from server.core.media import MAX_UPLOAD_BYTES, image_load, jpeg_bytes, media_store
from server.izin.hooks import izin_created_announce, manual_leave_overlapping
from server.izin.leave import izin_leave_apply
from server.izin.models import IzinCode, IzinRequest, IzinStatus, IzinType
from server.izin.selectors import IZIN_ROW_RELATED, izin_decided_by_name, izin_overlapping
from server.izin.serializers import izin_list_row
from server.izin.topics import izin_queue_publish
from server.notifications.queues import IZIN_QUEUE, queue_new_after_commit
from server.schedules.models import SpecialLeave
from server.workforce.models import Employee

# Why the days changed (the dashboard hint's reason).
IZIN_REASON = "izin"
MAX_DAYS = 366
ATTACHMENT_MAX_SIDE = 2400

TYPE_UNKNOWN = "Jenis izin tidak dikenal."
DATES_REVERSED = "Tanggal mulai tidak boleh setelah tanggal selesai."
TOO_LONG = f"Rentang tanggal izin maksimal {MAX_DAYS} hari."
SPECIAL_LEAVE_REQUIRED = "Jenis cuti khusus harus diisi."
SPECIAL_LEAVE_UNKNOWN = "Jenis cuti khusus tidak dikenal."
ATTACHMENT_REQUIRED = "Lampiran harus diisi."
ATTACHMENT_INVALID = "Lampiran harus berupa gambar atau PDF."
ATTACHMENT_TOO_BIG = "Ukuran lampiran maksimal 5 MB."
# A PDF kept as sent, or an image re-encoded as JPEG; recognised by the signature at offset 0.
IZIN_ATTACHMENT = AttachmentRule(
    kinds=frozenset({PDF, *IMAGE_KINDS}),
    max_bytes=MAX_UPLOAD_BYTES,
    too_big=ATTACHMENT_TOO_BIG,
    invalid=ATTACHMENT_INVALID,
)
OVERLAP = "Sudah ada pengajuan izin yang menunggu atau disetujui pada rentang tanggal tersebut."
MANUAL_LEAVE_OVERLAP = (
    "Karyawan sudah tercatat cuti manual {code} ({start} s.d. {end}) pada rentang tanggal tersebut."
)


def _refuse_manual_leave_overlap(*, employee: Employee, start_date: date, end_date: date, field: str) -> None:
    leave = manual_leave_overlapping(employee=employee, start_date=start_date, end_date=end_date)
    if leave is not None:
        message = MANUAL_LEAVE_OVERLAP.format(
            code=leave.code, start=f"{leave.start_date:%d-%m-%Y}", end=f"{leave.end_date:%d-%m-%Y}"
        )
        raise Unprocessable(message, errors={field: [message]})


def izin_approver_for(*, employee: Employee) -> Employee | None:
    """The supervisor; the owner when the employee's requests are forced to the owner. Either one
    stands in when the other is missing."""
    owner = (
        Employee.objects.filter(is_owner=True, is_active=True).exclude(pk=employee.pk).order_by("pk").first()
    )
    supervisor = employee.supervisor if employee.supervisor_id else None
    if supervisor is not None and not supervisor.is_active:
        supervisor = None
    if employee.force_approval_permission:
        return owner or supervisor
    return supervisor or owner


def _attachment_content(attachment: File[bytes]) -> tuple[str, bytes]:
    """(extension, bytes to store): a PDF as sent, an image re-encoded as JPEG."""
    sniffed = attachment_sniff(attachment, IZIN_ATTACHMENT)
    if sniffed.extension == PDF:
        return PDF, attachment.read()
    image = image_load(
        attachment, field="attachment", not_image=ATTACHMENT_INVALID, too_big=ATTACHMENT_TOO_BIG
    )
    return "jpg", jpeg_bytes(image, max_side=ATTACHMENT_MAX_SIDE)


def _special_leave(izin_type: IzinType, code: str) -> SpecialLeave | None:
    if izin_type.code != IzinCode.CUTI_KHUSUS:
        return None
    if not code.strip():
        raise Unprocessable(SPECIAL_LEAVE_REQUIRED, errors={"special_leave": [SPECIAL_LEAVE_REQUIRED]})
    special = SpecialLeave.objects.filter(code=code.strip()).first()
    if special is None:
        raise Unprocessable(SPECIAL_LEAVE_UNKNOWN, errors={"special_leave": [SPECIAL_LEAVE_UNKNOWN]})
    return special


def izin_request_create(
    *,
    employee: Employee,
    izin_type_code: str,
    start_date: date,
    end_date: date,
    description: str,
    attachment: File[bytes] | None = None,
    special_leave_code: str = "",
) -> IzinRequest:
    izin_type = IzinType.objects.filter(code=izin_type_code.strip()).first()
    if izin_type is None:
        raise Unprocessable(TYPE_UNKNOWN, errors={"izin_type": [TYPE_UNKNOWN]})
    if start_date > end_date:
        raise Unprocessable(DATES_REVERSED, errors={"start_date": [DATES_REVERSED]})
    days = (end_date - start_date).days + 1
    if days > MAX_DAYS:
        raise Unprocessable(TOO_LONG, errors={"end_date": [TOO_LONG]})
    special = _special_leave(izin_type, special_leave_code)
    if attachment is None and izin_type.requires_attachment:
        raise Unprocessable(ATTACHMENT_REQUIRED, errors={"attachment": [ATTACHMENT_REQUIRED]})
    stored = ""
    if attachment is not None:
        extension, content = _attachment_content(attachment)
        stored = media_store(folder="permission", when=timezone.now(), extension=extension, content=content)
    try:
        with transaction.atomic():
            # One request at a time per employee: two concurrent ones cannot both pass the overlap check.
            Employee.objects.select_for_update().filter(pk=employee.pk).first()
            if izin_overlapping(employee=employee, start_date=start_date, end_date=end_date).exists():
                raise Unprocessable(OVERLAP, errors={"start_date": [OVERLAP]})
            _refuse_manual_leave_overlap(
                employee=employee, start_date=start_date, end_date=end_date, field="start_date"
            )
            izin = IzinRequest(
                employee=employee,
                izin_type=izin_type,
                special_leave=special,
                start_date=start_date,
                end_date=end_date,
                total_days=special.jumlah_hari if special is not None else days,
                description=description.strip(),
                approver=izin_approver_for(employee=employee),
            )
            izin.attachment.name = stored
            izin.save()
            izin_queue_publish("created", {"row": izin_list_row(izin)}, izin=izin)
            counts_changed(reason=IZIN_REASON)
            izin_created_announce(izin=izin)
            queue_new_after_commit(IZIN_QUEUE, delegation.approvers_for)
    except BaseException:
        if stored:
            default_storage.delete(stored)
        raise
    return izin


ALREADY_DECIDED = "Data sudah diproses oleh {name}."
NOTE_REQUIRED = "Catatan penolakan harus diisi."
APPROVED = "Izin berhasil disetujui."
REJECTED = "Izin berhasil ditolak."


IZIN_AUDIT_FIELDS = ("status", "decided_by", "decision_note")


class IzinConflict(DecisionConflict):
    """The request was decided already; `state` is what it is now."""


def izin_state(izin: IzinRequest) -> dict[str, Any]:
    return {
        "hash_id": izin.hash_id,
        "status": izin.status,
        "decided_by_name": izin_decided_by_name(izin),
        "keterangan": izin.decision_note,
    }


def _izin_conflict(izin: IzinRequest) -> IzinConflict:
    name = izin_decided_by_name(izin) or "pengguna lain"
    return IzinConflict(ALREADY_DECIDED.format(name=name), state=izin_state(izin))


def _izin_decide(
    *, izin: IzinRequest, user: User, status: str, note: str, via: str | None = None
) -> IzinRequest:
    with transaction.atomic():
        locked = locked_for_decision(
            IzinRequest.objects.all(), izin.pk, sources=[IzinStatus.WAITING_APPROVAL], conflict=_izin_conflict
        )
        if status == IzinStatus.APPROVED:
            # As a leave adjustment locks the employee before its overlap check, so does an approval.
            Employee.objects.select_for_update().filter(pk=locked.employee_id).first()
            _refuse_manual_leave_overlap(
                employee=locked.employee, start_date=locked.start_date, end_date=locked.end_date, field="note"
            )
        before = audit_snapshot(locked, IZIN_AUDIT_FIELDS)
        locked.status = status
        locked.decided_by = user
        locked.decided_at = clock.now()
        locked.decision_note = note
        locked.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
        audit_record(
            action="approve" if status == IzinStatus.APPROVED else "reject",
            object_type="izin",
            object_id=locked.hash_id,
            object_label=f"{locked.employee.name}, {locked.start_date:%Y-%m-%d}",
            before=before,
            # `via`: how the decision came when not through the queue (e.g. an e-mailed link).
            after={
                **audit_snapshot(locked, IZIN_AUDIT_FIELDS),
                **({"via": via} if via else {}),
                # A delegate's decision names the delegator whose right it was ("atas nama"); the
                # approver a request is addressed to decides in their own name.
                **(
                    on_behalf(user, flag=ALLOW_PERMISSION, man_power_type=None)
                    if user.employee_id is None or locked.approver_id != user.employee_id
                    else {}
                ),
            },
            actor=user,
        )
        decided = IzinRequest.objects.select_related(*IZIN_ROW_RELATED, "employee__shift_pattern").get(
            pk=locked.pk
        )
        decided.decided_by = user
        izin_leave_apply(izin=decided, user=user)
        days_changed(employee_ids=[decided.employee_id], dates=decided.dates(), reason=IZIN_REASON)
        izin_queue_publish(
            "decided",
            {
                "hash_id": decided.hash_id,
                "status": decided.status,
                "decided_by_name": user.fullname,
                "row": izin_list_row(decided),
            },
            izin=decided,
        )
        counts_changed(reason=IZIN_REASON)
    return decided


def izin_request_approve(
    *, izin: IzinRequest, user: User, note: str = "", via: str | None = None
) -> IzinRequest:
    """Approve a waiting request: leave types deduct the balance (ledger), the covered days follow."""
    return _izin_decide(izin=izin, user=user, status=IzinStatus.APPROVED, note=(note or "").strip(), via=via)


def izin_request_reject(*, izin: IzinRequest, user: User, note: str, via: str | None = None) -> IzinRequest:
    """Reject a waiting request with a note."""
    note = (note or "").strip()
    if not note:
        raise Unprocessable(NOTE_REQUIRED, errors={"note": [NOTE_REQUIRED]})
    return _izin_decide(izin=izin, user=user, status=IzinStatus.REJECTED, note=note, via=via)
