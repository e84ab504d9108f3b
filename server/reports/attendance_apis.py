"""The attendance report calls of doc3 §7.1 (detail, lembur, permission, late, report_summary, the
side-panel counts) and their xlsx/csv downloads. Every one needs allow_report (doc3 §6).

Parameters shared by the reports (doc3 §3 "Report parameters"):
- `employee_id`: the chosen employees' numbers, a JSON object of numbered keys (`{"0": "E-001"}`) or a
  JSON array; or, instead, `man_power` (type) + `man_power_name`, optionally `man_power_team_name`,
  `man_power_group_name` and `man_power_status` (1: only active employees, the 'Man Power Aktif' toggle);
- `start_date`, `end_date` (YYYY-MM-DD): at most 30 days apart for detail and lembur; a month range of at
  most 365 days that has begun for permission, late and the summary;
- `category`: lembur all/workday/holiday, late all/datang_terlambat/pulang_cepat, permission all or an
  izin type code; the detail report takes every one of them (and overtime, late, permission for a
  whole family) and keeps the rows that category is about.
The summary takes the same names as the other reports (one set of names for every report keeps the form
one component) and doc3 §7.1's own as well: `reportType` (kehadiran, or a category), `employeeId`,
`dateRange` and `manPower` (serializers.SummaryInput). Its `category` (overtime, permission,
undisciplined; default all) keeps the employees and the columns that category is about; the answer's
`columns` names them.

Each JSON answer carries `file_name` (doc3 §5), which the client uses for print titles; the downloads
use the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, ClassVar, TypeVar

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.crud import MonthApi, month_schema
from server.core.envelope import respond
from server.core.inputs import EXPORT_FORMAT_PARAMETER, export_format_field, read_query
from server.core.negotiation import FirstRendererNegotiation
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.core.spreadsheets import XLSX_CONTENT_TYPE, table_download
from server.izin.models import IzinCode
from server.reports import counts, detail, summary
from server.reports.selection import ReportKind, Selection, report_file_name, report_title
from server.reports.serializers import (
    REPORT_TYPES,
    SELECTION_PARAMETERS,
    DetailInput,
    LateInput,
    LemburInput,
    PermissionInput,
    SummaryInput,
)

F = TypeVar("F", bound=Callable[..., Any])


def _category_parameter(choices: tuple[str, ...]) -> OpenApiParameter:
    return OpenApiParameter("category", OpenApiTypes.STR, enum=list(choices), description="default all")


class DayTotals(serializers.Serializer[Any]):
    # The figures of a day that its employee's totals add up (server.reports.detail.DayTotals).
    total_late_in_minutes = serializers.IntegerField()
    total_early_out_minutes = serializers.IntegerField()
    total_lembur_in_minutes = serializers.IntegerField()
    total_lembur_workday_in_minutes = serializers.IntegerField()
    total_lembur_holiday_in_minutes = serializers.IntegerField()
    total_actual_lembur_in_hours = serializers.FloatField()
    total_of_working_hours_in_minutes = serializers.IntegerField()


class ReportLogEntry(DayTotals):
    # One day of an employee in a detail-family report (server.reports.detail.log_entry: the rows of a
    # month of thousands of employees are built as dicts in one pass, so this serializer declares their
    # shape and the view answers them as built).
    job_title = serializers.CharField()
    day = serializers.CharField()
    shift = serializers.CharField()
    is_shift_off = serializers.BooleanField()
    check_in = serializers.CharField()
    check_in_location = serializers.CharField()
    check_in_distance = serializers.IntegerField(allow_null=True)
    check_out = serializers.CharField()
    check_out_location = serializers.CharField()
    check_out_distance = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    keterangan = serializers.CharField()
    note_check_in = serializers.CharField()
    note_check_out = serializers.CharField()
    permission_type = serializers.CharField()
    permission_note = serializers.CharField()
    approved = serializers.CharField()
    man_power_name = serializers.CharField()
    man_power_type = serializers.CharField()
    man_power_team_name = serializers.CharField()
    man_power_group_name = serializers.CharField()


class ReportEmployeeTotals(DayTotals):
    # An employee's totals (server.reports.detail.totals_of).
    days = serializers.IntegerField()


class ReportEmployee(serializers.Serializer[Any]):
    employee_number_formatted = serializers.CharField()
    employee_name = serializers.CharField()
    job_title = serializers.CharField()
    man_power_name = serializers.CharField()
    log = ReportLogEntry(many=True)
    total = ReportEmployeeTotals()


class AttendanceDetailReport(serializers.Serializer[Any]):
    kind = serializers.CharField()
    category = serializers.CharField()
    file_name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    employees = ReportEmployee(many=True)


class LeanReportEmployee(serializers.Serializer[Any]):
    employee_number_formatted = serializers.CharField()
    employee_name = serializers.CharField()
    job_title = serializers.CharField()
    man_power_name = serializers.CharField()
    log = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField(allow_null=True)),
        help_text="satu hari per baris: nilai-nilai `columns` berurutan (server.reports.detail.lean_entry)",
    )
    total = serializers.ListField(child=serializers.FloatField(), help_text="nilai-nilai `total_columns`")


class AttendanceDetailLeanReport(serializers.Serializer[Any]):
    # The lean answer of the detail family (server.reports.detail.lean_report): the same employees, rows
    # and totals as the v1 answer, each log entry an array of numbers.
    kind = serializers.CharField()
    category = serializers.CharField()
    file_name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    columns = serializers.ListField(
        child=serializers.CharField(),
        help_text=(
            "kunci tiap nilai baris: day = hari ke-n sejak start_date; check_in/check_out = menit "
            "sejak tengah malam di zona man power (null: tidak ada); is_shift_off 0/1; durasi dalam "
            "menit, total_actual_lembur_in_hours dalam jam, jarak dalam meter; teks lain = indeks labels"
        ),
    )
    labels = serializers.ListField(
        child=serializers.CharField(allow_blank=True), help_text="tiap teks sekali"
    )
    total_columns = serializers.ListField(
        child=serializers.CharField(),
        help_text="kunci tiap nilai total karyawan: days, lalu seperti ReportEmployeeTotals",
    )
    employees = LeanReportEmployee(many=True)


class AttendanceSummaryRow(serializers.Serializer[Any]):
    # One employee's summary (server.reports.summary.summary_rows, one GROUP BY row).
    employee_number_formatted = serializers.CharField()
    employee_name = serializers.CharField()
    hari_kerja = serializers.IntegerField()
    kehadiran = serializers.IntegerField()
    mangkir = serializers.IntegerField()
    total_late_in_minutes = serializers.IntegerField()
    total_early_out_minutes = serializers.IntegerField()
    lembur_hari_kerja_in_minutes = serializers.IntegerField()
    lembur_hari_libur_in_minutes = serializers.IntegerField()
    total_sakit = serializers.IntegerField()
    total_cuti = serializers.IntegerField()
    total_cuti_tidak_berbayar = serializers.IntegerField()
    total_lupa_absen_pulang = serializers.IntegerField()
    total_lupa_absen_datang = serializers.IntegerField()


class AttendanceSummaryReport(serializers.Serializer[Any]):
    category = serializers.CharField(help_text="all, overtime, permission, undisciplined")
    columns = serializers.ListField(child=serializers.CharField(), help_text="kolom yang ditampilkan")
    file_name = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    rows = AttendanceSummaryRow(many=True)


class OvertimeCounts(serializers.Serializer[Any]):
    # server.reports.counts.overtime_counts.
    workday = serializers.IntegerField()
    holiday = serializers.IntegerField()
    workday_minutes = serializers.IntegerField()
    holiday_minutes = serializers.IntegerField()


class PermissionCounts(serializers.Serializer[Any]):
    # server.reports.counts.permission_counts.
    cuti = serializers.IntegerField()
    cuti_tidak_berbayar = serializers.IntegerField()
    lupa_absen_datang = serializers.IntegerField()
    lupa_absen_pulang = serializers.IntegerField()


DOWNLOAD_RESPONSES = {
    (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
    (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY),
    (422, "application/json"): MessageEnvelope,
}

FILE_KINDS = {
    detail.DetailKind.DETAIL: ReportKind.DETAIL,
    detail.DetailKind.LEMBUR: ReportKind.LEMBUR,
    detail.DetailKind.PERMISSION: ReportKind.PERMISSION,
    detail.DetailKind.LATE: ReportKind.LATE,
}


def with_format(input_class: type[serializers.Serializer[Any]]) -> type[serializers.Serializer[Any]]:
    """The report's input plus `format` (xlsx or csv) for its download."""
    return type(f"{input_class.__name__}Export", (input_class,), {"format": export_format_field()})


