"""The absent employees report (doc3 §2.3): rows as JSON and as xlsx/csv downloads.

Policy: `allow_report`, as for every report route (doc1 §6.2); the client guards the document route
the same way, so the dashboard modal's link opens it only for users who may see reports.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.export_titles import TitleBlock, user_name
from server.core.inputs import EXPORT_FORMAT_PARAMETER, export_format_field, read_query
from server.core.negotiation import FirstRendererNegotiation
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.core.spreadsheets import XLSX_CONTENT_TYPE, table_download
from server.reports.selectors import ABSENT_COLUMNS, ABSENT_TOTALS, absent_employee_rows
from server.reports.serializers import AbsentEmployeeRowSchema, PastMonthRangeInput

ABSENT_FILE_NAME = "Karyawan-Tidak-Hadir_{start}-_{end}"


RANGE_PARAMETERS = [
    OpenApiParameter("start_date", OpenApiTypes.DATE, required=True, description="YYYY-MM-DD"),
    OpenApiParameter(
        "end_date",
        OpenApiTypes.DATE,
        required=True,
        description="YYYY-MM-DD; paling lama satu tahun setelah start_date, paling jauh akhir bulan ini",
    ),
]


class ReportUnattendanceEmployeeApi(APIView):
    """The absent-employees document (doc3 §2.3): like every report route it needs allow_report."""

    access = AllFlags("allow_report")

    class InputSerializer(PastMonthRangeInput):
        pass

    @extend_schema(
        parameters=RANGE_PARAMETERS,
        responses=answers(envelope_schema("AbsentEmployeeReportEnvelope", AbsentEmployeeRowSchema), 422),
        summary="Laporan karyawan tidak hadir (alpa, sakit, cuti, CTB), terbanyak dulu",
    )
    def get(self, request: Request) -> Response:
        params = read_query(self.InputSerializer, request)
        rows = absent_employee_rows(start=params["start_date"], end=params["end_date"])
        return respond(list(rows))


class ReportUnattendanceEmployeeExportApi(APIView):
    access = AllFlags("allow_report")
    content_negotiation_class = FirstRendererNegotiation

    class InputSerializer(PastMonthRangeInput):
        format = export_format_field()

    @extend_schema(
        parameters=[
            *RANGE_PARAMETERS,
            EXPORT_FORMAT_PARAMETER,
        ],
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
            (422, "application/json"): MessageEnvelope,
        },
        summary="Unduh laporan karyawan tidak hadir (xlsx, sheet 'Sheet', atau csv)",
    )
    def get(self, request: Request) -> Response:
        params = read_query(self.InputSerializer, request)
        start, end = params["start_date"], params["end_date"]
        rows = absent_employee_rows(start=start, end=end)
        name = ABSENT_FILE_NAME.format(start=start.isoformat(), end=end.isoformat())
        title = TitleBlock(
            report="Laporan Karyawan Tidak Hadir",
            period=(start, end),
            printed_by=user_name(request.user),
        )
        return table_download(  # type: ignore[return-value]
            ABSENT_COLUMNS,
            rows,
            name=name,
            file_format=params["format"],
            title=title,
            totals=ABSENT_TOTALS,
        )
