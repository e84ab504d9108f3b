"""User logins (doc3 §7.7): list, level options, detail, update, unlock and delete."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import User, UserLevel
from server.accounts.selectors import request_user
from server.core import messages
from server.core.crud import AllRowsApi, DeleteApi, DetailApi, ListApi, Resource, RowNumberField
from server.core.envelope import Unprocessable, respond
from server.core.flags import SPECIAL_RIGHTS
from server.core.hashids import get_by_hash_id
from server.core.inputs import read_body
from server.core.listing import ListSpec
from server.core.schema import MessageEnvelope, ZeroOneField, answers, envelope_schema
from server.people import messages as msg
from server.people import selectors, services
from server.people.apis.common import (
    LOGIN,
    USERNAME_PATTERN,
    FlagField,
    KnownFlagsInput,
    PublicIdField,
    RelatedTextField,
    UserLoginOutput,
    field_errors,
)

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


class LevelOptionOutput(serializers.Serializer[UserLevel]):
    value = serializers.CharField(source="hash_id")
    label = serializers.CharField(source="name")  # type: ignore[assignment]  # a field, not Field.label


class UserLoginDetailOutput(UserLoginOutput):
    level_id = RelatedTextField(source="level.hash_id")
    user_level = LevelOptionOutput(source="level", allow_null=True)
    employee_number_formatted = RelatedTextField(source="employee.employee_number_formatted")
    is_self = serializers.SerializerMethodField(help_text="1 bila ini login Anda sendiri")
    special_rights = serializers.SerializerMethodField()

    @extend_schema_field(ZeroOneField())
    def get_is_self(self, user: User) -> int:
        return 1 if user.pk == self.context["request"].user.pk else 0

    @extend_schema_field(serializers.DictField(child=ZeroOneField()))
    def get_special_rights(self, user: User) -> dict[str, int]:
        return selectors.special_rights_clean(dict(user.special_rights or {}))


class UserLoginResource(Resource):
    policies = LOGIN
    queryset = selectors.user_logins()
    not_found_message = msg.LOGIN_NOT_FOUND
    OutputSerializer = UserLoginDetailOutput


class UserLoginListApi(UserLoginResource, ListApi):
    summary = "Daftar user login (per_page bawaan 100)"
    list_spec = LOGIN_LIST

    class OutputSerializer(UserLoginOutput):
        no = RowNumberField()


class UserLoginLevelListApi(AllRowsApi):
    access = LOGIN.read
    summary = "Pilihan hak akses (user level) untuk user login dan wizard personalia"

    class OutputSerializer(serializers.Serializer[Any]):
        id = serializers.CharField(source="hash_id")
        name = serializers.CharField()

    def get_queryset(self, request: Request) -> QuerySet[UserLevel]:
        return UserLevel.objects.order_by("name", "pk")


class UserLoginDetailApi(UserLoginResource, DetailApi):
    summary = "Detail user login dengan hak khusus"


def _login_input() -> type[serializers.Serializer[Any]]:
    fields: dict[str, Any] = {
        "id": serializers.CharField(max_length=64, error_messages=field_errors(msg.ID_REQUIRED)),
        "username": serializers.CharField(
            max_length=150,
            error_messages={**field_errors(msg.USERNAME_REQUIRED), "max_length": msg.USERNAME_TOO_LONG},
        ),
        "is_active": FlagField(
            error_messages={
                "required": msg.STATUS_REQUIRED,
                "null": msg.STATUS_REQUIRED,
                "invalid": msg.STATUS_REQUIRED,
            }
        ),
        "level_id": PublicIdField(queryset=UserLevel.objects.all(), message=msg.LEVEL_REQUIRED),
        "known_flags": SPECIAL_RIGHTS,
        **{flag: FlagField(required=False, default=0) for flag in SPECIAL_RIGHTS},
    }
    return type("PeopleUserLoginInput", (KnownFlagsInput,), fields)


LoginInput = _login_input()


class UserLoginApi(APIView):
    access = {"PATCH": LOGIN.update}

    @extend_schema(
        request=LoginInput,
        responses=answers(
            envelope_schema("PeopleUserLoginUpdateEnvelope", UserLoginDetailOutput), 403, 404, 422
        ),
        summary="Ubah user login: username, status, hak akses, hak khusus (berlaku seketika)",
    )
    def patch(self, request: Request) -> Response:
        data = read_body(LoginInput, request)
        user = selectors.login_for_admin(hash_id=data.pop("id"))
        username = data.pop("username")
        if not USERNAME_PATTERN.match(username):
            raise Unprocessable(msg.USERNAME_INVALID, errors={"username": [msg.USERNAME_INVALID]})
        actor = request_user(request)
        user = services.user_login_change(
            user=user,
            actor=actor,
            username=username,
            level=data.pop("level_id"),
            is_active=bool(data.pop("is_active")),
            special_rights=data,
        )
        fresh = get_by_hash_id(selectors.user_logins(), user.hash_id)
        output = UserLoginDetailOutput(fresh, context={"request": request})
        return respond(output.data, message=messages.UPDATED)


class UserLoginUnlockApi(APIView):
    access = LOGIN.update

    @extend_schema(
        request=None,
        responses=answers(MessageEnvelope, 403, 404, 409),
        summary="Buka kunci masuk sebuah login (terkunci setelah 10 kali gagal masuk dalam 15 menit)",
    )
    def post(self, request: Request, hash_id: str) -> Response:
        services.user_login_unlock(user=selectors.login_for_admin(hash_id=hash_id))
        return respond(None, message=msg.LOGIN_UNLOCKED)


class UserLoginDeleteApi(UserLoginResource, DeleteApi):
    summary = "Hapus user login; tab yang terbuka langsung keluar"
    extra_errors = (409,)

    def perform(self, request: Request, obj: User) -> None:
        services.user_login_delete(user=obj, actor=request_user(request))
