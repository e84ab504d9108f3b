"""Adjustment endpoints of doc2 §7 (leave adjustment, attendance adjustment) and the adjustment report
of doc3 §2.4.

Policies: leave routes need allow_adjustment (create: allow_adjustment_create); attendance adjustment
routes need allow_attendance_adjustment (submit: allow_attendance_adjustment_create); the adjustment
report and its export need allow_report or allow_reset_attendance: the flags that show the Laporan group,
inside which its entry is always shown (doc1 §6.1, doc3 §2.1).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import User
from server.adjustments import messages as msg
from server.adjustments.attendance import (
    adjustment_report_rows,
    adjustment_rows,
    attendance_adjustment_get,
    attendance_adjustment_submit,
    attendance_adjustments,
    batch_lines,
    batch_row,
)
from server.adjustments.leave import (
    MAX_LEAVE_SPAN_DAYS,
    REPORT_COLUMNS,
    LeaveAdjustmentInput,
    leave_adjustment_create,
    leave_adjustment_get,
    leave_adjustment_history,
    leave_adjustment_row,
    leave_adjustment_years,
    leave_adjustments,
    leave_report_rows,
    leave_working_days,
)
from server.adjustments.selection import Selection, selection_parse
from server.core import clock
from server.core.crud import ListApi
from server.core.envelope import Unprocessable, respond
from server.core.files import user_viewer
from server.core.inputs import SELECTION_PARAMETERS as PEOPLE_SELECTION_PARAMETERS
from server.core.inputs import MonthYearInput, month_field, read_body, read_query, year_field
from server.core.listing import ListSpec
from server.core.negotiation import FirstRendererNegotiation
from server.core.policy import AnyFlag, flag_policies
from server.core.schema import MessageEnvelope, envelope_schema, inline_serializer
from server.core.spreadsheets import (
    SEVERAL_EMPLOYEES,
    XLSX_CONTENT_TYPE,
    download_response,
    report_file_name,
    table_download,
    xlsx_file,
)
from server.leave.selectors import leave_year_shown
from server.workforce.models import Employee

LEAVE = flag_policies("allow_adjustment")
ATTENDANCE = flag_policies("allow_attendance_adjustment")
# Exactly who sees the entry: the Laporan group's flags (README "Decisions").
REPORT = AnyFlag("allow_report", "allow_reset_attendance")


def _user(request: Request) -> User | None:
    user = request.user
    return user if isinstance(user, User) else None


def _count(name: str, row: Any, **extra: Any) -> Any:
    return envelope_schema(name, row, recordsTotal=serializers.IntegerField(), **extra)


# --- leave adjustment -----------------------------------------------------------------------------

LEAVE_FIELDS: dict[str, Any] = {
    "id": serializers.IntegerField(),
    "hash_id": serializers.CharField(),
    "code": serializers.CharField(),
    "form_number": serializers.CharField(),
    "employee_hash_id": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "employee_name": serializers.CharField(),
    "job_title": serializers.CharField(),
    "jumlah_hari_cuti": serializers.IntegerField(),
    "description": serializers.CharField(),
    "attachment": serializers.CharField(),
    "attachment_url": serializers.CharField(),
    "current_cuti_saldo": serializers.IntegerField(),
    "new_cuti_saldo": serializers.IntegerField(),
    "request_date": serializers.DateField(),
    "start_date": serializers.DateField(),
    "end_date": serializers.DateField(),
    "created": serializers.CharField(),
    "creator_user_name": serializers.CharField(),
    "tanggal_aktual_cuti": serializers.CharField(),
    "tanggal_aktual_cuti_list": serializers.ListField(child=serializers.DateField()),
    "man_power_name": serializers.CharField(),
    "man_power_type": serializers.CharField(),
    "man_power_team_name": serializers.CharField(),
    "man_power_group_name": serializers.CharField(),
}
LeaveAdjustmentItem = inline_serializer("LeaveAdjustmentItem", LEAVE_FIELDS)


class LeaveAdjustmentOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    hash_id = serializers.CharField()
    code = serializers.CharField()
    form_number = serializers.CharField()
    employee_hash_id = serializers.CharField()
    employee_number_formatted = serializers.CharField()
    employee_name = serializers.CharField()
    job_title = serializers.CharField()
    jumlah_hari_cuti = serializers.IntegerField()
    description = serializers.CharField()
    attachment = serializers.CharField()
    attachment_url = serializers.CharField()
    current_cuti_saldo = serializers.IntegerField()
    new_cuti_saldo = serializers.IntegerField()
    request_date = serializers.DateField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    created = serializers.CharField()
    creator_user_name = serializers.CharField()
    tanggal_aktual_cuti = serializers.CharField()
    tanggal_aktual_cuti_list = serializers.ListField(child=serializers.DateField())
    man_power_name = serializers.CharField()
    man_power_type = serializers.CharField()
    man_power_team_name = serializers.CharField()
    man_power_group_name = serializers.CharField()

    def to_representation(self, instance: Any) -> dict[str, Any]:
        return leave_adjustment_row(instance, viewer=user_viewer(self.context["request"].user))


class LeaveListFilter(serializers.Serializer[Any]):
    year = year_field()
    form_number = serializers.CharField(required=False, allow_blank=True, max_length=40)


class LeaveAdjustmentListApi(ListApi):
    """GET adjustment/list: the yearly list (default the year shown today) or, with form_number, the
    daily/detail page's rows."""

    access = LEAVE.read
    FilterSerializer = LeaveListFilter
    OutputSerializer = LeaveAdjustmentOutput
    list_spec = ListSpec(
        searchable={
            "employee_number_formatted": "employee__employee_number_formatted__icontains",
            "employee_name": "employee__name__icontains",
        },
        orderable={
            "employee_number_formatted": "employee__employee_number_formatted",
            "employee_name": "employee__name",
            "jumlah_hari_cuti": "jumlah_hari_cuti",
            "description": "description",
            "current_cuti_saldo": "current_cuti_saldo",
            "new_cuti_saldo": "new_cuti_saldo",
            "created": "created",
        },
        global_search=("employee__name", "employee__employee_number_formatted", "description", "code"),
        default_order=("created", "desc"),
    )

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        code = str(filters.get("form_number") or "").strip()
        if code:
            return leave_adjustments(code=code).prefetch_related("days")
        year = filters.get("year") or leave_year_shown(today=clock.localdate())
        return leave_adjustments(year=year).prefetch_related("days")


