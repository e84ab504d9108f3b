"""System trouble days (Gangguan Sistem, doc3 §7.5): a missing check-in that day is not an absence."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from server.core.crud import DeleteApi, DetailApi, IdOutput, ListApi, Resource
from server.core.inputs import error_messages
from server.core.listing import DATE_SEARCH_SCHEMA, ListSpec, date_search
from server.core.policy import flag_policies
from server.schedules import messages as msg
from server.schedules.apis.common import SettingSaveApi, date_field, hash_id_field
from server.schedules.models import SystemTrouble
from server.schedules.services.system_trouble import system_trouble_delete, system_trouble_save

TROUBLE = flag_policies("allow_system_trouble")

TROUBLE_LIST = ListSpec(
    searchable={"description": "description__icontains", "date": date_search("date")},
    search_schemas={"date": DATE_SEARCH_SCHEMA},
    orderable={"date": "date", "description": "description"},
    global_search=("description",),
    default_order=("date", "desc"),
)


class SystemTroubleOutput(IdOutput):
    date = serializers.DateField()
    description = serializers.CharField()


class SystemTroubleResource(Resource):
    policies = TROUBLE
    queryset = SystemTrouble.objects.all()
    not_found_message = msg.SYSTEM_TROUBLE_NOT_FOUND
    OutputSerializer = SystemTroubleOutput


class SystemTroubleListApi(SystemTroubleResource, ListApi):
    summary = "Daftar hari gangguan sistem"
    list_spec = TROUBLE_LIST


class SystemTroubleDetailApi(SystemTroubleResource, DetailApi):
    summary = "Detail gangguan sistem"


class SystemTroubleApi(SystemTroubleResource, SettingSaveApi):
    summary = {
        "POST": "Catat hari gangguan sistem (absen yang hilang hari itu tidak dihitung mangkir)",
        "PUT": "Ubah hari gangguan sistem",
    }

    class InputSerializer(serializers.Serializer[Any]):
        hash_id = hash_id_field()
        date = date_field(msg.DATE_REQUIRED)
        description = serializers.CharField(
            max_length=2000, error_messages=error_messages(msg.DESCRIPTION_REQUIRED)
        )

    def update(self, request: Request, obj: SystemTrouble | None, data: dict[str, Any]) -> SystemTrouble:
        return system_trouble_save(trouble=obj, day=data["date"], description=data["description"])


class SystemTroubleDeleteApi(SystemTroubleResource, DeleteApi):
    summary = "Hapus hari gangguan sistem"

    def perform(self, request: Request, obj: SystemTrouble) -> None:
        system_trouble_delete(trouble=obj)
