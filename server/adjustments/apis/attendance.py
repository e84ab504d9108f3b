"""Attendance adjustment batches (doc2 §2.4-2.7, §4, §7): the rows to adjust, submit, the month's and
the last batches, one batch's lines."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.adjustments import messages as msg
from server.adjustments.apis.common import (
    ATTENDANCE,
    SELECTION_PARAMETERS,
    caller,
    selection_read,
)
from server.adjustments.attendance import attendance_adjustment_submit
from server.adjustments.attendance_rows import (
    adjustment_rows,
    attendance_adjustment_get,
    attendance_adjustments,
    batch_lines,
)
from server.core.crud import MomentField
from server.core.envelope import respond
from server.core.inputs import MonthYearInput, read_query
from server.core.schema import (
    answers,
    counted_envelope_schema,
    envelope_schema,
)
from server.sync.row_fields import EmployeeDayRow


class AdjustmentDayRow(EmployeeDayRow):
    # The day an adjustment row stands for, in the editable rows and in a saved adjustment's lines alike.
    job_title = serializers.CharField()
    check_in_time = serializers.CharField()
    check_out_time = serializers.CharField()
    keterangan = serializers.CharField()


class _TextId(serializers.Serializer[Any]):
    id = serializers.CharField()


class AttendanceAdjustmentEditRow(_TextId, AdjustmentDayRow):
    # server.adjustments.attendance_rows.adjustment_rows.
    lembur_type = serializers.CharField()
    lembur_workday = serializers.FloatField(help_text="jam")
    lembur_aktual = serializers.FloatField(help_text="jam")
    is_valid = serializers.IntegerField()  # type: ignore[assignment]  # a field, not the method
    standby = serializers.IntegerField()
    is_shift_off = serializers.IntegerField()
    adjustment_id = serializers.CharField(help_text="nomor form penyesuaian terakhir; '' bila belum")
    sync_id = serializers.CharField(help_text="kode sinkronisasi penggajian; '' bila belum")
    sync_status = serializers.CharField()
    generated_status = serializers.CharField()


class AttendanceForAdjustmentApi(APIView):
    access = ATTENDANCE.read

    @extend_schema(
        summary="Data kehadiran untuk disesuaikan (karyawan atau man power, rentang tanggal)",
        parameters=SELECTION_PARAMETERS,
        responses=answers(
            counted_envelope_schema(
                "AttendanceForAdjustmentEnvelope", AttendanceAdjustmentEditRow(many=True)
            ),
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        rows = adjustment_rows(selection_read(request))
        return respond(rows, recordsTotal=len(rows))


class AttendanceAdjustmentBatch(serializers.Serializer[Any]):
    # One submitted batch (server.adjustments.models.AttendanceAdjustment).
    id = serializers.CharField(source="hash_id")
    form_number = serializers.CharField()
    created_date = MomentField(source="created")
    creator = serializers.CharField(source="creator_name")
    adjustment_total = serializers.IntegerField()
    man_power = serializers.CharField(source="man_power_name")
    start_date = serializers.DateField()
    end_date = serializers.DateField()


class AttendanceAdjustmentLineInput(serializers.Serializer[Any]):
    # The documented body of a submit (server.adjustments.attendance.attendance_adjustment_submit reads it).
    employee_number_formatted = serializers.CharField()
    date = serializers.DateField()
    lembur_aktual = serializers.FloatField(help_text="jam, minimal 0")
    is_valid = serializers.IntegerField(help_text="1 valid, 0 tidak valid")  # type: ignore[assignment]
    standby = serializers.IntegerField(help_text="1 atau 0")


class AttendanceAdjustmentSubmitApi(APIView):
    """GET attendance_log/adjustment: the batches of a month; POST: one batch, all or nothing (422 lists
    every bad line)."""

    access = {"GET": ATTENDANCE.read, "POST": ATTENDANCE.create}

    @extend_schema(
        summary="Daftar penyesuaian kehadiran per bulan",
        parameters=[MonthYearInput],
        responses=answers(
            counted_envelope_schema(
                "AttendanceAdjustmentMonthEnvelope", AttendanceAdjustmentBatch(many=True)
            ),
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        rows = AttendanceAdjustmentBatch(attendance_adjustments(month=month, year=year), many=True).data
        return respond(rows, recordsTotal=len(rows))

    @extend_schema(
        summary="Kirim penyesuaian kehadiran (satu batch)",
        request=AttendanceAdjustmentLineInput(many=True),
        responses=answers(
            {
                201: envelope_schema("AttendanceAdjustmentSubmitEnvelope", AttendanceAdjustmentBatch()),
                200: envelope_schema("AttendanceAdjustmentRepeatEnvelope", AttendanceAdjustmentBatch()),
            },
            422,
        ),
    )
    def post(self, request: Request) -> Response:
        result = attendance_adjustment_submit(creator=caller(request), lines_data=request.data)
        batch = result.adjustment
        if not result.created:
            return respond(
                AttendanceAdjustmentBatch(batch).data,
                message=msg.ADJUSTMENT_UNCHANGED.format(code=batch.form_number),
            )
        return respond(
            AttendanceAdjustmentBatch(batch).data,
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
        responses=answers(
            envelope_schema("AttendanceAdjustmentLastEnvelope", AttendanceAdjustmentBatch(many=True)), 422
        ),
    )
    def get(self, request: Request) -> Response:
        limit = read_query(LimitInput, request).get("limit", 5)
        return respond(AttendanceAdjustmentBatch(attendance_adjustments()[:limit], many=True).data)


class _NumberId(serializers.Serializer[Any]):
    id = serializers.IntegerField()


class AttendanceAdjustmentLineRow(_NumberId, AdjustmentDayRow):
    # server.adjustments.attendance_rows.batch_lines.
    lembur_workday = serializers.FloatField()
    lembur_aktual = serializers.FloatField()
    lembur_aktual_sebelum = serializers.FloatField(allow_null=True)
    is_valid = serializers.IntegerField()  # type: ignore[assignment]  # a field, not the method
    is_valid_sebelum = serializers.IntegerField()
    standby = serializers.IntegerField()
    is_shift_off = serializers.IntegerField()


class AttendanceAdjustmentDetailApi(APIView):
    access = ATTENDANCE.read

    @extend_schema(
        summary="Baris satu penyesuaian kehadiran (nomor form)",
        responses=answers(
            counted_envelope_schema(
                "AttendanceAdjustmentDetailEnvelope",
                AttendanceAdjustmentLineRow(many=True),
                adjustment=AttendanceAdjustmentBatch(),
            ),
            404,
        ),
    )
    def get(self, request: Request, code: str) -> Response:
        batch = attendance_adjustment_get(form_number=code)
        rows = batch_lines(batch)
        return respond(rows, recordsTotal=len(rows), adjustment=AttendanceAdjustmentBatch(batch).data)
