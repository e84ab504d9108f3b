"""Manual attendance upload endpoints (doc2 §7): the template, the import (a job), the list and the
detail, and the error file of a failed import."""

from __future__ import annotations

import tempfile
from datetime import date
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.selectors import request_user
from server.core.crud import ListApi, MomentField
from server.core.envelope import Unprocessable, respond
from server.core.listing import ListSpec, list_response
from server.core.negotiation import FirstRendererNegotiation
from server.core.policy import AllFlags
from server.core.schema import MessageEnvelope, answers
from server.core.spreadsheets import XLSX_CONTENT_TYPE, download_response
from server.jobs.runner import job_start
from server.jobs.schema import JobEnvelope
from server.jobs.selectors import job_for_user, job_row
from server.uploads import messages as msg
from server.uploads import selectors
from server.uploads.files import error_file_path, store_upload
from server.uploads.jobs import UPLOAD_KIND
from server.uploads.models import ManualUpload, ManualUploadLine
from server.uploads.reader import UploadRefused, inspect_upload
from server.uploads.template import MAX_ROWS, template_row_count, template_workbook
from server.workforce.models import ManPower
from server.workforce.selectors import EMPLOYEE_ORDERABLE, EMPLOYEE_SEARCHABLE

UPLOAD = AllFlags("allow_upload_manual")


def _refuse(message: str, field: str = "upload_file") -> Unprocessable:
    return Unprocessable(message, errors={field: [message]})


class AttendanceTemplateApi(APIView):
    access = UPLOAD
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        summary="Unduh template unggah kehadiran manual (xlsx)",
        parameters=[
            OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("end_date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("man_power_name", OpenApiTypes.STR, required=True),
            OpenApiParameter("man_power_type", OpenApiTypes.STR),
        ],
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (422, "application/json"): MessageEnvelope,
        },
    )
    def get(self, request: Request) -> Any:
        query = request.query_params
        raw_start, raw_end = query.get("start_date", "").strip(), query.get("end_date", "").strip()
        name, kind = query.get("man_power_name", "").strip(), query.get("man_power_type", "").strip()
        if not raw_start or not raw_end or not name:
            raise _refuse(msg.INCOMPLETE_FORM, "man_power_name")
        try:
            start, end = date.fromisoformat(raw_start), date.fromisoformat(raw_end)
        except ValueError:
            raise _refuse(msg.BAD_DATE, "start_date") from None
        if end < start:
            raise _refuse(msg.RANGE_REVERSED, "end_date")
        candidates = ManPower.objects.filter(name=name)
        if kind:
            candidates = candidates.filter(type=kind)
        found = list(candidates[:2])
        if not found:
            raise _refuse(msg.MAN_POWER_UNKNOWN.format(name=name), "man_power_name")
        if len(found) > 1:
            raise _refuse(msg.MAN_POWER_AMBIGUOUS.format(name=name), "man_power_type")
        man_power = found[0]
        if (end - start).days + 1 > MAX_ROWS:
            raise _refuse(
                msg.TEMPLATE_TOO_BIG.format(limit="10.000", rows=(end - start).days + 1), "end_date"
            )
        rows = template_row_count(man_power, start, end)
        if rows == 0:
            raise _refuse(msg.NO_EMPLOYEES.format(name=man_power.name), "man_power_name")
        if rows > MAX_ROWS:
            raise _refuse(
                msg.TEMPLATE_TOO_BIG.format(limit="10.000", rows=f"{rows:,}".replace(",", ".")), "end_date"
            )
        output = tempfile.TemporaryFile()  # noqa: SIM115 (closed by the streaming response)
        file_name = template_workbook(man_power, start, end, output)
        output.seek(0)
        return download_response(output, filename=file_name, content_type=XLSX_CONTENT_TYPE)


class ManualUploadForm(serializers.Serializer[Any]):
    # The documented form of an upload (the view reads the file itself, to answer its own messages).
    upload_file = serializers.FileField()


class AttendanceImportApi(APIView):
    access = UPLOAD
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Unggah file kehadiran manual: validasi dan impor berjalan sebagai job",
        request={"multipart/form-data": ManualUploadForm},
        responses=answers(JobEnvelope, 403, 422),
    )
    def post(self, request: Request) -> Response:
        file = request.FILES.get("upload_file")
        if not isinstance(file, UploadedFile) or not file.name:
            raise _refuse(msg.FILE_REQUIRED)
        try:
            from server.uploads.reader import check_name_and_size

            check_name_and_size(file.name, file.size or 0)
            path = store_upload(file)
            try:
                target = inspect_upload(path=path, name=file.name)
            except BaseException:
                path.unlink(missing_ok=True)
                raise
        except UploadRefused as refused:
            raise _refuse(refused.message) from None
        params = {
            "path": str(path.relative_to(settings.MEDIA_ROOT)),
            "file_name": target.file_name,
            "man_power_id": target.man_power.pk,
            "man_power_name": target.man_power.name,
            "start_date": target.start.isoformat(),
            "end_date": target.end.isoformat(),
            "rows": target.rows,
        }
        with transaction.atomic():
            job, _ = job_start(kind=UPLOAD_KIND, params=params, user=request_user(request))
        return respond(job_row(job), message=msg.STARTED)


