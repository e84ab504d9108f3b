"""User levels (doc3 §7.6): list, the flag catalogue, detail, create/update and delete."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.access.models import UserLevel
from server.access.rights import ACTION_LABELS
from server.core import messages
from server.core.envelope import respond
from server.core.flags import LEVEL_FLAGS
from server.core.inputs import read_body
from server.core.listing import ListSpec, list_response
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
from server.people.apis.common import (
    LEVEL,
    FlagField,
    actor_of,
    field_errors,
    refuse_unknown_flags,
)

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
            error_messages={**field_errors(msg.LEVEL_NAME_REQUIRED), "max_length": msg.LEVEL_NAME_TOO_LONG},
        ),
        **{flag: FlagField(required=False, default=0) for flag in LEVEL_FLAGS},
    }
    return type(name, (serializers.Serializer,), fields)


LevelCreateInput = _level_input("PeopleUserLevelCreateInput")


class LevelUpdateInput(_level_input("PeopleUserLevelBase")):  # type: ignore[misc]
    id = serializers.CharField(max_length=64, error_messages=field_errors(msg.ID_REQUIRED))


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
        refuse_unknown_flags(request, LEVEL_FLAGS)
        data = read_body(LevelCreateInput, request)
        name = data.pop("name")
        level = services.user_level_create(name=name, flags=data, creator=actor_of(request))
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
        refuse_unknown_flags(request, LEVEL_FLAGS)
        data = read_body(LevelUpdateInput, request)
        level = selectors.level_for_admin(hash_id=data.pop("id"))
        name = data.pop("name")
        level = services.user_level_change(level=level, name=name, flags=data, actor=actor_of(request))
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