class LeaveAdjustmentCreateApi(APIView):
    """POST adjustment (multipart): a manual leave; the balance changes through the leave ledger."""

    access = LEAVE.create

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = serializers.CharField(required=False, allow_blank=True)
        employee_number_formatted = serializers.CharField(
            max_length=40, error_messages={k: msg.EMPLOYEE_REQUIRED for k in ("required", "blank", "null")}
        )
        request_date = serializers.DateField(
            input_formats=["%Y-%m-%d"],
            error_messages={k: msg.REQUEST_DATE_REQUIRED for k in ("required", "invalid", "null")},
        )
        start_date = serializers.DateField(
            input_formats=["%Y-%m-%d"],
            error_messages={k: msg.LEAVE_DATE_REQUIRED for k in ("required", "invalid", "null")},
        )
        end_date = serializers.DateField(
            input_formats=["%Y-%m-%d"],
            error_messages={k: msg.LEAVE_DATE_REQUIRED for k in ("required", "invalid", "null")},
        )
        description = serializers.CharField(
            max_length=1000,
            error_messages={
                **{k: msg.DESCRIPTION_REQUIRED for k in ("required", "blank", "null")},
                "max_length": msg.DESCRIPTION_TOO_LONG,
            },
        )
        attachment = serializers.FileField(
            error_messages={k: msg.ATTACHMENT_REQUIRED for k in ("required", "invalid", "null", "empty")}
        )

        def validate_employee_number_formatted(self, value: str) -> Employee:
            employee = (
                Employee.objects.select_related("shift_pattern")
                .filter(employee_number_formatted=value.strip())
                .first()
            )
            if employee is None:
                raise serializers.ValidationError(msg.EMPLOYEE_UNKNOWN)
            return employee

    @extend_schema(
        summary="Buat cuti manual (multipart)",
        request={"multipart/form-data": InputSerializer},
        responses={
            201: envelope_schema("LeaveAdjustmentEnvelope", LeaveAdjustmentItem),
            422: MessageEnvelope,
        },
    )
    def post(self, request: Request) -> Response:
        data = read_body(self.InputSerializer, request)
        adjustment = leave_adjustment_create(
            creator=_user(request),
            values=LeaveAdjustmentInput(
                employee=data["employee_number_formatted"],
                request_date=data["request_date"],
                start_date=data["start_date"],
                end_date=data["end_date"],
                description=data["description"].strip(),
                attachment=data["attachment"],
            ),
        )
        return respond(
            leave_adjustment_row(adjustment, viewer=user_viewer(request.user)),
            message=msg.LEAVE_CREATED.format(code=adjustment.code),
            status_code=201,
        )


