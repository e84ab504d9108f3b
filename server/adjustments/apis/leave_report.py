"""The report of manual leaves (doc2 §2.3, §7): by month and year, by year or by form number, and its
xlsx download."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.adjustments import messages as msg
from server.adjustments.apis.common import (
    LEAVE,
)
from server.adjustments.apis.leave import LeaveAdjustmentOutput
from server.adjustments.leave import (
    REPORT_COLUMNS,
    leave_report_lines,
    leave_report_rows,
)
from server.core import clock
from server.core.envelope import respond
from server.core.export_titles import TitleBlock, user_name
from server.core.inputs import month_field, read_query, year_field
from server.core.negotiation import FirstRendererNegotiation
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.core.spreadsheets import XLSX_CONTENT_TYPE, download_response, xlsx_file
from server.leave.selectors import leave_year_shown


class LeaveReportInput(serializers.Serializer[Any]):
    month = month_field()
    year = year_field()
    # A form number names the downloaded file and titles its sheet: no control characters.
    id = serializers.RegexField(
        r"^[^\x00-\x1f\x7f]*$",
        required=False,
        allow_blank=True,
        max_length=40,
        error_messages={"invalid": msg.CODE_INVALID},
    )


class LeaveAdjustmentReportRow(LeaveAdjustmentOutput):
    # A report row (server.adjustments.leave.leave_report_rows: the output's fields, no file URL).
    pass


class LeaveAdjustmentReportData(serializers.Serializer[Any]):
    data = LeaveAdjustmentReportRow(many=True)  # type: ignore[assignment]  # a field, not the property


def _leave_report(
    request: Request, rows_of: Callable[..., list[dict[str, Any]]] = leave_report_rows
) -> tuple[list[dict[str, Any]], str]:
    """The report's rows (`rows_of`: the screen's or the download's) and its label."""
    data = read_query(LeaveReportInput, request)
    code = str(data.get("id") or "").strip()
    month, year = data.get("month"), data.get("year")
    if not code and year is None:
        year = leave_year_shown(today=clock.localdate())
    rows = rows_of(month=month, year=year, code=code)
    if code:
        label = code
    elif month is not None:
        label = f"{clock.MONTH_NAMES[month - 1]} {year}"
    else:
        label = str(year)
    return rows, label


class LeaveAdjustmentReportApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Data laporan penyesuaian cuti (bulan+tahun, tahun, atau kode)",
        parameters=[LeaveReportInput],
        responses=answers(envelope_schema("LeaveAdjustmentReportEnvelope", LeaveAdjustmentReportData()), 422),
    )
    def get(self, request: Request) -> Response:
        rows, _ = _leave_report(request)
        return respond({"data": rows})


class LeaveAdjustmentReportExportApi(APIView):
    access = LEAVE.read
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        summary="Unduh 'Penyesuaian Cuti {bulan} {tahun}.xlsx' atau 'Penyesuaian Cuti {tahun|kode}.xlsx'",
        parameters=[LeaveReportInput],
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (422, "application/json"): MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Response:
        rows, label = _leave_report(request, leave_report_lines)
        name = f"Penyesuaian Cuti {label}"
        code = str(read_query(LeaveReportInput, request).get("id") or "").strip()
        title = TitleBlock(
            report="Laporan Penyesuaian Cuti",
            period=None if code else label,
            filters=[("Nomor Form", code)] if code else (),
            printed_by=user_name(request.user),
        )
        # One line per actual leave day (leave_report_lines): the totals row sums the days shown.
        output = xlsx_file(REPORT_COLUMNS, rows, title=title, totals=("jumlah_hari_cuti",))
        return download_response(  # type: ignore[return-value]
            output, filename=f"{name}.xlsx", content_type=XLSX_CONTENT_TYPE
        )
