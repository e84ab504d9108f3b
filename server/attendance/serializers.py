"""The row shapes of the check-in log answers, declared once: each serializer renders the model (or a
selector's dataclass) and is the OpenAPI schema of what it renders. The approval queue's rows are also
the `row` of the `approval.attendance` events (selectors.attendance_queue_rows), so the apis and the
events share these classes.

A serializer here is named `<Component>Serializer`: drf-spectacular names its component without the
suffix (no docstrings on them: a docstring would become the component's description; comments say
what they are). A value the model does not hold as such (a local time, a name through an optional
relation) is a `server.core.crud` Computed field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from server.attendance.log_fields import (
    decided_by_name,
    late_in_minutes,
    local_datetime_text,
    local_time_text,
    log_effective_date,
    placement_zone_abbreviation,
    time_text,
)
from server.attendance.models import AttendanceDay, AttendanceLog, RiskLevel
from server.attendance.placements import placements_near
from server.core.crud import (
    ComputedCharField,
    ComputedDateField,
    ComputedFloatField,
    ComputedIntegerField,
    ComputedListField,
)
from server.core.files import FileViewer, signed_file_url, user_viewer

LOG_STATUSES_TEXT = "waiting_approval, approved, manual_approved atau rejected"


# A stored photo (`path(obj)`, '' when none) as a URL the row's viewer may fetch for a few minutes: the
# context's `viewer` (None: an event, no URL; each reader's refetch gets URLs signed for them), else the
# signed-in caller of the request.
class SignedPhotoField(serializers.CharField):
    def __init__(self, path: Callable[[Any], str], **kwargs: Any) -> None:
        self.path = path
        kwargs["source"] = "*"
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str:
        context = self.context
        viewer: FileViewer | None = (
            context["viewer"] if "viewer" in context else user_viewer(context["request"].user)
        )
        return signed_file_url(self.path(value), viewer=viewer)


def _name_of(related: Callable[[Any], Any], **options: Any) -> ComputedCharField:
    """The `name` of an optional related object ('' without one)."""
    return ComputedCharField(lambda obj: _name(related(obj)), **options)


def _name(found: Any) -> str:
    return str(found.name) if found is not None else ""


# --- risk --------------------------------------------------------------------------------------------


class AttendanceLogRiskReasonSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(
        help_text="distance, gps_accuracy, face, travel, new_device, shift_window, blacklist_app"
    )
    text = serializers.CharField(help_text="alasan singkat dengan angkanya")


# The stored reasons as they are (a stray value in one is shown, not refused), documented as the list
# of reasons they are.
@extend_schema_field(AttendanceLogRiskReasonSerializer(many=True))
class RiskReasonsField(serializers.Field[Any, Any, Any, Any]):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(source="risk_reasons", **kwargs)

    def get_attribute(self, instance: AttendanceLog) -> list[Any]:
        return list(instance.risk_reasons or [])

    def to_representation(self, value: list[Any]) -> list[Any]:
        return value


# A log's risk (read with source="*" from the log).
class AttendanceLogRiskSerializer(serializers.Serializer[Any]):
    level = serializers.ChoiceField(choices=RiskLevel.values, source="risk_level")
    score = serializers.IntegerField(help_text="0-100", source="risk_score")
    reasons = RiskReasonsField()


# --- placements --------------------------------------------------------------------------------------


# A placement offered for an out-of-radius check-in (server.attendance.placements.Placement).
class PlacementChoiceSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField(source="man_power.hash_id")
    name = serializers.CharField(source="man_power.name")
    type = serializers.CharField(source="man_power.type", help_text="tipe man power")
    distance_m = ComputedIntegerField(
        lambda place: round(place.distance_m), help_text="meter dari titik absen"
    )
    is_own = serializers.BooleanField(help_text="penempatan karyawan sendiri")


# PlacementChoice and the older names of its fields, with the placement's point and radius.
class AttendanceNearManPowerSerializer(PlacementChoiceSerializer):
    man_power_name = serializers.CharField(source="man_power.name", help_text="= name")
    man_power_type = serializers.CharField(source="man_power.type", help_text="= type")
    latitude = serializers.FloatField(source="man_power.latitude")
    longitude = serializers.FloatField(source="man_power.longitude")
    max_radius = serializers.IntegerField(source="man_power.max_radius")
    distance = ComputedFloatField(
        lambda place: round(place.distance_m, 2), help_text="meter dari titik absen (2 desimal)"
    )


# A chosen placement (a ManPower): its id and name.
class PlacementRefSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    name = serializers.CharField()


# --- the approval queue and the history --------------------------------------------------------------


# The columns of a log every list shows (read with selectors.QUEUE_ROW_RELATED).
class AttendanceLogColumnsSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    employee_number_formatted = serializers.CharField(source="employee.employee_number_formatted")
    employee_name = serializers.CharField(source="employee.name")
    log_datetime = ComputedCharField(
        lambda log: local_datetime_text(log.log_datetime, log.man_power),
        help_text="YYYY-MM-DD HH:mm:ss, waktu lokal penempatan",
    )
    log_date = serializers.DateField(help_text="tanggal lokal penempatan (dasar filter tanggal)")
    log_timezone = ComputedCharField(
        lambda log: placement_zone_abbreviation(log.man_power),
        help_text="zona waktu penempatan: WIB, WITA atau WIT",
    )
    employee_photo_url = SignedPhotoField(lambda log: log.employee.photo)
    log_photo = SignedPhotoField(lambda log: log.photo)
    log_type = serializers.CharField(help_text="check_in atau check_out")
    location = serializers.IntegerField(source="is_valid_location", help_text="1 in spot, 0 out of spot")
    fr_accuracy = serializers.FloatField()
    man_power_type = serializers.CharField()
    man_power_name = _name_of(lambda log: log.man_power)
    risk = AttendanceLogRiskSerializer(
        source="*", help_text="risiko absen (dihitung saat absen; ambang di setting/risk)"
    )


# A log as the approval queue lists it: its `suggested_placement` (selectors.attendance_queue_rows
# sets it: the placement a bulk approve takes by default) as `suggested_man_power`.
class AttendanceQueueRowSerializer(AttendanceLogColumnsSerializer):
    suggested_man_power = PlacementChoiceSerializer(
        source="suggested_placement",
        allow_null=True,
        required=False,
        help_text="absen di luar radius: man power terdekat (penempatan sendiri bila terdekat); "
        "null di dalam radius",
    )
    overdue = serializers.BooleanField(
        required=False,
        help_text="hanya di antrean: menunggu lebih lama dari batas waktu persetujuan absen"
        " (setting/approval_sla)",
    )
    waiting_since = serializers.DateTimeField(
        source="created", required=False, help_text="hanya di antrean: saat absen diterima server"
    )


def _shift_pattern(log: AttendanceLog) -> Any:
    return log.employee.shift_pattern if log.employee.shift_pattern_id else None


def _pattern_text(read: Callable[[Any], str]) -> ComputedCharField:
    """A text of the employee's shift pattern ('' without one)."""
    return ComputedCharField(lambda log: _text_of(_shift_pattern(log), read))


