"""Back-office endpoints of izin (permission) approval (spec doc2 §2.10, §7; DESIGN §10).

Who: a user with allow_permission sees and decides every request; any other user sees and decides
the requests addressed to the employee their login is linked to (`User.employee`); anyone else is
refused (403). A request the user may not see answers 404.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.core.crud import DetailApi, ListApi
from server.core.decisions import decision_response
from server.core.envelope import respond
from server.core.inputs import NOT_BLANK, MonthYearInput, NoteField, YearInput, read_body, required_note_field
from server.core.listing import ListSpec
from server.core.policy import SignedIn, UserCheck
from server.core.schema import MessageEnvelope, answers, count_envelope_schema, envelope_schema
from server.izin import selectors, services
from server.izin.models import IzinRequest, IzinType
from server.izin.serializers import IzinDetailOutput, IzinRowOutput, IzinStateOutput, IzinTypeOutput

NO_RIGHTS = selectors.NO_RIGHTS
IZIN_APPROVER = UserCheck(
    "allow_permission, or a login linked to an employee (its addressed requests)",
    selectors.izin_may_decide,
    denied_message=NO_RIGHTS,
)
ID_REQUIRED = "ID izin harus diisi."
OVERDUE_INVALID = "Nilai overdue harus 1 atau 0."

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


# A decision's 409: who decided first and the state the request is in now.
IzinConflictEnvelope = envelope_schema(
    "IzinApprovalConflictEnvelope",
    IzinStateOutput(),
    message=serializers.CharField(help_text="'Data sudah diproses oleh <nama>.'"),
    errors=serializers.DictField(),
)
DECISION_RESPONSES = {
    200: envelope_schema("IzinApprovalStateEnvelope", IzinStateOutput()),
    403: MessageEnvelope,
    404: MessageEnvelope,
    409: IzinConflictEnvelope,
    422: MessageEnvelope,
}


class PermissionListFilters(YearInput):
    overdue = serializers.ChoiceField(
        choices=["", "0", "1"],
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid_choice": OVERDUE_INVALID},
        help_text="1: hanya yang menunggu melewati batas waktu persetujuan izin",
    )


class PermissionListApi(ListApi):
    access = IZIN_APPROVER
    summary = "Daftar pengajuan izin untuk disetujui"
    list_spec = IZIN_LIST
    FilterSerializer = PermissionListFilters
    OutputSerializer = IzinRowOutput

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> QuerySet[IzinRequest]:
        queryset = selectors.izin_of_year(
            selectors.izin_requests_for_user(user=request_user(request)), year=filters.get("year")
        )
        if filters.get("overdue") == "1":
            queryset = selectors.izin_overdue(queryset)
        return queryset.select_related(*selectors.IZIN_ROW_RELATED)


class PermissionDetailApi(DetailApi):
    access = IZIN_APPROVER
    summary = "Detail pengajuan izin dengan 5 pengajuan terakhir karyawan"
    OutputSerializer = IzinDetailOutput

    def get_object(self, request: Request, hash_id: str) -> IzinRequest:
        return selectors.izin_for_user(user=request_user(request), hash_id=hash_id)


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
        responses=envelope_schema("PermissionTypeListEnvelope", IzinTypeOutput(many=True)),
        summary="Jenis izin",
    )
    def get(self, request: Request) -> Response:
        return respond(IzinTypeOutput(IzinType.objects.order_by("name", "pk"), many=True).data)


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
