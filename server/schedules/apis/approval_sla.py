"""The approval deadlines (`GET/PUT setting/approval_sla`, server/schedules/sla.py): a system setting,
read with the system-trouble settings flag and changed with its `_update` child (as the risk
thresholds); `GET setting/approval_sla/users` lists the user logins an escalation may go to."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.inputs import read_body
from server.core.messages import UPDATED
from server.core.policy import flag_policies
from server.core.schema import answers, envelope_schema
from server.schedules.sla import (
    MAX_ESCALATE_TO,
    MAX_HOURS,
    MIN_HOURS,
    TOO_MANY_USERS,
    UNKNOWN_USERS,
    approval_sla_data,
    approval_sla_update,
    escalation_candidates,
)

APPROVAL_SLA = flag_policies("allow_system_trouble")
ESCALATE_NOT_A_LIST = "Pengguna eskalasi harus berupa daftar."


def _hours_field(label: str) -> serializers.IntegerField:
    out_of_range = f"{label} harus bilangan bulat {MIN_HOURS} sampai {MAX_HOURS} jam."
    return serializers.IntegerField(
        min_value=MIN_HOURS,
        max_value=MAX_HOURS,
        help_text=f"jam, {MIN_HOURS}-{MAX_HOURS}",
        error_messages={
            "required": f"{label} harus diisi.",
            "null": f"{label} harus diisi.",
            "invalid": out_of_range,
            "min_value": out_of_range,
            "max_value": out_of_range,
            "max_string_length": out_of_range,
        },
    )


class ApprovalSlaInput(serializers.Serializer[Any]):
    attendance_hours = _hours_field("Batas waktu persetujuan absen")
    permission_hours = _hours_field("Batas waktu persetujuan izin")
    escalate_to = serializers.ListField(
        child=serializers.CharField(error_messages={"invalid": UNKNOWN_USERS, "blank": UNKNOWN_USERS}),
        allow_empty=True,
        required=False,
        default=list,
        max_length=MAX_ESCALATE_TO,
        error_messages={
            "not_a_list": ESCALATE_NOT_A_LIST,
            "null": ESCALATE_NOT_A_LIST,
            "max_length": TOO_MANY_USERS,
        },
        help_text="hash id user login yang menerima eskalasi; kosong: tidak ada eskalasi",
    )


class ApprovalSlaUserSerializer(serializers.Serializer[Any]):
    """A user login an escalation may go to (the picker's option)."""

    hash_id = serializers.CharField()
    fullname = serializers.CharField()
    username = serializers.CharField()


class ApprovalSlaSerializer(serializers.Serializer[Any]):
    attendance_hours = serializers.IntegerField()
    permission_hours = serializers.IntegerField()
    escalate_to = serializers.ListField(child=serializers.CharField())
    escalate_to_users = ApprovalSlaUserSerializer(many=True)


class ApprovalSlaUsersSerializer(serializers.Serializer[Any]):
    users = ApprovalSlaUserSerializer(many=True)


_OUTPUT = envelope_schema("ApprovalSlaEnvelope", ApprovalSlaSerializer())
_USERS_OUTPUT = envelope_schema("ApprovalSlaUsersEnvelope", ApprovalSlaUsersSerializer())


class ApprovalSlaApi(APIView):
    access = {"GET": APPROVAL_SLA.read, "PUT": APPROVAL_SLA.update}

    @extend_schema(responses=answers(_OUTPUT, 403), summary="Batas waktu persetujuan dan eskalasi")
    def get(self, request: Request) -> Response:
        return respond(ApprovalSlaSerializer(approval_sla_data()).data)

    @extend_schema(
        request=ApprovalSlaInput,
        responses=answers(_OUTPUT, 403, 422),
        summary="Ubah batas waktu persetujuan dan pengguna eskalasi",
    )
    def put(self, request: Request) -> Response:
        data = read_body(ApprovalSlaInput, request)
        setting = approval_sla_update(
            attendance_hours=data["attendance_hours"],
            permission_hours=data["permission_hours"],
            escalate_to=data["escalate_to"],
        )
        return respond(ApprovalSlaSerializer(approval_sla_data(setting)).data, message=UPDATED)


class ApprovalSlaUsersApi(APIView):
    access = APPROVAL_SLA.read

    @extend_schema(
        responses=answers(_USERS_OUTPUT, 403),
        summary="User login aktif yang dapat menerima eskalasi",
    )
    def get(self, request: Request) -> Response:
        return respond(ApprovalSlaUsersSerializer({"users": escalation_candidates()}).data)