def _shift_text(read: Callable[[Any], str]) -> ComputedCharField:
    """A text of the log's shift ('' without one)."""
    return ComputedCharField(lambda log: _text_of(log.shift, read))


def _lend_text(read: Callable[[Any], str]) -> ComputedCharField:
    """A text of the employee the log was lent to ('' without one)."""
    return ComputedCharField(lambda log: _text_of(log.lend_employee if log.lend_employee_id else None, read))


def _text_of(found: Any, read: Callable[[Any], str]) -> str:
    return read(found) if found is not None else ""


# The columns history rows add to the queue's.
class AttendanceHistoryColumnsSerializer(serializers.Serializer[Any]):
    status = serializers.CharField(help_text=LOG_STATUSES_TEXT)
    attendance_date = serializers.DateField()
    is_different_day = serializers.BooleanField()
    shift_pattern_code = _pattern_text(lambda pattern: pattern.code)
    is_valid_location = serializers.IntegerField()
    fr_is_match = serializers.IntegerField()
    service_type = serializers.CharField()
    decided_by_name = ComputedCharField(decided_by_name, help_text="'sistem' bila otomatis")
    near_man_power_name = _name_of(
        lambda log: log.near_man_power if log.near_man_power_id else None,
        help_text="man power terdekat yang dipilih penyetuju (absen di luar radius)",
    )


# A log as the history lists it: the queue's columns and the history's (read with
# selectors.LOG_LIST_RELATED).
class AttendanceHistoryRowSerializer(AttendanceLogColumnsSerializer, AttendanceHistoryColumnsSerializer):
    pass


def optional_fields(serializer_class: type[serializers.Serializer[Any]]) -> dict[str, Any]:
    """New instances of the fields `serializer_class` declares, each optional (a schema of rows only
    some of which have them). Made from the arguments each was declared with, as DRF copies a field."""
    declared: dict[str, Any] = serializer_class._declared_fields
    return {
        name: type(field)(*field._args, **{**field._kwargs, "required": False})
        for name, field in declared.items()
    }


# The schema of the list serving the queue (status=waiting_approval) and the history: the queue's row
# with the history's columns, which only history rows have.
AttendanceLogListRowSerializer = type(
    "AttendanceLogListRowSerializer",
    (AttendanceQueueRowSerializer,),
    optional_fields(AttendanceHistoryColumnsSerializer),
)


def _day_column(read: Callable[[AttendanceDay], Any], empty: Any) -> Callable[[AttendanceLog], Any]:
    def value(log: AttendanceLog) -> Any:
        day: AttendanceDay | None = getattr(log, "counted_day", None)
        return read(day) if day is not None else empty

    return value


