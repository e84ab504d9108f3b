"""The single decisions on a check-in log: approve (out of radius: at a nearby man power), reject with
a note, undo, reject a system-approved log, and move a log to the previous day."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import User
from server.accounts.selectors import request_user
from server.attendance import services
from server.attendance.apis.common import (
    DECISION_RESPONSES,
    FLAG_INVALID,
    REJECT_VALID,
    RESET,
    LogStateEnvelope,
    id_field,
    log_decision_response,
    log_for,
    near_man_power_field,
)
from server.attendance.models import AttendanceLog
from server.core.envelope import respond
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.core.inputs import read_body, required_note_field
from server.core.policy import AllFlags
from server.core.schema import answers


class _LogDecisionApi(APIView):
    # A decision on one log: the body (`Input`) names the log by `id` (of any type when `all_types`),
    # `decide` makes it; the answer is the new state with `message`, or 409 with who decided first.
    # (No docstring here: the schema would show it as every subclass's description.)
    Input: type[serializers.Serializer[Any]]
    all_types = False
    message: str

    def decide(self, log: AttendanceLog, user: User, values: dict[str, Any]) -> AttendanceLog:
        raise NotImplementedError

    def patch(self, request: Request) -> Response:
        values = read_body(self.Input, request)
        log = log_for(request, values["id"], all_types=self.all_types)
        return log_decision_response(lambda: self.decide(log, request_user(request), values), self.message)


class _NoteInput(serializers.Serializer[Any]):
    id = id_field()
    note = required_note_field(services.NOTE_REQUIRED)


class AttendanceLogApproveInput(serializers.Serializer[Any]):
    id = id_field()
    near_man_power = near_man_power_field()


class AttendanceLogRejectInput(_NoteInput):
    pass


class AttendanceLogUndoInput(serializers.Serializer[Any]):
    id = id_field()


class AttendanceLogRejectValidInput(_NoteInput):
    pass


@extend_schema(
    request=AttendanceLogApproveInput,
    responses=DECISION_RESPONSES,
    summary="Setujui absen yang menunggu (di luar radius: pilih man power terdekat)",
)
class AttendanceLogApproveApi(_LogDecisionApi):
    access = AllFlags(APPROVE_ATTENDANCE)
    Input = AttendanceLogApproveInput
    message = services.APPROVED

    def decide(self, log: AttendanceLog, user: User, values: dict[str, Any]) -> AttendanceLog:
        near = services.near_man_power_from(values["near_man_power"] or "")
        return services.attendance_log_approve(log=log, approver=user, near_man_power=near)


@extend_schema(
    request=AttendanceLogRejectInput, responses=DECISION_RESPONSES, summary="Tolak absen dengan catatan"
)
class AttendanceLogRejectApi(_LogDecisionApi):
    access = AllFlags(REJECT_ATTENDANCE)
    Input = AttendanceLogRejectInput
    message = services.REJECTED

    def decide(self, log: AttendanceLog, user: User, values: dict[str, Any]) -> AttendanceLog:
        return services.attendance_log_reject(log=log, approver=user, note=values["note"])


@extend_schema(
    request=AttendanceLogUndoInput,
    responses=DECISION_RESPONSES,
    summary="Kembalikan absen (disetujui manual/ditolak) ke tahap persetujuan",
)
class AttendanceLogUndoApi(_LogDecisionApi):
    access = AllFlags(RESET)
    Input = AttendanceLogUndoInput
    all_types = True
    message = services.UNDONE

    def decide(self, log: AttendanceLog, user: User, values: dict[str, Any]) -> AttendanceLog:
        return services.attendance_log_undo(log=log, user=user)


@extend_schema(
    request=AttendanceLogRejectValidInput,
    responses=DECISION_RESPONSES,
    summary="Tolak absen yang sudah disetujui sistem",
)
class AttendanceLogRejectValidApi(_LogDecisionApi):
    access = AllFlags(REJECT_VALID)
    Input = AttendanceLogRejectValidInput
    all_types = True
    message = services.REJECTED

    def decide(self, log: AttendanceLog, user: User, values: dict[str, Any]) -> AttendanceLog:
        return services.attendance_log_reject_valid(log=log, user=user, note=values["note"])


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
        responses=answers(LogStateEnvelope, 403, 404, 422),
        summary="Mundurkan absen (hitung untuk hari sebelumnya) atau kembalikan",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogDifferentDayInput, request)
        log = log_for(request, values["id"], all_types=True)
        wanted = values["is_different_day"]
        value = (not log.is_different_day) if wanted is None else bool(int(wanted))
        log = services.attendance_log_set_different_day(log=log, is_different_day=value)
        return respond(
            {**services.attendance_log_state(log), "is_different_day": 1 if log.is_different_day else 0},
            message=services.DIFFERENT_DAY_SET if log.is_different_day else services.DIFFERENT_DAY_UNSET,
        )
