"""Shared inputs of the API (HackSoft style: serializers used for input only).

Every endpoint reading a month, a year, a date range, a public id or a note uses these, so the same
parameter has the same rules and the same Indonesian message everywhere, and the OpenAPI schema (built
from these serializers: `extend_schema(parameters=[MonthYearInput])`) says what the server accepts.

    month, year = MonthYearInput.read(request)               # ?month&year, default the current month
    data = read_query(DateRangeInput, request)               # ?start_date&end_date, validated
    placement = HashIdField(queryset=ManPower.objects.all())  # in an InputSerializer: the instance
    note = NoteField(required=True)                           # a decision note, max 1000 characters
    selection = selection_read(request.query_params, list_of=request.query_params.getlist)
                                                              # employees or man power + a date range
    ids = HashIdListField(max_length=100, ...)                 # a bulk selection of public ids
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, ClassVar, NamedTuple, TypeVar

from django.core.validators import RegexValidator
from django.db import models
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from server.core import clock, messages
from server.core.envelope import Unprocessable
from server.core.hashids import HASH_ID_PATTERN, decode_id, hash_id_lengths, is_hash_id

MIN_YEAR, MAX_YEAR = 2000, 2100
MONTH_INVALID = "Bulan harus antara 1 dan 12."
YEAR_INVALID = f"Tahun harus antara {MIN_YEAR} dan {MAX_YEAR}."
START_DATE_INVALID = "Tanggal mulai harus diisi dengan format YYYY-MM-DD."
END_DATE_INVALID = "Tanggal akhir harus diisi dengan format YYYY-MM-DD."
RANGE_REVERSED = "Tanggal akhir tidak boleh sebelum tanggal mulai."
RANGE_TOO_LONG = "Rentang tanggal maksimal satu tahun."
NOTE_REQUIRED = "Catatan harus diisi."
NOTE_TOO_LONG = "Catatan maksimal {max_length} karakter."
ID_INVALID = "Data tidak ditemukan."
IDS_REQUIRED = "Pilih minimal satu data."
IDS_TOO_MANY = "Maksimal {max_length} data sekaligus."
IDS_INVALID = "Ada data terpilih yang tidak dikenal."

S = TypeVar("S", bound=serializers.Serializer[Any])

# For a text field the server trims and needs filled (by the field or by the service): the schema
# shows it as the pattern "a non-blank character". The server never refuses with it (a trimmed
# non-empty text always matches; a blank one is refused, or let through, before validators run).
NOT_BLANK = RegexValidator(r"\S")


class SchemaPattern(RegexValidator):
    """A pattern the schema shows for a field whose value the view checks itself (with its own
    message): it validates nothing, so the server's refusals and messages stay the view's."""

    def __call__(self, value: Any) -> None:
        return None


def error_messages(required: str, **by_key: str) -> dict[str, Any]:
    """A field's `error_messages`: `required` when the value is missing, null or blank, plus the
    messages of its other errors by key (`invalid=...`, `max_length=...`)."""
    return {"required": required, "null": required, "blank": required, **by_key}


def _all_errors(message: str) -> dict[str, Any]:
    keys = ("required", "invalid", "null", "blank", "min_value", "max_value", "max_string_length")
    return dict.fromkeys(keys, message)


def read_query(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    """The validated query parameters (422 with the field's message otherwise)."""
    params = serializer_class(data=request.query_params)
    params.is_valid(raise_exception=True)
    return dict(params.validated_data)


def query_choice(
    request: Request,
    name: str,
    choices: Collection[str],
    message: str,
    *,
    required: bool = False,
    lower: bool = False,
) -> str:
    """The query parameter `name` trimmed (and lowercased with `lower`): one of `choices`, or ''
    when it is absent and not `required`; anything else is a 422 with `message` under its name."""
    value = request.query_params.get(name, "").strip()
    if lower:
        value = value.lower()
    if (value or required) and value not in choices:
        raise Unprocessable(message, errors={name: [message]})
    return value


@extend_schema_field(
    {"type": "string", "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$", "example": "08:00"}
)
class ClockTimeField(serializers.TimeField):
    """A time of day as HH:mm (or HH:mm:ss); the schema shows that pattern, not `format: time` (which
    allows fractions and time zones the server refuses)."""


def read_body(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    """The validated request body (422 with the field's message otherwise)."""
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)


def month_field(*, required: bool = False) -> serializers.IntegerField:
    return serializers.IntegerField(
        required=required, min_value=1, max_value=12, error_messages=_all_errors(MONTH_INVALID)
    )


def year_field(*, required: bool = False) -> serializers.IntegerField:
    return serializers.IntegerField(
        required=required, min_value=MIN_YEAR, max_value=MAX_YEAR, error_messages=_all_errors(YEAR_INVALID)
    )


class MonthYear(NamedTuple):
    month: int
    year: int


class MonthYearInput(serializers.Serializer[Any]):
    """`month` (1-12) and `year` (2000-2100); each defaults to today's."""

    month = month_field()
    year = year_field()

    @classmethod
    def read(cls, request: Request, *, today: date | None = None) -> MonthYear:
        data = read_query(cls, request)
        today = today or clock.localdate()
        return MonthYear(data.get("month", today.month), data.get("year", today.year))


class RequiredMonthYearInput(serializers.Serializer[Any]):
    """`month` and `year`, both required."""

    month = month_field(required=True)
    year = year_field(required=True)

    @classmethod
    def read(cls, request: Request) -> MonthYear:
        data = read_query(cls, request)
        return MonthYear(data["month"], data["year"])


class YearInput(serializers.Serializer[Any]):
    """An optional `year` filter (None when absent)."""

    year = year_field()

    @classmethod
    def read(cls, request: Request) -> int | None:
        year: int | None = read_query(cls, request).get("year")
        return year


def date_field(message: str, *, required: bool = True) -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"],
        required=required,
        error_messages={"required": message, "invalid": message, "null": message, "blank": message},
    )


