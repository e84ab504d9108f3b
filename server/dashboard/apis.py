"""Dashboard endpoints (doc1 §7.2), live counts, and wall display tokens.

Policies: every dashboard endpoint is open to any signed-in user (the dashboard is everyone's home
page); managing wall displays needs `allow_user_login`; the wall snapshot accepts display tokens only.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.core.crud import (
    CreateApi,
    DeleteApi,
    DetailApi,
    ListApi,
    MomentField,
    MonthApi,
    Resource,
    RowNumberField,
    UpdateApi,
    month_schema,
)
from server.core.envelope import respond
from server.core.inputs import DateRangeInput, error_messages, read_query
from server.core.listing import ListSpec
from server.core.policy import SignedIn, flag_policies
from server.core.schema import answers, envelope_schema
from server.dashboard import messages as msg
from server.dashboard import selectors
from server.dashboard.authentication import DisplaySignedIn, DisplayTokenAuthentication, signed_in_display
from server.dashboard.models import WallDisplay
from server.dashboard.serializers import (
    AbsenceCountsOutput,
    DashboardCountsOutput,
    UndisciplinedCardOutput,
    UndisciplinedOutput,
    WallDisplaySnapshotOutput,
)
from server.dashboard.services import wall_display_create, wall_display_revoke, wall_display_update
from server.dashboard.topics import wall_snapshot_data
from server.reports.counts import undisciplined_percentage
from server.reports.selectors import absent_employee_rows
from server.reports.serializers import AbsentEmployeeRowSchema, PastMonthRangeInput, limit_field

# ---------------------------------------------------------------- counts


class DashboardCountsApi(APIView):
    """Everything the live topics push, as REST (the truth a client refetches after a gap), in the
    reader's scope: a scoped approver's attendance approval counts cover the types it may decide."""

    access = SignedIn()

    @extend_schema(
        responses=envelope_schema("DashboardCountsEnvelope", DashboardCountsOutput()),
        summary="Semua hitungan dashboard (sama dengan snapshot dan event topik dashboard)",
    )
    def get(self, request: Request) -> Response:
        types = selectors.dashboard_scope_types(request_user(request).user_access)
        return respond(DashboardCountsOutput(selectors.dashboard_counts_now(types)).data)


def undisciplined_card(month: int, year: int, kind: str) -> dict[str, Any]:
    """The month's late-in or early-out counts plus the report card's total (days) and percentage of
    the attended working days (doc3 §3 "Undisciplined cards"): the same days the late report lists."""
    counts: dict[str, Any] = dict(selectors.attendance_month_counts(month=month, year=year)[kind])  # type: ignore[literal-required]
    counts["total"] = counts["total_days"]
    counts["percentage"] = undisciplined_percentage(month=month, year=year, late_days=counts["total_days"])
    return counts


@month_schema(
    "AttendanceLateInCountEnvelope",
    UndisciplinedCardOutput(),
    "Jumlah hari terlambat datang dalam satu bulan",
)
class AttendanceLateInCountApi(MonthApi):
    access = SignedIn()

    def answer(self, month: int, year: int) -> Any:
        return UndisciplinedCardOutput(undisciplined_card(month, year, "late_in")).data


@month_schema(
    "AttendanceEarlyOutCountEnvelope", UndisciplinedCardOutput(), "Jumlah hari pulang cepat dalam satu bulan"
)
class AttendanceEarlyOutCountApi(MonthApi):
    access = SignedIn()

    def answer(self, month: int, year: int) -> Any:
        return UndisciplinedCardOutput(undisciplined_card(month, year, "early_out")).data


@month_schema(
    "AttendanceAbsenceCountEnvelope",
    AbsenceCountsOutput(),
    "Jumlah hari tidak hadir (alpa, sakit, cuti, CTB) dalam satu bulan",
)
class AttendanceAbsenceCountApi(MonthApi):
    access = SignedIn()

    def answer(self, month: int, year: int) -> Any:
        return AbsenceCountsOutput(selectors.attendance_month_counts(month=month, year=year)["absence"]).data


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
            OpenApiParameter(
                "limit", {"type": "integer", "minimum": 1, "maximum": 100}, description="default 10"
            ),
        ],
        responses=answers(
            envelope_schema(
                "DashboardUndisciplinedEnvelope",
                UndisciplinedOutput(),
            ),
            422,
        ),
        summary="Karyawan paling sering terlambat / pulang cepat dalam rentang tanggal",
    )
    def get(self, request: Request) -> Response:
        data = read_query(self.InputSerializer, request)
        undisciplined = selectors.undisciplined_employees(
            kind=data["type"], start=data["start_date"], end=data["end_date"], limit=data["limit"]
        )
        return respond(UndisciplinedOutput(undisciplined).data)


# The dashboard widget shows the top rows only; the full absent report needs allow_report.
WIDGET_ROWS = 5


class DashboardUnattendanceEmployeeApi(APIView):
    access = SignedIn()

    class InputSerializer(PastMonthRangeInput):
        limit = limit_field(WIDGET_ROWS, maximum=WIDGET_ROWS)

    @extend_schema(
        parameters=[
            OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("end_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter(
                "limit", {"type": "integer", "minimum": 1, "maximum": WIDGET_ROWS}, description="default 5"
            ),
        ],
        responses=answers(envelope_schema("DashboardUnattendanceEnvelope", AbsentEmployeeRowSchema), 422),
        summary="Karyawan paling banyak tidak hadir: 5 baris teratas laporan karyawan tidak hadir",
    )
    def get(self, request: Request) -> Response:
        data = read_query(self.InputSerializer, request)
        return respond(
            list(absent_employee_rows(start=data["start_date"], end=data["end_date"], limit=data["limit"]))
        )


# ---------------------------------------------------------------- wall displays
# The reference screen of the server kit (server/core/README.md): list + detail + create + update +
# delete (revoke), one view per operation on server.core.crud, the resource declared once
# (WallDisplayResource: policies from the allow_user_login flag and its _create/_update/_delete
# children, the records, the answer), live on the `wall_displays` topic.

WALL_DISPLAY = flag_policies("allow_user_login")

WALL_DISPLAY_LIST = ListSpec(
    searchable={"name": "name__icontains"},
    orderable={"name": "name", "created": "created", "last_seen_at": "last_seen_at"},
    global_search=("name",),
    default_order=("created", "desc"),
)


class WallDisplayOutput(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    name = serializers.CharField()
    created = MomentField(help_text="YYYY-MM-DD HH:mm:ss")
    created_by_name = serializers.SerializerMethodField()
    last_seen_at = MomentField(help_text="YYYY-MM-DD HH:mm:ss atau ''")
    revoked_at = MomentField(help_text="YYYY-MM-DD HH:mm:ss atau ''")
    is_active = serializers.SerializerMethodField(help_text="1 aktif, 0 dicabut")

    def get_created_by_name(self, display: WallDisplay) -> str:
        return display.created_by.fullname if display.created_by else ""

    def get_is_active(self, display: WallDisplay) -> int:
        return 1 if display.is_active else 0


class WallDisplayNameInput(serializers.Serializer[Any]):
    name = serializers.CharField(
        max_length=100,
        error_messages=error_messages(
            msg.NAME_REQUIRED, invalid=msg.NAME_REQUIRED, max_length=msg.NAME_TOO_LONG
        ),
    )


class WallDisplayResource(Resource):
    policies = WALL_DISPLAY
    queryset = WallDisplay.objects.select_related("created_by")
    not_found_message = msg.DISPLAY_NOT_FOUND
    OutputSerializer = WallDisplayOutput


class WallDisplayListApi(WallDisplayResource, ListApi):
    """Active and revoked displays."""

    list_spec = WALL_DISPLAY_LIST

    class OutputSerializer(WallDisplayOutput):
        no = RowNumberField()


class WallDisplayDetailApi(WallDisplayResource, DetailApi):
    pass


class WallDisplayCreateApi(WallDisplayResource, CreateApi):
    """Create a display; its token is in this answer only (the server keeps its hash)."""

    success_message = msg.DISPLAY_CREATED

    class InputSerializer(WallDisplayNameInput):
        pass

    class OutputSerializer(serializers.Serializer[Any]):
        hash_id = serializers.CharField()
        name = serializers.CharField()
        token = serializers.CharField(help_text="ditampilkan sekali; buka /wall#token=...")

    def perform(self, request: Request, data: dict[str, Any]) -> dict[str, str]:
        display, token = wall_display_create(name=data["name"], created_by=request_user(request))
        return {"hash_id": display.hash_id, "name": display.name, "token": token}


class WallDisplayUpdateApi(WallDisplayResource, UpdateApi):
    """Rename a display (its token stays)."""

    class InputSerializer(WallDisplayNameInput):
        pass

    def perform(self, request: Request, obj: WallDisplay, data: dict[str, Any]) -> WallDisplay:
        return wall_display_update(display=obj, name=data["name"])


class WallDisplayRevokeApi(WallDisplayResource, DeleteApi):
    """Revoke a display's token: open walls go blank at once. The row stays (listed as revoked)."""

    success_message = msg.DISPLAY_REVOKED

    def perform(self, request: Request, obj: WallDisplay) -> None:
        wall_display_revoke(display=obj)


class WallDisplaySnapshotApi(APIView):
    """The wall's board as REST (`Authorization: Display <token>`); the `wall` topic snapshot is the same."""

    access = DisplaySignedIn()
    authentication_classes = [DisplayTokenAuthentication]

    @extend_schema(
        responses=answers(
            envelope_schema(
                "WallDisplaySnapshotEnvelope",
                WallDisplaySnapshotOutput(),
            ),
            401,
        ),
        summary="Isi layar dinding: nama layar, jam server, hitungan hari ini",
    )
    def get(self, request: Request) -> Response:
        return respond(WallDisplaySnapshotOutput(wall_snapshot_data(display=signed_in_display(request))).data)
