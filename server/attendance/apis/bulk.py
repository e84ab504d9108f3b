"""The bulk decisions of the approval queue: approve or reject up to 100 waiting logs in one request
(out-of-radius logs at a chosen or the suggested placement), approve every low-risk log of the queue's
filter, and undo a bulk decision; each log decided once, with an answer per log.

Before a bulk approve the approver sees what it would approve (`approve_many/preview`,
`approve_low_risk/preview`: the rows and a breakdown by risk factor) and may leave the rows of some
factors out (`exclude_factors`); the approval takes exactly the ids of that preview (bulk_services).
Over BULK_JOB_FROM rows, and every low-risk approval, run as a background job (202 with the job).

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
from server.attendance import bulk_selectors, bulk_services, selectors, services
from server.attendance.apis.common import (
    ANY_LOG_VIEWER,
    LOG_LIST,
    AttendanceLogListParams,
    log_filters,
    near_man_power_field,
)
from server.attendance.bulk_services import BulkApproval
from server.attendance.decision_serializers import (
    AttendanceLogBulkPreviewSerializer,
    AttendanceLogBulkResultSerializer,
)
from server.attendance.models import LogStatus
from server.core.decisions import BULK_LIMIT
from server.core.envelope import Unprocessable, respond
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE, approval_types
from server.core.inputs import NOT_BLANK, HashIdListField, read_body, read_query, required_note_field
from server.core.listing import apply_list_query, parse_list_query
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.jobs.schema import JobEnvelope
from server.jobs.selectors import job_row

BULK_IDS_REQUIRED = "Pilih minimal satu absen."
BULK_TOO_MANY = "Maksimal {max_length} absen sekaligus."
BULK_IDS_INVALID = "Ada absen terpilih yang tidak dikenal."
BulkEnvelope = envelope_schema("AttendanceLogBulkEnvelope", AttendanceLogBulkResultSerializer())


def _bulk_ids() -> HashIdListField:
    return HashIdListField(
        max_length=BULK_LIMIT,
        required_message=BULK_IDS_REQUIRED,
        too_many_message=BULK_TOO_MANY,
        invalid_message=BULK_IDS_INVALID,
    )


def _bulk_response(result: services.BulkDecision, message: str) -> Response:
    answer = AttendanceLogBulkResultSerializer(result).data
    return respond(answer, message=message.format(decided=answer["decided"], skipped=answer["skipped"]))


BULK_RESPONSES = answers(BulkEnvelope, 403, 422)
NEAR_MAN_POWER_INVALID = "Pilihan man power terdekat harus berupa pasangan id absen dan id man power."
BATCH_REQUIRED = "Keputusan harus dipilih."
LOW_RISK_IDS_REQUIRED = "Pilih minimal satu absen berisiko rendah dari pratinjau."


EXCLUDE_FACTORS_INVALID = "Faktor risiko yang disisihkan tidak dikenal."
IDEMPOTENCY_HEADER = "Idempotency-Key"


def exclude_factors_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(
            choices=list(bulk_selectors.FACTOR_CODES),
            error_messages={"invalid_choice": EXCLUDE_FACTORS_INVALID},
        ),
        required=False,
        default=list,
        max_length=len(bulk_selectors.FACTOR_CODES),
        help_text="kode faktor risiko: absen dengan salah satu faktor ini disisihkan (tidak disetujui)",
        error_messages={"not_a_list": EXCLUDE_FACTORS_INVALID, "max_length": EXCLUDE_FACTORS_INVALID},
    )


def _idempotency_key(request: Request) -> str | None:
    return request.headers.get(IDEMPOTENCY_HEADER, "").strip()[:100] or None


def _bulk_approve(request: Request, approval: BulkApproval, *, as_job: bool) -> Response:
    """Approve `approval` in this request, or start it as a job (202 with the job; the same
    Idempotency-Key answers the job it started, 200)."""
    user = request_user(request)
    if as_job:
        job, created = bulk_services.attendance_bulk_approve_start(
            approval=approval, approver=user, idempotency_key=_idempotency_key(request)
        )
        return respond(
            job_row(job),
            message=bulk_services.BULK_STARTED.format(count=approval.count),
            status_code=202 if created else 200,
        )
    answer = bulk_services.attendance_bulk_approve(approval=approval, approver=user)
    return respond(answer, message=bulk_services.bulk_approved_message(answer))


BulkPreviewEnvelope = envelope_schema(
    "AttendanceLogBulkPreviewEnvelope", AttendanceLogBulkPreviewSerializer()
)
BULK_APPROVE_RESPONSES = {**BULK_RESPONSES, 202: JobEnvelope}
STARTED_AS_JOB = (
    f"Lebih dari {bulk_services.BULK_JOB_FROM} absen berjalan sebagai proses latar belakang: 202 dengan"
    " job (hasilnya = jawaban massal di result job; header Idempotency-Key mencegah dua kali jalan)."
)


class AttendanceLogApproveManyPreviewApi(APIView):
    """What 'Setujui terpilih' would approve, before it runs: each waiting selected row with its risk
    and the placement an out-of-radius one would be approved at, and the breakdown by factor."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveManyPreviewParams(serializers.Serializer[Any]):
        ids = _bulk_ids()
        near_man_power_all = near_man_power_field(help_text="man power untuk semua absen di luar radius")
        exclude_factors = exclude_factors_field()

    @extend_schema(
        parameters=[AttendanceLogApproveManyPreviewParams],
        responses=answers(BulkPreviewEnvelope, 403, 422),
        summary="Pratinjau 'Setujui terpilih': baris, faktor risiko dan penempatan yang akan dipakai",
    )
    def get(self, request: Request) -> Response:
        values = read_query(self.AttendanceLogApproveManyPreviewParams, request)
        found = services.near_man_powers_from([values["near_man_power_all"] or ""])
        user = request_user(request)
        logs, missing = bulk_selectors.bulk_preview_logs(access=user.user_access, hash_ids=values["ids"])
        preview = bulk_selectors.attendance_bulk_preview(
            logs=logs,
            exclude_factors=values["exclude_factors"],
            near_man_power_all=found.get(values["near_man_power_all"] or ""),
            missing=missing,
        )
        return respond(AttendanceLogBulkPreviewSerializer(preview).data)


