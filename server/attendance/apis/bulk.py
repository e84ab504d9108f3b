"""The bulk decisions of the approval queue: approve or reject up to 100 waiting logs in one request,
each decided once, with an answer per log."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.attendance import selectors
from server.attendance import services as decisions
from server.attendance.apis.common import request_user
from server.core.decisions import BULK_LIMIT, BulkOutcome
from server.core.envelope import respond
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.core.inputs import HASH_ID_SCHEMA, FilledTextField
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, envelope_schema, inline_serializer

BULK_IDS_REQUIRED = "Pilih minimal satu absen."
BULK_TOO_MANY = f"Maksimal {BULK_LIMIT} absen sekaligus."
BulkOutcomeSchema = inline_serializer(
    "AttendanceLogBulkOutcome",
    {
        "hash_id": serializers.CharField(),
        "outcome": serializers.ChoiceField(
            choices=["decided", "conflict", "refused"],
            help_text="decided; conflict (sudah diproses orang lain: state = keadaan sekarang); refused",
        ),
        "message": serializers.CharField(),
        "state": serializers.DictField(help_text="AttendanceLogState; kosong bila refused"),
    },
    many=True,
)
BulkEnvelope = envelope_schema(
    "AttendanceLogBulkEnvelope",
    inline_serializer(
        "AttendanceLogBulkResult",
        {
            "decided": serializers.IntegerField(),
            "skipped": serializers.IntegerField(),
            "results": BulkOutcomeSchema,
        },
    ),
)


def _bulk_ids() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(max_length=64, validators=[HASH_ID_SCHEMA]),
        min_length=1,
        max_length=BULK_LIMIT,
        error_messages={
            "required": BULK_IDS_REQUIRED,
            "null": BULK_IDS_REQUIRED,
            "empty": BULK_IDS_REQUIRED,
            "min_length": BULK_IDS_REQUIRED,
            "max_length": BULK_TOO_MANY,
            "not_a_list": BULK_IDS_REQUIRED,
        },
    )


def _bulk_response(outcomes: list[BulkOutcome], message: str) -> Response:
    decided = sum(1 for outcome in outcomes if outcome.outcome == "decided")
    return respond(
        {"decided": decided, "skipped": len(outcomes) - decided, "results": [o.as_dict() for o in outcomes]},
        message=message.format(decided=decided, skipped=len(outcomes) - decided),
    )


class AttendanceLogApproveManyApi(APIView):
    """'Setujui terpilih': up to 100 waiting logs in one request, each decided once."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()

    @extend_schema(
        request=AttendanceLogApproveManyInput,
        responses={200: BulkEnvelope, 403: MessageEnvelope, 422: MessageEnvelope},
        summary="Setujui beberapa absen sekaligus (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogApproveManyInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = request_user(request)
        items = selectors.attendance_logs_for_bulk(
            access=user.user_access, hash_ids=data.validated_data["ids"]
        )
        return _bulk_response(
            decisions.attendance_logs_approve_many(items=items, approver=user), decisions.BULK_APPROVED
        )


class AttendanceLogRejectManyApi(APIView):
    """'Tolak terpilih': up to 100 waiting logs with one note, each decided once."""

    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()
        note = FilledTextField(
            max_length=1000,
            error_messages={
                "required": decisions.NOTE_REQUIRED,
                "null": decisions.NOTE_REQUIRED,
                "max_length": "Catatan maksimal 1000 karakter.",
            },
        )

    @extend_schema(
        request=AttendanceLogRejectManyInput,
        responses={200: BulkEnvelope, 403: MessageEnvelope, 422: MessageEnvelope},
        summary="Tolak beberapa absen sekaligus dengan satu catatan (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectManyInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = request_user(request)
        items = selectors.attendance_logs_for_bulk(
            access=user.user_access, hash_ids=data.validated_data["ids"]
        )
        outcomes = decisions.attendance_logs_reject_many(
            items=items, approver=user, note=data.validated_data["note"]
        )
        return _bulk_response(outcomes, decisions.BULK_REJECTED)