class LeavePreviewInput(serializers.Serializer[Any]):
    employee_number_formatted = serializers.CharField(
        max_length=40, error_messages={k: msg.EMPLOYEE_REQUIRED for k in ("required", "blank", "null")}
    )
    start_date = serializers.DateField(
        input_formats=["%Y-%m-%d"],
        error_messages={k: msg.LEAVE_DATE_REQUIRED for k in ("required", "invalid", "null")},
    )
    end_date = serializers.DateField(
        input_formats=["%Y-%m-%d"],
        error_messages={k: msg.LEAVE_DATE_REQUIRED for k in ("required", "invalid", "null")},
    )


class LeaveAdjustmentPreviewApi(APIView):
    """GET adjustment/preview: the modal's current and computed new balance (doc2 §2.2)."""

    access = LEAVE.read

    @extend_schema(
        summary="Saldo cuti saat ini dan saldo baru bila cuti manual disimpan",
        parameters=[LeavePreviewInput],
        responses={
            200: envelope_schema(
                "LeaveAdjustmentPreviewEnvelope",
                inline_serializer(
                    "LeaveAdjustmentPreview",
                    {
                        "jumlah_hari_cuti": serializers.IntegerField(),
                        "tanggal_aktual_cuti_list": serializers.ListField(child=serializers.DateField()),
                        "current_cuti_saldo": serializers.IntegerField(),
                        "cuti_hutang": serializers.IntegerField(),
                        "new_cuti_saldo": serializers.IntegerField(),
                    },
                ),
            ),
            422: MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Response:
        data = read_query(LeavePreviewInput, request)
        employee = (
            Employee.objects.select_related("shift_pattern")
            .filter(employee_number_formatted=data["employee_number_formatted"].strip())
            .first()
        )
        if employee is None:
            raise Unprocessable(
                msg.EMPLOYEE_UNKNOWN, errors={"employee_number_formatted": [msg.EMPLOYEE_UNKNOWN]}
            )
        start, end = data["start_date"], data["end_date"]
        if end < start:
            raise Unprocessable(msg.LEAVE_RANGE_REVERSED, errors={"end_date": [msg.LEAVE_RANGE_REVERSED]})
        if (end - start).days >= MAX_LEAVE_SPAN_DAYS:
            raise Unprocessable(msg.LEAVE_RANGE_TOO_LONG, errors={"end_date": [msg.LEAVE_RANGE_TOO_LONG]})
        days = leave_working_days(employee=employee, start=start, end=end)
        return respond(
            {
                "jumlah_hari_cuti": len(days),
                "tanggal_aktual_cuti_list": [d.isoformat() for d in days],
                "current_cuti_saldo": employee.cuti_saldo,
                "cuti_hutang": employee.cuti_hutang,
                "new_cuti_saldo": employee.cuti_saldo - employee.cuti_hutang - len(days),
            }
        )


class LeaveAdjustmentDetailApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Detail cuti manual (kode form atau hash id)",
        responses={
            200: envelope_schema("LeaveAdjustmentDetailEnvelope", LeaveAdjustmentItem),
            404: MessageEnvelope,
        },
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(
            leave_adjustment_row(leave_adjustment_get(key=hash_id), viewer=user_viewer(request.user))
        )


HistoryRow = inline_serializer(
    "LeaveAdjustmentHistoryRow",
    {
        "id": serializers.CharField(),
        "code": serializers.CharField(),
        "text": serializers.CharField(),
        "date": serializers.CharField(),
    },
    many=True,
)


class LeaveAdjustmentHistoryApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Riwayat aktivitas cuti manual per bulan",
        parameters=[MonthYearInput],
        responses={200: envelope_schema("LeaveAdjustmentHistoryEnvelope", HistoryRow), 422: MessageEnvelope},
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        return respond(leave_adjustment_history(month=month, year=year))


class LeaveAdjustmentYearListApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Tahun yang memiliki cuti manual (terbaru dulu)",
        responses={
            200: envelope_schema(
                "LeaveAdjustmentYearsEnvelope", serializers.ListField(child=serializers.IntegerField())
            )
        },
    )
    def get(self, request: Request) -> Response:
        return respond(leave_adjustment_years(today=clock.localdate()))


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


ReportRows = inline_serializer(
    "LeaveAdjustmentReportData",
    {"data": inline_serializer("LeaveAdjustmentReportRow", LEAVE_FIELDS, many=True)},
)


def _leave_report(request: Request) -> tuple[list[dict[str, Any]], str]:
    data = read_query(LeaveReportInput, request)
    code = str(data.get("id") or "").strip()
    month, year = data.get("month"), data.get("year")
    if not code and year is None:
        year = leave_year_shown(today=clock.localdate())
    rows = leave_report_rows(month=month, year=year, code=code)
    if code:
        label = code
    elif month is not None:
        label = f"{MONTHS[month - 1]} {year}"
    else:
        label = str(year)
    return rows, label


MONTHS = (
    "Januari", "Februari", "Maret", "April", "Mei", "Juni",
    "Juli", "Agustus", "September", "Oktober", "November", "Desember",
)  # fmt: skip


class LeaveAdjustmentReportApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Data laporan penyesuaian cuti (bulan+tahun, tahun, atau kode)",
        parameters=[LeaveReportInput],
        responses={200: envelope_schema("LeaveAdjustmentReportEnvelope", ReportRows), 422: MessageEnvelope},
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
        rows, label = _leave_report(request)
        name = f"Penyesuaian Cuti {label}"
        output = xlsx_file(REPORT_COLUMNS, rows, title=name)
        return download_response(  # type: ignore[return-value]
            output, filename=f"{name}.xlsx", content_type=XLSX_CONTENT_TYPE
        )


# --- attendance adjustment ------------------------------------------------------------------------

SELECTION_PARAMETERS = [
    *PEOPLE_SELECTION_PARAMETERS,
    OpenApiParameter("man_power", OpenApiTypes.STR, description="1: hanya karyawan aktif (Man Power Aktif)"),
]

EditRow = inline_serializer(
    "AttendanceAdjustmentEditRow",
    {
        "id": serializers.CharField(),
        "employee_number_formatted": serializers.CharField(),
        "employee_name": serializers.CharField(),
        "job_title": serializers.CharField(),
        "man_power_name": serializers.CharField(),
        "man_power_team_name": serializers.CharField(),
        "man_power_group_name": serializers.CharField(),
        "date": serializers.DateField(),
        "check_in_time": serializers.CharField(),
        "check_out_time": serializers.CharField(),
        "keterangan": serializers.CharField(),
        "lembur_type": serializers.CharField(),
        "lembur_workday": serializers.FloatField(help_text="jam"),
        "lembur_aktual": serializers.FloatField(help_text="jam"),
        "is_valid": serializers.IntegerField(),
        "standby": serializers.IntegerField(),
        "is_shift_off": serializers.IntegerField(),
    },
    many=True,
)


def _selection(request: Request) -> Selection:
    return selection_parse(request.query_params, list_of=request.query_params.getlist)


class AttendanceForAdjustmentApi(APIView):
    access = ATTENDANCE.read

    @extend_schema(
        summary="Data kehadiran untuk disesuaikan (karyawan atau man power, rentang tanggal)",
        parameters=SELECTION_PARAMETERS,
        responses={200: _count("AttendanceForAdjustmentEnvelope", EditRow), 422: MessageEnvelope},
    )
    def get(self, request: Request) -> Response:
        rows = adjustment_rows(_selection(request))
        return respond(rows, recordsTotal=len(rows))


BATCH_FIELDS: dict[str, Any] = {
    "id": serializers.CharField(),
    "form_number": serializers.CharField(),
    "created_date": serializers.CharField(),
    "creator": serializers.CharField(),
    "adjustment_total": serializers.IntegerField(),
    "man_power": serializers.CharField(),
    "start_date": serializers.DateField(),
    "end_date": serializers.DateField(),
}
BatchRow = inline_serializer("AttendanceAdjustmentBatch", BATCH_FIELDS)
BatchRows = inline_serializer("AttendanceAdjustmentBatchRow", BATCH_FIELDS, many=True)
LineInput = inline_serializer(
    "AttendanceAdjustmentLineInput",
    {
        "employee_number_formatted": serializers.CharField(),
        "date": serializers.DateField(),
        "lembur_aktual": serializers.FloatField(help_text="jam, minimal 0"),
        "is_valid": serializers.IntegerField(help_text="1 valid, 0 tidak valid"),
        "standby": serializers.IntegerField(help_text="1 atau 0"),
    },
    many=True,
)


class AttendanceAdjustmentSubmitApi(APIView):
    """GET attendance_log/adjustment: the batches of a month; POST: one batch, all or nothing (422 lists
    every bad line)."""

    access = {"GET": ATTENDANCE.read, "POST": ATTENDANCE.create}

    @extend_schema(
        summary="Daftar penyesuaian kehadiran per bulan",
        parameters=[MonthYearInput],
        responses={200: _count("AttendanceAdjustmentMonthEnvelope", BatchRows), 422: MessageEnvelope},
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        rows = [batch_row(b) for b in attendance_adjustments(month=month, year=year)]
        return respond(rows, recordsTotal=len(rows))

    @extend_schema(
        summary="Kirim penyesuaian kehadiran (satu batch)",
        request=LineInput,
        responses={
            201: envelope_schema("AttendanceAdjustmentSubmitEnvelope", BatchRow),
            200: envelope_schema("AttendanceAdjustmentRepeatEnvelope", BatchRow),
            422: MessageEnvelope,
        },
    )
    def post(self, request: Request) -> Response:
        result = attendance_adjustment_submit(creator=_user(request), lines_data=request.data)
        batch = result.adjustment
        if not result.created:
            return respond(batch_row(batch), message=msg.ADJUSTMENT_UNCHANGED.format(code=batch.form_number))
        return respond(
            batch_row(batch),
            message=msg.ADJUSTMENT_SAVED.format(code=batch.form_number, count=batch.adjustment_total),
            status_code=201,
        )


class LimitInput(serializers.Serializer[Any]):
    limit = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=50,
        error_messages={
            k: "Limit harus antara 1 dan 50." for k in ("invalid", "min_value", "max_value", "null")
        },
    )


class AttendanceAdjustmentLastApi(APIView):
    access = ATTENDANCE.read

    @extend_schema(
        summary="Penyesuaian kehadiran terakhir",
        parameters=[LimitInput],
        responses={200: envelope_schema("AttendanceAdjustmentLastEnvelope", BatchRows), 422: MessageEnvelope},
    )
    def get(self, request: Request) -> Response:
        limit = read_query(LimitInput, request).get("limit", 5)
        return respond([batch_row(b) for b in attendance_adjustments()[:limit]])


LINE_OUTPUT: dict[str, Any] = {
    "id": serializers.IntegerField(),
    "employee_number_formatted": serializers.CharField(),
    "employee_name": serializers.CharField(),
    "job_title": serializers.CharField(),
    "man_power_name": serializers.CharField(),
    "man_power_team_name": serializers.CharField(),
    "man_power_group_name": serializers.CharField(),
    "date": serializers.DateField(),
    "check_in_time": serializers.CharField(),
    "check_out_time": serializers.CharField(),
    "keterangan": serializers.CharField(),
    "lembur_workday": serializers.FloatField(),
    "lembur_aktual": serializers.FloatField(),
    "lembur_aktual_sebelum": serializers.FloatField(allow_null=True),
    "is_valid": serializers.IntegerField(),
    "is_valid_sebelum": serializers.IntegerField(),
    "standby": serializers.IntegerField(),
    "is_shift_off": serializers.IntegerField(),
}


class AttendanceAdjustmentDetailApi(APIView):
    access = ATTENDANCE.read

    @extend_schema(
        summary="Baris satu penyesuaian kehadiran (nomor form)",
        responses={
            200: _count(
                "AttendanceAdjustmentDetailEnvelope",
                inline_serializer("AttendanceAdjustmentLineRow", LINE_OUTPUT, many=True),
                adjustment=BatchRow,
            ),
            404: MessageEnvelope,
        },
    )
    def get(self, request: Request, code: str) -> Response:
        batch = attendance_adjustment_get(form_number=code)
        rows = batch_lines(batch)
        return respond(rows, recordsTotal=len(rows), adjustment=batch_row(batch))


# --- adjustment report ----------------------------------------------------------------------------

REPORT_ROW_FIELDS: dict[str, Any] = {
    "id": serializers.IntegerField(),
    "employee_number_formatted": serializers.CharField(),
    "employee_name": serializers.CharField(),
    "man_power_name": serializers.CharField(),
    "man_power_group_name": serializers.CharField(),
    "man_power_team_name": serializers.CharField(),
    "date": serializers.DateField(),
    "check_in_time": serializers.CharField(),
    "check_out_time": serializers.CharField(),
    "lembur_workday": serializers.FloatField(help_text="jam"),
    "lembur_aktual": serializers.FloatField(help_text="jam"),
    "is_valid": serializers.IntegerField(),
    "sync_status": serializers.CharField(),
    "generated_status": serializers.CharField(),
    "adjustment_id": serializers.CharField(help_text="nomor form penyesuaian"),
    "sync_id": serializers.CharField(help_text="kode sinkronisasi penggajian"),
    "is_shift_off": serializers.IntegerField(),
}
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
    format = serializers.ChoiceField(
        choices=("xlsx", "csv"),
        required=False,
        default="xlsx",
        error_messages={"invalid_choice": msg.FORMAT_INVALID, "null": msg.FORMAT_INVALID},
    )


class AttendanceAdjustmentReportApi(APIView):
    access = REPORT

    @extend_schema(
        summary="Laporan penyesuaian kehadiran (baris penyesuaian pada rentang tanggal)",
        parameters=SELECTION_PARAMETERS,
        responses={
            200: _count(
                "AttendanceAdjustmentReportEnvelope",
                inline_serializer("AttendanceAdjustmentReportRow", REPORT_ROW_FIELDS, many=True),
                file_name=serializers.CharField(),
            ),
            422: MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Response:
        selection = _selection(request)
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
        selection = _selection(request)
        kind = read_query(ReportInput, request)["format"]
        rows = [
            {
                **row,
                "is_valid_text": "Valid" if row["is_valid"] else "Tidak Valid",
                "is_shift_off_text": "Ya" if row["is_shift_off"] else "Tidak",
            }
            for row in adjustment_report_rows(selection)
        ]
        name = _report_name(selection)
        return table_download(  # type: ignore[return-value]
            REPORT_EXPORT_COLUMNS, rows, name=name, file_format=kind
        )