class ImportErrorsApi(APIView):
    access = UPLOAD
    content_negotiation_class = FirstRendererNegotiation

    @extend_schema(
        summary="Unduh file kesalahan unggah (baris yang salah dengan kolom Kesalahan)",
        responses={
            (200, XLSX_CONTENT_TYPE): OpenApiResponse(OpenApiTypes.BINARY),
            (404, "application/json"): MessageEnvelope,
        },
    )
    def get(self, request: Request, hash_id: str) -> Any:
        job = job_for_user(access=request_user(request).user_access, hash_id=hash_id)
        path = error_file_path(job.hash_id)
        if job.kind != UPLOAD_KIND or not path.exists():
            from rest_framework.exceptions import NotFound

            raise NotFound(msg.ERRORS_NOT_FOUND)
        base = str(job.params.get("file_name") or "unggah.xlsx").removesuffix(".xlsx")
        return download_response(
            path.open("rb"), filename=f"Kesalahan_{base}.xlsx", content_type=XLSX_CONTENT_TYPE
        )


class ManualUploadOutput(serializers.Serializer[Any]):
    id = serializers.CharField(source="hash_id")
    form_number = serializers.CharField()
    creator_user_name = serializers.SerializerMethodField()
    created = MomentField()
    total_data = serializers.IntegerField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    man_power_name = serializers.CharField(source="man_power.name")
    man_power_type = serializers.CharField(source="man_power.type")

    def get_creator_user_name(self, upload: ManualUpload) -> str:
        return upload.creator.fullname if upload.creator_id and upload.creator else ""


def upload_row(upload: ManualUpload) -> dict[str, Any]:
    return dict(ManualUploadOutput(upload).data)


class ManualUploadListApi(ListApi):
    access = UPLOAD
    list_spec = ListSpec(
        searchable={
            "form_number": "form_number__icontains",
            "creator_user_name": "creator__fullname__icontains",
            "man_power_name": "man_power__name__icontains",
        },
        orderable={
            "form_number": "form_number",
            "creator_user_name": "creator__fullname",
            "created": "created",
            "total_data": "total_data",
            "start_date": "start_date",
            "man_power_name": "man_power__name",
        },
        global_search=("form_number", "creator__fullname", "man_power__name"),
        default_order=("created", "desc"),
    )
    OutputSerializer = ManualUploadOutput

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> Any:
        return selectors.manual_uploads()


class ManualUploadLineOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="pk")
    row_number = serializers.IntegerField()
    employee_number_formatted = serializers.CharField(source="employee.employee_number_formatted")
    employee_name = serializers.CharField(source="employee.name")
    date = serializers.DateField()
    check_in = serializers.SerializerMethodField()
    check_out = serializers.SerializerMethodField()
    code = serializers.CharField()
    lembur_aktual = serializers.SerializerMethodField()

    def get_check_in(self, line: ManualUploadLine) -> str:
        return line.check_in.strftime("%H:%M:%S") if line.check_in else ""

    def get_check_out(self, line: ManualUploadLine) -> str:
        return line.check_out.strftime("%H:%M:%S") if line.check_out else ""

    def get_lembur_aktual(self, line: ManualUploadLine) -> float | None:
        return float(line.lembur_aktual) if line.lembur_aktual is not None else None


LINE_SPEC = ListSpec(
    searchable={
        **EMPLOYEE_SEARCHABLE,
    },
    orderable={
        **EMPLOYEE_ORDERABLE,
        "date": "date",
        "check_in": "check_in",
        "check_out": "check_out",
        "lembur_aktual": "lembur_aktual",
    },
    global_search=("employee__employee_number_formatted", "employee__name"),
    default_order=("", "asc"),
)


class ManualUploadDetailEnvelope(serializers.Serializer[Any]):
    # The detail's answer: its lines as the list protocol pages them, also as `detail`, and the upload.
    http_status = serializers.IntegerField()
    message = serializers.CharField()
    data = ManualUploadLineOutput(many=True)  # type: ignore[assignment]  # a field, not the property
    detail = ManualUploadLineOutput(many=True)
    parent_detail = ManualUploadOutput()
    recordsTotal = serializers.IntegerField()  # the list protocol's name
    recordsFiltered = serializers.IntegerField()
    pagination = serializers.DictField()


class ManualUploadDetailApi(APIView):
    access = UPLOAD

    @extend_schema(
        summary="Detail unggah kehadiran: parent_detail (baris unggah) dan detail (baris kehadiran)",
        parameters=[
            OpenApiParameter("code", OpenApiTypes.STR, required=True, description="nomor unggah"),
            OpenApiParameter("page", OpenApiTypes.INT),
            OpenApiParameter("per_page", OpenApiTypes.INT),
            OpenApiParameter("search", OpenApiTypes.STR),
            OpenApiParameter("order", OpenApiTypes.STR),
            OpenApiParameter("global_search", OpenApiTypes.STR),
        ],
        responses=answers(
            ManualUploadDetailEnvelope,
            403,
            404,
        ),
    )
    def get(self, request: Request) -> Response:
        code = request.query_params.get("code", "").strip()
        if not code:
            from rest_framework.exceptions import NotFound

            raise NotFound(msg.NOT_FOUND)
        upload = selectors.manual_upload_by_code(code)
        queryset = selectors.manual_upload_lines(upload).order_by(
            "employee__employee_number_formatted", "date"
        )

        def rows(lines: Any, first: int) -> list[dict[str, Any]]:
            return list(ManualUploadLineOutput(list(lines), many=True).data)

        response = list_response(request, queryset, LINE_SPEC, rows)
        assert isinstance(response.data, dict)
        response.data["detail"] = response.data["data"]
        response.data["parent_detail"] = upload_row(upload)
        return response
