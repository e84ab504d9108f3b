"""Input fields and OpenAPI shapes of the mobile API."""

from __future__ import annotations

import json
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.utils import html

from server.core.inputs import error_messages
from server.core.schema import envelope_schema, inline_serializer, list_envelope_schema
from server.mobile import messages as msg
from server.workforce.row_fields import LEAVE_BALANCE_FIELDS, PLACEMENT_LOCATION_FIELDS

MAX_PACKAGES = 2000
MAX_PACKAGE_LENGTH = 255


@extend_schema_field({"type": "string", "description": 'JSON array of package ids, e.g. ["com.app.a"]'})
class PackageListField(serializers.Field[Any, Any, Any, Any]):
    """Installed package ids: a JSON array in one form field (also repeated form fields or a JSON list)."""

    default_error_messages = {"invalid": msg.PACKAGES_INVALID}

    def get_value(self, dictionary: Any) -> Any:
        if html.is_html_input(dictionary):
            if self.field_name not in dictionary:
                return empty
            values = dictionary.getlist(self.field_name)
            return values[0] if len(values) == 1 else values
        return dictionary.get(self.field_name, empty)

    def to_internal_value(self, data: Any) -> list[str]:
        if isinstance(data, str):
            text = data.strip()
            if text == "":
                return []
            try:
                data = json.loads(text)
            except ValueError:
                self.fail("invalid")
        if not isinstance(data, list) or len(data) > MAX_PACKAGES:
            self.fail("invalid")
        packages = []
        for item in data:
            if not isinstance(item, str) or len(item) > MAX_PACKAGE_LENGTH:
                self.fail("invalid")
            packages.append(item.strip())
        return [p for p in packages if p]

    def to_representation(self, value: Any) -> Any:
        return value


def required_messages(text: str) -> dict[str, Any]:
    return error_messages(text, max_length=msg.TEXT_TOO_LONG)


EmployeeProfileSchema = inline_serializer(
    "MobileEmployeeProfile",
    {
        "hash_id": serializers.CharField(),
        "employee_number": serializers.CharField(),
        "employee_number_formatted": serializers.CharField(),
        "name": serializers.CharField(),
        "email": serializers.CharField(),
        "photo_url": serializers.CharField(),
        "job_title": serializers.CharField(),
        "man_power_type": serializers.CharField(),
        "man_power_name": serializers.CharField(),
        **PLACEMENT_LOCATION_FIELDS,
        "attendance_location_type": serializers.CharField(),
        "attendance_disabled": serializers.BooleanField(),
        "cuti": inline_serializer("MobileLeaveBalance", LEAVE_BALANCE_FIELDS),
    },
)

SignInEnvelope = envelope_schema(
    "MobileSignInEnvelope",
    inline_serializer("MobileSignIn", {"token": serializers.CharField(), "employee": EmployeeProfileSchema}),
)

CheckInEnvelope = envelope_schema(
    "MobileCheckInEnvelope",
    inline_serializer(
        "MobileCheckIn",
        {
            "hash_id": serializers.CharField(),
            "status": serializers.CharField(),
            "is_valid_location": serializers.BooleanField(),
            "distance": serializers.FloatField(),
            "fr_is_match": serializers.BooleanField(),
            "is_valid_shift": serializers.BooleanField(),
            "attendance_date": serializers.DateField(),
            "log_datetime": serializers.CharField(),
        },
    ),
)

_LOG = inline_serializer(
    "MobileAttendanceLog",
    {
        "hash_id": serializers.CharField(),
        "log_type": serializers.CharField(),
        "log_datetime": serializers.CharField(),
        "attendance_date": serializers.DateField(),
        "status": serializers.CharField(),
        "is_valid_location": serializers.BooleanField(),
        "distance": serializers.FloatField(),
        "fr_accuracy": serializers.FloatField(),
        "fr_is_match": serializers.BooleanField(),
        "is_valid_shift": serializers.BooleanField(),
        "note": serializers.CharField(),
        "rejected_note": serializers.CharField(),
        "photo_url": serializers.CharField(),
    },
)

_SHIFT = inline_serializer(
    "MobileShift",
    {
        "code": serializers.CharField(),
        "name": serializers.CharField(),
        "type": serializers.CharField(),
        "time_in": serializers.CharField(),
        "time_out": serializers.CharField(),
        "break_start": serializers.CharField(),
        "break_end": serializers.CharField(),
        "late_in_minutes": serializers.IntegerField(),
        "early_out_minutes": serializers.IntegerField(),
    },
    allow_null=True,
)

_DAY_FIELDS: dict[str, Any] = {
    "date": serializers.DateField(),
    "keterangan": serializers.CharField(),
    "is_working_day": serializers.BooleanField(),
    "is_holiday": serializers.BooleanField(),
    "is_shift_off": serializers.BooleanField(),
    "check_in": serializers.CharField(),
    "check_out": serializers.CharField(),
    "late_minutes": serializers.IntegerField(),
    "early_out_minutes": serializers.IntegerField(),
    "working_minutes": serializers.IntegerField(),
    "overtime_workday_minutes": serializers.IntegerField(),
    "overtime_holiday_minutes": serializers.IntegerField(),
    "is_valid": serializers.BooleanField(),
    "shift": _SHIFT,
}

TodayEnvelope = envelope_schema(
    "MobileAttendanceTodayEnvelope",
    inline_serializer(
        "MobileAttendanceToday",
        {
            "date": serializers.DateField(),
            "shift": _SHIFT,
            "day": inline_serializer("MobileAttendanceDay", _DAY_FIELDS, allow_null=True),
            "logs": _LOG.__class__(many=True),
        },
    ),
)

HistoryEnvelope = envelope_schema(
    "MobileAttendanceHistoryEnvelope",
    inline_serializer(
        "MobileAttendanceHistoryDay", {**_DAY_FIELDS, "logs": _LOG.__class__(many=True)}, many=True
    ),
)

_IZIN_ROW_FIELDS: dict[str, Any] = {
    "hash_id": serializers.CharField(),
    "name": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "label": serializers.CharField(),
    "date_formatted": serializers.CharField(),
    "total_days": serializers.IntegerField(),
    "approval_user_name": serializers.CharField(),
    "status": serializers.CharField(),
    "izin_type": serializers.CharField(),
    "special_leave": serializers.CharField(),
    "start_date": serializers.DateField(),
    "end_date": serializers.DateField(),
    "description": serializers.CharField(),
    "attachment_url": serializers.CharField(),
    "decision_note": serializers.CharField(),
    "created": serializers.DateTimeField(),
}

IzinCreatedEnvelope = envelope_schema(
    "MobileIzinCreatedEnvelope", inline_serializer("MobileIzin", _IZIN_ROW_FIELDS)
)

IzinListEnvelope = list_envelope_schema(
    "MobileIzinListEnvelope", inline_serializer("MobileIzinRow", _IZIN_ROW_FIELDS, many=True)
)

BlacklistEnvelope = envelope_schema(
    "MobileBlacklistAppEnvelope",
    inline_serializer(
        "MobileBlacklistApp",
        {"name": serializers.CharField(), "package_id": serializers.CharField()},
        many=True,
    ),
)