class AttendanceLogApproveManyApi(APIView):
    """'Setujui terpilih': up to 100 waiting logs in one request, each decided once; an out-of-radius
    log at its entry in `near_man_power`, else at `near_man_power_all`, else at its suggested
    placement; a log with a factor of `exclude_factors` is left out. More than BULK_JOB_FROM run as a
    job (202)."""

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
        exclude_factors = exclude_factors_field()

    @extend_schema(
        request=AttendanceLogApproveManyInput,
        responses=BULK_APPROVE_RESPONSES,
        summary="Setujui beberapa absen sekaligus (maks. 100; di luar radius: man power terdekat)",
        description=STARTED_AS_JOB,
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogApproveManyInput, request)
        if len(values["near_man_power"]) > BULK_LIMIT:
            raise Unprocessable(NEAR_MAN_POWER_INVALID, errors={"near_man_power": [NEAR_MAN_POWER_INVALID]})
        wanted = {h: mp for h, mp in values["near_man_power"].items() if h in set(values["ids"])}
        # An unknown placement is refused here (422), before anything is decided.
        services.near_man_powers_from([*wanted.values(), values["near_man_power_all"] or ""])
        approval = BulkApproval(
            ids=list(values["ids"]),
            near_man_power=wanted,
            near_man_power_all=values["near_man_power_all"] or "",
            exclude_factors=list(values["exclude_factors"]),
        )
        return _bulk_approve(request, approval, as_job=len(approval.ids) > bulk_services.BULK_JOB_FROM)


