"""Sync endpoints of doc2 §7: the HR pull, the payroll preview and push, and the sync history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.core.clock import local_today
from server.core.crud import MomentField
from server.core.envelope import Unprocessable, respond
from server.core.inputs import SELECTION_PARAMETERS, ClockTimeField, read_body
from server.core.messages import UPDATED
from server.core.policy import AnyFlag
from server.core.schema import (
    answers,
    counted_envelope_schema,
    envelope_schema,
)
from server.jobs.runner import job_start
from server.jobs.schema import JobEnvelope
from server.jobs.selectors import job_row
from server.sync import messages, selectors
from server.sync.jobs import PAYROLL_PUSH_KIND
from server.sync.models import SyncType
from server.sync.payroll import payroll_plan, payroll_preview
from server.sync.row_fields import EmployeeDayRow, PayrollDayRow
from server.sync.selection import sync_selection_parse
from server.sync.services import hr_pull_start, sync_schedule_update

EMPLOYEE_UPDATE = AnyFlag("allow_employee_update")
PAYROLL = AnyFlag("allow_sync_penggajian")

SYNC_PARAMETERS = [
    *SELECTION_PARAMETERS,
    OpenApiParameter("type", OpenApiTypes.STR, description="default atau resigned-payroll"),
]


class SyncParams(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=SyncType.values, required=False)
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    employee_id = serializers.CharField(required=False, help_text="ID karyawan dipisah koma")
    man_power_type = serializers.CharField(required=False)
    man_power_name = serializers.CharField(required=False)
    man_power_team_name = serializers.CharField(required=False)
    man_power_group_name = serializers.CharField(required=False)


class _RowId(serializers.Serializer[Any]):
    id = serializers.CharField()


class PayrollPreviewRow(_RowId, PayrollDayRow):
    # server.sync.payroll.payroll_preview's rows.
    permission_name = serializers.CharField()
    keterangan = serializers.CharField()
    adjustment_id = serializers.CharField()
    sync_id = serializers.CharField()
    is_shift_off = serializers.IntegerField()


class PayrollSyncRow(serializers.Serializer[Any]):
    # A sent payroll sync (server.sync.models.PayrollSync), in the lists and as a detail's `sync`.
    id = serializers.CharField(source="hash_id")
    sync_code = serializers.CharField()
    sync_date = MomentField(source="created")
    sync_user = serializers.CharField(source="user_name")
    jumlah_data = serializers.IntegerField()
    type = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()


class PayrollSyncDetailRow(EmployeeDayRow):
    # server.sync.selectors.payroll_sync_detail_rows.
    attendance_adjustment_code = serializers.CharField()
    is_update = serializers.BooleanField()
    sync_user = serializers.CharField()
    sync_date = serializers.CharField()


class PayrollCheck(serializers.Serializer[Any]):
    # server.sync.payroll.payroll_plan and the question to ask.
    new = serializers.IntegerField(help_text="baris yang belum pernah dikirim")
    resend = serializers.IntegerField(help_text="baris yang sudah pernah dikirim dan berubah: dikirim ulang")
    unchanged = serializers.IntegerField(
        help_text="baris yang sudah dikirim dan tidak berubah: tidak dikirim"
    )
    question = serializers.CharField(
        help_text="pertanyaan konfirmasi bila ada baris dikirim ulang, selain itu kosong"
    )


@dataclass(frozen=True)
class _IntQuery:
    """An optional whole-number query parameter between `low` and `high`: its schema and its reading
    (missing or blank: the default; anything else out of range: 422 with `message`)."""

    name: str
    low: int
    high: int
    message: str
    description: str

    def parameter(self) -> OpenApiParameter:
        schema = {"type": "integer", "minimum": self.low, "maximum": self.high}
        return OpenApiParameter(self.name, schema, description=self.description)

    def read(self, request: Request, default: int) -> int:
        raw = request.query_params.get(self.name, "").strip()
        if raw == "":
            return default
        try:
            value = int(raw)
        except ValueError:
            raise Unprocessable(self.message, errors={self.name: [self.message]}) from None
        if not self.low <= value <= self.high:
            raise Unprocessable(self.message, errors={self.name: [self.message]})
        return value


LIMIT = _IntQuery("limit", 1, 100, messages.LIMIT_INVALID, "bawaan 5")
MONTH = _IntQuery("month", 1, 12, messages.MONTH_INVALID, "bawaan bulan ini")
YEAR = _IntQuery("year", 2000, 2100, messages.YEAR_INVALID, "bawaan tahun ini")


class EmployeeSyncHrDataApi(APIView):
    access = EMPLOYEE_UPDATE

    @extend_schema(
        summary="Mulai sinkronisasi data karyawan dari HRM (atau ikuti yang sedang berjalan)",
        request=None,
        responses=answers(JobEnvelope, 403),
    )
    def get(self, request: Request) -> Response:
        return self.post(request)

    @extend_schema(
        summary="Mulai sinkronisasi data karyawan dari HRM (atau ikuti yang sedang berjalan)",
        request=None,
        responses=answers(JobEnvelope, 403),
    )
    def post(self, request: Request) -> Response:
        job, created = hr_pull_start(user=request_user(request))
        return respond(job_row(job), message=messages.HR_STARTED if created else messages.HR_ALREADY_RUNNING)


class PayrollPreviewApi(APIView):
    access = PAYROLL

    @extend_schema(
        summary="Pratinjau data penyesuaian yang akan dikirim ke penggajian",
        parameters=SYNC_PARAMETERS,
        responses=answers(
            counted_envelope_schema(
                "PayrollPreviewEnvelope",
                PayrollPreviewRow(many=True),
                recordsFiltered=serializers.IntegerField(),
            ),
            403,
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        selection = sync_selection_parse(request.query_params, list_of=request.query_params.getlist)
        rows = payroll_preview(selection)
        return respond(rows, recordsTotal=len(rows), recordsFiltered=len(rows))


class PayrollCheckApi(APIView):
    access = PAYROLL

    @extend_schema(
        summary="Periksa pengiriman: berapa baris baru, berapa sudah pernah dikirim dan akan dikirim ulang",
        parameters=SYNC_PARAMETERS,
        responses=answers(
            envelope_schema(
                "PayrollCheckEnvelope",
                PayrollCheck(),
            ),
            403,
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        selection = sync_selection_parse(request.query_params, list_of=request.query_params.getlist)
        plan = payroll_plan(selection)
        question = messages.PAYROLL_RESEND_QUESTION.format(count=plan["resend"]) if plan["resend"] else ""
        return respond(PayrollCheck({**plan, "question": question}).data)


def _start_push(request: Request, *, sync_type: str) -> Response:
    data: Any = request.data if isinstance(request.data, dict) else {}
    selection = sync_selection_parse({**data, "type": sync_type})
    key = request.headers.get("Idempotency-Key", "").strip()[:100] or None
    with transaction.atomic():
        job, _ = job_start(
            kind=PAYROLL_PUSH_KIND,
            params=selection.as_params(),
            user=request_user(request),
            idempotency_key=key,
        )
    return respond(job_row(job), message=messages.PAYROLL_STARTED)


PUSH_SCHEMA: dict[str, Any] = {
    "request": SyncParams,
    "parameters": [OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, location=OpenApiParameter.HEADER)],
    "responses": answers(JobEnvelope, 403, 422),
}


class PayrollSendApi(APIView):
    access = PAYROLL

    @extend_schema(summary="Kirim data penyesuaian ke penggajian (proses latar belakang)", **PUSH_SCHEMA)
    def post(self, request: Request) -> Response:
        data: Any = request.data if isinstance(request.data, dict) else {}
        sync_type = SyncType.RESIGNED if data.get("type") == SyncType.RESIGNED else SyncType.DEFAULT
        return _start_push(request, sync_type=sync_type)


class PayrollSendResignedApi(APIView):
    access = PAYROLL

    @extend_schema(summary="Kirim data penyesuaian karyawan yang sudah resign ke penggajian", **PUSH_SCHEMA)
    def post(self, request: Request) -> Response:
        return _start_push(request, sync_type=SyncType.RESIGNED)


class PayrollRecentApi(APIView):
    access = PAYROLL

    @extend_schema(
        summary="Sinkronisasi penggajian terakhir",
        parameters=[LIMIT.parameter()],
        responses=answers(envelope_schema("PayrollRecentEnvelope", PayrollSyncRow(many=True)), 403, 422),
    )
    def get(self, request: Request) -> Response:
        limit = LIMIT.read(request, 5)
        return respond(PayrollSyncRow(selectors.payroll_syncs_recent(limit=limit), many=True).data)


class PayrollSyncListApi(APIView):
    access = PAYROLL

    @extend_schema(
        summary="Daftar sinkronisasi penggajian per bulan",
        parameters=[MONTH.parameter(), YEAR.parameter()],
        responses=answers(
            counted_envelope_schema("PayrollSyncListEnvelope", PayrollSyncRow(many=True)), 403, 422
        ),
    )
    def get(self, request: Request) -> Response:
        today = local_today()
        month = MONTH.read(request, today.month)
        year = YEAR.read(request, today.year)
        rows = PayrollSyncRow(selectors.payroll_syncs_of_month(year=year, month=month), many=True).data
        return respond(rows, recordsTotal=len(rows))


class PayrollSyncDetailApi(APIView):
    access = PAYROLL

    @extend_schema(
        summary="Baris satu sinkronisasi penggajian (kode sinkronisasi)",
        responses=answers(
            counted_envelope_schema(
                "PayrollSyncDetailEnvelope", PayrollSyncDetailRow(many=True), sync=PayrollSyncRow()
            ),
            403,
            404,
        ),
    )
    def get(self, request: Request, code: str) -> Response:
        sync = selectors.payroll_sync_by_code(code)
        rows = selectors.payroll_sync_detail_rows(sync)
        return respond(rows, recordsTotal=len(rows), sync=PayrollSyncRow(sync).data)


class SyncScheduleInput(serializers.Serializer[Any]):
    hr_pull_enabled = serializers.BooleanField(
        error_messages=dict.fromkeys(("required", "invalid", "null"), messages.SCHEDULE_ENABLED_INVALID)
    )
    hr_pull_time = ClockTimeField(
        input_formats=["%H:%M", "%H:%M:%S"],
        error_messages=dict.fromkeys(
            ("required", "invalid", "null", "blank"), messages.SCHEDULE_TIME_INVALID
        ),
    )


@extend_schema_field(OpenApiTypes.STR)
class _HourMinuteField(serializers.TimeField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%H:%M", **kwargs)


class SyncSchedule(serializers.Serializer[Any]):
    # server.sync.models.SyncSchedule.
    hr_pull_enabled = serializers.BooleanField()
    hr_pull_time = _HourMinuteField(help_text="JJ:MM, zona waktu server")


SyncScheduleEnvelope = envelope_schema("SyncScheduleEnvelope", SyncSchedule())


class SyncScheduleApi(APIView):
    """The schedule of the HR pull: who may run the pull reads and sets it."""

    access = EMPLOYEE_UPDATE

    @extend_schema(summary="Jadwal tarik data HR", responses=answers(SyncScheduleEnvelope, 403))
    def get(self, request: Request) -> Response:
        return respond(SyncSchedule(selectors.sync_schedule_get()).data)

    @extend_schema(
        summary="Ubah jadwal tarik data HR (mati atau sekali sehari pada jam yang diatur)",
        request=SyncScheduleInput,
        responses=answers(SyncScheduleEnvelope, 403, 422),
    )
    def put(self, request: Request) -> Response:
        schedule = sync_schedule_update(data=read_body(SyncScheduleInput, request))
        return respond(SyncSchedule(schedule).data, message=UPDATED)