class DateRangeInput(serializers.Serializer[Any]):
    """`start_date` and `end_date` (YYYY-MM-DD): end not before start, at most `max_span` apart, and
    within the bounds a subclass sets relative to today (e.g. a month that has begun)."""

    max_span: ClassVar[timedelta | None] = timedelta(days=365)
    max_span_message: ClassVar[str] = RANGE_TOO_LONG

    start_date = date_field(START_DATE_INVALID)
    end_date = date_field(END_DATE_INVALID)

    # Bounds relative to today, each (bound, message) or None; subclasses override what they limit.
    def earliest_start(self, today: date) -> tuple[date, str] | None:
        return None

    def latest_start(self, today: date) -> tuple[date, str] | None:
        return None

    def latest_end(self, today: date) -> tuple[date, str] | None:
        return None

    def validate(self, attrs: Mapping[str, Any]) -> dict[str, Any]:
        start, end = attrs["start_date"], attrs["end_date"]
        if end < start:
            raise serializers.ValidationError({"end_date": [RANGE_REVERSED]})
        if self.max_span is not None and end - start > self.max_span:
            raise serializers.ValidationError({"end_date": [self.max_span_message]})
        today = clock.localdate()
        checks: tuple[tuple[str, tuple[date, str] | None, Callable[[date], bool]], ...] = (
            ("start_date", self.earliest_start(today), lambda bound: start < bound),
            ("start_date", self.latest_start(today), lambda bound: start > bound),
            ("end_date", self.latest_end(today), lambda bound: end > bound),
        )
        for field_name, limit, crosses in checks:
            if limit is not None and crosses(limit[0]):
                raise serializers.ValidationError({field_name: [limit[1]]})
        return dict(attrs)


