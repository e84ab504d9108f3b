"""Holidays and collective leave (Hari Libur, doc3 §7.3): per year, saved by POST with or without
hash_id, duplicated from the year before."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core import messages as core_messages
from server.core.crud import CreateApi, DeleteApi, IdOutput, KitApi, ListApi
from server.core.envelope import Unprocessable, respond
from server.core.hashids import get_by_hash_id
from server.core.inputs import error_messages, read_body
from server.core.listing import ListSpec
from server.core.policy import Policy, flag_policies
from server.core.schema import MessageEnvelope, answers, envelope_schema
from server.schedules import messages as msg
from server.schedules import selectors
from server.schedules.apis.common import date_field, hash_id_field, name_field
from server.schedules.models import Holiday
from server.schedules.services.holidays import (
    holiday_delete,
    holiday_save,
    holiday_year_delete,
    holiday_year_duplicate,
)

HOLIDAY = flag_policies("allow_setting_holiday")

MIN_YEAR, MAX_YEAR = 2000, 2100
# A year parameter as year_value() accepts it.
YEAR_SCHEMA = {"type": "integer", "minimum": MIN_YEAR, "maximum": MAX_YEAR}


def _year_digits(text: str) -> bool:
    """ASCII digits of a year: int() refuses some Unicode digits ("²") and the database a huge one."""
    return text.isascii() and text.isdigit() and len(text) <= 4


def _year_in_range(text: str) -> bool:
    """A year the filter can look for (a year filter of 0 cannot be built: it matches nothing)."""
    return _year_digits(text) and MIN_YEAR <= int(text) <= MAX_YEAR


def year_value(raw: Any) -> int:
    text = str(raw if raw is not None else "").strip()
    if text == "":
        raise Unprocessable(msg.YEAR_REQUIRED, errors={"year": [msg.YEAR_REQUIRED]})
    if not _year_digits(text) or not MIN_YEAR <= int(text) <= MAX_YEAR:
        raise Unprocessable(msg.YEAR_INVALID, errors={"year": [msg.YEAR_INVALID]})
    return int(text)


HOLIDAY_YEAR_LIST = ListSpec(
    searchable={"year": lambda qs, value: qs.filter(year=int(value)) if _year_in_range(value) else qs.none()},
    orderable={"year": "year", "count": "count"},
    default_order=("year", "desc"),
    tie_breaker="year",
)


class HolidayLeaveFlag(serializers.Serializer[Any]):
    # The metaclass takes the field out of the class, so it does not shadow Serializer.label at runtime.
    label = serializers.DateField(source="date")  # type: ignore[assignment]
    value = serializers.IntegerField(source="is_collective_leave", help_text="1 = cuti bersama")


class HolidayDatesField(serializers.ListField):
    """The holiday's first and last date."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.DateField(), source="*", read_only=True, **kwargs)

    def to_representation(self, data: Any) -> list[Any]:
        return super().to_representation([data.start_date, data.end_date])


class HolidayItem(IdOutput):
    name = serializers.CharField()
    date = HolidayDatesField(help_text="[mulai, akhir]")
    leave = HolidayLeaveFlag(source="dates", many=True)


class HolidayYearOutput(serializers.Serializer[Any]):
    year = serializers.IntegerField()
    count = serializers.IntegerField()
    holidays = HolidayItem(many=True)
    collective_leave_dates = serializers.ListField(child=serializers.DateField())


def collective_dates(raw: Any) -> list[date]:
    """The dates ticked as collective leave in `leave` ([{label: YYYY-MM-DD, value: 0|1}])."""
    if raw in (None, ""):
        return []
    if not isinstance(raw, list):
        raise Unprocessable(msg.LEAVE_INVALID, errors={"leave": [msg.LEAVE_INVALID]})
    dates: list[date] = []
    for item in raw:
        if not isinstance(item, dict):
            raise Unprocessable(msg.LEAVE_INVALID, errors={"leave": [msg.LEAVE_INVALID]})
        value = str(item.get("value", 0)).strip().lower()
        if value not in ("0", "1", "true", "false"):
            raise Unprocessable(msg.LEAVE_INVALID, errors={"leave": [msg.LEAVE_INVALID]})
        if value in ("1", "true"):
            try:
                dates.append(date.fromisoformat(str(item.get("label", ""))))
            except ValueError:
                raise Unprocessable(msg.DATE_INVALID, errors={"leave": [msg.DATE_INVALID]}) from None
    return dates


@extend_schema_field(
    {
        "type": "array",
        "description": "tanggal libur yang cuti bersama (value 1); tanggal di luar hari libur: 422",
        "items": {
            "type": "object",
            "properties": {
                "label": {"type": "string", "format": "date"},
                "value": {"type": "integer", "enum": [0, 1]},
            },
            "required": ["label", "value"],
        },
    }
)
class LeaveFlagsField(serializers.JSONField):
    """`leave` ([{label: YYYY-MM-DD, value: 0|1}], read by `collective_dates`)."""


@extend_schema_field(YEAR_SCHEMA)
class OptionalYearField(serializers.IntegerField):
    """An optional year; a null is no year, as an absent one. The schema shows only the integers."""

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data is None:
            return True, None
        return super().validate_empty_values(data)


@extend_schema_field(YEAR_SCHEMA)
class YearTextField(serializers.CharField):
    """A year read as text (`year_value` checks it); the schema shows the integers it accepts."""


