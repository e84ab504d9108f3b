"""The approver's "last action": their most recent decision (single or bulk) they may still undo, so
the cockpit's `u` and its banner name what they undo. Undoing it is `undo_many` with its `batch`; the
next "last action" is then the one before (a stack)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.attendance import selectors
from server.attendance.apis.common import ANY_LOG_VIEWER
from server.core.envelope import respond
from server.core.schema import answers, envelope_schema, inline_serializer

LastDecisionSchema = inline_serializer(
    "AttendanceLastDecision",
    {
        "batch": serializers.CharField(help_text="id keputusan (untuk undo_many)"),
        "action": serializers.ChoiceField(choices=["approve", "reject"]),
        "count": serializers.IntegerField(help_text="absen yang masih seperti diputuskan (yang diurungkan)"),
        "total": serializers.IntegerField(help_text="absen yang diputuskan keputusan ini"),
        "employee_name": serializers.CharField(help_text="nama karyawan bila satu absen; kosong bila tidak"),
        "created": serializers.DateTimeField(),
        "undo_until": serializers.DateTimeField(help_text="batas waktu pembuatnya dapat mengurungkannya"),
    },
    allow_null=True,
)
LastDecisionEnvelope = envelope_schema("AttendanceLastDecisionEnvelope", LastDecisionSchema)


def last_decision_data(last: selectors.LastDecision | None) -> dict[str, object] | None:
    if last is None:
        return None
    return {
        "batch": last.batch.hash_id,
        "action": last.batch.action,
        "count": last.count,
        "total": last.total,
        "employee_name": last.employee_name,
        "created": last.batch.created.isoformat(),
        "undo_until": last.undo_until.isoformat(),
    }


class AttendanceLastDecisionApi(APIView):
    """The signed-in approver's most recent decision they may still undo (within 10 minutes, not
    undone yet, some log still as it left it), or null."""

    access = ANY_LOG_VIEWER

    @extend_schema(
        responses=answers(LastDecisionEnvelope, 403),
        summary="Keputusan terakhir saya yang masih dapat diurungkan (null bila tidak ada)",
    )
    def get(self, request: Request) -> Response:
        return respond(last_decision_data(selectors.decision_last_for(request_user(request))))
