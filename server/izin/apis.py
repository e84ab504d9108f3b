"""Back-office endpoints of izin (permission) approval (spec doc2 §2.10, §7; DESIGN §10).

Who: a user with allow_permission sees and decides every request; any other user sees and decides
the requests addressed to the employee their login is linked to (`User.employee`); anyone else is
refused (403). A request the user may not see answers 404.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.core.decisions import decision_response
from server.core.envelope import respond
from server.core.files import user_viewer
from server.core.inputs import NOT_BLANK, MonthYearInput, NoteField, YearInput, read_body, required_note_field
from server.core.listing import ListSpec, list_response
from server.core.policy import SignedIn, UserCheck
from server.core.schema import (
    MessageEnvelope,
    answers,
    count_envelope_schema,
    envelope_schema,
    inline_serializer,
    list_envelope_schema,
    list_parameters,
)
from server.izin import selectors, services
from server.izin.models import IzinRequest, IzinType

IZIN_STATUSES_TEXT = "waiting_approval, approved atau rejected"
NO_RIGHTS = selectors.NO_RIGHTS
IZIN_APPROVER = UserCheck(
    "allow_permission, or a login linked to an employee (its addressed requests)",
    selectors.izin_may_decide,
    denied_message=NO_RIGHTS,
)
ID_REQUIRED = "ID izin harus diisi."

IZIN_LIST = ListSpec(
    searchable={
        "name": "employee__name__icontains",
        "employee_number_formatted": "employee__employee_number_formatted__icontains",
        "label": "izin_type__name__icontains",
        "izin_type": "izin_type__code",
        "approval_user_name": "approver__name__icontains",
        "status": "status",
    },
    orderable={
        "name": "employee__name",
        "employee_number_formatted": "employee__employee_number_formatted",
        "label": "izin_type__name",
        "date_formatted": "start_date",
        "start_date": "start_date",
        "total_days": "total_days",
        "approval_user_name": "approver__name",
        "status": "status",
        "created": "created",
    },
    global_search=("employee__name", "employee__employee_number_formatted", "izin_type__name"),
    default_order=("created", "desc"),
)

IZIN_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "hash_id": serializers.CharField(),
    "name": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "label": serializers.CharField(),
    "date_formatted": serializers.CharField(help_text="'5 Januari 2026' atau rentang"),
    "total_days": serializers.IntegerField(),
    "approval_user_name": serializers.CharField(),
    "status": serializers.CharField(help_text=IZIN_STATUSES_TEXT),
}
IzinStateSchema = inline_serializer(
    "IzinApprovalState",
    {
        "hash_id": serializers.CharField(),
        "status": serializers.CharField(help_text=IZIN_STATUSES_TEXT),
        "decided_by_name": serializers.CharField(),
        "keterangan": serializers.CharField(),
    },
)
IzinConflictEnvelope = inline_serializer(
    "IzinApprovalConflictEnvelope",
    {
        "http_status": serializers.IntegerField(),
        "message": serializers.CharField(help_text="'Data sudah diproses oleh <nama>.'"),
        "data": IzinStateSchema,
        "errors": serializers.DictField(),
    },
)
DECISION_RESPONSES = {
    200: envelope_schema("IzinApprovalStateEnvelope", IzinStateSchema),
    403: MessageEnvelope,
    404: MessageEnvelope,
    409: IzinConflictEnvelope,
    422: MessageEnvelope,
}


def _rows(rows: Iterable[IzinRequest], first: int) -> list[dict[str, Any]]:
    return [selectors.izin_list_row(izin) for izin in rows]


class PermissionListApi(APIView):
    access = IZIN_APPROVER

    @extend_schema(
        parameters=[
            YearInput,
            *list_parameters(IZIN_LIST),
        ],
        responses=answers(
            list_envelope_schema(
                "PermissionListEnvelope", inline_serializer("PermissionListRow", IZIN_ROW_FIELDS, many=True)
            ),
            403,
            422,
        ),
        summary="Daftar pengajuan izin untuk disetujui",
    )
    def get(self, request: Request) -> Response:
        queryset = selectors.izin_of_year(
            selectors.izin_requests_for_user(user=request_user(request)), year=YearInput.read(request)
        )
        return list_response(request, queryset.select_related(*selectors.IZIN_ROW_RELATED), IZIN_LIST, _rows)


class PermissionDetailApi(APIView):
    access = IZIN_APPROVER

    @extend_schema(
        responses=answers(
            envelope_schema(
                "PermissionDetailEnvelope",
                inline_serializer(
                    "PermissionDetail",
                    {
                        **IZIN_ROW_FIELDS,
                        "employee_id": serializers.CharField(help_text="ID karyawan (nomor berformat)"),
                        "cuti_saldo": serializers.IntegerField(help_text="sisa cuti karyawan (hari)"),
                        "cuti_hutang": serializers.IntegerField(help_text="hutang cuti karyawan (hari)"),
                        "permission_type_code": serializers.CharField(),
                        "permission_type_name": serializers.CharField(),
                        "start_date": serializers.DateField(),
                        "end_date": serializers.DateField(),
                        "description": serializers.CharField(),
                        "attachment": serializers.CharField(
                            help_text="URL lampiran bertanda tangan (berlaku singkat) atau ''"
                        ),
                        "attachment_name": serializers.CharField(help_text="nama berkas lampiran atau ''"),
                        "keterangan": serializers.CharField(help_text="catatan keputusan"),
                        "decided_by_name": serializers.CharField(),
                        "decided_at": serializers.CharField(),
                        "created": serializers.CharField(),
                        "recent_permission": inline_serializer(
                            "PermissionRecent",
                            {
                                "id": serializers.CharField(),
                                "hash_id": serializers.CharField(),
                                "label": serializers.CharField(),
                                "date_formatted": serializers.CharField(),
                                "status": serializers.CharField(help_text=IZIN_STATUSES_TEXT),
                            },
                            many=True,
                        ),
                    },
                ),
            ),
            403,
            404,
        ),
        summary="Detail pengajuan izin dengan 5 pengajuan terakhir karyawan",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        izin = selectors.izin_for_user(user=request_user(request), hash_id=hash_id)
        return respond(selectors.izin_detail(izin, viewer=user_viewer(request.user)))


class PermissionCountApi(APIView):
    access = IZIN_APPROVER

    @extend_schema(
        parameters=[MonthYearInput],
        responses=answers(count_envelope_schema("PermissionWaitingCount"), 403, 422),
        summary="Jumlah izin menunggu persetujuan yang diajukan dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        return respond(
            {
                "count": selectors.izin_waiting_count_of_month(
                    user=request_user(request), month=month, year=year
                )
            }
        )


class PermissionTypeListApi(APIView):
    access = SignedIn()

    @extend_schema(
        responses=envelope_schema(
            "PermissionTypeListEnvelope",
            inline_serializer(
                "PermissionType",
                {
                    "hash_id": serializers.CharField(),
                    "code": serializers.CharField(),
                    "name": serializers.CharField(),
                    "deducts_leave": serializers.BooleanField(),
                    "requires_attachment": serializers.BooleanField(),
                },
                many=True,
            ),
        ),
        summary="Jenis izin",
    )
    def get(self, request: Request) -> Response:
        return respond(
            [
                {
                    "hash_id": t.hash_id,
                    "code": t.code,
                    "name": t.name,
                    "deducts_leave": t.deducts_leave,
                    "requires_attachment": t.requires_attachment,
                }
                for t in IzinType.objects.order_by("name", "pk")
            ]
        )


def _id_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=64,
        validators=[NOT_BLANK],
        error_messages={"required": ID_REQUIRED, "blank": ID_REQUIRED, "null": ID_REQUIRED},
    )


def _decision_response(decide: Callable[[], IzinRequest], message: str) -> Response:
    """The new state, or 409 with who decided first and the state the request is in now."""
    return decision_response(decide, state=services.izin_state, message=message)


class PermissionApproveApi(APIView):
    access = IZIN_APPROVER

    class PermissionApproveInput(serializers.Serializer[Any]):
        id = _id_field()
        note = NoteField()

    @extend_schema(
        request=PermissionApproveInput, responses=DECISION_RESPONSES, summary="Setujui pengajuan izin"
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.PermissionApproveInput, request)
        izin = selectors.izin_for_user(user=request_user(request), hash_id=values["id"])
        note = values["note"] or ""
        return _decision_response(
            lambda: services.izin_request_approve(izin=izin, user=request_user(request), note=note),
            services.APPROVED,
        )


class PermissionRejectApi(APIView):
    access = IZIN_APPROVER

    class PermissionRejectInput(serializers.Serializer[Any]):
        id = _id_field()
        note = required_note_field(services.NOTE_REQUIRED)

    @extend_schema(
        request=PermissionRejectInput, responses=DECISION_RESPONSES, summary="Tolak pengajuan izin"
    )
    def patch(self, request: Request) -> Response:
        values = read_body(self.PermissionRejectInput, request)
        izin = selectors.izin_for_user(user=request_user(request), hash_id=values["id"])
        note = values["note"]
        return _decision_response(
            lambda: services.izin_request_reject(izin=izin, user=request_user(request), note=note),
            services.REJECTED,
        )