class DetailFamilyApi(APIView):
    """One report of the detail family as JSON (grouped by employee, with each employee's totals)."""

    access = AllFlags("allow_report")
    kind: ClassVar[str] = detail.DetailKind.DETAIL
    input_class: ClassVar[type[serializers.Serializer[Any]]] = DetailInput

    def get(self, request: Request) -> Response:
        data = read_query(self.input_class, request)
        start, end, category = data["start_date"], data["end_date"], data.get("category", "all")
        selection = data["selection"]
        return respond(
            {
                "kind": self.kind,
                "category": category,
                "file_name": report_file_name(FILE_KINDS[self.kind], selection, start, end),
                "start_date": start.isoformat(),
                "end_date": end.isoformat(),
                **self.rows(selection, start, end, category),
            }
        )

    def rows(self, selection: Selection, start: date, end: date, category: str) -> dict[str, Any]:
        return {"employees": list(detail.detail_report(self.kind, selection, start, end, category))}


class DetailFamilyLeanApi(DetailFamilyApi):
    """The same report lean (issue [5/7]): the document's columns only, each log entry an array of
    numbers, texts once in `labels` (server.reports.detail.lean_report)."""

    def rows(self, selection: Selection, start: date, end: date, category: str) -> dict[str, Any]:
        return detail.lean_report(self.kind, selection, start, end, category)


