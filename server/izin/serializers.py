"""The answers of izin (permission) requests, declared once over the model: the approval list's row
(also the `row` of `approval.izin` events, and the start of the employee's own row in the app), the
approval detail, the izin types and a decision's state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import PurePosixPath
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from server.core.crud import ComputedCharField, ComputedListField
from server.core.files import FileViewer, employee_viewer, signed_file_url, user_viewer
from server.izin.models import IzinRequest, IzinStatus
from server.izin.selectors import date_range_id, izin_decided_by_name, izin_label, izin_recent
from server.schedules.sla import PERMISSION, overdue_cutoff

IZIN_STATUSES_TEXT = "waiting_approval, approved atau rejected"


def _approver_name(izin: IzinRequest) -> str:
    return izin.approver.name if izin.approver_id and izin.approver is not None else ""


def _date_formatted(izin: IzinRequest) -> str:
    return date_range_id(izin.start_date, izin.end_date)


class AttachmentUrlField(serializers.CharField):
    """The request's attachment as a URL `viewer(izin, context)` may fetch for a few minutes, '' when none."""

    def __init__(self, viewer: Callable[[IzinRequest, Mapping[str, Any]], FileViewer], **kwargs: Any) -> None:
        self.viewer = viewer
        super().__init__(source="*", **kwargs)

    def to_representation(self, value: Any) -> str:
        return signed_file_url(value.attachment.name or "", viewer=self.viewer(value, self.context))


@extend_schema_field(OpenApiTypes.BOOL)
class OverdueField(serializers.Field):  # type: ignore[type-arg]
    """Waiting longer than the izin queue's deadline (setting/approval_sla); the deadline is read once
    per serialization (the field is shared by a list's rows)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)
        self._cutoff: Any = None

    def to_representation(self, value: IzinRequest) -> bool:
        if self._cutoff is None:
            self._cutoff = overdue_cutoff(PERMISSION)
        return value.status == IzinStatus.WAITING_APPROVAL and value.created < self._cutoff


# A request as the permission list shows it.
class IzinRowOutput(serializers.Serializer[IzinRequest]):
    hash_id = serializers.CharField()
    name = serializers.CharField(source="employee.name")
    employee_number_formatted = serializers.CharField(source="employee.employee_number_formatted")
    label = ComputedCharField(izin_label)  # type: ignore[assignment]
    date_formatted = ComputedCharField(_date_formatted, help_text="'5 Januari 2026' atau rentang")
    total_days = serializers.IntegerField()
    approval_user_name = ComputedCharField(_approver_name)
    status = serializers.CharField(help_text=IZIN_STATUSES_TEXT)
    overdue = OverdueField(
        help_text="menunggu lebih lama dari batas waktu persetujuan izin (setting/approval_sla)"
    )
    waiting_since = serializers.DateTimeField(source="created", help_text="saat pengajuan dikirim")


def izin_list_row(izin: IzinRequest) -> dict[str, Any]:
    """The list's row as an event carries it (select_related selectors.IZIN_ROW_RELATED)."""
    return dict(IzinRowOutput(izin).data)


# A request as its employee sees it in the app.
class OwnIzinRowOutput(IzinRowOutput):
    # The deadline is the back office's: the employee's own list does not show it.
    overdue = None  # type: ignore[assignment]
    waiting_since = None  # type: ignore[assignment]
    izin_type = serializers.CharField(source="izin_type.code")
    special_leave = ComputedCharField(
        lambda izin: izin.special_leave.code if izin.special_leave_id and izin.special_leave else ""
    )
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    description = serializers.CharField()
    attachment_url = AttachmentUrlField(lambda izin, context: employee_viewer(izin.employee))
    decision_note = serializers.CharField()
    created = ComputedCharField(lambda izin: izin.created.isoformat())


def own_izin_row(izin: IzinRequest) -> dict[str, Any]:
    return dict(OwnIzinRowOutput(izin).data)


@extend_schema_serializer(component_name="PermissionRecent")
class IzinRecentOutput(serializers.Serializer[IzinRequest]):
    id = serializers.CharField(source="hash_id")
    hash_id = serializers.CharField()
    label = ComputedCharField(izin_label)  # type: ignore[assignment]
    date_formatted = ComputedCharField(_date_formatted)
    status = serializers.CharField(help_text=IZIN_STATUSES_TEXT)


# A request as the approval detail shows it, with the employee's most recent other requests; its
# attachment is signed for the reader (the serializer's context holds the request).
@extend_schema_serializer(component_name="PermissionDetail")
class IzinDetailOutput(IzinRowOutput):
    employee_id = serializers.CharField(
        source="employee.employee_number_formatted", help_text="ID karyawan (nomor berformat)"
    )
    # The employee's remaining leave, as the approver weighs the request (issue 28).
    cuti_saldo = serializers.IntegerField(source="employee.cuti_saldo", help_text="sisa cuti karyawan (hari)")
    cuti_hutang = serializers.IntegerField(
        source="employee.cuti_hutang", help_text="hutang cuti karyawan (hari)"
    )
    permission_type_code = serializers.CharField(source="izin_type.code")
    permission_type_name = ComputedCharField(izin_label)
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    description = serializers.CharField()
    attachment = AttachmentUrlField(
        lambda izin, context: user_viewer(context["request"].user),
        help_text="URL lampiran bertanda tangan (berlaku singkat) atau ''",
    )
    attachment_name = ComputedCharField(
        lambda izin: PurePosixPath(izin.attachment.name or "").name, help_text="nama berkas lampiran atau ''"
    )
    keterangan = serializers.CharField(source="decision_note", help_text="catatan keputusan")
    decided_by_name = ComputedCharField(izin_decided_by_name)
    decided_at = ComputedCharField(lambda izin: izin.decided_at.isoformat() if izin.decided_at else "")
    created = ComputedCharField(lambda izin: izin.created.isoformat())
    recent_permission = ComputedListField(izin_recent, child=IzinRecentOutput())


@extend_schema_serializer(component_name="PermissionType")
class IzinTypeOutput(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()
    deducts_leave = serializers.BooleanField()
    requires_attachment = serializers.BooleanField()


# A decision's answer (services.izin_state), also the `data` of its 409.
@extend_schema_serializer(component_name="IzinApprovalState")
class IzinStateOutput(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    status = serializers.CharField(help_text=IZIN_STATUSES_TEXT)
    decided_by_name = serializers.CharField()
    keterangan = serializers.CharField()