# A history row with the computed day the log counts for (the v2 list): its `counted_day`
# (selectors.attendance_logs_with_days sets it).
class AttendanceLogDayRowSerializer(AttendanceHistoryRowSerializer):
    effective_date = ComputedDateField(
        log_effective_date, help_text="tanggal hari yang dihitung (setelah mundur absen)"
    )
    keterangan = ComputedCharField(_day_column(lambda day: day.keterangan, ""))
    late_minutes = ComputedIntegerField(_day_column(lambda day: day.late_minutes, 0))
    early_out_minutes = ComputedIntegerField(_day_column(lambda day: day.early_out_minutes, 0))
    working_minutes = ComputedIntegerField(_day_column(lambda day: day.working_minutes, 0))


# selectors.WaitingElsewhere.
class AttendanceQueueOlderWaitingSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="absen menunggu sesuai filter, semua tanggal")
    since = serializers.DateField(help_text="tanggal absen tertua di antaranya")


# --- the detail --------------------------------------------------------------------------------------


# The chosen placement under its older field name.
class AttendanceSelectedManPowerSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    man_power_name = serializers.CharField(source="name")


# Everything the detail modal of the queue and the history shows (read with selectors.LOG_DETAIL_RELATED).
class AttendanceLogDetailSerializer(AttendanceLogColumnsSerializer):
    note = serializers.CharField()
    rejected_note = serializers.CharField()
    status = serializers.CharField(help_text=LOG_STATUSES_TEXT)
    status_code = serializers.CharField(source="status", help_text=LOG_STATUSES_TEXT)
    decided_by_name = ComputedCharField(decided_by_name)
    decided_at = ComputedCharField(lambda log: local_datetime_text(log.decided_at, log.man_power))
    attendance_location_type = serializers.CharField(source="employee.attendance_location_type")
    man_power_team_name = _name_of(lambda log: log.employee.man_power_team)
    man_power_group_name = _name_of(lambda log: log.employee.man_power_group)
    fr_is_match = serializers.IntegerField()
    is_valid_location = serializers.IntegerField()
    distance = serializers.FloatField()
    latitude = serializers.FloatField()
    longitude = serializers.FloatField()
    # server.workforce.row_fields.PLACEMENT_LOCATION_FIELDS (None each without a placement)
    man_power_latitude = serializers.FloatField(source="man_power.latitude", allow_null=True)
    man_power_longitude = serializers.FloatField(source="man_power.longitude", allow_null=True)
    man_power_max_radius = serializers.IntegerField(source="man_power.max_radius", allow_null=True)
    is_valid_shift = serializers.IntegerField()
    is_different_day = serializers.IntegerField()
    attendance_date = serializers.DateField()
    log_time = ComputedCharField(lambda log: local_time_text(log.log_datetime, log.man_power))
    shift_pattern_code = _pattern_text(lambda pattern: pattern.code)
    shift_pattern_name = _pattern_text(lambda pattern: pattern.name)
    shift_code = _shift_text(lambda shift: shift.code)
    shift_name = _shift_text(lambda shift: shift.name)
    shift_time_in = _shift_text(lambda shift: time_text(shift.time_in))
    shift_time_out = _shift_text(lambda shift: time_text(shift.time_out))
    shift_break_start = _shift_text(lambda shift: time_text(shift.break_start))
    shift_break_end = _shift_text(lambda shift: time_text(shift.break_end))
    total_late_in_minutes = ComputedIntegerField(late_in_minutes)
    service_type = serializers.CharField()
    lend_employee_name = _lend_text(lambda lend: lend.name)
    lend_employee_number_formatted = _lend_text(lambda lend: lend.employee_number_formatted)
    lend_employee_man_power = _lend_text(lambda lend: _name(lend.man_power))
    near_man_power_list = ComputedListField(
        lambda log: placements_near([log])[log.pk],
        child=AttendanceNearManPowerSerializer(),
        help_text="PlacementChoice, terdekat dulu (maks. 10), penempatan karyawan sendiri selalu ada",
    )
    near_man_power = PlacementRefSerializer(
        allow_null=True, help_text="man power terdekat yang dipilih saat disetujui"
    )
    selectedManPower = AttendanceSelectedManPowerSerializer(source="near_man_power", allow_null=True)


# --- counts and filter options -----------------------------------------------------------------------


# Logs of one month by decided status (a mapping status → count).
class AttendanceLogCountSerializer(serializers.Serializer[Any]):
    approved = serializers.IntegerField()
    manual_approval = serializers.IntegerField(source="manual_approved")
    rejected = serializers.IntegerField()


# A man power the lists may be filtered on (a ManPower).
class AttendanceLogManPowerOptionSerializer(serializers.Serializer[Any]):
    hash_id = serializers.CharField()
    value = serializers.CharField(source="name")
    label = serializers.CharField(source="name")  # type: ignore[assignment]  # a field, not Field.label
    type = serializers.CharField()