class DetailFamilyExportApi(APIView):
    """The same report as an xlsx or csv download: one line per log entry and a total line per employee."""

    access = AllFlags("allow_report")
    content_negotiation_class = FirstRendererNegotiation
    kind: ClassVar[str] = detail.DetailKind.DETAIL
    input_class: ClassVar[type[serializers.Serializer[Any]]] = DetailInput

    def get(self, request: Request) -> Response:
        data = read_query(with_format(self.input_class), request)
        start, end, category = data["start_date"], data["end_date"], data.get("category", "all")
        selection = data["selection"]
        rows = detail.detail_export(self.kind, selection, start, end, category)
        label = detail.CATEGORY_LABELS.get(category, category)
        return table_download(  # type: ignore[return-value]
            detail.detail_export_columns(self.kind),
            rows,
            name=report_file_name(FILE_KINDS[self.kind], selection, start, end),
            file_format=data["format"],
            title=report_title(FILE_KINDS[self.kind], selection, start, end, request.user, label),
            totals=detail.EXPORT_TOTALS,
        )


def _detail_schema(
    name: str,
    summary: str,
    category: tuple[str, ...] | None = None,
    answer: type[serializers.Serializer[Any]] = AttendanceDetailReport,
) -> Callable[[F], F]:
    parameters = [*SELECTION_PARAMETERS]
    if category:
        parameters.append(_category_parameter(category))
    return extend_schema(
        parameters=parameters,
        responses=answers(envelope_schema(name, answer()), 422),
        summary=summary,
    )


def _export_schema(summary: str, category: tuple[str, ...] | None = None) -> Callable[[F], F]:
    parameters = [*SELECTION_PARAMETERS, EXPORT_FORMAT_PARAMETER]
    if category:
        parameters.append(_category_parameter(category))
    return extend_schema(parameters=parameters, responses=DOWNLOAD_RESPONSES, summary=summary)


def _detail_family(
    stem: str,
    kind: str,
    input_class: type[serializers.Serializer[Any]],
    summaries: tuple[str, str],
    categories: tuple[str, ...],
) -> tuple[type[DetailFamilyApi], type[DetailFamilyExportApi], type[DetailFamilyLeanApi]]:
    """One report of the detail family: `<stem>Api` answers its rows, `<stem>ExportApi` its file,
    `<stem>LeanApi` its rows lean (`summaries`: the first two operations' summaries)."""

    def declare(name: str, base: type[APIView]) -> Any:
        fields = {"kind": kind, "input_class": input_class, "__module__": __name__, "__qualname__": name}
        return type(name, (base,), fields)

    view = _detail_schema(f"{stem}Envelope", summaries[0], categories)(declare(f"{stem}Api", DetailFamilyApi))
    export = _export_schema(summaries[1], categories)(declare(f"{stem}ExportApi", DetailFamilyExportApi))
    lean = _detail_schema(
        f"{stem}LeanEnvelope", f"{summaries[0]} (ringkas)", categories, AttendanceDetailLeanReport
    )(declare(f"{stem}LeanApi", DetailFamilyLeanApi))
    return view, export, lean


PERMISSION_CATEGORIES = (detail.PERMISSION_ALL, *IzinCode.values)

