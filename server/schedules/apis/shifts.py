"""Shifts (Jam Kerja, doc3 §7.2)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from server.core.crud import DeleteApi, DetailApi, IdOutput, ListApi, Resource
from server.core.hashids import get_by_hash_id
from server.core.inputs import error_messages
from server.core.listing import ListSpec
from server.core.policy import AnyFlag, flag_policies
from server.schedules import messages as msg
from server.schedules.apis.common import (
    CheckInStartField,
    ClockTextField,
    SettingSaveApi,
    hash_id_field,
    int_field,
    name_field,
    optional_code,
    time_field,
)
from server.schedules.models import Shift, ShiftType
from server.schedules.services.shifts import ShiftFields, shift_create, shift_delete, shift_update

SHIFT = flag_policies("allow_setting_shift")
# The pattern screen picks shifts from the shift list (page 1, 100 rows) without the shift flag.
SHIFT_VIEW = AnyFlag("allow_setting_shift", "allow_setting_shift_pattern")

SHIFT_LIST = ListSpec(
    searchable={"code": "code__icontains", "name": "name__icontains"},
    orderable={
        "code": "code",
        "name": "name",
        "time_in": "time_in",
        "time_out": "time_out",
        "minimum_check_in_time": "minimum_check_in_time",
    },
    global_search=("code", "name"),
    default_order=("code", "asc"),
)


class ShiftOutput(IdOutput):
    code = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField(help_text="working_shift atau non_working_shift")
    time_in = ClockTextField(help_text="HH:mm:ss")
    time_out = ClockTextField()
    break_start = ClockTextField()
    break_end = ClockTextField()
    late_in_minutes = serializers.IntegerField()
    early_out_minutes = serializers.IntegerField()
    minimum_check_in_time = serializers.IntegerField(help_text="jam sebelum time_in")
    minimum_check_out_time = serializers.IntegerField()
    maximum_check_out_time = serializers.IntegerField()
    check_in_start = CheckInStartField(help_text="Mulai Check In (HH:mm:ss)")


def shift_of(hash_id: str) -> Shift:
    return get_by_hash_id(Shift.objects.all(), hash_id, message=msg.SHIFT_NOT_FOUND)


class ShiftResource(Resource):
    policies = SHIFT
    queryset = Shift.objects.all()
    not_found_message = msg.SHIFT_NOT_FOUND
    OutputSerializer = ShiftOutput


class ShiftListApi(ShiftResource, ListApi):
    access = SHIFT_VIEW
    summary = "Daftar jam kerja"
    list_spec = SHIFT_LIST


class ShiftDetailApi(ShiftResource, DetailApi):
    access = SHIFT_VIEW
    summary = "Detail jam kerja"


class ShiftApi(ShiftResource, SettingSaveApi):
    summary = {
        "POST": "Tambah jam kerja",
        "PUT": "Ubah jam kerja (hash_id di body); hari kehadiran pemakainya dihitung ulang",
    }

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = hash_id_field()
        code = optional_code()
        name = name_field()
        type = serializers.ChoiceField(
            choices=ShiftType.values,
            error_messages=error_messages(msg.TYPE_REQUIRED, invalid_choice=msg.TYPE_INVALID),
        )
        time_in = time_field(msg.TIME_IN_REQUIRED)
        time_out = time_field(msg.TIME_OUT_REQUIRED)
        break_start = time_field(msg.BREAK_START_REQUIRED)
        break_end = time_field(msg.BREAK_END_REQUIRED)
        late_in_minutes = int_field(msg.LATE_IN_REQUIRED, msg.MINUTES_INVALID, min_value=0, max_value=1440)
        early_out_minutes = int_field(
            msg.EARLY_OUT_REQUIRED, msg.MINUTES_INVALID, min_value=0, max_value=1440
        )
        minimum_check_in_time = int_field(
            msg.MINIMUM_CHECK_IN_REQUIRED, msg.HOURS_INVALID, min_value=0, max_value=23
        )

    def create(self, request: Request, data: dict[str, Any]) -> Shift:
        return shift_create(fields=shift_fields(data))

    def update(self, request: Request, obj: Shift, data: dict[str, Any]) -> Shift:
        return shift_update(shift=obj, fields=shift_fields(data))


def shift_fields(data: dict[str, Any]) -> ShiftFields:
    return ShiftFields(
        code=data.get("code") or "",
        name=data["name"],
        type=data["type"],
        time_in=data["time_in"],
        time_out=data["time_out"],
        break_start=data["break_start"],
        break_end=data["break_end"],
        late_in_minutes=data["late_in_minutes"],
        early_out_minutes=data["early_out_minutes"],
        minimum_check_in_time=data["minimum_check_in_time"],
    )


class ShiftDeleteApi(ShiftResource, DeleteApi):
    summary = "Hapus jam kerja (ditolak bila masih dipakai pola kerja)"
    extra_errors = (409,)

    def perform(self, request: Request, obj: Shift) -> None:
        shift_delete(shift=obj)
