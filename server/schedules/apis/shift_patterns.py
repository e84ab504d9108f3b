"""Shift patterns (Pola Kerja, doc3 §7.2) and their cycle of shifts (the pattern's content)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core import messages as core_messages
from server.core.crud import DeleteApi, DetailApi, IdOutput, ListApi, Resource
from server.core.envelope import respond
from server.core.hashids import get_by_hash_id
from server.core.inputs import error_messages, read_body
from server.core.listing import ListSpec
from server.core.policy import AccessCheck, flag_policies
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.schedules import messages as msg
from server.schedules import selectors
from server.schedules.apis.common import (
    CheckInStartField,
    ClockTextField,
    SettingSaveApi,
    date_field,
    hash_id_field,
    int_field,
    name_field,
    optional_code,
)
from server.schedules.apis.shifts import shift_of
from server.schedules.models import ShiftPattern, ShiftPatternContent
from server.schedules.services.shift_patterns import (
    PatternFields,
    shift_pattern_content_add,
    shift_pattern_content_delete,
    shift_pattern_content_move,
    shift_pattern_create,
    shift_pattern_delete,
    shift_pattern_update,
)

PATTERN = flag_policies("allow_setting_shift_pattern")
# Editing a pattern's cycle: its update flag, or its create flag (a new pattern is filled right after
# it is saved).
CONTENT_WRITE = AccessCheck(
    "all of allow_setting_shift_pattern and any of allow_setting_shift_pattern_create, "
    "allow_setting_shift_pattern_update",
    lambda access: bool(
        access.get("allow_setting_shift_pattern")
        and (
            access.get("allow_setting_shift_pattern_create")
            or access.get("allow_setting_shift_pattern_update")
        )
    ),
)

PATTERN_LIST = ListSpec(
    searchable={"code": "code__icontains", "name": "name__icontains"},
    orderable={
        "code": "code",
        "name": "name",
        "day_circle_number": "day_circle_number",
        "starting_date": "starting_date",
    },
    global_search=("code", "name"),
    default_order=("code", "asc"),
)


class PatternOutput(IdOutput):
    code = serializers.CharField()
    name = serializers.CharField()
    type = serializers.CharField()
    starting_date = serializers.DateField()
    day_circle_number = serializers.IntegerField()


class PatternDetailOutput(PatternOutput):
    content_total = serializers.IntegerField(source="contents.count")
    employee_total = serializers.IntegerField(
        source="employees.count", help_text="karyawan yang memakai pola ini"
    )


class ShiftPatternContentItem(IdOutput):
    """One day of the cycle with its shift's display fields (doc3 §3)."""

    day_number = serializers.IntegerField()
    shift_hash_id = serializers.CharField(source="shift.hash_id")
    setting_shift_name = serializers.CharField(source="shift.name")
    setting_shift_code = serializers.CharField(source="shift.code")
    setting_shift_type = serializers.CharField(source="shift.type")
    setting_shift_time_in = ClockTextField(source="shift.time_in")
    setting_shift_time_out = ClockTextField(source="shift.time_out")
    setting_shift_minimum_check_in_time = serializers.IntegerField(source="shift.minimum_check_in_time")
    setting_shift_check_in_start = CheckInStartField(source="shift")
    setting_shift_late_in = serializers.IntegerField(source="shift.late_in_minutes")
    setting_shift_early_out = serializers.IntegerField(source="shift.early_out_minutes")


def pattern_of(hash_id: str) -> ShiftPattern:
    return get_by_hash_id(ShiftPattern.objects.all(), hash_id, message=msg.PATTERN_NOT_FOUND)


def content_of(hash_id: str) -> ShiftPatternContent:
    return get_by_hash_id(ShiftPatternContent.objects.all(), hash_id, message=msg.CONTENT_NOT_FOUND)


def content_rows(pattern: ShiftPattern) -> list[dict[str, Any]]:
    """The pattern's cycle in day order, as ShiftPatternContentItem rows."""
    items = selectors.shift_pattern_content_list(pattern=pattern)
    return list(ShiftPatternContentItem(items, many=True).data)


class ShiftPatternResource(Resource):
    policies = PATTERN
    queryset = ShiftPattern.objects.all()
    not_found_message = msg.PATTERN_NOT_FOUND
    OutputSerializer = PatternOutput


class ShiftPatternListApi(ShiftPatternResource, ListApi):
    summary = "Daftar pola kerja"
    list_spec = PATTERN_LIST


