"""The approver's "last action": their most recent decision (single or bulk) they may still undo, so
the cockpit's `u` and its banner name what they undo. Undoing it is `undo_many` with its `batch`; the
next "last action" is then the one before (a stack)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.attendance import selectors
from server.attendance.apis.common import ANY_LOG_VIEWER
from server.attendance.decision_serializers import AttendanceLastDecisionSerializer
from server.core.envelope import respond
from server.core.schema import answers, envelope_schema

LastDecisionEnvelope = envelope_schema(
    "AttendanceLastDecisionEnvelope", AttendanceLastDecisionSerializer(allow_null=True)
)


class AttendanceLastDecisionApi(APIView):
    """The signed-in approver's most recent decision they may still undo (within 10 minutes, not
    undone yet, some log still as it left it), or null."""

    access = ANY_LOG_VIEWER

    @extend_schema(
        responses=answers(LastDecisionEnvelope, 403),
        summary="Keputusan terakhir saya yang masih dapat diurungkan (null bila tidak ada)",
    )
    def get(self, request: Request) -> Response:
        last = selectors.decision_last_for(request_user(request))
        return respond(AttendanceLastDecisionSerializer(last).data if last is not None else None)
