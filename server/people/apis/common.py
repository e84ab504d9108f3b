"""What the people endpoints share: policies, the 0/1 flag and public id fields, the unknown-flag
refusal, the caller and the user login's answer."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from server.accounts.services import sign_in_lock_minutes
from server.core.crud import IdOutput
from server.core.envelope import Unprocessable
from server.core.inputs import HashIdField
from server.core.policy import AllFlags, flag_policies
from server.core.schema import ZeroOneField
from server.people import messages as msg

EMPLOYEE = flag_policies("allow_employee")
LEVEL = flag_policies("allow_user_level")
LOGIN = flag_policies("allow_user_login")
SET_ATTENDANCE_DISABLED = AllFlags("allow_employee", "allow_disabled_attendance")
SET_FORCE_APPROVAL = AllFlags("allow_employee", "allow_force_approval_permission")
SET_PERSONALIA = AllFlags("allow_employee", "allow_user_login", "allow_user_login_create")

USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9._-]+$")


def field_errors(message: str) -> dict[str, Any]:
    return {key: message for key in ("required", "blank", "null", "invalid", "max_length", "min_length")}


@extend_schema_field({"type": "integer", "minimum": 0, "maximum": 1})
class FlagField(serializers.Field[int, Any, int, Any]):
    """0 or 1; also accepts true/false and "0"/"1"."""

    default_error_messages = {
        "invalid": msg.FLAG_INVALID,
        "required": msg.FLAG_INVALID,
        "null": msg.FLAG_INVALID,
    }

    def to_internal_value(self, data: Any) -> int:
        if data in (0, 1, True, False) and not isinstance(data, float):
            return int(data)
        if isinstance(data, str) and data.strip().lower() in ("0", "1", "true", "false"):
            return 1 if data.strip().lower() in ("1", "true") else 0
        self.fail("invalid")
        return 0

    def to_representation(self, value: int) -> int:
        return int(value)


@extend_schema_field({"type": "string", "minLength": 1, "pattern": r"\S", "description": "hash_id"})
class PublicIdField(HashIdField):
    """HashIdField documented as a string (its queryset is never evaluated by the schema generator)."""


def refuse_unknown_flags(data: Any, known: tuple[str, ...]) -> None:
    keys = data if isinstance(data, dict) else {}
    unknown = sorted(k for k in keys if isinstance(k, str) and k.startswith("allow_") and k not in known)
    if unknown:
        message = msg.UNKNOWN_FLAGS.format(flags=", ".join(unknown))
        raise Unprocessable(message, errors={key: [message] for key in unknown})


class KnownFlagsInput(serializers.Serializer[Any]):
    """A body of 0/1 flags: an `allow_*` key outside `known_flags` is refused before any field."""

    known_flags: ClassVar[tuple[str, ...]] = ()

    def to_internal_value(self, data: Any) -> Any:
        refuse_unknown_flags(data, self.known_flags)
        return super().to_internal_value(data)


@extend_schema_field(OpenApiTypes.INT)
class LockMinutesField(serializers.Field[Any, Any, Any, Any]):
    """The minutes left of the running sign-in lock the record was read with (`sign_in_locked_until`,
    the annotation of server.accounts.selectors' `*_with_sign_in_lock`), 0 without one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value: Any) -> int:
        until = getattr(value, "sign_in_locked_until", None)
        return sign_in_lock_minutes(until) if until is not None else 0


@extend_schema_field(OpenApiTypes.STR)
class RelatedTextField(serializers.Field[Any, Any, Any, Any]):
    """The text at a dotted `source` through relations that may be empty: '' when one is."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, **kwargs)

    def get_attribute(self, instance: Any) -> Any:
        value = instance
        for attr in self.source_attrs:
            value = getattr(value, attr, None) if value is not None else None
        return "" if value is None else value

    def to_representation(self, value: Any) -> str:
        return str(value)


class UserLoginOutput(IdOutput):
    """A login of `selectors.user_logins()` (it reads the running sign-in lock)."""

    fullname = serializers.CharField()
    username = serializers.CharField()
    email = serializers.CharField()
    level_name = RelatedTextField(source="level.name")
    is_active = ZeroOneField()
    locked_until = serializers.DateTimeField(
        source="sign_in_locked_until",
        format=None,
        allow_null=True,
        help_text="akhir kunci masuk yang berjalan (10 kali gagal masuk), null bila tidak",
    )
    locked_minutes = LockMinutesField(help_text="sisa menit kunci masuk, 0 bila tidak terkunci")
