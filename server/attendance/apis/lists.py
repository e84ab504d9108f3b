"""The lists, the detail and the counts of check-in logs (spec doc2 §2.9, §2.11, §7): the live
approval queue, the attendance history (v1 and v2 lists), the log detail, the monthly counts and the
man power filter options."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.attendance import selectors
from server.attendance.apis.common import (
    ANY_LOG_VIEWER,
    HISTORY_LIST,
    HISTORY_STATUS_INVALID,
    LIST_FILTER_PARAMETERS,
    LOG_LIST,
    LOG_LIST_ACCESS,
    LOG_STATUSES_TEXT,
    RESET,
    TYPE_INVALID,
    log_filters,
)
from server.attendance.hooks import month_log_counts
from server.attendance.models import AttendanceLog, LogStatus, RiskLevel
from server.core.envelope import Unprocessable, respond
from server.core.files import FileViewer, user_viewer
from server.core.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE
from server.core.inputs import MonthYearInput, query_choice
from server.core.listing import apply_list_query, list_response, parse_list_query
from server.core.policy import AllFlags, AnyFlag
from server.core.schema import (
    answers,
    count_envelope_schema,
    envelope_schema,
    inline_serializer,
    list_envelope_schema,
)
from server.workforce.row_fields import PLACEMENT_LOCATION_FIELDS

RiskSchema = inline_serializer(
    "AttendanceLogRisk",
    {
        "level": serializers.ChoiceField(choices=RiskLevel.values),
        "score": serializers.IntegerField(help_text="0-100"),
        "reasons": inline_serializer(
            "AttendanceLogRiskReason",
            {
                "code": serializers.CharField(
                    help_text="distance, gps_accuracy, face, travel, new_device, shift_window, blacklist_app"
                ),
                "text": serializers.CharField(help_text="alasan singkat dengan angkanya"),
            },
            many=True,
        ),
    },
    help_text="risiko absen (dihitung saat absen; ambang di setting/risk)",
)

QUEUE_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "hash_id": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "employee_name": serializers.CharField(),
    "log_datetime": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss, waktu lokal penempatan"),
    "log_date": serializers.DateField(help_text="tanggal lokal penempatan (dasar filter tanggal)"),
    "log_timezone": serializers.CharField(help_text="zona waktu penempatan: WIB, WITA atau WIT"),
    "employee_photo_url": serializers.CharField(),
    "log_photo": serializers.CharField(),
    "log_type": serializers.CharField(help_text="check_in atau check_out"),
    "location": serializers.IntegerField(help_text="1 in spot, 0 out of spot"),
    "fr_accuracy": serializers.FloatField(),
    "man_power_type": serializers.CharField(),
    "man_power_name": serializers.CharField(),
    "risk": RiskSchema,
}


PLACEMENT_CHOICE_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "hash_id": serializers.CharField(),
    "name": serializers.CharField(),
    "type": serializers.CharField(help_text="tipe man power"),
    "distance_m": serializers.IntegerField(help_text="meter dari titik absen"),
    "is_own": serializers.BooleanField(help_text="penempatan karyawan sendiri"),
}
PlacementChoiceSchema = inline_serializer(
    "PlacementChoice",
    PLACEMENT_CHOICE_FIELDS,
    allow_null=True,
    required=False,
    help_text="absen di luar radius: man power terdekat (penempatan sendiri bila terdekat); "
    "null di dalam radius",
)


def _history_fields(*, required: bool) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """The columns history rows add to the queue row."""
    return {
        "status": serializers.CharField(required=required, help_text=LOG_STATUSES_TEXT),
        "attendance_date": serializers.DateField(required=required),
        "is_different_day": serializers.BooleanField(required=required),
        "shift_pattern_code": serializers.CharField(required=required),
        "is_valid_location": serializers.IntegerField(required=required),
        "fr_is_match": serializers.IntegerField(required=required),
        "service_type": serializers.CharField(required=required),
        "decided_by_name": serializers.CharField(required=required, help_text="'sistem' bila otomatis"),
        "near_man_power_name": serializers.CharField(
            required=required, help_text="man power terdekat yang dipilih penyetuju (absen di luar radius)"
        ),
    }


HISTORY_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **QUEUE_ROW_FIELDS,
    **_history_fields(required=True),
}
DAY_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **HISTORY_ROW_FIELDS,
    "effective_date": serializers.DateField(help_text="tanggal hari yang dihitung (setelah mundur absen)"),
    "keterangan": serializers.CharField(),
    "late_minutes": serializers.IntegerField(),
    "early_out_minutes": serializers.IntegerField(),
    "working_minutes": serializers.IntegerField(),
}
LogListEnvelope = list_envelope_schema(
    "AttendanceLogListEnvelope",
    inline_serializer(
        "AttendanceLogListRow",
        {**QUEUE_ROW_FIELDS, "suggested_man_power": PlacementChoiceSchema, **_history_fields(required=False)},
        many=True,
        help_text="suggested_man_power hanya di antrean (waiting_approval); kolom riwayat hanya ada untuk "
        "status lainnya",
    ),
    extra={
        "older_waiting": inline_serializer(
            "AttendanceQueueOlderWaiting",
            {
                "count": serializers.IntegerField(help_text="absen menunggu sesuai filter, semua tanggal"),
                "since": serializers.DateField(help_text="tanggal absen tertua di antaranya"),
            },
            required=False,
            allow_null=True,
            help_text="hanya di antrean: bila rentang tanggal tidak berisi apa pun, absen yang menunggu "
            "dengan filter lain yang sama pada tanggal lain (null bila tidak ada atau tanpa filter tanggal)",
        )
    },
)
LogDayListEnvelope = list_envelope_schema(
    "AttendanceLogDayListEnvelope", inline_serializer("AttendanceLogDayRow", DAY_ROW_FIELDS, many=True)
)

NearManPowerSchema = inline_serializer(
    "AttendanceNearManPower",
    {
        **PLACEMENT_CHOICE_FIELDS,
        "man_power_name": serializers.CharField(help_text="= name"),
        "man_power_type": serializers.CharField(help_text="= type"),
        "latitude": serializers.FloatField(),
        "longitude": serializers.FloatField(),
        "max_radius": serializers.IntegerField(),
        "distance": serializers.FloatField(help_text="meter dari titik absen (2 desimal)"),
    },
    many=True,
    help_text="PlacementChoice, terdekat dulu (maks. 10), penempatan karyawan sendiri selalu ada",
)
LogDetailEnvelope = envelope_schema(
    "AttendanceLogDetailEnvelope",
    inline_serializer(
        "AttendanceLogDetail",
        {
            **QUEUE_ROW_FIELDS,
            "note": serializers.CharField(),
            "rejected_note": serializers.CharField(),
            "status": serializers.CharField(help_text=LOG_STATUSES_TEXT),
            "status_code": serializers.CharField(help_text=LOG_STATUSES_TEXT),
            "decided_by_name": serializers.CharField(),
            "decided_at": serializers.CharField(),
            "attendance_location_type": serializers.CharField(),
            "man_power_team_name": serializers.CharField(),
            "man_power_group_name": serializers.CharField(),
            "fr_is_match": serializers.IntegerField(),
            "is_valid_location": serializers.IntegerField(),
            "distance": serializers.FloatField(),
            "latitude": serializers.FloatField(),
            "longitude": serializers.FloatField(),
            **PLACEMENT_LOCATION_FIELDS,
            "is_valid_shift": serializers.IntegerField(),
            "is_different_day": serializers.IntegerField(),
            "attendance_date": serializers.DateField(),
            "log_time": serializers.CharField(),
            "shift_pattern_code": serializers.CharField(),
            "shift_pattern_name": serializers.CharField(),
            "shift_code": serializers.CharField(),
            "shift_name": serializers.CharField(),
            "shift_time_in": serializers.CharField(),
            "shift_time_out": serializers.CharField(),
            "shift_break_start": serializers.CharField(),
            "shift_break_end": serializers.CharField(),
            "total_late_in_minutes": serializers.IntegerField(),
            "service_type": serializers.CharField(),
            "lend_employee_name": serializers.CharField(),
            "lend_employee_number_formatted": serializers.CharField(),
            "lend_employee_man_power": serializers.CharField(),
            "near_man_power_list": NearManPowerSchema,
            "near_man_power": inline_serializer(
                "AttendanceChosenManPower",
                {"hash_id": serializers.CharField(), "name": serializers.CharField()},
                allow_null=True,
                help_text="man power terdekat yang dipilih saat disetujui",
            ),
            "selectedManPower": inline_serializer(
                "AttendanceSelectedManPower",
                {"hash_id": serializers.CharField(), "man_power_name": serializers.CharField()},
                allow_null=True,
            ),
        },
    ),
)


def _history_statuses(status: str) -> tuple[str, ...]:
    if status == LogStatus.WAITING_APPROVAL:
        raise Unprocessable(HISTORY_STATUS_INVALID, errors={"status": [HISTORY_STATUS_INVALID]})
    return (status,) if status else tuple(selectors.HISTORY_STATUSES)


def _queue_rows(viewer: FileViewer) -> Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]:
    def serialize(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
        return selectors.attendance_queue_rows(rows, viewer=viewer)

    return serialize


def _history_rows(viewer: FileViewer) -> Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]:
    def serialize(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
        return [selectors.attendance_history_row(log, viewer=viewer) for log in rows]

    return serialize


def _day_rows(viewer: FileViewer) -> Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]:
    def serialize(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
        return selectors.attendance_history_rows_with_days(list(rows), viewer=viewer)

    return serialize


def _older_waiting(
    request: Request, *, types: list[str], filters: selectors.LogFilters
) -> Callable[[int], dict[str, Any]]:
    """The queue's `older_waiting`: when its date range holds nothing, the waiting logs its other
    filters (and searches) match on any date, so the empty queue says what waits elsewhere."""

    def members(records_filtered: int) -> dict[str, Any]:
        if records_filtered or filters.start_date is None:
            return {"older_waiting": None}
        any_date = dataclasses.replace(filters, start_date=None, end_date=None)
        logs = apply_list_query(
            selectors.attendance_logs_filtered(types=types, filters=any_date),
            parse_list_query(request, LOG_LIST),
            LOG_LIST,
        )
        found = selectors.attendance_waiting_on_any_date(logs)
        return {"older_waiting": found.data() if found is not None else None}

    return members


class AttendanceLogListApi(APIView):
    """The approval queue (`status=waiting_approval`: rows as the queue events carry them) or the
    history (other statuses: rows with the history columns)."""

    access = LOG_LIST_ACCESS

    @extend_schema(
        parameters=LIST_FILTER_PARAMETERS,
        # 404: `man_power` names no man power.
        responses=answers(LogListEnvelope, 403, 404, 422),
        summary="Daftar absen: antrean persetujuan atau riwayat",
    )
    def get(self, request: Request) -> Response:
        access = request_user(request).user_access
        status = request.query_params.get("status", "").strip()
        if status == LogStatus.WAITING_APPROVAL:
            types = selectors.attendance_approver_types(access)
            filters = log_filters(request, statuses=(LogStatus.WAITING_APPROVAL,))
            queryset = selectors.attendance_logs_filtered(types=types, filters=filters)
            return list_response(
                request,
                queryset,
                LOG_LIST,
                _queue_rows(user_viewer(request.user)),
                extra=_older_waiting(request, types=types, filters=filters),
            )
        filters = log_filters(request, statuses=_history_statuses(status))
        queryset = selectors.attendance_logs_filtered(types=list(MAN_POWER_TYPES), filters=filters)
        return list_response(request, queryset, HISTORY_LIST, _history_rows(user_viewer(request.user)))


class AttendanceLogDayListApi(APIView):
    """v2 history list: the history rows with the computed day each log counts for."""

    access = AllFlags(RESET)

    @extend_schema(
        parameters=LIST_FILTER_PARAMETERS,
        # 404: `man_power` names no man power.
        responses=answers(LogDayListEnvelope, 404, 422),
        summary="Riwayat absen (v2): dengan keterangan dan menit terlambat hari tersebut",
    )
    def get(self, request: Request) -> Response:
        statuses = _history_statuses(request.query_params.get("status", "").strip())
        queryset = selectors.attendance_logs_filtered(
            types=list(MAN_POWER_TYPES), filters=log_filters(request, statuses=statuses)
        )
        return list_response(request, queryset, HISTORY_LIST, _day_rows(user_viewer(request.user)))


class AttendanceLogDetailApi(APIView):
    access = ANY_LOG_VIEWER

    @extend_schema(
        responses=answers(LogDetailEnvelope, 404),
        summary="Detail absen (foto, lokasi, shift, layanan, man power terdekat)",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        log = selectors.attendance_log_for_viewer(access=request_user(request).user_access, hash_id=hash_id)
        return respond(selectors.attendance_log_detail(log, viewer=user_viewer(request.user)))


class AttendanceLogCountApi(APIView):
    """The history's status summary card: logs of one month by decided status."""

    access = AllFlags(RESET)

    @extend_schema(
        parameters=[MonthYearInput],
        responses=answers(
            envelope_schema(
                "AttendanceLogCountEnvelope",
                inline_serializer(
                    "AttendanceLogCount",
                    {
                        "approved": serializers.IntegerField(),
                        "manual_approval": serializers.IntegerField(),
                        "rejected": serializers.IntegerField(),
                    },
                ),
            ),
            422,
        ),
        summary="Jumlah absen disetujui, disetujui manual dan ditolak dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        counts = month_log_counts(month=month, year=year, cached=True)
        return respond(
            {
                "approved": counts.get(LogStatus.APPROVED, 0),
                "manual_approval": counts.get(LogStatus.MANUAL_APPROVED, 0),
                "rejected": counts.get(LogStatus.REJECTED, 0),
            }
        )


class AttendanceLogCountWaitingApi(APIView):
    access = AnyFlag(APPROVE_ATTENDANCE, REJECT_ATTENDANCE)

    @extend_schema(
        parameters=[MonthYearInput],
        responses=answers(count_envelope_schema("AttendanceLogWaitingCount"), 422),
        summary="Jumlah absen menunggu persetujuan (tipe man power yang boleh disetujui) dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        types = selectors.attendance_approver_types(request_user(request).user_access)
        return respond({"count": selectors.attendance_waiting_count(month=month, year=year, types=types)})


class AttendanceLogManPowerApi(APIView):
    access = ANY_LOG_VIEWER

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "type", {"type": "string", "enum": ["", *MAN_POWER_TYPES]}, description="batasi ke satu tipe"
            )
        ],
        responses=answers(
            envelope_schema(
                "AttendanceLogManPowerEnvelope",
                inline_serializer(
                    "AttendanceLogManPowerOption",
                    {
                        "hash_id": serializers.CharField(),
                        "value": serializers.CharField(),
                        "label": serializers.CharField(),
                        "type": serializers.CharField(),
                    },
                    many=True,
                ),
            ),
            422,
        ),
        summary="Man power yang boleh dipakai sebagai filter (sesuai tipe yang boleh dilihat)",
    )
    def get(self, request: Request) -> Response:
        type = query_choice(request, "type", MAN_POWER_TYPES, TYPE_INVALID)
        types = selectors.attendance_viewer_types(request_user(request).user_access)
        rows = selectors.attendance_filter_man_powers(types=types, type=type)
        return respond(
            [{"hash_id": mp.hash_id, "value": mp.name, "label": mp.name, "type": mp.type} for mp in rows]
        )