class HashIdField(serializers.Field[Any, Any, Any, Any]):
    """A public id (`hash_id`) in, the model instance of `queryset` out; an unknown or malformed id is a
    422 on the field with `message`. The schema shows a string."""

    default_error_messages = {"not_found": ID_INVALID, "required": ID_INVALID, "null": ID_INVALID}

    def __init__(self, *, queryset: models.QuerySet[Any], message: str = ID_INVALID, **kwargs: Any) -> None:
        self.queryset = queryset
        super().__init__(**kwargs)
        self.error_messages.update({"not_found": message, "required": message, "null": message})

    def to_internal_value(self, data: Any) -> models.Model:
        if not isinstance(data, str) or not data.strip():
            self.fail("not_found")
        pk = decode_id(self.queryset.model._meta.label, data.strip())
        if pk is None:
            self.fail("not_found")
        try:
            instance: models.Model = self.queryset.get(pk=pk)
        except models.ObjectDoesNotExist:
            self.fail("not_found")
        return instance

    def to_representation(self, value: Any) -> str:
        return str(value.hash_id)


class HashIdText(serializers.CharField):
    """A public id as text: a string of an id's shape (alphabet and length) or `invalid`. The schema
    shows the shape (pattern, minLength, maxLength); the check is `is_hash_id` (Python's `$` would
    let a trailing newline through)."""

    def __init__(self, *, message: str = ID_INVALID, **kwargs: Any) -> None:
        shortest, longest = hash_id_lengths()
        kwargs.update(min_length=shortest, max_length=longest, validators=[SchemaPattern(HASH_ID_PATTERN)])
        super().__init__(
            error_messages=dict.fromkeys(("required", "invalid", "null", "blank"), message), **kwargs
        )

    def to_internal_value(self, data: Any) -> str:
        if not is_hash_id(data):
            self.fail("invalid")
        text: str = data
        return text


class HashIdListField(serializers.ListField):
    """A selection of public ids (bulk decisions): 1 to `max_length` ids, each of an id's shape
    (alphabet and length, which the schema shows), else 422 with the field's message. The ids stay
    strings: which of them name a row the caller may decide is the selector's answer, per id."""

    def __init__(
        self,
        *,
        max_length: int,
        required_message: str = IDS_REQUIRED,
        too_many_message: str = IDS_TOO_MANY,
        invalid_message: str = IDS_INVALID,
        **kwargs: Any,
    ) -> None:
        child = HashIdText(message=invalid_message)
        too_many = too_many_message.format(max_length=max_length)
        errors = dict.fromkeys(("required", "null", "empty", "min_length", "not_a_list"), required_message)
        super().__init__(
            child=child,
            min_length=1,
            max_length=max_length,
            error_messages={**errors, "max_length": too_many},
            **kwargs,
        )

    def to_internal_value(self, data: Any) -> list[str]:
        # The count first: a list far too long is refused without looking at each id.
        if isinstance(data, list) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        ids: list[str] = super().to_internal_value(data)
        return ids