ReportDetailApi, ReportDetailExportApi, ReportDetailLeanApi = _detail_family(
    "ReportDetail",
    detail.DetailKind.DETAIL,
    DetailInput,
    ("Laporan detail kehadiran", "Unduh laporan detail kehadiran"),
    detail.DETAIL_CATEGORIES,
)
ReportLemburApi, ReportLemburExportApi, ReportLemburLeanApi = _detail_family(
    "ReportLembur",
    detail.DetailKind.LEMBUR,
    LemburInput,
    ("Laporan detail lembur", "Unduh laporan detail lembur"),
    detail.OvertimeCategory.CHOICES,
)
ReportPermissionApi, ReportPermissionExportApi, ReportPermissionLeanApi = _detail_family(
    "ReportPermission",
    detail.DetailKind.PERMISSION,
    PermissionInput,
    ("Laporan detail izin", "Unduh laporan detail izin"),
    PERMISSION_CATEGORIES,
)
ReportLateApi, ReportLateExportApi, ReportLateLeanApi = _detail_family(
    "ReportLate",
    detail.DetailKind.LATE,
    LateInput,
    ("Laporan detail tidak disiplin", "Unduh laporan detail tidak disiplin"),
    detail.LateCategory.CHOICES,
)


SUMMARY_PARAMETERS = [
    *SELECTION_PARAMETERS,
    _category_parameter(summary.SummaryCategory.CHOICES),
    OpenApiParameter(
        "reportType", OpenApiTypes.STR, enum=list(REPORT_TYPES), description="doc3: kehadiran (= all)"
    ),
    OpenApiParameter("employeeId", OpenApiTypes.STR, description="= employee_id"),
    OpenApiParameter(
        "dateRange",
        OpenApiTypes.STR,
        description='pengganti start_date/end_date: ["YYYY-MM-DD","YYYY-MM-DD"] atau "mulai,akhir"',
    ),
    OpenApiParameter(
        "manPower", OpenApiTypes.STR, description='{"type","name","team","group","status"} atau tipe'
    ),
]


class ReportSummaryApi(APIView):
    access = AllFlags("allow_report")

    @extend_schema(
        parameters=SUMMARY_PARAMETERS,
        responses=answers(envelope_schema("AttendanceSummaryEnvelope", AttendanceSummaryReport()), 422),
        summary="Laporan rangkuman kehadiran: satu baris per karyawan",
    )
    def get(self, request: Request) -> Response:
        data = read_query(SummaryInput, request)
        start, end, selection = data["start_date"], data["end_date"], data["selection"]
        category = data["category"]
        return respond(
            {
                "category": category,
                "columns": [key for key, _ in summary.summary_columns(category)],
                "file_name": report_file_name(ReportKind.SUMMARY, selection, start, end),
                "start_date": start.isoformat(),
                "end_date": end.isoformat(),
                "rows": list(summary.summary_rows(selection, start, end, category)),
            }
        )


class ReportSummaryExportApi(APIView):
    access = AllFlags("allow_report")
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        parameters=[*SUMMARY_PARAMETERS, EXPORT_FORMAT_PARAMETER],
        responses=DOWNLOAD_RESPONSES,
        summary="Unduh laporan rangkuman kehadiran",
    )
    def get(self, request: Request) -> Response:
        data = read_query(with_format(SummaryInput), request)
        start, end, selection = data["start_date"], data["end_date"], data["selection"]
        category = data["category"]
        columns = summary.summary_columns(category)
        label = summary.SUMMARY_CATEGORY_LABELS.get(category, category)
        return table_download(  # type: ignore[return-value]
            columns,
            summary.summary_export_rows(summary.summary_rows(selection, start, end, category)),
            name=report_file_name(ReportKind.SUMMARY, selection, start, end),
            file_format=data["format"],
            title=report_title(ReportKind.SUMMARY, selection, start, end, request.user, label),
            totals=[key for key, _ in columns if not key.startswith("employee_")],
        )


@month_schema(
    "ReportCountLemburEnvelope",
    OvertimeCounts(),
    "Jumlah hari lembur hari kerja dan hari libur dalam satu bulan",
)
class ReportCountLemburApi(MonthApi):
    access = AllFlags("allow_report")

    def answer(self, month: int, year: int) -> Any:
        return OvertimeCounts(counts.overtime_counts(month=month, year=year)).data


@month_schema(
    "ReportCountPermissionEnvelope",
    PermissionCounts(),
    "Statistik izin bulanan: cuti, CTB, lupa absen datang dan pulang (hari)",
)
class ReportCountPermissionApi(MonthApi):
    access = AllFlags("allow_report")

    def answer(self, month: int, year: int) -> Any:
        return PermissionCounts(counts.permission_counts(month=month, year=year)).data