class AttendanceLogRejectManyApi(APIView):
    """'Tolak terpilih': up to 100 waiting logs with one note, each decided once."""

    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()
        note = required_note_field(services.NOTE_REQUIRED)

    @extend_schema(
        request=AttendanceLogRejectManyInput,
        responses=BULK_RESPONSES,
        summary="Tolak beberapa absen sekaligus dengan satu catatan (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogRejectManyInput, request)
        user = request_user(request)
        items = selectors.attendance_logs_for_bulk(access=user.user_access, hash_ids=values["ids"])
        outcomes = services.attendance_logs_reject_many(items=items, approver=user, note=values["note"])
        return _bulk_response(outcomes, services.BULK_REJECTED)


class AttendanceLogLowRiskPreviewApi(APIView):
    """What 'Setujui semua risiko rendah' would approve, before it runs: the oldest 500 waiting low-risk
    logs of the queue's filter (the list's parameters), each with its risk and the placement an
    out-of-radius one would be approved at, the breakdown by factor, and how many the filter holds."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogLowRiskPreviewParams(AttendanceLogListParams):
        exclude_factors = exclude_factors_field()

    @extend_schema(
        parameters=[AttendanceLogLowRiskPreviewParams],
        # 404: `man_power` names no man power.
        responses=answers(BulkPreviewEnvelope, 403, 404, 422),
        summary="Pratinjau 'Setujui semua risiko rendah' dari filter antrean (terlama dulu, maks. 500)",
    )
    def get(self, request: Request) -> Response:
        values = read_query(self.AttendanceLogLowRiskPreviewParams, request)
        filters = log_filters(request, statuses=(LogStatus.WAITING_APPROVAL,))
        query = parse_list_query(request, LOG_LIST)
        types = approval_types(request_user(request).user_access, APPROVE_ATTENDANCE)
        logs = apply_list_query(
            selectors.attendance_logs_filtered(types=types, filters=filters), query, LOG_LIST
        )
        preview = bulk_selectors.attendance_low_risk_preview(
            logs=logs, exclude_factors=values["exclude_factors"]
        )
        return respond(AttendanceLogBulkPreviewSerializer(preview).data)


class AttendanceLogApproveLowRiskApi(APIView):
    """'Setujui semua risiko rendah': the logs the approver saw in the preview (`ids`), each still of the
    queue's filter, waiting and low risk (else answered why), less those of `exclude_factors`; always
    a background job (202)."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveLowRiskInput(AttendanceLogListParams):
        ids = HashIdListField(
            max_length=selectors.LOW_RISK_LIMIT,
            required_message=LOW_RISK_IDS_REQUIRED,
            too_many_message=BULK_TOO_MANY,
            invalid_message=BULK_IDS_INVALID,
            help_text="id absen dari pratinjau yang dikonfirmasi penyetuju (maks. 500)",
        )
        exclude_factors = exclude_factors_field()
        search = serializers.DictField(
            child=serializers.CharField(allow_blank=True),
            required=False,
            help_text="pencarian per kolom daftar",
        )
        global_search = serializers.CharField(required=False, allow_blank=True, max_length=150)

    @extend_schema(
        request=AttendanceLogApproveLowRiskInput,
        # 404: `man_power` names no man power.
        responses={**BULK_APPROVE_RESPONSES, 404: MessageEnvelope},
        summary="Setujui absen berisiko rendah yang dikonfirmasi dari pratinjau (proses latar belakang)",
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.AttendanceLogApproveLowRiskInput, request)
        body = request.data
        assert isinstance(body, Mapping)  # the serializer took it
        # Any status: a row decided since the preview is answered as a conflict by the approval itself.
        filters = log_filters(request, statuses=tuple(LogStatus.values), data=body)
        query = parse_list_query(request, LOG_LIST, params=body)
        types = approval_types(request_user(request).user_access, APPROVE_ATTENDANCE)
        logs = apply_list_query(
            selectors.attendance_logs_filtered(types=types, filters=filters), query, LOG_LIST
        )
        in_filter = bulk_selectors.hash_ids_among(logs, values["ids"])
        approval = BulkApproval(
            ids=[hash_id for hash_id in values["ids"] if hash_id in in_filter],
            exclude_factors=list(values["exclude_factors"]),
            low_risk=True,
            refused={
                hash_id: bulk_services.NOT_IN_FILTER for hash_id in values["ids"] if hash_id not in in_filter
            },
        )
        return _bulk_approve(request, approval, as_job=True)


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
        result = services.attendance_batch_undo(batch=batch, user=request_user(request))
        return _bulk_response(result, services.BULK_UNDONE)
