"""Special leave (Cuti Khusus) and additional leave (Cuti Tambahan) kinds (doc3 §7.5), and the lists of
all kinds other screens pick from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rest_framework import serializers
from rest_framework.request import Request

from server.core.crud import AllRowsApi, DeleteApi, DetailApi, IdOutput, ListApi, Resource
from server.core.listing import ListSpec
from server.core.policy import SignedIn, flag_policies
from server.schedules import messages as msg
from server.schedules.apis.common import SettingSaveApi, code_field, hash_id_field, int_field, name_field
from server.schedules.models import AdditionalLeave, LeaveKind, SpecialLeave
from server.schedules.services.leaves import (
    additional_leave_delete,
    additional_leave_save,
    special_leave_delete,
    special_leave_save,
)

SPECIAL = flag_policies("allow_cuti_khusus")
ADDITIONAL = flag_policies("allow_cuti_tambahan")

SPECIAL_LIST = ListSpec(
    searchable={"name": "name__icontains", "code": "code__icontains"},
    orderable={"name": "name", "code": "code", "jumlah_hari": "jumlah_hari"},
    global_search=("name", "code"),
    default_order=("name", "asc"),
)
ADDITIONAL_LIST = ListSpec(
    searchable={"name": "name__icontains", "code": "code__icontains"},
    orderable={"name": "name", "code": "code"},
    global_search=("name", "code"),
    default_order=("name", "asc"),
)


class AdditionalLeaveOutput(IdOutput):
    name = serializers.CharField()
    code = serializers.CharField()


class SpecialLeaveOutput(AdditionalLeaveOutput):
    jumlah_hari = serializers.IntegerField()


class SpecialLeaveResource(Resource):
    policies = SPECIAL
    queryset = SpecialLeave.objects.all()
    not_found_message = msg.SPECIAL_LEAVE_NOT_FOUND
    OutputSerializer = SpecialLeaveOutput


class AdditionalLeaveResource(Resource):
    policies = ADDITIONAL
    queryset = AdditionalLeave.objects.all()
    not_found_message = msg.ADDITIONAL_LEAVE_NOT_FOUND
    OutputSerializer = AdditionalLeaveOutput


class LeaveKindInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    name = name_field()
    code = code_field()


class LeaveKindSaveApi(SettingSaveApi):
    """POST creates, PUT changes a leave kind through `save` (the kind's service), given the body's
    fields (`InputSerializer`: LeaveKindInput and the kind's own fields) by name."""

    save: ClassVar[Callable[..., LeaveKind]]

    def update(self, request: Request, obj: LeaveKind | None, data: dict[str, Any]) -> LeaveKind:
        return self.save(leave=obj, **{name: value for name, value in data.items() if name != self.id_field})


# --- Special leave ---------------------------------------------------------------------------------


class SpecialLeaveListApi(SpecialLeaveResource, ListApi):
    summary = "Daftar cuti khusus"
    list_spec = SPECIAL_LIST


class SpecialLeaveRuleApi(SpecialLeaveResource, AllRowsApi):
    """Every special-leave kind, for the pickers of other screens (izin requests, reports)."""

    access = SignedIn()
    summary = "Semua jenis cuti khusus (untuk pilihan)"
    queryset = SpecialLeave.objects.order_by("name", "pk")


class SpecialLeaveDetailApi(SpecialLeaveResource, DetailApi):
    summary = "Detail cuti khusus"


class SpecialLeaveApi(SpecialLeaveResource, LeaveKindSaveApi):
    summary = {"POST": "Tambah cuti khusus", "PUT": "Ubah cuti khusus"}
    save = staticmethod(special_leave_save)

    class InputSerializer(LeaveKindInput):
        jumlah_hari = int_field(msg.DAYS_REQUIRED, msg.DAYS_INVALID, min_value=1, max_value=365)


class SpecialLeaveDeleteApi(SpecialLeaveResource, DeleteApi):
    summary = "Hapus cuti khusus (ditolak bila sudah dipakai pengajuan izin)"
    extra_errors = (409,)

    def perform(self, request: Request, obj: SpecialLeave) -> None:
        special_leave_delete(leave=obj)


# --- Additional leave ------------------------------------------------------------------------------


class AdditionalLeaveListApi(AdditionalLeaveResource, ListApi):
    summary = "Daftar cuti tambahan"
    list_spec = ADDITIONAL_LIST


class AdditionalLeaveRuleApi(AdditionalLeaveResource, AllRowsApi):
    """Every additional-leave kind, for the pickers of other screens (leave adjustment)."""

    access = SignedIn()
    summary = "Semua jenis cuti tambahan (untuk pilihan)"
    queryset = AdditionalLeave.objects.order_by("name", "pk")


class AdditionalLeaveDetailApi(AdditionalLeaveResource, DetailApi):
    summary = "Detail cuti tambahan"


class AdditionalLeaveApi(AdditionalLeaveResource, LeaveKindSaveApi):
    summary = {"POST": "Tambah cuti tambahan", "PUT": "Ubah cuti tambahan"}
    save = staticmethod(additional_leave_save)

    class InputSerializer(LeaveKindInput):
        pass


class AdditionalLeaveDeleteApi(AdditionalLeaveResource, DeleteApi):
    summary = "Hapus cuti tambahan"

    def perform(self, request: Request, obj: AdditionalLeave) -> None:
        additional_leave_delete(leave=obj)
