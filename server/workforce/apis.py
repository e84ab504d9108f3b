"""Directory endpoints of the back-office: the man power cascade, employee search, age buckets and
upcoming birthdays (spec doc1 §7.2, §7.4; doc2 §7)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.files import FileViewer, signed_file_url, user_viewer
from server.core.inputs import query_choice
from server.core.listing import ListSpec, list_response
from server.core.policy import SignedIn
from server.core.schema import (
    answers,
    envelope_schema,
    list_envelope_schema,
)
from server.workforce import selectors
from server.workforce.models import Employee, ManPowerType
from server.workforce.row_fields import EmployeeLeaveBalance

STATUS_ACTIVE, STATUS_RESIGNED = "", "not_active"
STATUS_INVALID = "Status harus kosong (aktif) atau not_active."


class ManPowerOption(serializers.Serializer[Any]):
    # One option of the cascade (server.workforce.selectors.man_power_options): a type has no hash_id.
    value = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    hash_id = serializers.CharField(required=False)


class ManPowerOptionsApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "type",
                {"type": "string", "enum": ["", *ManPowerType.values]},
                description="office, pool, site atau tug_boat; kosong: daftar tipe",
            ),
            OpenApiParameter("name", OpenApiTypes.STR, description="nama man power (butuh type)"),
            OpenApiParameter("team", OpenApiTypes.STR, description="nama tim (butuh type dan name)"),
        ],
        responses=answers(
            envelope_schema(
                "ManPowerOptionsEnvelope",
                ManPowerOption(many=True),
            ),
            422,
        ),
        summary="Pilihan bertingkat man power: tipe > nama > tim > grup",
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        options = selectors.man_power_options(
            type=params.get("type", "").strip(),
            name=params.get("name", "").strip(),
            team=params.get("team", "").strip(),
        )
        return respond(ManPowerOption(options, many=True).data)


class EmployeeSearchRow(serializers.Serializer[Any]):
    # server.workforce.selectors.employee_search_row.
    hash_id = serializers.CharField()
    employee_number_formatted = serializers.CharField()
    name = serializers.CharField()
    man_power_name = serializers.CharField()
    cuti = EmployeeLeaveBalance()


class EmployeeSearchApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=[
            OpenApiParameter("filters", OpenApiTypes.STR, description="teks: ID karyawan atau nama"),
            OpenApiParameter(
                "status",
                OpenApiTypes.STR,
                enum=["", "not_active"],
                description="'' aktif, not_active sudah resign",
            ),
        ],
        responses=answers(
            envelope_schema(
                "EmployeeSearchEnvelope",
                EmployeeSearchRow(many=True),
            ),
            422,
        ),
        summary="Cari karyawan (maksimal 20 hasil)",
    )
    def get(self, request: Request) -> Response:
        status = query_choice(
            request, "status", (STATUS_ACTIVE, STATUS_RESIGNED), STATUS_INVALID, required=True
        )
        employees = selectors.employee_search(
            text=request.query_params.get("filters", ""), resigned=status == STATUS_RESIGNED
        )
        return respond([selectors.employee_search_row(e) for e in employees])


class EmployeeAgeCount(serializers.Serializer[Any]):
    # server.workforce.selectors.employee_age_counts.
    employee_20 = serializers.IntegerField()
    employee_20_30 = serializers.IntegerField()
    employee_30 = serializers.IntegerField()


class EmployeeAgeCountApi(APIView):
    access = SignedIn()

    @extend_schema(
        responses=envelope_schema(
            "EmployeeAgeCountEnvelope",
            EmployeeAgeCount(),
        ),
        summary="Jumlah karyawan aktif per kelompok umur (<20, 20-30, >30)",
    )
    def get(self, request: Request) -> Response:
        return respond(EmployeeAgeCount(selectors.employee_age_counts(today=timezone.localdate())).data)


BIRTHDAY_LIST = ListSpec(
    orderable={"upcoming": "days_until", "name": "name"},
    default_order=("upcoming", "asc"),
    default_per_page=5,
    per_page_choices=(3, 5, 10, 25, 50, 100),
)


class EmployeeBirthday(serializers.Serializer[Any]):
    # An employee of server.workforce.selectors.employees_with_birthday_soon, as `_birthday_rows` reads it.
    id = serializers.CharField()
    name = serializers.CharField()
    photo_url = serializers.CharField()
    birth_date = serializers.DateField()
    keterangan = serializers.ChoiceField(choices=["today", "tomorrow", "upcoming"])


def _birthday_rows(viewer: FileViewer) -> Callable[[Iterable[Employee], int], list[dict[str, Any]]]:
    return lambda rows, first: [
        {
            "id": employee.hash_id,
            "name": employee.name,
            "photo_url": signed_file_url(employee.photo, viewer=viewer),
            "birth_date": employee.birth_date.isoformat() if employee.birth_date else "",
            "keterangan": selectors.birthday_keterangan(employee.days_until),  # type: ignore[attr-defined]
        }
        for employee in rows
    ]


class EmployeeBirthdayListApi(APIView):
    access = SignedIn()

    @extend_schema(
        parameters=[
            OpenApiParameter("page", {"type": "integer", "minimum": 1}),
            OpenApiParameter(
                "per_page",
                OpenApiTypes.INT,
                enum=list(BIRTHDAY_LIST.per_page_choices),
                description="default 5",
            ),
        ],
        responses=answers(
            list_envelope_schema(
                "EmployeeBirthdayListEnvelope",
                EmployeeBirthday(many=True),
            ),
            422,
        ),
        summary="Karyawan yang berulang tahun hari ini sampai 7 hari ke depan",
    )
    def get(self, request: Request) -> Response:
        queryset = selectors.employees_with_birthday_soon(today=timezone.localdate())
        return list_response(request, queryset, BIRTHDAY_LIST, _birthday_rows(user_viewer(request.user)))