class ShiftPatternDetailApi(ShiftPatternResource, DetailApi):
    summary = "Detail pola kerja"

    OutputSerializer = PatternDetailOutput


class ShiftPatternApi(ShiftPatternResource, SettingSaveApi):
    summary = {
        "POST": "Tambah pola kerja (data.id untuk memuat detail dan menambah jam kerja)",
        "PUT": "Ubah pola kerja (hash_id di body)",
    }

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = hash_id_field()
        code = optional_code()
        name = name_field()
        type = serializers.CharField(required=False, allow_blank=True, max_length=16, default="fix")
        starting_date = date_field(msg.DATE_REQUIRED)
        day_circle_number = int_field(msg.CYCLE_REQUIRED, msg.CYCLE_INVALID, min_value=1, max_value=366)

    OutputSerializer = PatternDetailOutput

    def create(self, request: Request, data: dict[str, Any]) -> ShiftPattern:
        return shift_pattern_create(fields=pattern_fields(data))

    def update(self, request: Request, obj: ShiftPattern, data: dict[str, Any]) -> ShiftPattern:
        return shift_pattern_update(pattern=obj, fields=pattern_fields(data))


def pattern_fields(data: dict[str, Any]) -> PatternFields:
    return PatternFields(
        code=data.get("code") or "",
        name=data["name"],
        type=data.get("type") or "fix",
        starting_date=data["starting_date"],
        day_circle_number=data["day_circle_number"],
    )


class ShiftPatternDeleteApi(ShiftPatternResource, DeleteApi):
    summary = "Hapus pola kerja (ditolak bila masih dipakai karyawan)"
    extra_errors = (409,)

    def perform(self, request: Request, obj: ShiftPattern) -> None:
        shift_pattern_delete(pattern=obj)


CONTENT_LIST = envelope_schema("ShiftPatternContentEnvelope", ShiftPatternContentItem(many=True))
WRITE_ERRORS = {403: MessageEnvelope, 404: MessageEnvelope, 422: MessageEnvelope}


class ContentInput(serializers.Serializer[Any]):
    shift_pattern_hash_id = serializers.CharField(error_messages=error_messages(msg.PATTERN_REQUIRED))
    shift_hash_id = serializers.CharField(error_messages=error_messages(msg.SHIFT_REQUIRED))


class ShiftPatternContentApi(APIView):
    """GET: the content of a pattern (id = pattern); DELETE: one content item (id = item)."""

    access = {"GET": PATTERN.read, "DELETE": CONTENT_WRITE}

    @extend_schema(
        responses=answers(CONTENT_LIST, 403, 404),
        summary="Isi siklus pola kerja (urut hari)",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(content_rows(pattern_of(hash_id)))

    @extend_schema(
        request=None,
        responses=answers(MessageEnvelope, 403, 404),
        summary="Hapus jam kerja dari siklus (hari sesudahnya maju satu)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        shift_pattern_content_delete(content=content_of(hash_id))
        return respond(None, message=core_messages.DELETED)


class ShiftPatternContentAddApi(APIView):
    access = {"POST": CONTENT_WRITE}

    @extend_schema(
        request=ContentInput,
        responses={201: CONTENT_LIST, **WRITE_ERRORS},
        summary="Tambah jam kerja ke hari berikutnya dalam siklus (data = isi siklus terbaru)",
    )
    def post(self, request: Request) -> Response:
        data = read_body(ContentInput, request)
        pattern = pattern_of(data["shift_pattern_hash_id"])
        shift = shift_of(data["shift_hash_id"])
        shift_pattern_content_add(pattern=pattern, shift=shift)
        rows = content_rows(pattern)
        return respond(rows, message=msg.CONTENT_ADDED.format(total=len(rows)), status_code=201)


class ShiftPatternContentMoveApi(APIView):
    access = {"PUT": CONTENT_WRITE}
    step = -1

    @extend_schema(
        request=None,
        responses={200: CONTENT_LIST, **WRITE_ERRORS},
        summary="Pindahkan jam kerja satu hari dalam siklus (data = isi siklus terbaru)",
    )
    def put(self, request: Request, hash_id: str) -> Response:
        content = shift_pattern_content_move(content=content_of(hash_id), step=self.step)
        return respond(content_rows(content.pattern), message=core_messages.UPDATED)


class ShiftPatternContentUpApi(ShiftPatternContentMoveApi):
    step = -1


class ShiftPatternContentDownApi(ShiftPatternContentMoveApi):
    step = 1
