"""Manual leaves (doc2 §2.1-2.3, §7): the yearly list, create, the balance preview, detail, the
monthly history and the years that have any."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.adjustments import messages as msg
from server.adjustments.apis.common import (
    LEAVE,
    caller,
)
from server.adjustments.leave import (
    MAX_LEAVE_SPAN_DAYS,
    LeaveAdjustmentInput,
    leave_adjustment_create,
    leave_adjustment_get,
    leave_adjustment_history,
    leave_adjustment_row,
    leave_adjustment_years,
    leave_adjustments,
    leave_working_days,
)
from server.core import clock
from server.core.crud import DetailApi, ListApi
from server.core.envelope import Unprocessable, respond
from server.core.files import user_viewer
from server.core.inputs import MonthYearInput, read_body, read_query, year_field
from server.core.listing import ListSpec
from server.core.schema import answers, envelope_schema
from server.leave.selectors import leave_year_shown
from server.workforce.models import Employee
from server.workforce.selectors import EMPLOYEE_ORDERABLE, EMPLOYEE_SEARCHABLE


def _employee_number_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=40, error_messages={k: msg.EMPLOYEE_REQUIRED for k in ("required", "blank", "null")}
    )


def _date_field(message: str) -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"], error_messages={k: message for k in ("required", "invalid", "null")}
    )


def _employee(number: str) -> Employee | None:
    return (
        Employee.objects.select_related("shift_pattern")
        .filter(employee_number_formatted=number.strip())
        .first()
    )


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


class LeaveAdjustmentItem(LeaveAdjustmentOutput):
    # One adjustment as the create answers it (its component name; the fields are the output's).
    pass


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
            **EMPLOYEE_SEARCHABLE,
        },
        orderable={
            **EMPLOYEE_ORDERABLE,
            "jumlah_hari_cuti": "jumlah_hari_cuti",
            "description": "description",
            "current_cuti_saldo": "net_cuti_saldo_before",
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
        employee_number_formatted = _employee_number_field()
        request_date = _date_field(msg.REQUEST_DATE_REQUIRED)
        start_date = _date_field(msg.LEAVE_DATE_REQUIRED)
        end_date = _date_field(msg.LEAVE_DATE_REQUIRED)
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
            employee = _employee(value)
            if employee is None:
                raise serializers.ValidationError(msg.EMPLOYEE_UNKNOWN)
            return employee

    @extend_schema(
        summary="Buat cuti manual (multipart)",
        request={"multipart/form-data": InputSerializer},
        responses=answers({201: envelope_schema("LeaveAdjustmentEnvelope", LeaveAdjustmentItem())}, 422),
    )
    def post(self, request: Request) -> Response:
        data = read_body(self.InputSerializer, request)
        adjustment = leave_adjustment_create(
            creator=caller(request),
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
            LeaveAdjustmentItem(adjustment, context={"request": request}).data,
            message=msg.LEAVE_CREATED.format(code=adjustment.code),
            status_code=201,
        )


class LeavePreviewInput(serializers.Serializer[Any]):
    employee_number_formatted = _employee_number_field()
    start_date = _date_field(msg.LEAVE_DATE_REQUIRED)
    end_date = _date_field(msg.LEAVE_DATE_REQUIRED)


class LeaveAdjustmentPreview(serializers.Serializer[Any]):
    jumlah_hari_cuti = serializers.IntegerField()
    tanggal_aktual_cuti_list = serializers.ListField(child=serializers.DateField())
    current_cuti_saldo = serializers.IntegerField()
    cuti_hutang = serializers.IntegerField()
    new_cuti_saldo = serializers.IntegerField()


class LeaveAdjustmentPreviewApi(APIView):
    """GET adjustment/preview: the modal's current and computed new balance (doc2 §2.2)."""

    access = LEAVE.read

    @extend_schema(
        summary="Saldo cuti saat ini dan saldo baru bila cuti manual disimpan",
        parameters=[LeavePreviewInput],
        responses=answers(
            envelope_schema(
                "LeaveAdjustmentPreviewEnvelope",
                LeaveAdjustmentPreview(),
            ),
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        data = read_query(LeavePreviewInput, request)
        employee = _employee(data["employee_number_formatted"])
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
        preview = {
            "jumlah_hari_cuti": len(days),
            "tanggal_aktual_cuti_list": days,
            "current_cuti_saldo": employee.cuti_saldo,
            "cuti_hutang": employee.cuti_hutang,
            "new_cuti_saldo": employee.cuti_saldo - employee.cuti_hutang - len(days),
        }
        return respond(LeaveAdjustmentPreview(preview).data)


class LeaveAdjustmentDetailApi(DetailApi):
    access = LEAVE.read
    summary = "Detail cuti manual (kode form atau hash id)"
    OutputSerializer = LeaveAdjustmentOutput

    def get_object(self, request: Request, hash_id: str) -> Any:
        return leave_adjustment_get(key=hash_id)


class LeaveAdjustmentHistoryRow(serializers.Serializer[Any]):
    # server.adjustments.leave.leave_adjustment_history.
    id = serializers.CharField()
    code = serializers.CharField()
    text = serializers.CharField()
    date = serializers.CharField()


class LeaveAdjustmentHistoryApi(APIView):
    access = LEAVE.read

    @extend_schema(
        summary="Riwayat aktivitas cuti manual per bulan",
        parameters=[MonthYearInput],
        responses=answers(
            envelope_schema("LeaveAdjustmentHistoryEnvelope", LeaveAdjustmentHistoryRow(many=True)), 422
        ),
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
