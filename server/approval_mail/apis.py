"""The e-mailed approval link (issue 41): `GET approval_link/<token>` shows the request to the
approver the link was sent to, `POST approval_link/<token>` `{decision, note}` decides it once.

Public routes: the token is the credential (no session; a signed-in browser's Authorization header
is not read), so what they answer is what the token's approver may see. Throttled per client address
and token like the other public endpoints. Refusals: see server/approval_mail/services.py.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.approval_mail import messages as msg
from server.approval_mail import services
from server.approval_mail.models import LinkDecision
from server.approval_mail.selectors import approval_link_view
from server.core.decisions import DecisionConflict, decision_response
from server.core.envelope import respond
from server.core.inputs import NoteField, read_body
from server.core.policy import Public
from server.core.schema import ErrorEnvelope, envelope_schema
from server.core.throttling import IdentifierThrottle, identifier_digest
from server.izin.services import APPROVED, REJECTED, izin_state

TOKEN_PARAMETER = OpenApiParameter(
    "token", str, location=OpenApiParameter.PATH, description="token tautan dari email persetujuan"
)
DECISIONS_TEXT = "approve atau reject"


class ApprovalLinkDecidedStateSerializer(serializers.Serializer[Any]):
    """The request as it stands once decided elsewhere (the 409's data)."""

    hash_id = serializers.CharField()
    status = serializers.CharField(help_text="waiting_approval, approved atau rejected")
    decided_by_name = serializers.CharField()
    keterangan = serializers.CharField()


ConflictEnvelope = envelope_schema(
    "ApprovalLinkConflictEnvelope", ApprovalLinkDecidedStateSerializer(), errors=serializers.DictField()
)


class ApprovalLinkSerializer(serializers.Serializer[Any]):
    """The izin request as the link's approver sees it."""

    hash_id = serializers.CharField()
    name = serializers.CharField()
    employee_number_formatted = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field named like DRF's Field.label
    date_formatted = serializers.CharField(help_text="'5 Januari 2026' atau rentang")
    total_days = serializers.IntegerField()
    approval_user_name = serializers.CharField()
    status = serializers.CharField(help_text="waiting_approval")
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    description = serializers.CharField()
    cuti_saldo = serializers.IntegerField(help_text="sisa cuti karyawan (hari)")
    has_attachment = serializers.BooleanField(
        help_text="berkasnya dibuka dari halaman persetujuan (masuk dulu)"
    )
    created_formatted = serializers.CharField()
    approver_name = serializers.CharField(help_text="penerima tautan")
    suggested_decision = serializers.CharField(help_text="approve atau reject: tombol email yang dibuka")
    expires_at = serializers.CharField()


REFUSALS = {
    403: ErrorEnvelope,
    404: ErrorEnvelope,
    409: ConflictEnvelope,
    410: ErrorEnvelope,
    429: ErrorEnvelope,
}


class ApprovalLinkThrottle(IdentifierThrottle):
    """Per client address and token (the token is in the path, not the body)."""

    scope = "approval_link"

    def get_cache_key(self, request: Request, view: Any) -> str:
        digest = identifier_digest(str(view.kwargs.get("token", "")))
        return f"throttle_{self.scope}_{self.get_ident(request)}_{digest}"


class ApprovalLinkApi(APIView):
    access = Public()
    authentication_classes: list[Any] = []
    throttle_classes = [ApprovalLinkThrottle]

    class ApprovalLinkInput(serializers.Serializer[Any]):
        decision = serializers.ChoiceField(
            choices=LinkDecision.values,
            help_text=DECISIONS_TEXT,
            error_messages={
                "required": msg.DECISION_REQUIRED,
                "null": msg.DECISION_REQUIRED,
                "invalid_choice": msg.DECISION_REQUIRED,
            },
        )
        note = NoteField()

    @extend_schema(
        parameters=[TOKEN_PARAMETER],
        responses={
            200: envelope_schema(
                "ApprovalLinkEnvelope",
                ApprovalLinkSerializer(),
            ),
            **REFUSALS,
        },
        summary="Pengajuan izin dari tautan persetujuan email",
    )
    def get(self, request: Request, token: str) -> Response:
        try:
            link = services.approval_link_open(token=token)
        except DecisionConflict as lost:
            return respond(lost.state, message=lost.message, status_code=409, errors={})
        return respond(approval_link_view(link), message=msg.LINK_READ)

    @extend_schema(
        parameters=[TOKEN_PARAMETER],
        request=ApprovalLinkInput,
        responses={
            200: envelope_schema("ApprovalLinkDecisionEnvelope", ApprovalLinkDecidedStateSerializer()),
            **REFUSALS,
            422: ErrorEnvelope,
        },
        summary="Putuskan pengajuan izin dari tautan persetujuan email (sekali pakai)",
    )
    def post(self, request: Request, token: str) -> Response:
        values = read_body(self.ApprovalLinkInput, request)
        decision = values["decision"]
        return decision_response(
            lambda: services.approval_link_decide(token=token, decision=decision, note=values["note"] or ""),
            state=izin_state,
            message=APPROVED if decision == LinkDecision.APPROVE else REJECTED,
        )
