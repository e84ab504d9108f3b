"""Settings endpoints (doc3 §7.2-7.5): shifts, shift patterns and their content, holidays, blacklisted
apps, special and additional leave kinds, system trouble.

Every view declares its flags (doc3 §6): viewing needs the list flag, writing the list flag and its
_create/_update/_delete child. Shift update is PUT (DESIGN §10); a holiday is created or changed by
POST with or without hash_id (doc3 §7.3), so that view checks the child flag from the body.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core import messages as core_messages
from server.core.envelope import Unprocessable, respond
from server.core.hashids import get_by_hash_id
from server.core.listing import ListSpec, list_response
from server.core.policy import AccessCheck, AllFlags, AnyFlag, Policy, SignedIn
from server.core.schema import (
    MessageEnvelope,
    envelope_schema,
    inline_serializer,
    list_envelope_schema,
    list_parameters,
    requiring_id,
)
from server.schedules import messages as msg
from server.schedules import selectors, services
from server.schedules.models import (
    AdditionalLeave,
    BlacklistApp,
    Holiday,
    Shift,
    ShiftPattern,
    ShiftPatternContent,
    ShiftType,
    SpecialLeave,
    SystemTrouble,
)

MIN_YEAR, MAX_YEAR = 2000, 2100


# A year parameter as year_value() accepts it.
YEAR_SCHEMA = {"type": "integer", "minimum": MIN_YEAR, "maximum": MAX_YEAR}


def _year_digits(text: str) -> bool:
    """ASCII digits of a year: int() refuses some Unicode digits ("²") and the database a huge one."""
    return text.isascii() and text.isdigit() and len(text) <= 4


def _year_in_range(text: str) -> bool:
    """A year the filter can look for (a year filter of 0 cannot be built: it matches nothing)."""
    return _year_digits(text) and MIN_YEAR <= int(text) <= MAX_YEAR


def crud(base: str) -> dict[str, Policy]:
    """The policies of one settings kind: view = the list flag; writes also need their child flag."""
    return {
        "GET": AllFlags(base),
        "POST": AllFlags(base, f"{base}_create"),
        "PUT": AllFlags(base, f"{base}_update"),
        "DELETE": AllFlags(base, f"{base}_delete"),
    }


SHIFT = crud("allow_setting_shift")
PATTERN = crud("allow_setting_shift_pattern")
HOLIDAY = crud("allow_setting_holiday")
BLACKLIST = crud("allow_blacklist_app")
SPECIAL = crud("allow_cuti_khusus")
ADDITIONAL = crud("allow_cuti_tambahan")
TROUBLE = crud("allow_system_trouble")
# The pattern screen picks shifts from the shift list (page 1, 100 rows) without the shift flag.
SHIFT_VIEW = AnyFlag("allow_setting_shift", "allow_setting_shift_pattern")


def _errors(required: str, **extra: str) -> dict[str, Any]:
    return {"required": required, "null": required, "blank": required, **extra}


def text_field(required: str, *, max_length: int, too_long: str) -> serializers.CharField:
    return serializers.CharField(
        max_length=max_length, error_messages=_errors(required, invalid=required, max_length=too_long)
    )


def optional_code() -> serializers.CharField:
    return serializers.CharField(
        required=False, allow_blank=True, max_length=32, error_messages={"max_length": msg.CODE_TOO_LONG}
    )


@extend_schema_field(
    {"type": "string", "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$", "example": "08:00"}
)
class ClockTimeField(serializers.TimeField):
    """A time of day as HH:mm (or HH:mm:ss); the schema shows that pattern, not `format: time` (which
    allows fractions and time zones the server refuses)."""


def time_field(required: str) -> serializers.TimeField:
    return ClockTimeField(
        input_formats=["%H:%M", "%H:%M:%S"], error_messages=_errors(required, invalid=msg.TIME_INVALID)
    )


def int_field(required: str, invalid: str, *, min_value: int, max_value: int) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=min_value,
        max_value=max_value,
        error_messages=_errors(
            required, invalid=invalid, min_value=invalid, max_value=invalid, max_string_length=invalid
        ),
    )


def date_field(required: str) -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"], error_messages=_errors(required, invalid=msg.DATE_INVALID)
    )


def hash_id_field() -> serializers.CharField:
    return serializers.CharField(required=False, allow_blank=True, allow_null=True, default="")


def valid(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def required_hash_id(data: dict[str, Any]) -> str:
    hash_id = str(data.get("hash_id") or "").strip()
    if not hash_id:
        raise Unprocessable(msg.ID_REQUIRED, errors={"hash_id": [msg.ID_REQUIRED]})
    return hash_id


def rows_of(row: Any) -> Any:
    def serialize(items: Iterable[Any], first: int) -> list[dict[str, Any]]:
        return [row(item) for item in items]

    return serialize


def saved(data: Any, *, created: bool) -> Response:
    message = core_messages.SAVED if created else core_messages.UPDATED
    return respond(data, message=message, status_code=201 if created else 200)


def deleted() -> Response:
    return respond(None, message=core_messages.DELETED)


class RowSchema:
    """One OpenAPI row component, as a single object (`one`) and as a list (`many`)."""

    def __init__(self, name: str, fields: dict[str, serializers.Field[Any, Any, Any, Any]]) -> None:
        self.one = inline_serializer(name, fields)
        self.many = inline_serializer(f"{name}List", fields, many=True)


def row_schema(name: str, fields: dict[str, serializers.Field[Any, Any, Any, Any]]) -> RowSchema:
    return RowSchema(name, fields)


ID_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "id": serializers.CharField(),
    "hash_id": serializers.CharField(),
}
WRITE_ERRORS = {403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope, 422: MessageEnvelope}


def detail_responses(name: str, row: Any) -> dict[int, Any]:
    return {200: envelope_schema(f"{name}Envelope", row), 403: MessageEnvelope, 404: MessageEnvelope}


def save_responses(name: str, row: Any) -> dict[int, Any]:
    envelope = envelope_schema(f"{name}SavedEnvelope", row)
    return {200: envelope, 201: envelope, **WRITE_ERRORS}


# --- Shifts ---------------------------------------------------------------------------------------

SHIFT_LIST = ListSpec(
    searchable={"code": "code__icontains", "name": "name__icontains"},
    orderable={
        "code": "code",
        "name": "name",
        "time_in": "time_in",
        "time_out": "time_out",
        "minimum_check_in_time": "minimum_check_in_time",
    },
    global_search=("code", "name"),
    default_order=("code", "asc"),
)
ShiftRow = row_schema(
    "SettingShift",
    {
        **ID_FIELDS,
        "code": serializers.CharField(),
        "name": serializers.CharField(),
        "type": serializers.CharField(help_text="working_shift atau non_working_shift"),
        "time_in": serializers.CharField(help_text="HH:mm:ss"),
        "time_out": serializers.CharField(),
        "break_start": serializers.CharField(),
        "break_end": serializers.CharField(),
        "late_in_minutes": serializers.IntegerField(),
        "early_out_minutes": serializers.IntegerField(),
        "minimum_check_in_time": serializers.IntegerField(help_text="jam sebelum time_in"),
        "minimum_check_out_time": serializers.IntegerField(),
        "maximum_check_out_time": serializers.IntegerField(),
        "check_in_start": serializers.CharField(help_text="Mulai Check In (HH:mm:ss)"),
    },
)


class ShiftInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    code = optional_code()
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    type = serializers.ChoiceField(
        choices=ShiftType.values, error_messages=_errors(msg.TYPE_REQUIRED, invalid_choice=msg.TYPE_INVALID)
    )
    time_in = time_field(msg.TIME_IN_REQUIRED)
    time_out = time_field(msg.TIME_OUT_REQUIRED)
    break_start = time_field(msg.BREAK_START_REQUIRED)
    break_end = time_field(msg.BREAK_END_REQUIRED)
    late_in_minutes = int_field(msg.LATE_IN_REQUIRED, msg.MINUTES_INVALID, min_value=0, max_value=1440)
    early_out_minutes = int_field(msg.EARLY_OUT_REQUIRED, msg.MINUTES_INVALID, min_value=0, max_value=1440)
    minimum_check_in_time = int_field(
        msg.MINIMUM_CHECK_IN_REQUIRED, msg.HOURS_INVALID, min_value=0, max_value=23
    )


ShiftUpdateInput = requiring_id(ShiftInput, "ShiftUpdateInput")


def shift_fields(data: dict[str, Any]) -> services.ShiftFields:
    return services.ShiftFields(
        code=data.get("code") or "",
        name=data["name"],
        type=data["type"],
        time_in=data["time_in"],
        time_out=data["time_out"],
        break_start=data["break_start"],
        break_end=data["break_end"],
        late_in_minutes=data["late_in_minutes"],
        early_out_minutes=data["early_out_minutes"],
        minimum_check_in_time=data["minimum_check_in_time"],
    )


def shift_of(hash_id: str) -> Shift:
    return get_by_hash_id(Shift.objects.all(), hash_id, message=msg.SHIFT_NOT_FOUND)


class ShiftListApi(APIView):
    access = SHIFT_VIEW

    @extend_schema(
        parameters=list_parameters(SHIFT_LIST),
        responses={
            200: list_envelope_schema("SettingShiftListEnvelope", ShiftRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar jam kerja",
    )
    def get(self, request: Request) -> Response:
        return list_response(request, Shift.objects.all(), SHIFT_LIST, rows_of(selectors.shift_row))


class ShiftDetailApi(APIView):
    access = SHIFT_VIEW

    @extend_schema(responses=detail_responses("SettingShiftDetail", ShiftRow.one), summary="Detail jam kerja")
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.shift_row(shift_of(hash_id)))


class ShiftApi(APIView):
    access = {"POST": SHIFT["POST"], "PUT": SHIFT["PUT"]}

    @extend_schema(
        request=ShiftInput,
        responses=save_responses("SettingShiftCreate", ShiftRow.one),
        summary="Tambah jam kerja",
    )
    def post(self, request: Request) -> Response:
        data = valid(ShiftInput, request)
        return saved(selectors.shift_row(services.shift_create(fields=shift_fields(data))), created=True)

    @extend_schema(
        request=ShiftUpdateInput,
        responses=save_responses("SettingShiftUpdate", ShiftRow.one),
        summary="Ubah jam kerja (hash_id di body); hari kehadiran pemakainya dihitung ulang",
    )
    def put(self, request: Request) -> Response:
        data = valid(ShiftInput, request)
        shift = shift_of(required_hash_id(data))
        return saved(
            selectors.shift_row(services.shift_update(shift=shift, fields=shift_fields(data))), created=False
        )


class ShiftDeleteApi(APIView):
    access = {"DELETE": SHIFT["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Hapus jam kerja (ditolak bila masih dipakai pola kerja)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.shift_delete(shift=shift_of(hash_id))
        return deleted()


# --- Shift patterns -------------------------------------------------------------------------------

PATTERN_LIST = ListSpec(
    searchable={"code": "code__icontains", "name": "name__icontains"},
    orderable={
        "code": "code",
        "name": "name",
        "day_circle_number": "day_circle_number",
        "starting_date": "starting_date",
    },
    global_search=("code", "name"),
    default_order=("code", "asc"),
)
PATTERN_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **ID_FIELDS,
    "code": serializers.CharField(),
    "name": serializers.CharField(),
    "type": serializers.CharField(),
    "starting_date": serializers.DateField(),
    "day_circle_number": serializers.IntegerField(),
}
PatternRow = row_schema("SettingShiftPattern", PATTERN_FIELDS)
PatternDetail = row_schema(
    "SettingShiftPatternDetail",
    {
        **PATTERN_FIELDS,
        "content_total": serializers.IntegerField(),
        "employee_total": serializers.IntegerField(help_text="karyawan yang memakai pola ini"),
    },
)
ContentRow = row_schema(
    "SettingShiftPatternContent",
    {
        **ID_FIELDS,
        "day_number": serializers.IntegerField(),
        "shift_hash_id": serializers.CharField(),
        "setting_shift_name": serializers.CharField(),
        "setting_shift_code": serializers.CharField(),
        "setting_shift_type": serializers.CharField(),
        "setting_shift_time_in": serializers.CharField(),
        "setting_shift_time_out": serializers.CharField(),
        "setting_shift_minimum_check_in_time": serializers.IntegerField(),
        "setting_shift_check_in_start": serializers.CharField(),
        "setting_shift_late_in": serializers.IntegerField(),
        "setting_shift_early_out": serializers.IntegerField(),
    },
)


class PatternInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    code = optional_code()
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    type = serializers.CharField(required=False, allow_blank=True, max_length=16, default="fix")
    starting_date = date_field(msg.DATE_REQUIRED)
    day_circle_number = int_field(msg.CYCLE_REQUIRED, msg.CYCLE_INVALID, min_value=1, max_value=366)


PatternUpdateInput = requiring_id(PatternInput, "PatternUpdateInput")


def pattern_fields(data: dict[str, Any]) -> services.PatternFields:
    return services.PatternFields(
        code=data.get("code") or "",
        name=data["name"],
        type=data.get("type") or "fix",
        starting_date=data["starting_date"],
        day_circle_number=data["day_circle_number"],
    )


def pattern_of(hash_id: str) -> ShiftPattern:
    return get_by_hash_id(ShiftPattern.objects.all(), hash_id, message=msg.PATTERN_NOT_FOUND)


def content_of(hash_id: str) -> ShiftPatternContent:
    return get_by_hash_id(ShiftPatternContent.objects.all(), hash_id, message=msg.CONTENT_NOT_FOUND)


class ShiftPatternListApi(APIView):
    access = PATTERN["GET"]

    @extend_schema(
        parameters=list_parameters(PATTERN_LIST),
        responses={
            200: list_envelope_schema("SettingShiftPatternListEnvelope", PatternRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar pola kerja",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request, ShiftPattern.objects.all(), PATTERN_LIST, rows_of(selectors.shift_pattern_row)
        )


class ShiftPatternDetailApi(APIView):
    access = PATTERN["GET"]

    @extend_schema(
        responses=detail_responses("SettingShiftPatternDetail", PatternDetail.one),
        summary="Detail pola kerja",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.shift_pattern_detail(pattern_of(hash_id)))


class ShiftPatternApi(APIView):
    access = {"POST": PATTERN["POST"], "PUT": PATTERN["PUT"]}

    @extend_schema(
        request=PatternInput,
        responses=save_responses("SettingShiftPatternCreate", PatternDetail.one),
        summary="Tambah pola kerja (data.id untuk memuat detail dan menambah jam kerja)",
    )
    def post(self, request: Request) -> Response:
        pattern = services.shift_pattern_create(fields=pattern_fields(valid(PatternInput, request)))
        return saved(selectors.shift_pattern_detail(pattern), created=True)

    @extend_schema(
        request=PatternUpdateInput,
        responses=save_responses("SettingShiftPatternUpdate", PatternDetail.one),
        summary="Ubah pola kerja (hash_id di body)",
    )
    def put(self, request: Request) -> Response:
        data = valid(PatternInput, request)
        pattern = services.shift_pattern_update(
            pattern=pattern_of(required_hash_id(data)), fields=pattern_fields(data)
        )
        return saved(selectors.shift_pattern_detail(pattern), created=False)


class ShiftPatternDeleteApi(APIView):
    access = {"DELETE": PATTERN["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Hapus pola kerja (ditolak bila masih dipakai karyawan)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.shift_pattern_delete(pattern=pattern_of(hash_id))
        return deleted()


# Editing a pattern's cycle: its update flag, or its create flag (a new pattern is filled right after
# it is saved).
CONTENT_WRITE = AccessCheck(
    "all of allow_setting_shift_pattern and any of allow_setting_shift_pattern_create, "
    "allow_setting_shift_pattern_update",
    lambda access: bool(
        access.get("allow_setting_shift_pattern")
        and (
            access.get("allow_setting_shift_pattern_create")
            or access.get("allow_setting_shift_pattern_update")
        )
    ),
)


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


class ContentInput(serializers.Serializer[Any]):
    shift_pattern_hash_id = serializers.CharField(error_messages=_errors(msg.PATTERN_REQUIRED))
    shift_hash_id = serializers.CharField(error_messages=_errors(msg.SHIFT_REQUIRED))


class ShiftPatternContentApi(APIView):
    """GET: the content of a pattern (id = pattern); DELETE: one content item (id = item)."""

    access = {"GET": PATTERN["GET"], "DELETE": CONTENT_WRITE}

    @extend_schema(
        responses={
            200: envelope_schema("SettingShiftPatternContentEnvelope", ContentRow.many),
            403: MessageEnvelope,
            404: MessageEnvelope,
        },
        summary="Isi siklus pola kerja (urut hari)",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.shift_pattern_content_rows(pattern=pattern_of(hash_id)))

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope},
        summary="Hapus jam kerja dari siklus (hari sesudahnya maju satu)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.shift_pattern_content_delete(content=content_of(hash_id))
        return deleted()


class ShiftPatternContentAddApi(APIView):
    access = {"POST": CONTENT_WRITE}

    @extend_schema(
        request=ContentInput,
        responses={
            201: envelope_schema("SettingShiftPatternContentAddEnvelope", ContentRow.many),
            **WRITE_ERRORS,
        },
        summary="Tambah jam kerja ke hari berikutnya dalam siklus (data = isi siklus terbaru)",
    )
    def post(self, request: Request) -> Response:
        data = valid(ContentInput, request)
        pattern = pattern_of(data["shift_pattern_hash_id"])
        shift = shift_of(data["shift_hash_id"])
        services.shift_pattern_content_add(pattern=pattern, shift=shift)
        rows = selectors.shift_pattern_content_rows(pattern=pattern)
        return respond(rows, message=msg.CONTENT_ADDED.format(total=len(rows)), status_code=201)


class ShiftPatternContentMoveApi(APIView):
    access = {"PUT": CONTENT_WRITE}
    step = -1

    @extend_schema(
        request=None,
        responses={
            200: envelope_schema("SettingShiftPatternContentMovedEnvelope", ContentRow.many),
            **WRITE_ERRORS,
        },
        summary="Pindahkan jam kerja satu hari dalam siklus (data = isi siklus terbaru)",
    )
    def put(self, request: Request, hash_id: str) -> Response:
        content = services.shift_pattern_content_move(content=content_of(hash_id), step=self.step)
        pattern = ShiftPattern.objects.get(pk=content.pattern_id)
        return respond(selectors.shift_pattern_content_rows(pattern=pattern), message=core_messages.UPDATED)


class ShiftPatternContentUpApi(ShiftPatternContentMoveApi):
    step = -1


class ShiftPatternContentDownApi(ShiftPatternContentMoveApi):
    step = 1


# --- Holidays -------------------------------------------------------------------------------------

HOLIDAY_YEAR_LIST = ListSpec(
    searchable={"year": lambda qs, value: qs.filter(year=int(value)) if _year_in_range(value) else qs.none()},
    orderable={"year": "year", "count": "count"},
    default_order=("year", "desc"),
    tie_breaker="year",
)
HolidayYearRow = row_schema(
    "SettingHolidayYear", {"year": serializers.IntegerField(), "count": serializers.IntegerField()}
)
LeaveFlag = row_schema(
    "SettingHolidayLeave",
    {"label": serializers.DateField(), "value": serializers.IntegerField(help_text="1 = cuti bersama")},
)
HolidayItem = row_schema(
    "SettingHoliday",
    {
        **ID_FIELDS,
        "name": serializers.CharField(),
        "date": serializers.ListField(child=serializers.DateField(), help_text="[mulai, akhir]"),
        "leave": LeaveFlag.many,
    },
)
HolidayYearDetail = row_schema(
    "SettingHolidayYearDetail",
    {
        "year": serializers.IntegerField(),
        "count": serializers.IntegerField(),
        "holidays": HolidayItem.many,
        "collective_leave_dates": serializers.ListField(child=serializers.DateField()),
    },
)


def year_value(raw: Any) -> int:
    text = str(raw if raw is not None else "").strip()
    if text == "":
        raise Unprocessable(msg.YEAR_REQUIRED, errors={"year": [msg.YEAR_REQUIRED]})
    if not _year_digits(text) or not MIN_YEAR <= int(text) <= MAX_YEAR:
        raise Unprocessable(msg.YEAR_INVALID, errors={"year": [msg.YEAR_INVALID]})
    return int(text)


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


class HolidayInput(serializers.Serializer[Any]):
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
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    date = serializers.ListField(
        child=date_field(msg.HOLIDAY_DATE_REQUIRED),
        min_length=1,
        max_length=2,
        error_messages=_errors(
            msg.HOLIDAY_DATE_REQUIRED,
            not_a_list=msg.HOLIDAY_DATE_REQUIRED,
            empty=msg.HOLIDAY_DATE_REQUIRED,
            min_length=msg.HOLIDAY_DATE_REQUIRED,
            max_length=msg.HOLIDAY_DATE_REQUIRED,
        ),
    )
    leave = LeaveFlagsField(required=False, allow_null=True)


class HolidayListApi(APIView):
    access = HOLIDAY["GET"]

    @extend_schema(
        parameters=list_parameters(HOLIDAY_YEAR_LIST),
        responses={
            200: list_envelope_schema("SettingHolidayYearListEnvelope", HolidayYearRow.many),
            403: MessageEnvelope,
        },
        summary="Jumlah hari libur per tahun",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request,
            selectors.holiday_years(),
            HOLIDAY_YEAR_LIST,
            lambda rows, first: [{"year": r["year"], "count": r["count"]} for r in rows],
        )


class HolidayDetailApi(APIView):
    access = HOLIDAY["GET"]

    @extend_schema(
        parameters=[OpenApiParameter("year", YEAR_SCHEMA, required=True)],
        responses={
            200: envelope_schema("SettingHolidayYearEnvelope", HolidayYearDetail.one),
            403: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Hari libur dan cuti bersama satu tahun",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.holiday_year_detail(year=year_value(request.query_params.get("year"))))


class HolidayApi(APIView):
    access = {"POST": ByBodyId(create=HOLIDAY["POST"], update=HOLIDAY["PUT"])}

    @extend_schema(
        request=HolidayInput,
        responses=save_responses("SettingHolidaySave", HolidayItem.one),
        summary="Tambah (hash_id kosong) atau ubah hari libur; hari kehadiran tanggal terkait dihitung ulang",
    )
    def post(self, request: Request) -> Response:
        data = valid(HolidayInput, request)
        hash_id = str(data.get("hash_id") or "").strip()
        holiday = (
            get_by_hash_id(Holiday.objects.all(), hash_id, message=msg.HOLIDAY_NOT_FOUND) if hash_id else None
        )
        dates = data["date"]
        start, end = dates[0], dates[-1]
        saved_holiday = services.holiday_save(
            holiday=holiday,
            name=data["name"],
            start=start,
            end=end,
            collective=collective_dates(data.get("leave")),
            year=data.get("year"),
        )
        return saved(selectors.holiday_item(saved_holiday), created=holiday is None)


class HolidayDeleteApi(APIView):
    access = {"DELETE": HOLIDAY["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope},
        summary="Hapus satu hari libur",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.holiday_delete(
            holiday=get_by_hash_id(Holiday.objects.all(), hash_id, message=msg.HOLIDAY_NOT_FOUND)
        )
        return deleted()


class HolidayYearDeleteApi(APIView):
    access = {"DELETE": HOLIDAY["DELETE"]}

    @extend_schema(
        parameters=[OpenApiParameter("year", YEAR_SCHEMA, location=OpenApiParameter.PATH)],
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 422: MessageEnvelope},
        summary="Hapus semua hari libur satu tahun",
    )
    def delete(self, request: Request, year: str) -> Response:
        value = year_value(year)
        services.holiday_year_delete(year=value)
        return respond(None, message=msg.YEAR_DELETED.format(year=value))


@extend_schema_field(YEAR_SCHEMA)
class YearTextField(serializers.CharField):
    """A year read as text (`year_value` checks it); the schema shows the integers it accepts."""


class HolidayDuplicateInput(serializers.Serializer[Any]):
    year = YearTextField(error_messages=_errors(msg.YEAR_REQUIRED))


class HolidayDuplicateApi(APIView):
    access = {"POST": HOLIDAY["POST"]}

    @extend_schema(
        request=HolidayDuplicateInput,
        responses={
            201: envelope_schema("SettingHolidayDuplicateEnvelope", HolidayYearDetail.one),
            **WRITE_ERRORS,
        },
        summary="Duplikat hari libur dari tahun lalu ke tahun ini (tanggal dan bulan sama)",
    )
    def post(self, request: Request) -> Response:
        year = year_value(valid(HolidayDuplicateInput, request)["year"])
        count = services.holiday_year_duplicate(year=year)
        return respond(
            selectors.holiday_year_detail(year=year),
            message=msg.DUPLICATED.format(count=count, source=year - 1, year=year),
            status_code=201,
        )


# --- Blacklisted apps -----------------------------------------------------------------------------

BLACKLIST_LIST = ListSpec(
    searchable={
        "name": "name__icontains",
        "package_id": "package_id__icontains",
        "is_allow": lambda qs, value: qs.filter(is_allow=value in ("1", "true")),
    },
    orderable={"name": "name", "package_id": "package_id", "is_allow": "is_allow"},
    global_search=("name", "package_id"),
    default_order=("name", "asc"),
)
BLACKLIST_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **ID_FIELDS,
    "name": serializers.CharField(),
    "package_id": serializers.CharField(),
    "is_allow": serializers.IntegerField(help_text="1 = diizinkan (Blacklist 'Tidak'), 0 = diblokir ('Ya')"),
}
BlacklistRow = row_schema("SettingBlacklistAppRow", {"no": serializers.IntegerField(), **BLACKLIST_FIELDS})
BlacklistDetail = row_schema("SettingBlacklistApp", BLACKLIST_FIELDS)


class BlacklistInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    package_id = text_field(msg.PACKAGE_ID_REQUIRED, max_length=255, too_long=msg.PACKAGE_ID_TOO_LONG)
    is_allow = serializers.IntegerField(
        required=False,
        default=1,
        min_value=0,
        max_value=1,
        error_messages=_errors(
            msg.FLAG_INVALID, invalid=msg.FLAG_INVALID, min_value=msg.FLAG_INVALID, max_value=msg.FLAG_INVALID
        ),
    )


BlacklistUpdateInput = requiring_id(BlacklistInput, "BlacklistUpdateInput")


def blacklist_of(hash_id: str) -> BlacklistApp:
    return get_by_hash_id(BlacklistApp.objects.all(), hash_id, message=msg.BLACKLIST_NOT_FOUND)


class BlacklistAppListApi(APIView):
    access = BLACKLIST["GET"]

    @extend_schema(
        parameters=list_parameters(BLACKLIST_LIST),
        responses={
            200: list_envelope_schema("SettingBlacklistAppListEnvelope", BlacklistRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar aplikasi (blacklist)",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request,
            BlacklistApp.objects.all(),
            BLACKLIST_LIST,
            lambda rows, first: [selectors.blacklist_app_row(app, first + i) for i, app in enumerate(rows)],
        )


class BlacklistAppDetailApi(APIView):
    access = BLACKLIST["GET"]

    @extend_schema(
        responses=detail_responses("SettingBlacklistAppDetail", BlacklistDetail.one),
        summary="Detail aplikasi",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.blacklist_app_row(blacklist_of(hash_id)))


class BlacklistAppApi(APIView):
    access = {"POST": BLACKLIST["POST"], "PUT": BLACKLIST["PUT"]}

    @extend_schema(
        request=BlacklistInput,
        responses=save_responses("SettingBlacklistAppCreate", BlacklistDetail.one),
        summary="Tambah aplikasi",
    )
    def post(self, request: Request) -> Response:
        data = valid(BlacklistInput, request)
        app = services.blacklist_app_save(
            app=None, name=data["name"], package_id=data["package_id"], is_allow=bool(data["is_allow"])
        )
        return saved(selectors.blacklist_app_row(app), created=True)

    @extend_schema(
        request=BlacklistUpdateInput,
        responses=save_responses("SettingBlacklistAppUpdate", BlacklistDetail.one),
        summary="Ubah aplikasi (hash_id di body)",
    )
    def put(self, request: Request) -> Response:
        data = valid(BlacklistInput, request)
        app = services.blacklist_app_save(
            app=blacklist_of(required_hash_id(data)),
            name=data["name"],
            package_id=data["package_id"],
            is_allow=bool(data["is_allow"]),
        )
        return saved(selectors.blacklist_app_row(app), created=False)


class BlacklistAppDeleteApi(APIView):
    access = {"DELETE": BLACKLIST["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope},
        summary="Hapus aplikasi",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.blacklist_app_delete(app=blacklist_of(hash_id))
        return deleted()


# --- Special leave (cuti khusus), additional leave (cuti tambahan), system trouble ----------------

SPECIAL_LIST = ListSpec(
    searchable={"name": "name__icontains", "code": "code__icontains"},
    orderable={"name": "name", "code": "code", "jumlah_hari": "jumlah_hari"},
    global_search=("name", "code"),
    default_order=("name", "asc"),
)
SpecialRow = row_schema(
    "SettingSpecialLeave",
    {
        **ID_FIELDS,
        "name": serializers.CharField(),
        "code": serializers.CharField(),
        "jumlah_hari": serializers.IntegerField(),
    },
)


class SpecialLeaveInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    code = text_field(msg.CODE_REQUIRED, max_length=32, too_long=msg.CODE_TOO_LONG)
    jumlah_hari = int_field(msg.DAYS_REQUIRED, msg.DAYS_INVALID, min_value=1, max_value=365)


SpecialLeaveUpdateInput = requiring_id(SpecialLeaveInput, "SpecialLeaveUpdateInput")


def special_of(hash_id: str) -> SpecialLeave:
    return get_by_hash_id(SpecialLeave.objects.all(), hash_id, message=msg.SPECIAL_LEAVE_NOT_FOUND)


class SpecialLeaveListApi(APIView):
    access = SPECIAL["GET"]

    @extend_schema(
        parameters=list_parameters(SPECIAL_LIST),
        responses={
            200: list_envelope_schema("SettingSpecialLeaveListEnvelope", SpecialRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar cuti khusus",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request, SpecialLeave.objects.all(), SPECIAL_LIST, rows_of(selectors.special_leave_row)
        )


class SpecialLeaveRuleApi(APIView):
    """Every special-leave kind, for the pickers of other screens (izin requests, reports)."""

    access = SignedIn()

    @extend_schema(
        responses={200: envelope_schema("SettingSpecialLeaveRuleEnvelope", SpecialRow.many)},
        summary="Semua jenis cuti khusus (untuk pilihan)",
    )
    def get(self, request: Request) -> Response:
        return respond(
            [selectors.special_leave_row(leave) for leave in SpecialLeave.objects.order_by("name", "pk")]
        )


class SpecialLeaveDetailApi(APIView):
    access = SPECIAL["GET"]

    @extend_schema(
        responses=detail_responses("SettingSpecialLeaveDetail", SpecialRow.one), summary="Detail cuti khusus"
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.special_leave_row(special_of(hash_id)))


class SpecialLeaveApi(APIView):
    access = {"POST": SPECIAL["POST"], "PUT": SPECIAL["PUT"]}

    @extend_schema(
        request=SpecialLeaveInput,
        responses=save_responses("SettingSpecialLeaveCreate", SpecialRow.one),
        summary="Tambah cuti khusus",
    )
    def post(self, request: Request) -> Response:
        data = valid(SpecialLeaveInput, request)
        leave = services.special_leave_save(
            leave=None, name=data["name"], code=data["code"], jumlah_hari=data["jumlah_hari"]
        )
        return saved(selectors.special_leave_row(leave), created=True)

    @extend_schema(
        request=SpecialLeaveUpdateInput,
        responses=save_responses("SettingSpecialLeaveUpdate", SpecialRow.one),
        summary="Ubah cuti khusus",
    )
    def put(self, request: Request) -> Response:
        data = valid(SpecialLeaveInput, request)
        leave = services.special_leave_save(
            leave=special_of(required_hash_id(data)),
            name=data["name"],
            code=data["code"],
            jumlah_hari=data["jumlah_hari"],
        )
        return saved(selectors.special_leave_row(leave), created=False)


class SpecialLeaveDeleteApi(APIView):
    access = {"DELETE": SPECIAL["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Hapus cuti khusus (ditolak bila sudah dipakai pengajuan izin)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.special_leave_delete(leave=special_of(hash_id))
        return deleted()


ADDITIONAL_LIST = ListSpec(
    searchable={"name": "name__icontains", "code": "code__icontains"},
    orderable={"name": "name", "code": "code"},
    global_search=("name", "code"),
    default_order=("name", "asc"),
)
AdditionalRow = row_schema(
    "SettingAdditionalLeave", {**ID_FIELDS, "name": serializers.CharField(), "code": serializers.CharField()}
)


class AdditionalLeaveInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    name = text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)
    code = text_field(msg.CODE_REQUIRED, max_length=32, too_long=msg.CODE_TOO_LONG)


AdditionalLeaveUpdateInput = requiring_id(AdditionalLeaveInput, "AdditionalLeaveUpdateInput")


def additional_of(hash_id: str) -> AdditionalLeave:
    return get_by_hash_id(AdditionalLeave.objects.all(), hash_id, message=msg.ADDITIONAL_LEAVE_NOT_FOUND)


class AdditionalLeaveListApi(APIView):
    access = ADDITIONAL["GET"]

    @extend_schema(
        parameters=list_parameters(ADDITIONAL_LIST),
        responses={
            200: list_envelope_schema("SettingAdditionalLeaveListEnvelope", AdditionalRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar cuti tambahan",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request, AdditionalLeave.objects.all(), ADDITIONAL_LIST, rows_of(selectors.additional_leave_row)
        )


class AdditionalLeaveRuleApi(APIView):
    """Every additional-leave kind, for the pickers of other screens (leave adjustment)."""

    access = SignedIn()

    @extend_schema(
        responses={200: envelope_schema("SettingAdditionalLeaveRuleEnvelope", AdditionalRow.many)},
        summary="Semua jenis cuti tambahan (untuk pilihan)",
    )
    def get(self, request: Request) -> Response:
        return respond(
            [
                selectors.additional_leave_row(leave)
                for leave in AdditionalLeave.objects.order_by("name", "pk")
            ]
        )


class AdditionalLeaveDetailApi(APIView):
    access = ADDITIONAL["GET"]

    @extend_schema(
        responses=detail_responses("SettingAdditionalLeaveDetail", AdditionalRow.one),
        summary="Detail cuti tambahan",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.additional_leave_row(additional_of(hash_id)))


class AdditionalLeaveApi(APIView):
    access = {"POST": ADDITIONAL["POST"], "PUT": ADDITIONAL["PUT"]}

    @extend_schema(
        request=AdditionalLeaveInput,
        responses=save_responses("SettingAdditionalLeaveCreate", AdditionalRow.one),
        summary="Tambah cuti tambahan",
    )
    def post(self, request: Request) -> Response:
        data = valid(AdditionalLeaveInput, request)
        leave = services.additional_leave_save(leave=None, name=data["name"], code=data["code"])
        return saved(selectors.additional_leave_row(leave), created=True)

    @extend_schema(
        request=AdditionalLeaveUpdateInput,
        responses=save_responses("SettingAdditionalLeaveUpdate", AdditionalRow.one),
        summary="Ubah cuti tambahan",
    )
    def put(self, request: Request) -> Response:
        data = valid(AdditionalLeaveInput, request)
        leave = services.additional_leave_save(
            leave=additional_of(required_hash_id(data)), name=data["name"], code=data["code"]
        )
        return saved(selectors.additional_leave_row(leave), created=False)


class AdditionalLeaveDeleteApi(APIView):
    access = {"DELETE": ADDITIONAL["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope},
        summary="Hapus cuti tambahan",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.additional_leave_delete(leave=additional_of(hash_id))
        return deleted()


TROUBLE_LIST = ListSpec(
    searchable={"description": "description__icontains", "date": "date"},
    orderable={"date": "date", "description": "description"},
    global_search=("description",),
    default_order=("date", "desc"),
)
TroubleRow = row_schema(
    "SettingSystemTrouble",
    {**ID_FIELDS, "date": serializers.DateField(), "description": serializers.CharField()},
)


class SystemTroubleInput(serializers.Serializer[Any]):
    hash_id = hash_id_field()
    date = date_field(msg.DATE_REQUIRED)
    description = serializers.CharField(max_length=2000, error_messages=_errors(msg.DESCRIPTION_REQUIRED))


SystemTroubleUpdateInput = requiring_id(SystemTroubleInput, "SystemTroubleUpdateInput")


def trouble_of(hash_id: str) -> SystemTrouble:
    return get_by_hash_id(SystemTrouble.objects.all(), hash_id, message=msg.SYSTEM_TROUBLE_NOT_FOUND)


class SystemTroubleListApi(APIView):
    access = TROUBLE["GET"]

    @extend_schema(
        parameters=list_parameters(TROUBLE_LIST),
        responses={
            200: list_envelope_schema("SettingSystemTroubleListEnvelope", TroubleRow.many),
            403: MessageEnvelope,
        },
        summary="Daftar hari gangguan sistem",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request, SystemTrouble.objects.all(), TROUBLE_LIST, rows_of(selectors.system_trouble_row)
        )


class SystemTroubleDetailApi(APIView):
    access = TROUBLE["GET"]

    @extend_schema(
        responses=detail_responses("SettingSystemTroubleDetail", TroubleRow.one),
        summary="Detail gangguan sistem",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(selectors.system_trouble_row(trouble_of(hash_id)))


class SystemTroubleApi(APIView):
    access = {"POST": TROUBLE["POST"], "PUT": TROUBLE["PUT"]}

    @extend_schema(
        request=SystemTroubleInput,
        responses=save_responses("SettingSystemTroubleCreate", TroubleRow.one),
        summary="Catat hari gangguan sistem (absen yang hilang hari itu tidak dihitung mangkir)",
    )
    def post(self, request: Request) -> Response:
        data = valid(SystemTroubleInput, request)
        trouble = services.system_trouble_save(
            trouble=None, day=data["date"], description=data["description"]
        )
        return saved(selectors.system_trouble_row(trouble), created=True)

    @extend_schema(
        request=SystemTroubleUpdateInput,
        responses=save_responses("SettingSystemTroubleUpdate", TroubleRow.one),
        summary="Ubah hari gangguan sistem",
    )
    def put(self, request: Request) -> Response:
        data = valid(SystemTroubleInput, request)
        trouble = services.system_trouble_save(
            trouble=trouble_of(required_hash_id(data)), day=data["date"], description=data["description"]
        )
        return saved(selectors.system_trouble_row(trouble), created=False)


class SystemTroubleDeleteApi(APIView):
    access = {"DELETE": TROUBLE["DELETE"]}

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope},
        summary="Hapus hari gangguan sistem",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.system_trouble_delete(trouble=trouble_of(hash_id))
        return deleted()