class FilledTextField(serializers.CharField):
    """Text a service requires filled and refuses blank with its own message (e.g. a rejection note):
    the field lets a blank through as "" for that, and the schema shows the rule (a non-blank
    character, no empty alternative)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("validators", [NOT_BLANK])
        kwargs.setdefault("trim_whitespace", True)
        super().__init__(allow_blank=False, **kwargs)

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if isinstance(data, str) and data.strip() == "":
            return ""
        return super().run_validation(data)


def required_note_field(required_message: str, *, max_length: int = 1000) -> FilledTextField:
    """The note a decision requires (a rejection's): filled, refused blank or missing with
    `required_message`, at most `max_length` characters."""
    return FilledTextField(
        max_length=max_length,
        error_messages={
            "required": required_message,
            "null": required_message,
            "max_length": NOTE_TOO_LONG.format(max_length=max_length),
        },
    )


def optional_file_field(invalid_message: str) -> serializers.FileField:
    """An upload a form may leave out (None then); an unreadable, empty, nameless or too long-named
    file is refused with `invalid_message`."""
    return serializers.FileField(
        required=False,
        allow_null=True,
        default=None,
        error_messages=dict.fromkeys(("invalid", "empty", "no_name", "max_length"), invalid_message),
    )


class NoteField(serializers.CharField):
    """A free-text note (decision notes, descriptions): trimmed, at most `max_length` characters;
    `required=True` also refuses a blank note with `required_message`."""

    def __init__(
        self,
        *,
        required: bool = False,
        max_length: int = 1000,
        required_message: str = NOTE_REQUIRED,
        **kwargs: Any,
    ) -> None:
        too_long = NOTE_TOO_LONG.format(max_length=max_length)
        messages = {"max_length": too_long}
        if required:
            messages.update(
                {"required": required_message, "null": required_message, "blank": required_message}
            )
            kwargs.setdefault("allow_blank", False)
        else:
            kwargs.setdefault("allow_blank", True)
            kwargs.setdefault("allow_null", True)
            kwargs.setdefault("default", "")
        kwargs["error_messages"] = messages
        super().__init__(required=required, max_length=max_length, trim_whitespace=True, **kwargs)

    def run_validation(self, data: Any = serializers.empty) -> Any:
        # An optional note sent as null is an empty note (DRF would keep the None).
        if data is None and not self.required:
            data = ""
        return super().run_validation(data)


# ---------------------------------------------------------------- employees or man power + a date range

SELECTION_INCOMPLETE = "Lengkapi form terlebih dahulu!"
SELECTION_BAD_DATE = messages.DATE_FORMAT
SELECTION_RANGE_REVERSED = "Tanggal akhir tidak boleh sebelum tanggal awal."
SELECTION_RANGE_TOO_LONG = "Rentang tanggal maksimal 30 hari."
SELECTION_UNKNOWN_EMPLOYEES = "Karyawan tidak ditemukan: {numbers}."
SELECTION_MAX_DAYS = 30

# The query parameters of the selection (the schema); a screen adds its own (`man_power`, `type`).
SELECTION_PARAMETERS = [
    OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
    OpenApiParameter(
        "end_date", OpenApiTypes.DATE, required=True, description="paling lama 30 hari setelah start_date"
    ),
    OpenApiParameter(
        "employee_id",
        OpenApiTypes.STR,
        description='ID karyawan: JSON {"1": "..."}, daftar JSON, atau dipisah koma; wajib bila '
        "man_power_name kosong",
    ),
    OpenApiParameter("man_power_type", OpenApiTypes.STR),
    OpenApiParameter("man_power_name", OpenApiTypes.STR),
    OpenApiParameter("man_power_team_name", OpenApiTypes.STR),
    OpenApiParameter("man_power_group_name", OpenApiTypes.STR),
]


@dataclass(frozen=True)
class PeopleSelection:
    """Who and when a screen asks for (doc2 §4 filter cascade, doc2 §7 sync, doc3 §2.4): employees by
    number, or a man power placement (type, name, team, group), plus a date range of at most 30 days.
    The team and group are blank when employees are chosen; the type is kept as sent."""

    start_date: date
    end_date: date
    employee_numbers: tuple[str, ...] = ()
    man_power_type: str = ""
    man_power_name: str = ""
    man_power_team_name: str = ""
    man_power_group_name: str = ""


def _selection_incomplete(field: str) -> Unprocessable:
    return Unprocessable(SELECTION_INCOMPLETE, errors={field: [SELECTION_INCOMPLETE]})


def _selection_text(raw: Any, field: str) -> str:
    """A text of the selection, trimmed; one holding a NUL character is refused (PostgreSQL text
    cannot hold one: it would be a 500 in the query)."""
    text = str(raw or "").strip()
    if "\x00" in text:
        raise Unprocessable(messages.NUL_CHARACTER, errors={field: [messages.NUL_CHARACTER]})
    return text


def employee_numbers_parse(raw: Any, *, limit: int | None = None) -> tuple[str, ...]:
    """Employee numbers as a list, a comma-joined text, or a JSON list / object keyed 1..n: trimmed,
    each cut to 40 characters, duplicates dropped, the first `limit` kept."""
    values: list[Any]
    if isinstance(raw, list | tuple):
        values = list(raw)
    elif isinstance(raw, Mapping):
        values = list(raw.values())
    else:
        text = _selection_text(raw, "employee_id")
        if text.startswith(("[", "{")):
            try:
                return employee_numbers_parse(json.loads(text), limit=limit)
            except ValueError:
                raise _selection_incomplete("employee_id") from None
        values = text.split(",")
    out: list[str] = []
    for value in values:
        if isinstance(value, list | tuple | Mapping):
            out.extend(employee_numbers_parse(value, limit=limit))
        elif number := _selection_text(value, "employee_id"):
            out.append(number[:40])
    numbers = tuple(dict.fromkeys(out))
    return numbers if limit is None else numbers[:limit]


def _selection_date(raw: Any, field: str) -> date:
    text = str(raw or "").strip()
    if not text:
        raise _selection_incomplete(field)
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Unprocessable(SELECTION_BAD_DATE, errors={field: [SELECTION_BAD_DATE]}) from None


def selection_read(
    data: Mapping[str, Any],
    *,
    list_of: Callable[[str], list[str]] | None = None,
    limit: int | None = None,
) -> PeopleSelection:
    """The selection of `data` (422 with an Indonesian message): both dates, end not before start and
    at most 30 days after, and employees or a man power name. `list_of(name)` reads repeated query keys
    (`employee_id=a&employee_id=b`). Whether the employees exist is the caller's to check
    (`employee_numbers_unknown_refuse`)."""
    start = _selection_date(data.get("start_date"), "start_date")
    end = _selection_date(data.get("end_date"), "end_date")
    if end < start:
        raise Unprocessable(SELECTION_RANGE_REVERSED, errors={"end_date": [SELECTION_RANGE_REVERSED]})
    if (end - start).days > SELECTION_MAX_DAYS:
        raise Unprocessable(SELECTION_RANGE_TOO_LONG, errors={"end_date": [SELECTION_RANGE_TOO_LONG]})
    raw: Any = data.get("employee_id", "")
    if list_of is not None:
        repeated = list_of("employee_id") or list_of("employee_id[]")
        if len(repeated) > 1:
            raw = repeated
    numbers = employee_numbers_parse(raw, limit=limit)
    texts = {
        field: _selection_text(data.get(field), field)
        for field in ("man_power_type", "man_power_name", "man_power_team_name", "man_power_group_name")
    }
    if not numbers and not texts["man_power_name"]:
        raise _selection_incomplete("employee_id")
    return PeopleSelection(
        start_date=start,
        end_date=end,
        employee_numbers=numbers,
        man_power_type=texts["man_power_type"],
        man_power_name="" if numbers else texts["man_power_name"],
        man_power_team_name="" if numbers else texts["man_power_team_name"],
        man_power_group_name="" if numbers else texts["man_power_group_name"],
    )


def employee_numbers_unknown_refuse(numbers: tuple[str, ...], known: set[str]) -> None:
    """422 naming (up to five of) the chosen numbers no employee has (`known`: the numbers found, plain
    and formatted)."""
    missing = [number for number in numbers if number not in known]
    if missing:
        text = SELECTION_UNKNOWN_EMPLOYEES.format(numbers=", ".join(missing[:5]))
        raise Unprocessable(text, errors={"employee_id": [text]})


class ExportFormat:
    """The file formats every export answers in (DESIGN §13, §18): the `format` query parameter."""

    XLSX = "xlsx"
    CSV = "csv"
    CHOICES = (XLSX, CSV)


def export_format_field() -> serializers.ChoiceField:
    """The `format` field of every export's input: xlsx (default) or csv, one message when neither."""
    return serializers.ChoiceField(
        choices=ExportFormat.CHOICES,
        required=False,
        default=ExportFormat.XLSX,
        error_messages={
            "invalid_choice": messages.EXPORT_FORMAT_INVALID,
            "null": messages.EXPORT_FORMAT_INVALID,
        },
    )


EXPORT_FORMAT_PARAMETER = OpenApiParameter(
    "format", OpenApiTypes.STR, enum=list(ExportFormat.CHOICES), description="default xlsx"
)
