"""Blacklisted apps (Blacklist App, doc3 §7.4): the packages the mobile app refuses to run beside."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from server.core.crud import DeleteApi, DetailApi, IdOutput, ListApi, Resource, RowNumberField
from server.core.inputs import error_messages
from server.core.listing import ListSpec
from server.core.policy import flag_policies
from server.schedules import messages as msg
from server.schedules.apis.common import SettingSaveApi, hash_id_field, name_field, text_field
from server.schedules.models import BlacklistApp
from server.schedules.services.blacklist_apps import blacklist_app_delete, blacklist_app_save

BLACKLIST = flag_policies("allow_blacklist_app")

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


class BlacklistAppOutput(IdOutput):
    name = serializers.CharField()
    package_id = serializers.CharField()
    is_allow = serializers.IntegerField(help_text="1 = diizinkan (Blacklist 'Tidak'), 0 = diblokir ('Ya')")


class BlacklistAppResource(Resource):
    policies = BLACKLIST
    queryset = BlacklistApp.objects.all()
    not_found_message = msg.BLACKLIST_NOT_FOUND
    OutputSerializer = BlacklistAppOutput


class BlacklistAppListApi(BlacklistAppResource, ListApi):
    summary = "Daftar aplikasi (blacklist)"
    list_spec = BLACKLIST_LIST

    class OutputSerializer(BlacklistAppOutput):
        no = RowNumberField()


class BlacklistAppDetailApi(BlacklistAppResource, DetailApi):
    summary = "Detail aplikasi"


class BlacklistAppApi(BlacklistAppResource, SettingSaveApi):
    summary = {"POST": "Tambah aplikasi", "PUT": "Ubah aplikasi (hash_id di body)"}

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = hash_id_field()
        name = name_field()
        package_id = text_field(msg.PACKAGE_ID_REQUIRED, max_length=255, too_long=msg.PACKAGE_ID_TOO_LONG)
        is_allow = serializers.IntegerField(
            required=False,
            default=1,
            min_value=0,
            max_value=1,
            error_messages=error_messages(
                msg.FLAG_INVALID,
                invalid=msg.FLAG_INVALID,
                min_value=msg.FLAG_INVALID,
                max_value=msg.FLAG_INVALID,
            ),
        )

    def update(self, request: Request, obj: BlacklistApp | None, data: dict[str, Any]) -> BlacklistApp:
        return blacklist_app_save(
            app=obj, name=data["name"], package_id=data["package_id"], is_allow=bool(data["is_allow"])
        )


class BlacklistAppDeleteApi(BlacklistAppResource, DeleteApi):
    summary = "Hapus aplikasi"

    def perform(self, request: Request, obj: BlacklistApp) -> None:
        blacklist_app_delete(app=obj)
