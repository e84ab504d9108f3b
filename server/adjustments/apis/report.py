"""The attendance adjustment report (doc3 §2.4) and its xlsx/csv download."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.adjustments.apis.common import (
    REPORT,
    SELECTION_PARAMETERS,
    selection_read,
)
from server.adjustments.attendance_rows import (
    adjustment_report_lines,
    adjustment_report_rows,
)
from server.adjustments.selection import Selection
from server.core.envelope import respond
from server.core.export_titles import TitleBlock, user_name
from server.core.file_names import SEVERAL_EMPLOYEES, report_file_name
from server.core.inputs import export_format_field, read_query
from server.core.negotiation import FirstRendererNegotiation
from server.core.schema import MessageEnvelope, answers, counted_envelope_schema
from server.core.spreadsheets import XLSX_CONTENT_TYPE, table_download
from server.sync.row_fields import PayrollDayRow


class _NumberId(serializers.Serializer[Any]):
    id = serializers.IntegerField()


class AttendanceAdjustmentReportRow(_NumberId, PayrollDayRow):
    # server.adjustments.attendance_rows.adjustment_report_rows.
    adjustment_id = serializers.CharField(help_text="nomor form penyesuaian")
    sync_id = serializers.CharField(help_text="kode sinkronisasi penggajian")
    is_shift_off = serializers.IntegerField()


REPORT_EXPORT_COLUMNS = (
    ("employee_number_formatted", "ID Karyawan"),
    ("employee_name", "Nama Karyawan"),
    ("man_power_name", "Man Power"),
    ("man_power_group_name", "Grup"),
    ("man_power_team_name", "Tim"),
    ("date", "Tanggal"),
    ("check_in_time", "Jam Masuk"),
    ("check_out_time", "Jam Keluar"),
    ("lembur_workday", "Lembur"),
    ("lembur_aktual", "Lembur Aktual"),
    ("is_valid_text", "Status Absen"),
    ("sync_status", "Status Sync"),
    ("generated_status", "Status Generate"),
    ("adjustment_id", "No. Penyesuaian"),
    ("sync_id", "No. Sync"),
    ("is_shift_off_text", "Shift Off"),
)
# The hour columns the export's totals row sums.
REPORT_TOTALS = ("lembur_workday", "lembur_aktual")
REPORT_KIND = "LAPORAN_PENYESUAIAN"


def _report_name(selection: Selection) -> str:
    return report_file_name(REPORT_KIND, _report_label(selection), selection.start_date, selection.end_date)


def _report_label(selection: Selection) -> str:
    if selection.employee_numbers:
        if len(selection.employee_numbers) > 1:
            return SEVERAL_EMPLOYEES
        employee = selection.employees().first()
        return employee.name if employee is not None else SEVERAL_EMPLOYEES
    return selection.man_power_name


class ReportInput(serializers.Serializer[Any]):
    format = export_format_field()


class AttendanceAdjustmentReportApi(APIView):
    access = REPORT

    @extend_schema(
        summary="Laporan penyesuaian kehadiran (baris penyesuaian pada rentang tanggal)",
        parameters=SELECTION_PARAMETERS,
        responses=answers(
            counted_envelope_schema(
                "AttendanceAdjustmentReportEnvelope",
                AttendanceAdjustmentReportRow(many=True),
                file_name=serializers.CharField(),
            ),
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        selection = selection_read(request)
        rows = adjustment_report_rows(selection)
        name = _report_name(selection)
        return respond(rows, recordsTotal=len(rows), file_name=name)


class AttendanceAdjustmentReportExportApi(APIView):
    access = REPORT
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        summary="Unduh laporan penyesuaian kehadiran (xlsx atau csv)",
        parameters=[*SELECTION_PARAMETERS, ReportInput],
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
            (422, "application/json"): MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Response:
        selection = selection_read(request)
        kind = read_query(ReportInput, request)["format"]
        rows = [
            {
                **row,
                "is_valid_text": "Valid" if row["is_valid"] else "Tidak Valid",
                "is_shift_off_text": "Ya" if row["is_shift_off"] else "Tidak",
            }
            for row in adjustment_report_lines(selection)
        ]
        name = _report_name(selection)
        title = TitleBlock(
            report="Laporan Penyesuaian Kehadiran",
            period=(selection.start_date, selection.end_date),
            filters=[("Karyawan / Man Power", _report_label(selection))],
            printed_by=user_name(request.user),
        )
        return table_download(  # type: ignore[return-value]
            REPORT_EXPORT_COLUMNS, rows, name=name, file_format=kind, title=title, totals=REPORT_TOTALS
        )
