"""The preset rejection notes (`GET/PUT setting/rejection_notes`, server/attendance/rejection_notes.py):
read by whoever may reject a check-in or keeps the system settings, changed with the system settings'
update flag (as the risk thresholds)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.attendance.apis.risk_settings import RISK_SETTINGS
from server.attendance.rejection_notes import (
    MAX_NOTE_LENGTH,
    MAX_NOTES,
    TOO_MANY,
    rejection_notes_get,
    rejection_notes_update,
)
from server.attendance.topics import REJECTION_NOTES_READERS
from server.core.envelope import respond
from server.core.inputs import read_body
from server.core.messages import UPDATED
from server.core.schema import answers, envelope_schema

NOT_A_LIST = "Catatan penolakan harus berupa daftar teks."
REQUIRED = "Catatan penolakan harus diisi (boleh daftar kosong)."
NOTE_LONG = f"Tiap catatan penolakan paling panjang {MAX_NOTE_LENGTH} karakter."


class RejectionNotesInput(serializers.Serializer[Any]):
    notes = serializers.ListField(
        child=serializers.CharField(
            allow_blank=True,
            trim_whitespace=False,
            max_length=MAX_NOTE_LENGTH,
            error_messages={"invalid": NOT_A_LIST, "max_length": NOTE_LONG},
        ),
        allow_empty=True,
        max_length=MAX_NOTES,
        error_messages={
            "not_a_list": NOT_A_LIST,
            "required": REQUIRED,
            "null": REQUIRED,
            "max_length": TOO_MANY.format(max=MAX_NOTES),
        },
        help_text="urutan tampil; tiap catatan tidak kosong, tanpa duplikat",
    )


# The preset notes, in the order shown (a named serializer: its component is `RejectionNotes`).
class RejectionNotesSerializer(serializers.Serializer[Any]):
    notes = serializers.ListField(child=serializers.CharField())


_OUTPUT = envelope_schema("RejectionNotesEnvelope", RejectionNotesSerializer())


class RejectionNotesApi(APIView):
    access = {"GET": REJECTION_NOTES_READERS, "PUT": RISK_SETTINGS.update}

    @extend_schema(responses=answers(_OUTPUT, 403), summary="Catatan penolakan siap pakai")
    def get(self, request: Request) -> Response:
        return respond(RejectionNotesSerializer({"notes": rejection_notes_get()}).data)

    @extend_schema(
        request=RejectionNotesInput,
        responses=answers(_OUTPUT, 403, 422),
        summary="Ubah catatan penolakan siap pakai",
    )
    def put(self, request: Request) -> Response:
        data = read_body(RejectionNotesInput, request)
        notes = rejection_notes_update(notes=data["notes"])
        return respond(RejectionNotesSerializer({"notes": notes}).data, message=UPDATED)
