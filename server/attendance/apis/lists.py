"""The lists, the detail and the counts of check-in logs (spec doc2 §2.9, §2.11, §7): the live
approval queue, the attendance history (v1 and v2 lists), the log detail, the monthly counts and the
man power filter options."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any, cast

from django.db import models
from django.db.models import QuerySet
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
    RESET,
    TYPE_INVALID,
    AttendanceLogListParams,
    log_filters,
    log_filters_of,
)
from server.attendance.hooks import month_log_counts
from server.attendance.models import AttendanceLog, LogStatus
from server.attendance.serializers import (
    AttendanceHistoryRowSerializer,
    AttendanceLogCountSerializer,
    AttendanceLogDayRowSerializer,
    AttendanceLogDetailSerializer,
    AttendanceLogListRowSerializer,
    AttendanceLogManPowerOptionSerializer,
    AttendanceQueueOlderWaitingSerializer,
)
from server.core.crud import AllRowsApi, DetailApi, ListApi
from server.core.envelope import respond
from server.core.files import FileViewer, user_viewer
from server.core.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE
from server.core.inputs import MonthYearInput, query_choice
from server.core.listing import apply_list_query, list_response, parse_list_query
from server.core.policy import AllFlags, AnyFlag
from server.core.schema import answers, count_envelope_schema, envelope_schema, list_envelope_schema
from server.workforce.models import ManPower

LogListEnvelope = list_envelope_schema(
    "AttendanceLogListEnvelope",
    AttendanceLogListRowSerializer(
        many=True,
        help_text="suggested_man_power hanya di antrean (waiting_approval); kolom riwayat hanya ada untuk "
        "status lainnya",
    ),
    extra={
        "older_waiting": AttendanceQueueOlderWaitingSerializer(
            required=False,
            allow_null=True,
            help_text="hanya di antrean: bila rentang tanggal tidak berisi apa pun, absen yang menunggu "
            "dengan filter lain yang sama pada tanggal lain (null bila tidak ada atau tanpa filter tanggal)",
        )
    },
)


def _history_statuses(status: str) -> tuple[str, ...]:
    return (status,) if status else tuple(selectors.HISTORY_STATUSES)


def _queue_rows(viewer: FileViewer) -> Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]:
    def serialize(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
        return selectors.attendance_queue_rows(rows, viewer=viewer)

    return serialize


def _history_rows(viewer: FileViewer) -> Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]:
    def serialize(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
        return list(AttendanceHistoryRowSerializer(rows, many=True, context={"viewer": viewer}).data)

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
        return {
            "older_waiting": AttendanceQueueOlderWaitingSerializer(found).data if found is not None else None
        }

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


class AttendanceLogHistoryParams(AttendanceLogListParams):
    """The history's filters: the list's, its `status` one of the history's (empty = all three)."""

    def validate_status(self, value: str) -> str:
        if value == LogStatus.WAITING_APPROVAL:
            raise serializers.ValidationError(HISTORY_STATUS_INVALID)
        return value


class AttendanceLogDayListApi(ListApi):
    """v2 history list: the history rows with the computed day each log counts for."""

    access = AllFlags(RESET)
    summary = "Riwayat absen (v2): dengan keterangan dan menit terlambat hari tersebut"
    list_spec = HISTORY_LIST
    FilterSerializer = AttendanceLogHistoryParams
    OutputSerializer = AttendanceLogDayRowSerializer
    # 404: `man_power` names no man power.
    extra_errors = (404,)

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> QuerySet[AttendanceLog]:
        statuses = _history_statuses(filters["status"])
        return selectors.attendance_logs_filtered(
            types=list(MAN_POWER_TYPES), filters=log_filters_of(filters, statuses=statuses)
        )

    def rows(self, rows: Iterable[models.Model], first: int) -> list[dict[str, Any]]:
        return super().rows(
            selectors.attendance_logs_with_days(cast("list[AttendanceLog]", list(rows))), first
        )


class AttendanceLogDetailApi(DetailApi):
    access = ANY_LOG_VIEWER
    summary = "Detail absen (foto, lokasi, shift, layanan, man power terdekat)"
    OutputSerializer = AttendanceLogDetailSerializer

    def get_object(self, request: Request, hash_id: str) -> AttendanceLog:
        return selectors.attendance_log_for_viewer(access=request_user(request).user_access, hash_id=hash_id)


class AttendanceLogCountApi(APIView):
    """The history's status summary card: logs of one month by decided status."""

    access = AllFlags(RESET)

    @extend_schema(
        parameters=[MonthYearInput],
        responses=answers(envelope_schema("AttendanceLogCountEnvelope", AttendanceLogCountSerializer()), 422),
        summary="Jumlah absen disetujui, disetujui manual dan ditolak dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        counts = month_log_counts(month=month, year=year, cached=True)
        by_status = {status: counts.get(status, 0) for status in LogStatus.values}
        return respond(AttendanceLogCountSerializer(by_status).data)


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


@extend_schema(
    parameters=[
        OpenApiParameter(
            "type", {"type": "string", "enum": ["", *MAN_POWER_TYPES]}, description="batasi ke satu tipe"
        )
    ],
)
class AttendanceLogManPowerApi(AllRowsApi):
    access = ANY_LOG_VIEWER
    summary = "Man power yang boleh dipakai sebagai filter (sesuai tipe yang boleh dilihat)"
    OutputSerializer = AttendanceLogManPowerOptionSerializer
    extra_errors = (422,)

    def get_queryset(self, request: Request) -> QuerySet[ManPower]:
        type = query_choice(request, "type", MAN_POWER_TYPES, TYPE_INVALID)
        types = selectors.attendance_viewer_types(request_user(request).user_access)
        return selectors.attendance_filter_man_powers(types=types, type=type)
