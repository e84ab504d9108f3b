"""People and access endpoints (spec doc1 §7.4, doc3 §7.6-7.7): the employee directory with its
toggles, password reset and personalia wizard; user levels with the flag matrix; user logins."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.access.models import UserLevel
from server.access.rights import ACTION_LABELS
from server.accounts.models import User
from server.core import messages
from server.core.envelope import Unprocessable, respond
from server.core.files import user_viewer
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS
from server.core.hashids import get_by_hash_id
from server.core.inputs import HashIdField
from server.core.listing import ListSpec, list_response
from server.core.policy import AllFlags, flag_policies
from server.core.schema import (
    MessageEnvelope,
    ZeroOneField,
    envelope_schema,
    inline_serializer,
    list_envelope_schema,
    list_parameters,
)
from server.people import messages as msg
from server.people import selectors, services

EMPLOYEE = flag_policies("allow_employee")
LEVEL = flag_policies("allow_user_level")
LOGIN = flag_policies("allow_user_login")
SET_ATTENDANCE_DISABLED = AllFlags("allow_employee", "allow_disabled_attendance")
SET_FORCE_APPROVAL = AllFlags("allow_employee", "allow_force_approval_permission")
SET_PERSONALIA = AllFlags("allow_employee", "allow_user_login", "allow_user_login_create")

USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9._-]+$")


def _errors(message: str) -> dict[str, Any]:
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


def _refuse_unknown_flags(request: Request, known: tuple[str, ...]) -> None:
    data = request.data if isinstance(request.data, dict) else {}
    unknown = sorted(k for k in data if isinstance(k, str) and k.startswith("allow_") and k not in known)
    if unknown:
        message = msg.UNKNOWN_FLAGS.format(flags=", ".join(unknown))
        raise Unprocessable(message, errors={key: [message] for key in unknown})


def _valid(serializer_class: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return dict(body.validated_data)


def _actor(request: Request) -> User:
    assert isinstance(request.user, User)
    return request.user


# ---------------------------------------------------------------- employees

EMPLOYEE_LIST = ListSpec(
    searchable={
        "employee_number_formatted": "employee_number_formatted__icontains",
        "name": "name__icontains",
        "email": "email__icontains",
        "personalia": selectors.filter_personalia,
    },
    orderable={
        "employee_number_formatted": "employee_number_formatted",
        "name": "name",
        "email": "email",
        "personalia": "is_personalia",
    },
    global_search=("employee_number_formatted", "name", "email"),
    default_order=("name", "asc"),
)

EMPLOYEE_ROW_FIELDS: dict[str, Any] = {
    "id": serializers.CharField(),
    "hash_id": serializers.CharField(),
    "photo_url": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "name": serializers.CharField(),
    "email": serializers.CharField(help_text="'' bila belum diatur"),
    "is_personalia": ZeroOneField(help_text="1 sudah personalia, 0 belum"),
    "man_power_name": serializers.CharField(),
}
EmployeeRow = inline_serializer(
    "PeopleEmployeeRow", {"no": serializers.IntegerField(), **EMPLOYEE_ROW_FIELDS}, many=True
)
LedgerRow = inline_serializer(
    "PeopleLeaveLedgerRow",
    {
        "hash_id": serializers.CharField(),
        "date": serializers.CharField(),
        "reason": serializers.CharField(),
        "reason_label": serializers.CharField(),
        "description": serializers.CharField(),
        "saldo_change": serializers.IntegerField(),
        "terpakai_change": serializers.IntegerField(),
        "hutang_change": serializers.IntegerField(),
        "saldo_after": serializers.IntegerField(),
        "terpakai_after": serializers.IntegerField(),
        "hutang_after": serializers.IntegerField(),
    },
    many=True,
)
EmployeeDetail = inline_serializer(
    "PeopleEmployeeDetail",
    {
        **EMPLOYEE_ROW_FIELDS,
        "joined_date": serializers.CharField(help_text="YYYY-MM-DD atau ''"),
        "job_title": serializers.CharField(),
        "attendance_location_type": serializers.CharField(),
        "attendance_location_type_label": serializers.CharField(),
        "shift_pattern_code": serializers.CharField(),
        "shift_pattern_name": serializers.CharField(),
        "man_power_type": serializers.CharField(),
        "man_power_type_label": serializers.CharField(),
        "supervisor_employee_name": serializers.CharField(),
        "man_power_team_name": serializers.CharField(),
        "man_power_group_name": serializers.CharField(),
        "group_head_employee_name": serializers.CharField(),
        "man_power_timezone_name": serializers.CharField(),
        "man_power_latitude": serializers.FloatField(allow_null=True),
        "man_power_longitude": serializers.FloatField(allow_null=True),
        "man_power_max_radius": serializers.IntegerField(allow_null=True),
        "cuti_saldo": serializers.IntegerField(),
        "cuti_terpakai": serializers.IntegerField(),
        "cuti_hutang": serializers.IntegerField(),
        "attendance_disabled": ZeroOneField(),
        "force_approval_permission": ZeroOneField(),
        "leave_year": serializers.IntegerField(),
        "leave_ledger": LedgerRow,
    },
)
EmployeeFlags = inline_serializer(
    "PeopleEmployeeFlags",
    {
        "hash_id": serializers.CharField(),
        "employee_number_formatted": serializers.CharField(),
        "attendance_disabled": ZeroOneField(),
        "force_approval_permission": ZeroOneField(),
    },
)


def _flags_of(employee: Any) -> dict[str, Any]:
    return {
        "hash_id": employee.hash_id,
        "employee_number_formatted": employee.employee_number_formatted,
        "attendance_disabled": 1 if employee.attendance_disabled else 0,
        "force_approval_permission": 1 if employee.force_approval_permission else 0,
    }


class EmployeeListApi(APIView):
    access = EMPLOYEE.read

    @extend_schema(
        parameters=list_parameters(EMPLOYEE_LIST),
        responses={
            200: list_envelope_schema("PeopleEmployeeListEnvelope", EmployeeRow),
            403: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Daftar karyawan (search: employee_number_formatted, name, email, personalia ''/1/0)",
    )
    def get(self, request: Request) -> Response:
        viewer = user_viewer(request.user)
        return list_response(
            request,
            selectors.employee_directory(),
            EMPLOYEE_LIST,
            lambda rows, first: [
                {"no": first + index, **selectors.employee_row(row, viewer=viewer)}
                for index, row in enumerate(rows)
            ],
        )


class EmployeeDetailApi(APIView):
    access = EMPLOYEE.read

    @extend_schema(
        responses={
            200: envelope_schema("PeopleEmployeeDetailEnvelope", EmployeeDetail),
            403: MessageEnvelope,
            404: MessageEnvelope,
        },
        summary="Detail karyawan: info, lokasi man power, cuti dan mutasi cuti tahun ini",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        employee = selectors.employee_for_detail(hash_id=hash_id)
        return respond(
            selectors.employee_detail(employee, today=timezone.localdate(), viewer=user_viewer(request.user))
        )


class EmployeeNumberInput(serializers.Serializer[Any]):
    employee_number_formatted = serializers.CharField(
        max_length=40, error_messages=_errors(msg.EMPLOYEE_NUMBER_REQUIRED)
    )


class EmployeeAttendanceDisabledApi(APIView):
    access = SET_ATTENDANCE_DISABLED

    class InputSerializer(EmployeeNumberInput):
        disabled = FlagField()

    InputSerializer.__name__ = "PeopleAttendanceDisabledInput"

    @extend_schema(
        request=InputSerializer,
        responses={
            200: envelope_schema("PeopleEmployeeAttendanceDisabledEnvelope", EmployeeFlags),
            403: MessageEnvelope,
            404: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Nonaktifkan (1) atau aktifkan (0) kehadiran karyawan",
    )
    def patch(self, request: Request) -> Response:
        data = _valid(self.InputSerializer, request)
        employee = selectors.employee_by_number(number=data["employee_number_formatted"])
        disabled = bool(data["disabled"])
        services.employee_set_attendance_disabled(employee=employee, disabled=disabled)
        message = msg.ATTENDANCE_DISABLED_ON if disabled else msg.ATTENDANCE_DISABLED_OFF
        return respond(_flags_of(employee), message=message)


class EmployeeForceApprovalApi(APIView):
    access = SET_FORCE_APPROVAL

    class InputSerializer(EmployeeNumberInput):
        force = FlagField()

    InputSerializer.__name__ = "PeopleForceApprovalInput"

    @extend_schema(
        request=InputSerializer,
        responses={
            200: envelope_schema("PeopleEmployeeForceApprovalEnvelope", EmployeeFlags),
            403: MessageEnvelope,
            404: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Izin karyawan selalu ke Is Owner (1) atau ke atasan (0)",
    )
    def patch(self, request: Request) -> Response:
        data = _valid(self.InputSerializer, request)
        employee = selectors.employee_by_number(number=data["employee_number_formatted"])
        force = bool(data["force"])
        services.employee_set_force_approval(employee=employee, force=force)
        return respond(
            _flags_of(employee), message=msg.FORCE_APPROVAL_ON if force else msg.FORCE_APPROVAL_OFF
        )


class EmployeePasswordResetApi(APIView):
    access = EMPLOYEE.update

    @extend_schema(
        request=EmployeeNumberInput,
        responses={
            200: envelope_schema(
                "PeopleEmployeePasswordEnvelope",
                inline_serializer(
                    "PeopleEmployeePassword",
                    {
                        "emailed": ZeroOneField(help_text="1 dikirim ke email karyawan"),
                        "email": serializers.CharField(),
                        "password": serializers.CharField(
                            allow_null=True, help_text="hanya bila tidak dikirim ke email; tampil sekali"
                        ),
                    },
                ),
            ),
            403: MessageEnvelope,
            404: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Atur ulang password aplikasi mobile karyawan; sesi mobile-nya berakhir",
    )
    def patch(self, request: Request) -> Response:
        data = _valid(EmployeeNumberInput, request)
        employee = selectors.employee_by_number(number=data["employee_number_formatted"])
        password, emailed = services.employee_password_reset(employee=employee)
        if emailed:
            return respond(
                {"emailed": 1, "email": employee.email, "password": None},
                message=msg.PASSWORD_RESET_EMAILED.format(email=employee.email),
            )
        return respond({"emailed": 0, "email": "", "password": password}, message=msg.PASSWORD_RESET_SHOWN)


class PersonaliaInput(serializers.Serializer[Any]):
    hash_id = PublicIdField(queryset=selectors.employee_directory(), message=msg.EMPLOYEE_NOT_FOUND)
    username = serializers.CharField(
        max_length=150,
        error_messages={**_errors(msg.USERNAME_REQUIRED_WIZARD), "max_length": msg.USERNAME_TOO_LONG},
    )
    password = serializers.CharField(
        min_length=6,
        trim_whitespace=False,
        error_messages={**_errors(msg.PASSWORD_REQUIRED), "min_length": msg.PASSWORD_MIN},
    )
    confirm_password = serializers.CharField(
        trim_whitespace=False, error_messages=_errors(msg.PASSWORD_MISMATCH)
    )
    level_id = PublicIdField(queryset=UserLevel.objects.all(), message=msg.LEVEL_REQUIRED_WIZARD)

    def validate_username(self, value: str) -> str:
        if not USERNAME_PATTERN.match(value):
            raise serializers.ValidationError(msg.USERNAME_INVALID)
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["password"] != attrs["confirm_password"]:
            raise serializers.ValidationError({"confirm_password": [msg.PASSWORD_MISMATCH]})
        return attrs


LoginRowFields: dict[str, Any] = {
    "id": serializers.CharField(),
    "hash_id": serializers.CharField(),
    "fullname": serializers.CharField(),
    "username": serializers.CharField(),
    "email": serializers.CharField(),
    "level_name": serializers.CharField(),
    "is_active": ZeroOneField(),
    "locked_until": serializers.DateTimeField(
        allow_null=True, help_text="akhir kunci masuk yang berjalan (10 kali gagal masuk), null bila tidak"
    ),
    "locked_minutes": serializers.IntegerField(help_text="sisa menit kunci masuk, 0 bila tidak terkunci"),
}
LoginRow = inline_serializer(
    "PeopleUserLoginRow", {"no": serializers.IntegerField(), **LoginRowFields}, many=True
)


class EmployeeSetPersonaliaApi(APIView):
    access = SET_PERSONALIA

    @extend_schema(
        request=PersonaliaInput,
        responses={
            201: envelope_schema(
                "PeopleSetPersonaliaEnvelope", inline_serializer("PeoplePersonaliaLogin", LoginRowFields)
            ),
            403: MessageEnvelope,
            409: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Jadikan karyawan personalia: user login (masuk dengan email karyawan) dengan hak akses",
    )
    def post(self, request: Request) -> Response:
        data = _valid(PersonaliaInput, request)
        user = services.employee_make_personalia(
            employee=data["hash_id"],
            username=data["username"],
            password=data["password"],
            level=data["level_id"],
        )
        return respond(selectors.login_row(user), message=msg.PERSONALIA_CREATED, status_code=201)


# ---------------------------------------------------------------- user levels

LEVEL_LIST = ListSpec(
    searchable={"name": "name__icontains"},
    orderable={"name": "name", "created": "created"},
    global_search=("name",),
    default_order=("name", "asc"),
    default_per_page=100,
)

LevelFields: dict[str, Any] = {
    "id": serializers.CharField(),
    "hash_id": serializers.CharField(),
    "name": serializers.CharField(),
    "created": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss"),
    "creator_user_id": serializers.CharField(),
    "creator_user_name": serializers.CharField(),
    "users_count": serializers.IntegerField(help_text="user login yang memakai level ini"),
}
LevelRow = inline_serializer(
    "PeopleUserLevelRow", {"no": serializers.IntegerField(), **LevelFields}, many=True
)
LevelDetail = inline_serializer(
    "PeopleUserLevelDetail",
    {**LevelFields, "allowed_json": serializers.DictField(child=ZeroOneField())},
)
CatalogueSchema = inline_serializer(
    "PeopleFlagGroup",
    {
        "label": serializers.CharField(),
        "flags": inline_serializer(
            "PeopleFlag",
            {
                "flag": serializers.CharField(),
                "label": serializers.CharField(),
                "children": inline_serializer(
                    "PeopleFlagChild",
                    {
                        "flag": serializers.CharField(),
                        "action": serializers.ChoiceField(choices=list(ACTION_LABELS)),
                        "label": serializers.CharField(),
                    },
                    many=True,
                ),
            },
            many=True,
        ),
    },
    many=True,
)


def _level_row(level: UserLevel) -> dict[str, Any]:
    creator = level.creator if level.creator_id else None
    return {
        "id": level.hash_id,
        "hash_id": level.hash_id,
        "name": level.name,
        "created": timezone.localtime(level.created).strftime("%Y-%m-%d %H:%M:%S"),
        "creator_user_id": creator.hash_id if creator else "",
        "creator_user_name": creator.fullname if creator else "",
        "users_count": int(getattr(level, "users_count", 0) or 0),
    }


def _level_detail(level: UserLevel) -> dict[str, Any]:
    fresh = selectors.level_for_admin(hash_id=level.hash_id)
    return {**_level_row(fresh), "allowed_json": fresh.normalized_flags}


def _level_input(name: str) -> type[serializers.Serializer[Any]]:
    fields: dict[str, Any] = {
        "name": serializers.CharField(
            max_length=100,
            error_messages={**_errors(msg.LEVEL_NAME_REQUIRED), "max_length": msg.LEVEL_NAME_TOO_LONG},
        ),
        **{flag: FlagField(required=False, default=0) for flag in LEVEL_FLAGS},
    }
    return type(name, (serializers.Serializer,), fields)


LevelCreateInput = _level_input("PeopleUserLevelCreateInput")


class LevelUpdateInput(_level_input("PeopleUserLevelBase")):  # type: ignore[misc]
    id = serializers.CharField(max_length=64, error_messages=_errors(msg.ID_REQUIRED))


class UserLevelListApi(APIView):
    access = LEVEL.read

    @extend_schema(
        parameters=list_parameters(LEVEL_LIST),
        responses={
            200: list_envelope_schema("PeopleUserLevelListEnvelope", LevelRow),
            403: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Daftar user level (wewenang)",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request,
            selectors.user_levels(),
            LEVEL_LIST,
            lambda rows, first: [{"no": first + i, **_level_row(row)} for i, row in enumerate(rows)],
        )


class UserLevelCatalogueApi(APIView):
    access = LEVEL.read

    @extend_schema(
        responses={
            200: envelope_schema("PeopleFlagCatalogueEnvelope", CatalogueSchema),
            403: MessageEnvelope,
        },
        summary="Katalog hak akses untuk matriks 'Hak Akses' (grup, flag daftar, anak tambah/ubah/hapus)",
    )
    def get(self, request: Request) -> Response:
        return respond(selectors.level_catalogue())


class UserLevelDetailApi(APIView):
    access = LEVEL.read

    @extend_schema(
        responses={
            200: envelope_schema("PeopleUserLevelDetailEnvelope", LevelDetail),
            403: MessageEnvelope,
            404: MessageEnvelope,
        },
        summary="Detail user level dengan semua flag (allowed_json)",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(_level_detail(selectors.level_for_admin(hash_id=hash_id)))


class UserLevelApi(APIView):
    access = {"POST": LEVEL.create, "PUT": LEVEL.update}

    @extend_schema(
        request=LevelCreateInput,
        responses={
            201: envelope_schema("PeopleUserLevelCreateEnvelope", LevelDetail),
            403: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Tambah user level: nama dan semua flag allow_*",
    )
    def post(self, request: Request) -> Response:
        _refuse_unknown_flags(request, LEVEL_FLAGS)
        data = _valid(LevelCreateInput, request)
        name = data.pop("name")
        level = services.user_level_create(name=name, flags=data, creator=_actor(request))
        return respond(_level_detail(level), message=messages.SAVED, status_code=201)

    @extend_schema(
        request=LevelUpdateInput,
        responses={
            200: envelope_schema("PeopleUserLevelUpdateEnvelope", LevelDetail),
            403: MessageEnvelope,
            404: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Ubah user level (id di body); login yang memakainya menerima hak akses baru seketika",
    )
    def put(self, request: Request) -> Response:
        _refuse_unknown_flags(request, LEVEL_FLAGS)
        data = _valid(LevelUpdateInput, request)
        level = selectors.level_for_admin(hash_id=data.pop("id"))
        name = data.pop("name")
        level = services.user_level_change(level=level, name=name, flags=data, actor=_actor(request))
        return respond(_level_detail(level), message=messages.UPDATED)


class UserLevelDeleteApi(APIView):
    access = LEVEL.delete

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Hapus user level (ditolak bila masih dipakai user login)",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.user_level_delete(level=selectors.level_for_admin(hash_id=hash_id))
        return respond(None, message=messages.DELETED)


# ---------------------------------------------------------------- user logins

LOGIN_LIST = ListSpec(
    searchable={
        "fullname": "fullname__icontains",
        "username": "username__icontains",
        "level_name": "level__name__icontains",
    },
    orderable={"fullname": "fullname", "username": "username", "level_name": "level__name"},
    global_search=("fullname", "username", "email", "level__name"),
    default_order=("fullname", "asc"),
    default_per_page=100,
)
LoginDetail = inline_serializer(
    "PeopleUserLoginDetail",
    {
        **LoginRowFields,
        "level_id": serializers.CharField(),
        "user_level": inline_serializer(
            "PeopleUserLevelOption",
            {"value": serializers.CharField(), "label": serializers.CharField()},
            allow_null=True,
        ),
        "employee_number_formatted": serializers.CharField(),
        "is_self": ZeroOneField(help_text="1 bila ini login anda sendiri"),
        "special_rights": serializers.DictField(child=ZeroOneField()),
    },
)


class UserLoginListApi(APIView):
    access = LOGIN.read

    @extend_schema(
        parameters=list_parameters(LOGIN_LIST),
        responses={
            200: list_envelope_schema("PeopleUserLoginListEnvelope", LoginRow),
            403: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Daftar user login (per_page bawaan 100)",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request,
            selectors.user_logins(),
            LOGIN_LIST,
            lambda rows, first: [{"no": first + i, **selectors.login_row(row)} for i, row in enumerate(rows)],
        )


class UserLoginLevelListApi(APIView):
    access = LOGIN.read

    @extend_schema(
        responses={
            200: envelope_schema(
                "PeopleLevelOptionsEnvelope",
                inline_serializer(
                    "PeopleLevelOption",
                    {"id": serializers.CharField(), "name": serializers.CharField()},
                    many=True,
                ),
            ),
            403: MessageEnvelope,
        },
        summary="Pilihan hak akses (user level) untuk user login dan wizard personalia",
    )
    def get(self, request: Request) -> Response:
        levels: QuerySet[UserLevel] = UserLevel.objects.order_by("name", "pk")
        return respond([{"id": level.hash_id, "name": level.name} for level in levels])


class UserLoginDetailApi(APIView):
    access = LOGIN.read

    @extend_schema(
        responses={
            200: envelope_schema("PeopleUserLoginDetailEnvelope", LoginDetail),
            403: MessageEnvelope,
            404: MessageEnvelope,
        },
        summary="Detail user login dengan hak khusus",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(
            selectors.login_detail(selectors.login_for_admin(hash_id=hash_id), viewer=_actor(request))
        )


def _login_input() -> type[serializers.Serializer[Any]]:
    fields: dict[str, Any] = {
        "id": serializers.CharField(max_length=64, error_messages=_errors(msg.ID_REQUIRED)),
        "username": serializers.CharField(
            max_length=150,
            error_messages={**_errors(msg.USERNAME_REQUIRED), "max_length": msg.USERNAME_TOO_LONG},
        ),
        "is_active": FlagField(
            error_messages={
                "required": msg.STATUS_REQUIRED,
                "null": msg.STATUS_REQUIRED,
                "invalid": msg.STATUS_REQUIRED,
            }
        ),
        "level_id": PublicIdField(queryset=UserLevel.objects.all(), message=msg.LEVEL_REQUIRED),
        **{flag: FlagField(required=False, default=0) for flag in SPECIAL_RIGHTS},
    }
    return type("PeopleUserLoginInput", (serializers.Serializer,), fields)


LoginInput = _login_input()


class UserLoginApi(APIView):
    access = {"PATCH": LOGIN.update}

    @extend_schema(
        request=LoginInput,
        responses={
            200: envelope_schema("PeopleUserLoginUpdateEnvelope", LoginDetail),
            403: MessageEnvelope,
            404: MessageEnvelope,
            422: MessageEnvelope,
        },
        summary="Ubah user login: username, status, hak akses, hak khusus (berlaku seketika)",
    )
    def patch(self, request: Request) -> Response:
        _refuse_unknown_flags(request, SPECIAL_RIGHTS)
        data = _valid(LoginInput, request)
        user = selectors.login_for_admin(hash_id=data.pop("id"))
        username = data.pop("username")
        if not USERNAME_PATTERN.match(username):
            raise Unprocessable(msg.USERNAME_INVALID, errors={"username": [msg.USERNAME_INVALID]})
        actor = _actor(request)
        user = services.user_login_change(
            user=user,
            actor=actor,
            username=username,
            level=data.pop("level_id"),
            is_active=bool(data.pop("is_active")),
            special_rights=data,
        )
        fresh = get_by_hash_id(selectors.user_logins(), user.hash_id)
        return respond(selectors.login_detail(fresh, viewer=actor), message=messages.UPDATED)


class UserLoginUnlockApi(APIView):
    access = LOGIN.update

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Buka kunci masuk sebuah login (terkunci setelah 10 kali gagal masuk dalam 15 menit)",
    )
    def post(self, request: Request, hash_id: str) -> Response:
        services.user_login_unlock(user=selectors.login_for_admin(hash_id=hash_id))
        return respond(None, message=msg.LOGIN_UNLOCKED)


class UserLoginDeleteApi(APIView):
    access = LOGIN.delete

    @extend_schema(
        request=None,
        responses={200: MessageEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 409: MessageEnvelope},
        summary="Hapus user login; tab yang terbuka langsung keluar",
    )
    def delete(self, request: Request, hash_id: str) -> Response:
        services.user_login_delete(user=selectors.login_for_admin(hash_id=hash_id), actor=_actor(request))
        return respond(None, message=messages.DELETED)
