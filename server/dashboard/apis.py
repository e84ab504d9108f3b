"""Dashboard endpoints (doc1 §7.2), live counts, and wall display tokens.

Policies: every dashboard endpoint is open to any signed-in user (the dashboard is everyone's home
page); managing wall displays needs `allow_user_login`; the wall snapshot accepts display tokens only.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import User
from server.core.envelope import respond
from server.core.hashids import get_by_hash_id
from server.core.listing import ListSpec, list_response
from server.core.policy import AllFlags, SignedIn
from server.core.schema import LIST_PARAMETERS, MessageEnvelope, envelope_schema, list_envelope_schema
from server.dashboard import messages as msg
from server.dashboard import selectors
from server.dashboard.authentication import DisplaySignedIn, DisplayTokenAuthentication, signed_in_display
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_display_create, wall_display_revoke
from server.dashboard.topics import wall_snapshot_data
from server.reports.apis import AbsentEmployeeRowSchema
from server.reports.selectors import absent_employee_rows
from server.reports.serializers import DateRangeInput, PastMonthRangeInput, limit_field

# ---------------------------------------------------------------- schemas


def _int_fields(*names: str) -> dict[str, serializers.Field]:
    return {name: serializers.IntegerField() for name in names}


AttendanceApprovalCountsSchema = inline_serializer(
    "DashboardAttendanceApprovalCounts",
    _int_fields("waiting_approval", "approved", "manual_approval", "rejected"),
)
IzinApprovalCountsSchema = inline_serializer(
    "DashboardIzinApprovalCounts", _int_fields("waiting_approval", "approved", "rejected")
)
ApprovalSummarySchema = inline_serializer(
    "DashboardApprovalSummary",
    {"attendance": AttendanceApprovalCountsSchema, "izin": IzinApprovalCountsSchema},
)
LateCountsSchema = inline_serializer(
    "DashboardLateCounts", _int_fields("total_days", "total_employees", "total_minutes")
)
AbsenceCountsSchema = inline_serializer(
    "DashboardAbsenceCounts", _int_fields("alpa", "sakit", "cuti", "ctb", "total")
)
DashboardCountsSchema = inline_serializer(
    "DashboardCounts",
    {
        "date": serializers.DateField(),
        "month": serializers.IntegerField(),
        "year": serializers.IntegerField(),
        "approval": ApprovalSummarySchema,
        "late_in": LateCountsSchema,
        "early_out": LateCountsSchema,
        "absence": AbsenceCountsSchema,
        **_int_fields(
            "checked_in_today",
            "late_today",
            "early_out_today",
            "absent_today",
            "attendance_waiting",
            "izin_waiting",
        ),
    },
)

MONTH_PARAMETERS = [
    OpenApiParameter("month", OpenApiTypes.INT, required=True, description="1-12"),
    OpenApiParameter("year", OpenApiTypes.INT, required=True),
]


class MonthInput(serializers.Serializer):
    month = serializers.IntegerField(
        min_value=1,
        max_value=12,
        error_messages={
            key: msg.MONTH_INVALID
            for key in ("required", "invalid", "null", "min_value", "max_value", "max_string_length")
        },
    )
    year = serializers.IntegerField(
        min_value=2000,
        max_value=2100,
        error_messages={
            key: msg.YEAR_INVALID
            for key in ("required", "invalid", "null", "min_value", "max_value", "max_string_length")
        },
    )


def month_params(request: Request) -> dict[str, int]:
    params = MonthInput(data=request.query_params)
    params.is_valid(raise_exception=True)
    return {"month": params.validated_data["month"], "year": params.validated_data["year"]}


# ---------------------------------------------------------------- counts


class DashboardCountsApi(APIView):
    """Everything the live topics push, as REST (the truth a client refetches after a gap)."""

    access = SignedIn()

    @extend_schema(
        responses=envelope_schema("DashboardCountsEnvelope", DashboardCountsSchema),
        summary="Semua hitungan dashboard (sama dengan snapshot dan event topik dashboard)",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.dashboard_counts(today=timezone.localdate()))


class AttendanceLateInCountApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=MONTH_PARAMETERS,
        responses={
            200: envelope_schema("AttendanceLateInCountEnvelope", LateCountsSchema),
            422: MessageEnvelope,
        },
        summary="Jumlah hari terlambat datang dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.attendance_month_counts(**month_params(request))["late_in"])


class AttendanceEarlyOutCountApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=MONTH_PARAMETERS,
        responses={
            200: envelope_schema("AttendanceEarlyOutCountEnvelope", LateCountsSchema),
            422: MessageEnvelope,
        },
        summary="Jumlah hari pulang cepat dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.attendance_month_counts(**month_params(request))["early_out"])


class AttendanceAbsenceCountApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=MONTH_PARAMETERS,
        responses={
            200: envelope_schema("AttendanceAbsenceCountEnvelope", AbsenceCountsSchema),
            422: MessageEnvelope,
        },
        summary="Jumlah hari tidak hadir (alpa, sakit, cuti, CTB) dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.attendance_month_counts(**month_params(request))["absence"])


# ---------------------------------------------------------------- widgets


class DashboardUndisciplinedEmployeeApi(APIView):
    access = SignedIn()

    class InputSerializer(DateRangeInput):
        type = serializers.ChoiceField(
            choices=selectors.UndisciplinedType.CHOICES,
            default=selectors.UndisciplinedType.LATE,
            error_messages={"invalid_choice": msg.TYPE_INVALID, "null": msg.TYPE_INVALID},
        )
        limit = limit_field(10)

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "type",
                OpenApiTypes.STR,
                enum=list(selectors.UndisciplinedType.CHOICES),
                description="default terlambat",
            ),
            OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("end_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("limit", OpenApiTypes.INT, description="1-100, default 10"),
        ],
        responses={
            200: envelope_schema(
                "DashboardUndisciplinedEnvelope",
                inline_serializer(
                    "DashboardUndisciplined",
                    {
                        "totalTerlambat": serializers.IntegerField(),
                        "totalPulangCepat": serializers.IntegerField(),
                        "rows": inline_serializer(
                            "DashboardUndisciplinedRow",
                            {
                                "employeeNumberFormatted": serializers.CharField(),
                                "employeeName": serializers.CharField(),
                                "totalDays": serializers.IntegerField(),
                                "totalHoursMinutes": serializers.CharField(help_text="'H jam M menit'"),
                            },
                            many=True,
                        ),
                    },
                ),
            ),
            422: MessageEnvelope,
        },
        summary="Karyawan paling sering terlambat / pulang cepat dalam rentang tanggal",
    )
    def get(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        data = params.validated_data
        return respond(
            selectors.undisciplined_employees(
                kind=data["type"], start=data["start_date"], end=data["end_date"], limit=data["limit"]
            )
        )


class DashboardUnattendanceEmployeeApi(APIView):
    access = SignedIn()

    class InputSerializer(PastMonthRangeInput):
        limit = limit_field(5)

    @extend_schema(
        parameters=[
            OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("end_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("limit", OpenApiTypes.INT, description="1-100, default 5"),
        ],
        responses={
            200: envelope_schema("DashboardUnattendanceEnvelope", AbsentEmployeeRowSchema),
            422: MessageEnvelope,
        },
        summary="Karyawan paling banyak tidak hadir (baris laporan karyawan tidak hadir, dibatasi)",
    )
    def get(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        data = params.validated_data
        return respond(
            list(absent_employee_rows(start=data["start_date"], end=data["end_date"], limit=data["limit"]))
        )


# ---------------------------------------------------------------- wall displays

WallDisplayRowSchema = inline_serializer(
    "WallDisplayRow",
    {
        "no": serializers.IntegerField(),
        "hash_id": serializers.CharField(),
        "name": serializers.CharField(),
        "created": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss"),
        "created_by_name": serializers.CharField(),
        "last_seen_at": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss atau ''"),
        "revoked_at": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss atau ''"),
        "is_active": serializers.IntegerField(help_text="1 aktif, 0 dicabut"),
    },
    many=True,
)

WALL_DISPLAY_LIST = ListSpec(
    searchable={"name": "name__icontains"},
    orderable={"name": "name", "created": "created", "last_seen_at": "last_seen_at"},
    global_search=("name",),
    default_order=("created", "desc"),
)


def _moment_text(value: Any) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S") if value is not None else ""


def _wall_display_rows(rows: Any, first: int) -> list[dict[str, Any]]:
    return [
        {
            "no": first + index,
            "hash_id": display.hash_id,
            "name": display.name,
            "created": _moment_text(display.created),
            "created_by_name": display.created_by.fullname if display.created_by else "",
            "last_seen_at": _moment_text(display.last_seen_at),
            "revoked_at": _moment_text(display.revoked_at),
            "is_active": 1 if display.is_active else 0,
        }
        for index, display in enumerate(rows)
    ]


class WallDisplayCreateApi(APIView):
    access = AllFlags("allow_user_login")

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(
            max_length=100,
            error_messages={
                "required": msg.NAME_REQUIRED,
                "blank": msg.NAME_REQUIRED,
                "null": msg.NAME_REQUIRED,
                "invalid": msg.NAME_REQUIRED,
                "max_length": msg.NAME_TOO_LONG,
            },
        )

    @extend_schema(
        request=inline_serializer("WallDisplayCreateInput", {"name": serializers.CharField(max_length=100)}),
        responses={
            201: envelope_schema(
                "WallDisplayCreateEnvelope",
                inline_serializer(
                    "WallDisplayCreated",
                    {
                        "hash_id": serializers.CharField(),
                        "name": serializers.CharField(),
                        "token": serializers.CharField(help_text="ditampilkan sekali; buka /wall?token=..."),
                    },
                ),
            ),
            422: MessageEnvelope,
        },
        summary="Buat token layar dinding (token hanya ditampilkan sekali)",
    )
    def post(self, request: Request) -> Response:
        params = self.InputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        assert isinstance(request.user, User)
        display, token = wall_display_create(name=params.validated_data["name"], created_by=request.user)
        return respond(
            {"hash_id": display.hash_id, "name": display.name, "token": token},
            message=msg.DISPLAY_CREATED,
            status_code=201,
        )


class WallDisplayListApi(APIView):
    access = AllFlags("allow_user_login")

    @extend_schema(
        parameters=LIST_PARAMETERS,
        responses={
            200: list_envelope_schema("WallDisplayListEnvelope", WallDisplayRowSchema),
            422: MessageEnvelope,
        },
        summary="Daftar layar dinding (aktif dan dicabut)",
    )
    def get(self, request: Request) -> Response:
        queryset = WallDisplay.objects.select_related("created_by")
        return list_response(request, queryset, WALL_DISPLAY_LIST, _wall_display_rows)


class WallDisplayRevokeApi(APIView):
    access = AllFlags("allow_user_login")

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 404: MessageEnvelope},
        summary="Cabut token layar dinding (layar yang terbuka langsung kosong)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        display = get_by_hash_id(WallDisplay.objects.all(), hash_id, message=msg.DISPLAY_NOT_FOUND)
        wall_display_revoke(display=display)
        return respond(None, message=msg.DISPLAY_REVOKED)


class WallDisplaySnapshotApi(APIView):
    """The wall's board as REST (`Authorization: Display <token>`); the `wall` topic snapshot is the same."""

    access = DisplaySignedIn()
    authentication_classes = [DisplayTokenAuthentication]

    @extend_schema(
        responses={
            200: envelope_schema(
                "WallDisplaySnapshotEnvelope",
                inline_serializer(
                    "WallDisplaySnapshot",
                    {
                        "display_name": serializers.CharField(),
                        "server_time": serializers.DateTimeField(),
                        "counts": DashboardCountsSchema,
                    },
                ),
            ),
            401: MessageEnvelope,
        },
        summary="Isi layar dinding: nama layar, jam server, hitungan hari ini",
    )
    def get(self, request: Request) -> Response:
        return respond(wall_snapshot_data(display=signed_in_display(request)))