@dataclass(frozen=True)
class ByBodyId(Policy):
    """`update` when the body names an existing record (`hash_id`), else `create` (doc3 §7.3 POSTs both)."""

    create: Policy
    update: Policy

    def _pick(self, request: Request) -> Policy:
        data = request.data if isinstance(request.data, Mapping) else {}
        return self.update if str(data.get("hash_id") or "").strip() else self.create

    def allows(self, access: Mapping[str, int]) -> bool:
        raise TypeError("ByBodyId needs the request: use allows_request")

    def allows_request(self, request: Request) -> bool:
        return self._pick(request).allows_request(request)

    def describe(self) -> str:
        return f"hash_id set: {self.update.describe()}; otherwise: {self.create.describe()}"


def holiday_of(hash_id: str) -> Holiday:
    return get_by_hash_id(Holiday.objects.all(), hash_id, message=msg.HOLIDAY_NOT_FOUND)


class HolidayListApi(ListApi):
    access = HOLIDAY.read
    summary = "Jumlah hari libur per tahun"
    list_spec = HOLIDAY_YEAR_LIST

    class OutputSerializer(serializers.Serializer[Any]):
        year = serializers.IntegerField()
        count = serializers.IntegerField()

    def get_queryset(self, request: Request, filters: dict[str, Any]) -> QuerySet[Any]:
        return selectors.holiday_years()


class HolidayDetailApi(KitApi):
    access = HOLIDAY.read
    summary = "Hari libur dan cuti bersama satu tahun"

    OutputSerializer = HolidayYearOutput

    @extend_schema(parameters=[OpenApiParameter("year", YEAR_SCHEMA, required=True)])
    def get(self, request: Request) -> Response:
        year = year_value(request.query_params.get("year"))
        return respond(self.output(selectors.holiday_year_detail(year=year)))


class HolidayApi(CreateApi):
    access = {"POST": ByBodyId(create=HOLIDAY.create, update=HOLIDAY.update)}
    summary = "Tambah (hash_id kosong) atau ubah hari libur; hari kehadiran tanggal terkait dihitung ulang"

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = hash_id_field()
        year = OptionalYearField(
            required=False,
            min_value=MIN_YEAR,
            max_value=MAX_YEAR,
            error_messages={
                "invalid": msg.YEAR_INVALID,
                "min_value": msg.YEAR_INVALID,
                "max_value": msg.YEAR_INVALID,
            },
        )
        name = name_field()
        date = serializers.ListField(
            child=date_field(msg.HOLIDAY_DATE_REQUIRED),
            min_length=1,
            max_length=2,
            error_messages=error_messages(
                msg.HOLIDAY_DATE_REQUIRED,
                not_a_list=msg.HOLIDAY_DATE_REQUIRED,
                empty=msg.HOLIDAY_DATE_REQUIRED,
                min_length=msg.HOLIDAY_DATE_REQUIRED,
                max_length=msg.HOLIDAY_DATE_REQUIRED,
            ),
        )
        leave = LeaveFlagsField(required=False, allow_null=True)

    OutputSerializer = HolidayItem

    # A new holiday answers 201, a changed one 200 (the kit documents only the create).
    @extend_schema(
        responses=answers(
            {
                200: envelope_schema("HolidayUpdateEnvelope", OutputSerializer()),
                201: envelope_schema("HolidayCreateEnvelope", OutputSerializer()),
            },
            403,
            404,
            422,
        )
    )
    def post(self, request: Request) -> Response:
        data = read_body(self.InputSerializer, request)
        hash_id = str(data.get("hash_id") or "").strip()
        holiday = holiday_of(hash_id) if hash_id else None
        dates = data["date"]
        saved = holiday_save(
            holiday=holiday,
            name=data["name"],
            start=dates[0],
            end=dates[-1],
            collective=collective_dates(data.get("leave")),
            year=data.get("year"),
        )
        if holiday is None:
            return respond(self.output(saved), message=core_messages.SAVED, status_code=201)
        return respond(self.output(saved), message=core_messages.UPDATED)


class HolidayDeleteApi(DeleteApi):
    access = {"DELETE": HOLIDAY.delete}
    summary = "Hapus satu hari libur"

    def get_object(self, request: Request, hash_id: str) -> Holiday:
        return holiday_of(hash_id)

    def perform(self, request: Request, obj: Holiday) -> None:
        holiday_delete(holiday=obj)


class HolidayYearDeleteApi(APIView):
    access = {"DELETE": HOLIDAY.delete}

    @extend_schema(
        parameters=[OpenApiParameter("year", YEAR_SCHEMA, location=OpenApiParameter.PATH)],
        request=None,
        responses=answers(MessageEnvelope, 403, 404, 422),
        summary="Hapus semua hari libur satu tahun",
    )
    def delete(self, request: Request, year: str) -> Response:
        value = year_value(year)
        holiday_year_delete(year=value)
        return respond(None, message=msg.YEAR_DELETED.format(year=value))


class HolidayDuplicateApi(CreateApi):
    access = {"POST": HOLIDAY.create}
    summary = "Duplikat hari libur dari tahun lalu ke tahun ini (tanggal dan bulan sama)"
    extra_errors = (409,)

    class InputSerializer(serializers.Serializer[Any]):
        year = YearTextField(error_messages=error_messages(msg.YEAR_REQUIRED))

    OutputSerializer = HolidayYearOutput

    def post(self, request: Request) -> Response:
        year = year_value(read_body(self.InputSerializer, request)["year"])
        count = holiday_year_duplicate(year=year)
        return respond(
            self.output(selectors.holiday_year_detail(year=year)),
            message=msg.DUPLICATED.format(count=count, source=year - 1, year=year),
            status_code=201,
        )
