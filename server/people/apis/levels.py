"""User levels (doc3 §7.6): list, the flag catalogue, detail, create/update and delete."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import UserLevel
from server.accounts.rights import ACTION_LABELS
from server.accounts.selectors import request_user
from server.core.crud import (
    DeleteApi,
    DetailApi,
    IdOutput,
    ListApi,
    MomentField,
    Resource,
    RowNumberField,
    SaveApi,
)
from server.core.envelope import respond
from server.core.flags import LEVEL_FLAGS
from server.core.listing import ListSpec
from server.core.schema import ZeroOneField, answers, envelope_schema
from server.people import messages as msg
from server.people import selectors, services
from server.people.apis.common import LEVEL, FlagField, KnownFlagsInput, field_errors

# ---------------------------------------------------------------- user levels

LEVEL_LIST = ListSpec(
    searchable={"name": "name__icontains"},
    orderable={"name": "name", "created": "created"},
    global_search=("name",),
    default_order=("name", "asc"),
    default_per_page=100,
)


class UserLevelOutput(IdOutput):
    """A level of `selectors.user_levels()` (it counts the logins)."""

    name = serializers.CharField()
    created = MomentField(help_text="YYYY-MM-DD HH:mm:ss")
    creator_user_id = serializers.SerializerMethodField()
    creator_user_name = serializers.SerializerMethodField()
    users_count = serializers.IntegerField(help_text="user login yang memakai level ini")

    def get_creator_user_id(self, level: UserLevel) -> str:
        return level.creator.hash_id if level.creator else ""

    def get_creator_user_name(self, level: UserLevel) -> str:
        return level.creator.fullname if level.creator else ""


class UserLevelDetailOutput(UserLevelOutput):
    allowed_json = serializers.DictField(child=ZeroOneField(), source="normalized_flags")


class PeopleFlagChild(serializers.Serializer[Any]):
    flag = serializers.CharField()
    action = serializers.ChoiceField(choices=list(ACTION_LABELS))
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label


class PeopleFlag(serializers.Serializer[Any]):
    flag = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    children = PeopleFlagChild(many=True)


class PeopleFlagGroup(serializers.Serializer[Any]):
    # A group of the 'Hak Akses' matrix (server.people.selectors.level_catalogue).
    label = serializers.CharField()  # type: ignore[assignment]
    flags = PeopleFlag(many=True)


def level_input(name: str) -> type[KnownFlagsInput]:
    fields: dict[str, Any] = {
        "known_flags": LEVEL_FLAGS,
        "name": serializers.CharField(
            max_length=100,
            error_messages={**field_errors(msg.LEVEL_NAME_REQUIRED), "max_length": msg.LEVEL_NAME_TOO_LONG},
        ),
        **{flag: FlagField(required=False, default=0) for flag in LEVEL_FLAGS},
    }
    return type(name, (KnownFlagsInput,), fields)


class UserLevelResource(Resource):
    policies = LEVEL
    queryset = selectors.user_levels()
    not_found_message = msg.LEVEL_NOT_FOUND
    OutputSerializer = UserLevelDetailOutput


class UserLevelListApi(UserLevelResource, ListApi):
    summary = "Daftar user level (wewenang)"
    list_spec = LEVEL_LIST

    class OutputSerializer(UserLevelOutput):
        no = RowNumberField()


class UserLevelCatalogueApi(APIView):
    access = LEVEL.read

    @extend_schema(
        responses=answers(envelope_schema("PeopleFlagCatalogueEnvelope", PeopleFlagGroup(many=True)), 403),
        summary="Katalog hak akses untuk matriks 'Hak Akses' (grup, flag daftar, anak tambah/ubah/hapus)",
    )
    def get(self, request: Request) -> Response:
        return respond(PeopleFlagGroup(selectors.level_catalogue(), many=True).data)


class UserLevelDetailApi(UserLevelResource, DetailApi):
    summary = "Detail user level dengan semua flag (allowed_json)"


class UserLevelApi(UserLevelResource, SaveApi):
    summary = {
        "POST": "Tambah user level: nama dan semua flag allow_*",
        "PUT": "Ubah user level (id di body); login yang memakainya menerima hak akses baru seketika",
    }

    InputSerializer = level_input("UserLevelInput")

    class UpdateInputSerializer(level_input("UserLevelBase")):  # type: ignore[misc]
        id = serializers.CharField(max_length=64, error_messages=field_errors(msg.ID_REQUIRED))

    id_field = "id"
    id_required_message = msg.ID_REQUIRED

    def create(self, request: Request, data: dict[str, Any]) -> UserLevel:
        flags = {flag: data[flag] for flag in LEVEL_FLAGS}
        level = services.user_level_create(name=data["name"], flags=flags, creator=request_user(request))
        return selectors.level_for_admin(hash_id=level.hash_id)

    def update(self, request: Request, obj: UserLevel, data: dict[str, Any]) -> UserLevel:
        flags = {flag: data[flag] for flag in LEVEL_FLAGS}
        level = services.user_level_change(
            level=obj, name=data["name"], flags=flags, actor=request_user(request)
        )
        return selectors.level_for_admin(hash_id=level.hash_id)


class UserLevelDeleteApi(UserLevelResource, DeleteApi):
    summary = "Hapus user level (ditolak bila masih dipakai user login)"
    extra_errors = (409,)

    def perform(self, request: Request, obj: UserLevel) -> None:
        services.user_level_delete(level=obj)
