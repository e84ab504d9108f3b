"""What the attendance log endpoints share: the rights, the filters of the queue and history lists
(query parameters and list protocol), the id field, the log lookup and the decision answers."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from server.accounts.selectors import request_user
from server.attendance import selectors, services
from server.attendance.decision_serializers import AttendanceLogStateSerializer
from server.attendance.models import AttendanceLog, LogStatus, LogType, RiskLevel
from server.attendance.reasons import FACTOR_CODES, RiskReasonCount, risk_reasons_text_search
from server.attendance.topics import attendance_logs_version
from server.core import messages
from server.core.decisions import decision_response
from server.core.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE
from server.core.hashids import get_by_hash_id
from server.core.inputs import NOT_BLANK
from server.core.listing import DATE_SEARCH_SCHEMA, ListSpec, date_search
from server.core.policy import AccessCheck, AllFlags, AnyFlag, ByQuery
from server.core.schema import MessageEnvelope, envelope_schema, list_parameters
from server.schedules.sla import ATTENDANCE, overdue_cutoff
from server.workforce.models import ManPower
from server.workforce.selectors import EMPLOYEE_ORDERABLE, EMPLOYEE_SEARCHABLE

RESET = "allow_reset_attendance"
REJECT_VALID = "allow_reject_valid_attendance"
ANY_LOG_VIEWER = AnyFlag(APPROVE_ATTENDANCE, REJECT_ATTENDANCE, RESET)

ID_REQUIRED = "ID absen harus diisi."
STATUS_INVALID = "Status harus waiting_approval, approved, manual_approved atau rejected."
HISTORY_STATUS_INVALID = "Status harus approved, manual_approved atau rejected."
DATE_INVALID = messages.DATE_FORMAT
DATES_INCOMPLETE = "Tanggal mulai dan tanggal selesai harus diisi."
DATES_REVERSED = "Tanggal mulai tidak boleh setelah tanggal selesai."
DATE_TOO_EARLY = "Tanggal hanya dapat dipilih mulai {first:%d-%m-%Y}."
DATE_IN_FUTURE = "Tanggal tidak boleh melebihi hari ini."
TYPE_INVALID = "Tipe man power harus office, pool, site atau tug_boat."
LOG_TYPE_INVALID = "Tipe log harus check_in atau check_out."
FLAG_INVALID = "Nilai {name} harus 1 atau 0."
RISK_INVALID = "Risiko harus low, medium atau high."
FACTOR_INVALID = (
    "Faktor risiko harus distance, gps_accuracy, face, travel, new_device, shift_window atau blacklist_app."
)
MAN_POWER_UNKNOWN = "Man power tidak ditemukan."
NO_QUEUE_RIGHTS = "Anda tidak memiliki hak persetujuan absen untuk tipe man power mana pun."
NO_HISTORY_RIGHTS = "Anda tidak memiliki akses ke riwayat kehadiran."
QUEUE_APPROVER = AccessCheck(
    "approve or reject rights on at least one man power type",
    lambda access: bool(selectors.attendance_approver_types(access)),
    denied_message=NO_QUEUE_RIGHTS,
)
# One URL, two screens: the approval queue and the history need different rights.
LOG_LIST_ACCESS = ByQuery(
    "status",
    {LogStatus.WAITING_APPROVAL: QUEUE_APPROVER},
    otherwise=AllFlags(RESET, denied_message=NO_HISTORY_RIGHTS),
)


def _choice(choices: Iterable[str], message: str) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=["", *choices],
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid_choice": message},
    )


def _flag(name: str) -> serializers.ChoiceField:
    return _choice(["1", "0"], FLAG_INVALID.format(name=name))


def _date() -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"], required=False, default=None, error_messages={"invalid": DATE_INVALID}
    )


class AttendanceLogListParams(serializers.Serializer[Any]):
    """The filters of the queue and history lists (query parameters)."""

    status = _choice([LogStatus.WAITING_APPROVAL, *selectors.HISTORY_STATUSES], STATUS_INVALID)
    start_date = _date()
    end_date = _date()
    man_power = serializers.CharField(required=False, allow_blank=True, default="", max_length=64)
    man_power_type = _choice(MAN_POWER_TYPES, TYPE_INVALID)
    man_power_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=150)
    man_power_team_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=150)
    man_power_group_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=150)
    log_type = _choice(LogType.values, LOG_TYPE_INVALID)
    location = _flag("location")
    face_recognition = _flag("face_recognition")
    risk = _choice(RiskLevel.values, RISK_INVALID)
    factor = _choice(FACTOR_CODES, FACTOR_INVALID)
    # Only waiting logs past the queue's deadline (setting/approval_sla); the queue alone.
    overdue = _flag("overdue")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs["start_date"], attrs["end_date"]
        if (start is None) != (end is None):
            raise serializers.ValidationError({"start_date": [DATES_INCOMPLETE]})
        if start is not None and end is not None:
            first, last = selectors.attendance_log_window(selectors.latest_placement_today())
            if start > end:
                raise serializers.ValidationError({"start_date": [DATES_REVERSED]})
            if start < first:
                raise serializers.ValidationError({"start_date": [DATE_TOO_EARLY.format(first=first)]})
            if end > last:
                raise serializers.ValidationError({"end_date": [DATE_IN_FUTURE]})
        return attrs


LOG_LIST = ListSpec(
    searchable={
        **EMPLOYEE_SEARCHABLE,
        "log_datetime": date_search("log_date"),
        "log_type": "log_type",
        "man_power_type": "man_power_type",
        "man_power_name": "man_power__name__icontains",
        "shift_pattern_code": "employee__shift_pattern__code__icontains",
        "status": "status",
        "service_type": "service_type",
    },
    search_schemas={"log_datetime": DATE_SEARCH_SCHEMA},
    orderable={
        **EMPLOYEE_ORDERABLE,
        "log_datetime": "log_datetime",
        "log_type": "log_type",
        "location": "is_valid_location",
        "fr_accuracy": "fr_accuracy",
        "man_power_type": "man_power_type",
        "man_power_name": "man_power__name",
        "shift_pattern_code": "employee__shift_pattern__code",
        "status": "status",
        "is_valid_location": "is_valid_location",
        "fr_is_match": "fr_is_match",
        "risk": "risk_score",
        # How long the log has waited (the oldest first ascending): when it reached the server.
        "waiting": "created",
        # The number of risk reasons (the queue's reasons column).
        "reasons": RiskReasonCount(),
        "service_type": "service_type",
    },
    global_search=("employee__name", "employee__employee_number_formatted", "man_power__name"),
    # The queue's search finds the risk reasons' texts too (its waiting rows are few; the history's
    # million decided rows are not searched so: HISTORY_LIST).
    global_search_conditions=(risk_reasons_text_search,),
    default_order=("log_datetime", "desc"),
    grouped={"man_power_name": ("man_power", "name")},
    count_version=attendance_logs_version,
)
HISTORY_LIST = dataclasses.replace(LOG_LIST, global_search_conditions=())

# The schema of the filters is the serializer that validates them.
LIST_FILTER_PARAMETERS: list[Any] = [AttendanceLogListParams, *list_parameters(LOG_LIST)]

LogStateEnvelope = envelope_schema("AttendanceLogStateEnvelope", AttendanceLogStateSerializer())
LogConflictEnvelope = envelope_schema(
    "AttendanceLogConflictEnvelope",
    AttendanceLogStateSerializer(),
    message=serializers.CharField(help_text="'Data sudah diproses oleh <nama>.'"),
    errors=serializers.DictField(),
)


def log_filters(
    request: Request, *, statuses: tuple[str, ...], data: Mapping[str, Any] | None = None
) -> selectors.LogFilters:
    """The list filters of the query string (or of `data`, e.g. a JSON body)."""
    params = AttendanceLogListParams(data=request.query_params if data is None else data)
    params.is_valid(raise_exception=True)
    return log_filters_of(params.validated_data, statuses=statuses)


def log_filters_of(values: Mapping[str, Any], *, statuses: tuple[str, ...]) -> selectors.LogFilters:
    """The list filters of validated AttendanceLogListParams (404 when `man_power` names none)."""
    man_power: ManPower | None = None
    if values["man_power"]:
        man_power = get_by_hash_id(ManPower.objects.all(), values["man_power"], message=MAN_POWER_UNKNOWN)
    return selectors.LogFilters(
        statuses=statuses,
        start_date=values["start_date"],
        end_date=values["end_date"],
        man_power=man_power,
        man_power_type=values["man_power_type"],
        man_power_name=values["man_power_name"].strip(),
        man_power_team_name=values["man_power_team_name"].strip(),
        man_power_group_name=values["man_power_group_name"].strip(),
        log_type=values["log_type"],
        location=None if values["location"] == "" else values["location"] == "1",
        face_recognition=None if values["face_recognition"] == "" else values["face_recognition"] == "1",
        risk=values["risk"],
        factor=values["factor"],
        waiting_before=(
            overdue_cutoff(ATTENDANCE)
            if values.get("overdue") == "1" and LogStatus.WAITING_APPROVAL in statuses
            else None
        ),
    )


def log_decision_response(decide: Callable[[], AttendanceLog], message: str) -> Response:
    """The new state, or 409 with who decided first and the state the log is in now."""
    return decision_response(decide, state=services.attendance_log_state, message=message)


def id_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=64,
        validators=[NOT_BLANK],
        error_messages={"required": ID_REQUIRED, "blank": ID_REQUIRED, "null": ID_REQUIRED},
    )


def near_man_power_field(**options: Any) -> serializers.CharField:
    """The man power an approver chose for a log outside the radius: its hash id; missing, blank or
    null when none was chosen (server.attendance.services.near_man_power_from reads it)."""
    return serializers.CharField(
        max_length=64, required=False, allow_blank=True, allow_null=True, default="", **options
    )


def log_for(request: Request, hash_id: str, *, all_types: bool = False) -> AttendanceLog:
    if all_types:
        return get_by_hash_id(AttendanceLog.objects.all(), hash_id)
    return selectors.attendance_log_for_viewer(access=request_user(request).user_access, hash_id=hash_id)


DECISION_RESPONSES = {
    200: LogStateEnvelope,
    403: MessageEnvelope,
    404: MessageEnvelope,
    409: LogConflictEnvelope,
    422: MessageEnvelope,
}
