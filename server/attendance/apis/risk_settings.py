"""The thresholds of the check-in risk (`GET/PUT setting/risk`): a system setting, read with the
system-trouble settings flag and changed with its `_update` child. A change rescores the waiting logs
(inline, or a job whose hash id is answered as `rescore_job`). The read carries the rules (each
factor's weight and floor, in words); `POST setting/risk/preview` answers what unsaved thresholds
would make of the waiting logs (how many low, medium, high), with the update's policy, writing nothing."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.attendance.risk_selectors import (
    risk_preview,
    risk_rules,
    risk_settings_get,
    risk_thresholds_from,
)
from server.attendance.risk_services import risk_settings_update
from server.attendance.topics import RISK_SETTINGS_FLAG
from server.core.crud import ComputedListField
from server.core.envelope import respond
from server.core.inputs import read_body
from server.core.messages import UPDATED
from server.core.policy import flag_policies
from server.core.schema import answers, envelope_schema

RISK_SETTINGS = flag_policies(RISK_SETTINGS_FLAG)

# (field, label, lowest, highest)
THRESHOLDS: tuple[tuple[str, str, int, int], ...] = (
    ("radius_margin_m", "Toleransi di luar radius (meter)", 0, 10_000),
    ("max_gps_accuracy_m", "Batas akurasi GPS (meter)", 1, 10_000),
    ("face_match_threshold", "Ambang skor wajah", 1, 100),
    ("max_travel_kmh", "Kecepatan perjalanan maksimal (km/jam)", 10, 2_000),
    ("shift_window_minutes", "Toleransi di luar jendela shift (menit)", 0, 1_440),
    ("new_device_days", "Lama perangkat dianggap baru (hari)", 0, 365),
    ("blacklist_lookback_days", "Lama percobaan aplikasi terlarang diperhitungkan (hari)", 0, 365),
    ("medium_from", "Skor risiko sedang mulai", 1, 100),
    ("high_from", "Skor risiko tinggi mulai", 1, 100),
)


def _threshold_field(label: str, low: int, high: int) -> serializers.IntegerField:
    out_of_range = f"{label} harus bilangan bulat {low} sampai {high}."
    return serializers.IntegerField(
        min_value=low,
        max_value=high,
        help_text=f"{low}-{high}",
        error_messages={
            "required": f"{label} harus diisi.",
            "null": f"{label} harus diisi.",
            "invalid": out_of_range,
            "min_value": out_of_range,
            "max_value": out_of_range,
            "max_string_length": out_of_range,
        },
    )


_FIELD = {name: (label, low, high) for name, label, low, high in THRESHOLDS}


class RiskSettingsInput(serializers.Serializer[Any]):
    radius_margin_m = _threshold_field(*_FIELD["radius_margin_m"])
    max_gps_accuracy_m = _threshold_field(*_FIELD["max_gps_accuracy_m"])
    face_match_threshold = _threshold_field(*_FIELD["face_match_threshold"])
    max_travel_kmh = _threshold_field(*_FIELD["max_travel_kmh"])
    shift_window_minutes = _threshold_field(*_FIELD["shift_window_minutes"])
    new_device_days = _threshold_field(*_FIELD["new_device_days"])
    blacklist_lookback_days = _threshold_field(*_FIELD["blacklist_lookback_days"])
    medium_from = _threshold_field(*_FIELD["medium_from"])
    high_from = _threshold_field(*_FIELD["high_from"])


# The stored thresholds (a RiskSettings), as RiskSettingsInput names them. Named serializers below
# (`<Component>Serializer`), commented rather than documented: a docstring would become the component's
# description.
class RiskThresholdsOutput(serializers.Serializer[Any]):
    radius_margin_m = serializers.IntegerField()
    max_gps_accuracy_m = serializers.IntegerField()
    face_match_threshold = serializers.IntegerField()
    max_travel_kmh = serializers.IntegerField()
    shift_window_minutes = serializers.IntegerField()
    new_device_days = serializers.IntegerField()
    blacklist_lookback_days = serializers.IntegerField()
    medium_from = serializers.IntegerField()
    high_from = serializers.IntegerField()


# A factor's rule in words (risk_selectors.risk_rules).
class RiskRuleSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    weight = serializers.CharField(help_text="poin faktor ini")
    floor = serializers.CharField(help_text="tingkat paling rendah yang ditetapkannya, '' bila tidak ada")


# The thresholds with the rules they weigh.
class RiskSettingsSerializer(RiskThresholdsOutput):
    rules = ComputedListField(lambda settings: risk_rules(), child=RiskRuleSerializer())


# The saved thresholds and the job rescoring the waiting logs (the view sets it as `rescore_job`).
class RiskSettingsSavedSerializer(RiskThresholdsOutput):
    rescore_job = serializers.CharField(
        source="rescore_job.hash_id",
        allow_null=True,
        help_text="hash id job penghitungan ulang bila banyak absen menunggu; null bila sudah selesai",
    )


# risk_selectors.risk_preview: waiting logs per level under the thresholds asked about.
class RiskPreviewSerializer(serializers.Serializer[Any]):
    low = serializers.IntegerField()
    medium = serializers.IntegerField()
    high = serializers.IntegerField()
    total = serializers.IntegerField(help_text="semua absen yang menunggu persetujuan")


class RiskSettingsApi(APIView):
    access = {"GET": RISK_SETTINGS.read, "PUT": RISK_SETTINGS.update}

    @extend_schema(
        responses=answers(envelope_schema("RiskSettingsEnvelope", RiskSettingsSerializer()), 403),
        summary="Ambang risiko absen",
    )
    def get(self, request: Request) -> Response:
        return respond(RiskSettingsSerializer(risk_settings_get()).data)

    @extend_schema(
        request=RiskSettingsInput,
        responses=answers(
            envelope_schema("RiskSettingsSavedEnvelope", RiskSettingsSavedSerializer()), 403, 422
        ),
        summary="Ubah ambang risiko absen (risiko absen yang menunggu dihitung ulang)",
    )
    def put(self, request: Request) -> Response:
        data = read_body(RiskSettingsInput, request)
        settings, job = risk_settings_update(data=data, user=request.user)
        settings.rescore_job = job  # type: ignore[attr-defined]  # RiskSettingsSavedSerializer reads it
        return respond(RiskSettingsSavedSerializer(settings).data, message=UPDATED)


class RiskSettingsPreviewApi(APIView):
    access = RISK_SETTINGS.update

    @extend_schema(
        request=RiskSettingsInput,
        responses=answers(envelope_schema("RiskPreviewEnvelope", RiskPreviewSerializer()), 403, 422),
        summary="Pratinjau ambang risiko: jumlah absen menunggu per tingkat risiko (tidak disimpan)",
    )
    def post(self, request: Request) -> Response:
        data = read_body(RiskSettingsInput, request)
        return respond(RiskPreviewSerializer(risk_preview(thresholds=risk_thresholds_from(data))).data)
