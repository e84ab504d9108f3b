"""The bulk decisions of the approval queue: approve or reject up to 100 waiting logs in one request
(out-of-radius logs at a chosen or the suggested placement), approve every low-risk log of the queue's
filter, and undo a bulk decision; each log decided once, with an answer per log.

A bulk decision answers its `batch` (hash id) and `undo_until`: the approver who made it may undo it
with `undo_many` until then (allow_reset_attendance: any time).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.attendance import selectors
from server.attendance import services as decisions
from server.attendance.apis.common import (
    ANY_LOG_VIEWER,
    LOG_LIST,
    AttendanceLogListParams,
    log_filters,
    near_man_power_field,
)
from server.attendance.models import LogStatus
from server.attendance.placements import placement_ref
from server.core.decisions import BULK_LIMIT
from server.core.envelope import Unprocessable, respond
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE, approval_types
from server.core.inputs import NOT_BLANK, HashIdListField, read_body, required_note_field
from server.core.listing import apply_list_query, parse_list_query
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, answers, envelope_schema, inline_serializer

BULK_IDS_REQUIRED = "Pilih minimal satu absen."
BULK_TOO_MANY = "Maksimal {max_length} absen sekaligus."
BULK_IDS_INVALID = "Ada absen terpilih yang tidak dikenal."
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
        "near_man_power": inline_serializer(
            "AttendanceLogBulkPlacement",
            {"hash_id": serializers.CharField(), "name": serializers.CharField()},
            allow_null=True,
            help_text="man power tempat absen di luar radius disetujui; null bila tidak",
        ),
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
            "batch": serializers.CharField(
                allow_null=True,
                help_text="id keputusan massal (untuk undo_many); null bila tidak ada yang diputus",
            ),
            "undo_until": serializers.DateTimeField(
                allow_null=True, help_text="batas waktu pembuat keputusan dapat membatalkannya"
            ),
        },
    ),
)


def _bulk_ids() -> HashIdListField:
    return HashIdListField(
        max_length=BULK_LIMIT,
        required_message=BULK_IDS_REQUIRED,
        too_many_message=BULK_TOO_MANY,
        invalid_message=BULK_IDS_INVALID,
    )


def _bulk_response(result: decisions.BulkDecision, message: str) -> Response:
    decided, skipped = result.decided, len(result.outcomes) - result.decided
    until = result.undo_until
    return respond(
        {
            "decided": decided,
            "skipped": skipped,
            "results": [
                {
                    **outcome.as_dict(),
                    "near_man_power": placement_ref(result.placements.get(outcome.hash_id)),
                }
                for outcome in result.outcomes
            ],
            "batch": result.batch.hash_id if result.batch is not None else None,
            "undo_until": until.isoformat() if until is not None else None,
        },
        message=message.format(decided=decided, skipped=skipped),
    )


BULK_RESPONSES = answers(BulkEnvelope, 403, 422)
NEAR_MAN_POWER_INVALID = "Pilihan man power terdekat harus berupa pasangan id absen dan id man power."
BATCH_REQUIRED = "Keputusan harus dipilih."
LIMIT_INVALID = f"Jumlah absen harus antara 1 dan {selectors.LOW_RISK_LIMIT}."


class AttendanceLogApproveManyApi(APIView):
    """'Setujui terpilih': up to 100 waiting logs in one request, each decided once; an out-of-radius
    log at its entry in `near_man_power`, else at `near_man_power_all`, else at its suggested
    placement."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()
        near_man_power = serializers.DictField(
            child=serializers.CharField(max_length=64, validators=[NOT_BLANK]),
            required=False,
            default=dict,
            help_text='{"<id absen>": "<id man power>"}: tempat absen di luar radius itu disetujui',
            error_messages={"not_a_dict": NEAR_MAN_POWER_INVALID},
        )
        near_man_power_all = near_man_power_field(
            help_text="man power untuk semua absen di luar radius tanpa pilihan sendiri"
        )

    @extend_schema(
        request=AttendanceLogApproveManyInput,
        responses=BULK_RESPONSES,
        summary="Setujui beberapa absen sekaligus (maks. 100; di luar radius: man power terdekat)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogApproveManyInput, request)
        if len(values["near_man_power"]) > BULK_LIMIT:
            raise Unprocessable(NEAR_MAN_POWER_INVALID, errors={"near_man_power": [NEAR_MAN_POWER_INVALID]})
        wanted = {h: mp for h, mp in values["near_man_power"].items() if h in set(values["ids"])}
        found = decisions.near_man_powers_from([*wanted.values(), values["near_man_power_all"] or ""])
        user = request_user(request)
        items = selectors.attendance_logs_for_bulk(access=user.user_access, hash_ids=values["ids"])
        result = decisions.attendance_logs_approve_many(
            items=items,
            approver=user,
            near_man_power={h: found[mp] for h, mp in wanted.items()},
            near_man_power_all=found.get(values["near_man_power_all"] or ""),
        )
        return _bulk_response(result, decisions.BULK_APPROVED)


class AttendanceLogRejectManyApi(APIView):
    """'Tolak terpilih': up to 100 waiting logs with one note, each decided once."""

    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()
        note = required_note_field(decisions.NOTE_REQUIRED)

    @extend_schema(
        request=AttendanceLogRejectManyInput,
        responses=BULK_RESPONSES,
        summary="Tolak beberapa absen sekaligus dengan satu catatan (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogRejectManyInput, request)
        user = request_user(request)
        items = selectors.attendance_logs_for_bulk(access=user.user_access, hash_ids=values["ids"])
        outcomes = decisions.attendance_logs_reject_many(items=items, approver=user, note=values["note"])
        return _bulk_response(outcomes, decisions.BULK_REJECTED)


class AttendanceLogApproveLowRiskApi(APIView):
    """'Setujui semua risiko rendah': the oldest `limit` waiting low-risk logs of the queue's filter
    (the count the approver confirmed, read from the list with `risk=low`), each decided once."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveLowRiskInput(AttendanceLogListParams):
        limit = serializers.IntegerField(
            min_value=1,
            max_value=selectors.LOW_RISK_LIMIT,
            help_text="jumlah yang dikonfirmasi penyetuju (maks. 500)",
            error_messages={
                "required": LIMIT_INVALID,
                "null": LIMIT_INVALID,
                "invalid": LIMIT_INVALID,
                "min_value": LIMIT_INVALID,
                "max_value": LIMIT_INVALID,
            },
        )
        search = serializers.DictField(
            child=serializers.CharField(allow_blank=True),
            required=False,
            help_text="pencarian per kolom daftar",
        )
        global_search = serializers.CharField(required=False, allow_blank=True, max_length=150)

    @extend_schema(
        request=AttendanceLogApproveLowRiskInput,
        # 404: `man_power` names no man power.
        responses={**BULK_RESPONSES, 404: MessageEnvelope},
        summary="Setujui absen berisiko rendah dari filter antrean (terlama dulu, maks. limit)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogApproveLowRiskInput, request)
        body = request.data
        assert isinstance(body, Mapping)  # the serializer took it
        filters = log_filters(request, statuses=(LogStatus.WAITING_APPROVAL,), data=body)
        query = parse_list_query(request, LOG_LIST, params=body)
        user = request_user(request)
        types = approval_types(user.user_access, APPROVE_ATTENDANCE)
        logs = apply_list_query(
            selectors.attendance_logs_filtered(types=types, filters=filters), query, LOG_LIST
        )
        result = decisions.attendance_logs_approve_low_risk(logs=logs, approver=user, limit=values["limit"])
        return _bulk_response(result, decisions.BULK_APPROVED)


class AttendanceLogUndoManyApi(APIView):
    """Undo a decision (single or bulk, by its `batch`: a bulk answer's or `last_decision`'s): its
    logs still as it left them go back to the queue, and it is marked undone (409 when it was)."""

    access = ANY_LOG_VIEWER

    class AttendanceLogUndoManyInput(serializers.Serializer[Any]):
        batch = serializers.CharField(
            max_length=64,
            validators=[NOT_BLANK],
            error_messages={"required": BATCH_REQUIRED, "blank": BATCH_REQUIRED, "null": BATCH_REQUIRED},
        )

    @extend_schema(
        request=AttendanceLogUndoManyInput,
        responses={**BULK_RESPONSES, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Urungkan keputusan (10 menit oleh pembuatnya; allow_reset_attendance kapan saja)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogUndoManyInput, request)
        batch = selectors.decision_batch_for(values["batch"])
        result = decisions.attendance_batch_undo(batch=batch, user=request_user(request))
        return _bulk_response(result, decisions.BULK_UNDONE)
