"""The shapes of the decision answers, declared once: a log's state after a decision (and in a 409), a
bulk decision's answer, the bulk approve previews and the approver's last decision. Named as
server/attendance/serializers.py's (`<Component>Serializer`, comments rather than docstrings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework import serializers

from server.attendance.log_fields import local_datetime_text, placement_zone_abbreviation
from server.attendance.serializers import (
    LOG_STATUSES_TEXT,
    AttendanceLogRiskSerializer,
    PlacementRefSerializer,
)
from server.core.crud import ComputedCharField, ComputedIntegerField, ComputedListField
from server.core.decisions import BulkOutcome
from server.workforce.models import ManPower


# A moment as ISO 8601 with the offset it has (the stored UTC), not moved to the local zone as DRF's
# DateTimeField would.
class IsoMomentField(serializers.DateTimeField):
    def to_representation(self, value: Any) -> str:
        return str(value.isoformat())


# A log's state after a decision, and the state a 409 answers
# (server.attendance.services.attendance_log_state builds it).
class AttendanceLogStateSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    status = serializers.CharField(help_text=LOG_STATUSES_TEXT)
    decided_by_name = serializers.CharField()
    decided_at = serializers.CharField()
    rejected_note = serializers.CharField()


# --- a bulk decision's answer ------------------------------------------------------------------------


@dataclass(frozen=True)
class BulkRow:
    """One row of a bulk answer: what happened to the log, and the placement it was approved at."""

    outcome: BulkOutcome
    near_man_power: ManPower | None


class AttendanceLogBulkOutcomeSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField(source="outcome.hash_id")
    outcome = serializers.ChoiceField(
        source="outcome.outcome",
        choices=["decided", "conflict", "refused", "left_out"],
        help_text="decided; conflict (sudah diproses orang lain: state = keadaan sekarang); refused;"
        " left_out (disisihkan menurut faktor risiko yang dipilih penyetuju)",
    )
    message = serializers.CharField(source="outcome.message")
    state = serializers.DictField(source="outcome.state", help_text="AttendanceLogState; kosong bila refused")
    near_man_power = PlacementRefSerializer(
        allow_null=True, help_text="man power tempat absen di luar radius disetujui; null bila tidak"
    )


def _bulk_rows(result: Any) -> list[BulkRow]:
    return [BulkRow(outcome, result.placements.get(outcome.hash_id)) for outcome in result.outcomes]


# A bulk decision's answer (server.attendance.services.BulkDecision; a bulk approve's is
# bulk_services.bulk_answer, with `left_out`).
class AttendanceLogBulkResultSerializer(serializers.Serializer[Any]):
    decided = serializers.IntegerField()
    skipped = ComputedIntegerField(lambda result: len(result.outcomes) - result.decided)
    left_out = serializers.IntegerField(
        required=False, help_text="disisihkan menurut exclude_factors (setujui saja)"
    )
    results = ComputedListField(_bulk_rows, child=AttendanceLogBulkOutcomeSerializer())
    batch = serializers.CharField(
        source="batch.hash_id",
        allow_null=True,
        help_text="id keputusan massal (untuk undo_many); null bila tidak ada yang diputus",
    )
    undo_until = IsoMomentField(
        allow_null=True, help_text="batas waktu pembuat keputusan dapat membatalkannya"
    )


# --- the bulk approve previews (server.attendance.bulk_selectors) -------------------------------------


# A row of a preview (bulk_selectors.PreviewRow).
class AttendanceLogBulkPreviewRowSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField(source="log.hash_id")
    employee_name = serializers.CharField(source="log.employee.name")
    employee_number_formatted = serializers.CharField(source="log.employee.employee_number_formatted")
    log_datetime = ComputedCharField(
        lambda row: local_datetime_text(row.log.log_datetime, row.log.man_power),
        help_text="waktu lokal penempatan",
    )
    log_timezone = ComputedCharField(
        lambda row: placement_zone_abbreviation(row.log.man_power), help_text="WIB, WITA atau WIT"
    )
    log_type = serializers.CharField(source="log.log_type")
    man_power_name = ComputedCharField(lambda row: row.log.man_power.name if row.log.man_power else "")
    location = serializers.IntegerField(
        source="log.is_valid_location", help_text="1 di dalam radius, 0 di luar"
    )
    risk = AttendanceLogRiskSerializer(source="log")
    factors = serializers.ListField(child=serializers.CharField())
    approve_at = PlacementRefSerializer(
        allow_null=True, help_text="man power tempat absen di luar radius disetujui; null di dalam radius"
    )
    left_out = serializers.BooleanField(help_text="disisihkan oleh exclude_factors")


# bulk_selectors.PlacementCount.
class AttendanceLogBulkFactorPlacementSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField(help_text="'' = tidak ada penempatan")
    name = serializers.CharField()
    count = serializers.IntegerField()


# bulk_selectors.FactorCount (`placements` for the distance factor only).
class AttendanceLogBulkFactorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not Field.label
    count = serializers.IntegerField()
    placements = AttendanceLogBulkFactorPlacementSerializer(
        many=True,
        required=False,
        help_text="faktor distance: per penempatan tempat absen akan disetujui",
    )


# bulk_selectors.BulkPreview.
class AttendanceLogBulkPreviewSerializer(serializers.Serializer[Any]):
    rows = AttendanceLogBulkPreviewRowSerializer(many=True)
    factors = AttendanceLogBulkFactorSerializer(many=True)
    total = serializers.IntegerField(help_text="baris pratinjau")
    matching = serializers.IntegerField(help_text="semua yang cocok (bisa lebih dari total)")
    without_factors = serializers.IntegerField()
    exclude_factors = serializers.ListField(child=serializers.CharField())
    left_out = serializers.IntegerField()
    to_approve = serializers.IntegerField()
    missing = serializers.ListField(
        child=serializers.CharField(), help_text="id yang tidak menunggu lagi atau tidak dikenal"
    )


# --- the approver's last decision --------------------------------------------------------------------


# selectors.LastDecision.
class AttendanceLastDecisionSerializer(serializers.Serializer[Any]):
    batch = serializers.CharField(source="batch.hash_id", help_text="id keputusan (untuk undo_many)")
    action = serializers.ChoiceField(source="batch.action", choices=["approve", "reject"])
    count = serializers.IntegerField(help_text="absen yang masih seperti diputuskan (yang diurungkan)")
    total = serializers.IntegerField(help_text="absen yang diputuskan keputusan ini")
    employee_name = serializers.CharField(help_text="nama karyawan bila satu absen; kosong bila tidak")
    created = IsoMomentField(source="batch.created")
    undo_until = IsoMomentField(help_text="batas waktu pembuatnya dapat mengurungkannya")
