"""The single decisions on a check-in log: approve (out of radius: at a nearby man power), reject with
a note, undo, reject a system-approved log, and move a log to the previous day."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.attendance import services as decisions
from server.attendance.apis.common import (
    DECISION_RESPONSES,
    FLAG_INVALID,
    REJECT_VALID,
    RESET,
    LogStateEnvelope,
    id_field,
    log_decision_response,
    log_for,
    request_user,
)
from server.core.envelope import respond
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.core.inputs import FilledTextField
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope


class AttendanceLogApproveApi(APIView):
    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveInput(serializers.Serializer[Any]):
        id = id_field()
        near_man_power = serializers.CharField(
            max_length=64, required=False, allow_blank=True, allow_null=True, default=""
        )

    @extend_schema(
        request=AttendanceLogApproveInput,
        responses=DECISION_RESPONSES,
        summary="Setujui absen yang menunggu (di luar radius: pilih man power terdekat)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogApproveInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = log_for(request, data.validated_data["id"])
        near = decisions.near_man_power_from(data.validated_data["near_man_power"] or "")
        return log_decision_response(
            lambda: decisions.attendance_log_approve(
                log=log, approver=request_user(request), near_man_power=near
            ),
            decisions.APPROVED,
        )


class _NoteInput(serializers.Serializer[Any]):
    id = id_field()
    note = FilledTextField(
        max_length=1000,
        error_messages={
            "required": decisions.NOTE_REQUIRED,
            "null": decisions.NOTE_REQUIRED,
            "max_length": "Catatan maksimal 1000 karakter.",
        },
    )


class AttendanceLogRejectApi(APIView):
    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectInput(_NoteInput):
        pass

    @extend_schema(
        request=AttendanceLogRejectInput, responses=DECISION_RESPONSES, summary="Tolak absen dengan catatan"
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = log_for(request, data.validated_data["id"])
        note = data.validated_data["note"]
        return log_decision_response(
            lambda: decisions.attendance_log_reject(log=log, approver=request_user(request), note=note),
            decisions.REJECTED,
        )


class AttendanceLogUndoApi(APIView):
    access = AllFlags(RESET)

    class AttendanceLogUndoInput(serializers.Serializer[Any]):
        id = id_field()

    @extend_schema(
        request=AttendanceLogUndoInput,
        responses=DECISION_RESPONSES,
        summary="Kembalikan absen (disetujui manual/ditolak) ke tahap persetujuan",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogUndoInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = log_for(request, data.validated_data["id"], all_types=True)
        return log_decision_response(
            lambda: decisions.attendance_log_undo(log=log, user=request_user(request)), decisions.UNDONE
        )


class AttendanceLogRejectValidApi(APIView):
    access = AllFlags(REJECT_VALID)

    class AttendanceLogRejectValidInput(_NoteInput):
        pass

    @extend_schema(
        request=AttendanceLogRejectValidInput,
        responses=DECISION_RESPONSES,
        summary="Tolak absen yang sudah disetujui sistem",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectValidInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = log_for(request, data.validated_data["id"], all_types=True)
        note = data.validated_data["note"]
        return log_decision_response(
            lambda: decisions.attendance_log_reject_valid(log=log, user=request_user(request), note=note),
            decisions.REJECTED,
        )


class AttendanceLogSetNonWorkingShiftApi(APIView):
    access = AllFlags(RESET)

    class AttendanceLogDifferentDayInput(serializers.Serializer[Any]):
        id = id_field()
        is_different_day = serializers.ChoiceField(
            choices=[0, 1],
            required=False,
            allow_null=True,
            default=None,
            help_text="1 mundurkan ke hari sebelumnya, 0 kembalikan; kosong = balik nilai sekarang",
            error_messages={"invalid_choice": FLAG_INVALID.format(name="is_different_day")},
        )

    @extend_schema(
        request=AttendanceLogDifferentDayInput,
        responses={200: LogStateEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 422: MessageEnvelope},
        summary="Mundurkan absen (hitung untuk hari sebelumnya) atau kembalikan",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogDifferentDayInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = log_for(request, data.validated_data["id"], all_types=True)
        wanted = data.validated_data["is_different_day"]
        value = (not log.is_different_day) if wanted is None else bool(int(wanted))
        log = decisions.attendance_log_set_different_day(log=log, is_different_day=value)
        return respond(
            {**decisions.attendance_log_state(log), "is_different_day": 1 if log.is_different_day else 0},
            message=decisions.DIFFERENT_DAY_SET if log.is_different_day else decisions.DIFFERENT_DAY_UNSET,
        )
