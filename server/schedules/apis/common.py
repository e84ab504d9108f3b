"""What the settings resources share: input fields with their Indonesian messages, the id and time
fields of their answers (the id from server.core.crud.IdOutput), the save base."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from server.core.crud import SaveApi
from server.core.inputs import ClockTimeField, error_messages
from server.schedules import messages as msg
from server.schedules import selectors


def text_field(required: str, *, max_length: int, too_long: str) -> serializers.CharField:
    return serializers.CharField(
        max_length=max_length, error_messages=error_messages(required, invalid=required, max_length=too_long)
    )


def name_field() -> serializers.CharField:
    return text_field(msg.NAME_REQUIRED, max_length=150, too_long=msg.NAME_TOO_LONG)


def code_field() -> serializers.CharField:
    return text_field(msg.CODE_REQUIRED, max_length=32, too_long=msg.CODE_TOO_LONG)


def optional_code() -> serializers.CharField:
    return serializers.CharField(
        required=False, allow_blank=True, max_length=32, error_messages={"max_length": msg.CODE_TOO_LONG}
    )


def time_field(required: str) -> serializers.TimeField:
    return ClockTimeField(
        input_formats=["%H:%M", "%H:%M:%S"], error_messages=error_messages(required, invalid=msg.TIME_INVALID)
    )


def int_field(required: str, invalid: str, *, min_value: int, max_value: int) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=min_value,
        max_value=max_value,
        error_messages=error_messages(
            required, invalid=invalid, min_value=invalid, max_value=invalid, max_string_length=invalid
        ),
    )


def date_field(required: str) -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"], error_messages=error_messages(required, invalid=msg.DATE_INVALID)
    )


def hash_id_field() -> serializers.CharField:
    return serializers.CharField(required=False, allow_blank=True, allow_null=True, default="")


@extend_schema_field(OpenApiTypes.STR)
class ClockTextField(serializers.Field[Any, Any, Any, Any]):
    """A time of day as 'HH:mm:ss', '00:00:00' when empty (a non-working shift has no hours)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def get_attribute(self, instance: Any) -> str:
        # Formatted here: DRF would emit null for an empty time before to_representation runs.
        return selectors.time_text(super().get_attribute(instance))

    def to_representation(self, value: str) -> str:
        return value


@extend_schema_field(OpenApiTypes.STR)
class CheckInStartField(serializers.Field[Any, Any, Any, Any]):
    """'Mulai Check In' (HH:mm:ss) of the shift at `source`: time_in minus minimum_check_in_time hours."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("source", "*")
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: Any) -> str:
        return selectors.check_in_start(value)


class SettingSaveApi(SaveApi):
    """POST creates, PUT updates the record the body's `hash_id` names (doc3 §7). POST is by default
    `update` without a record: the settings services whose save takes None for a new one."""

    id_required_message = msg.ID_REQUIRED

    def create(self, request: Request, data: dict[str, Any]) -> Any:
        return self.update(request, None, data)
