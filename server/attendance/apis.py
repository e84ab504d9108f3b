"""Back-office endpoints of check-in logs (spec doc2 §2.9, §2.11, §7): the live approval queue, the
attendance history (v1 and v2 lists), the log detail, the decisions and the counts.

Who sees what (DESIGN §5): the queue (`status=waiting_approval`) shows only the man power types the
user holds approve or reject rights on; the history statuses need `allow_reset_attendance` and show
every type; a log of a type the user may not see answers 404.

The v2 list is the history list with the computed day of each log (`effective_date`, `keterangan`,
`late_minutes`, `early_out_minutes`, `working_minutes`); its `status` filter takes only history
statuses (empty = all three).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.access.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE
from server.accounts.models import User
from server.attendance import selectors
from server.attendance import services as decisions
from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.attendance.topics import attendance_logs_version
from server.core.decisions import BULK_LIMIT, BulkOutcome, decision_response
from server.core.envelope import Unprocessable, respond
from server.core.hashids import get_by_hash_id
from server.core.inputs import NOT_BLANK, FilledTextField, HashIdListField, MonthYearInput
from server.core.listing import ListSpec, list_response
from server.core.policy import AccessCheck, AllFlags, AnyFlag, ByQuery
from server.core.schema import (
    MessageEnvelope,
    envelope_schema,
    inline_serializer,
    list_envelope_schema,
    list_parameters,
)
from server.dashboard.selectors import approval_summary_cached
from server.workforce.models import ManPower

RESET = "allow_reset_attendance"
REJECT_VALID = "allow_reject_valid_attendance"
ANY_LOG_VIEWER = AnyFlag(APPROVE_ATTENDANCE, REJECT_ATTENDANCE, RESET)
LOG_STATUSES_TEXT = "waiting_approval, approved, manual_approved atau rejected"

ID_REQUIRED = "ID absen harus diisi."
STATUS_INVALID = "Status harus waiting_approval, approved, manual_approved atau rejected."
HISTORY_STATUS_INVALID = "Status harus approved, manual_approved atau rejected."
DATE_INVALID = "Format tanggal harus YYYY-MM-DD."
DATES_INCOMPLETE = "Tanggal mulai dan tanggal selesai harus diisi."
DATES_REVERSED = "Tanggal mulai tidak boleh setelah tanggal selesai."
DATE_TOO_EARLY = "Tanggal hanya dapat dipilih mulai {first:%d-%m-%Y}."
DATE_IN_FUTURE = "Tanggal tidak boleh melebihi hari ini."
TYPE_INVALID = "Tipe man power harus office, pool, site atau tug_boat."
LOG_TYPE_INVALID = "Tipe log harus check_in atau check_out."
FLAG_INVALID = "Nilai {name} harus 1 atau 0."
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


def _log_date_search(queryset: Any, value: str) -> Any:
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise Unprocessable(DATE_INVALID, errors={"search": [DATE_INVALID]}) from None
    return queryset.filter(log_date=day)


LOG_LIST = ListSpec(
    searchable={
        "employee_number_formatted": "employee__employee_number_formatted__icontains",
        "employee_name": "employee__name__icontains",
        "log_datetime": _log_date_search,
        "log_type": "log_type",
        "man_power_type": "man_power_type",
        "man_power_name": "man_power__name__icontains",
        "shift_pattern_code": "employee__shift_pattern__code__icontains",
        "status": "status",
        "service_type": "service_type",
    },
    search_schemas={"log_datetime": {"type": "string", "format": "date"}},
    orderable={
        "employee_number_formatted": "employee__employee_number_formatted",
        "employee_name": "employee__name",
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
        "service_type": "service_type",
    },
    global_search=("employee__name", "employee__employee_number_formatted", "man_power__name"),
    default_order=("log_datetime", "desc"),
    grouped={"man_power_name": ("man_power", "name")},
    count_version=attendance_logs_version,
)

# The schema of the filters is the serializer that validates them.
LIST_FILTER_PARAMETERS: list[Any] = [AttendanceLogListParams, *list_parameters(LOG_LIST)]

QUEUE_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "hash_id": serializers.CharField(),
    "employee_number_formatted": serializers.CharField(),
    "employee_name": serializers.CharField(),
    "log_datetime": serializers.CharField(help_text="YYYY-MM-DD HH:mm:ss, waktu lokal penempatan"),
    "log_date": serializers.DateField(help_text="tanggal lokal penempatan (dasar filter tanggal)"),
    "log_timezone": serializers.CharField(help_text="zona waktu penempatan: WIB, WITA atau WIT"),
    "employee_photo_url": serializers.CharField(),
    "log_photo": serializers.CharField(),
    "log_type": serializers.CharField(help_text="check_in atau check_out"),
    "location": serializers.IntegerField(help_text="1 in spot, 0 out of spot"),
    "fr_accuracy": serializers.FloatField(),
    "man_power_type": serializers.CharField(),
    "man_power_name": serializers.CharField(),
}


def _history_fields(*, required: bool) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """The columns history rows add to the queue row."""
    return {
        "status": serializers.CharField(required=required, help_text=LOG_STATUSES_TEXT),
        "attendance_date": serializers.DateField(required=required),
        "is_different_day": serializers.BooleanField(required=required),
        "shift_pattern_code": serializers.CharField(required=required),
        "is_valid_location": serializers.IntegerField(required=required),
        "fr_is_match": serializers.IntegerField(required=required),
        "service_type": serializers.CharField(required=required),
        "decided_by_name": serializers.CharField(required=required, help_text="'sistem' bila otomatis"),
    }


HISTORY_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **QUEUE_ROW_FIELDS,
    **_history_fields(required=True),
}
DAY_ROW_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    **HISTORY_ROW_FIELDS,
    "effective_date": serializers.DateField(help_text="tanggal hari yang dihitung (setelah mundur absen)"),
    "keterangan": serializers.CharField(),
    "late_minutes": serializers.IntegerField(),
    "early_out_minutes": serializers.IntegerField(),
    "working_minutes": serializers.IntegerField(),
}
LogListEnvelope = list_envelope_schema(
    "AttendanceLogListEnvelope",
    inline_serializer(
        "AttendanceLogListRow",
        {**QUEUE_ROW_FIELDS, **_history_fields(required=False)},
        many=True,
        help_text="kolom riwayat hanya ada untuk status selain waiting_approval",
    ),
)
LogDayListEnvelope = list_envelope_schema(
    "AttendanceLogDayListEnvelope", inline_serializer("AttendanceLogDayRow", DAY_ROW_FIELDS, many=True)
)
LogStateSchema = inline_serializer(
    "AttendanceLogState",
    {
        "hash_id": serializers.CharField(),
        "status": serializers.CharField(help_text=LOG_STATUSES_TEXT),
        "decided_by_name": serializers.CharField(),
        "decided_at": serializers.CharField(),
        "rejected_note": serializers.CharField(),
    },
)
LogStateEnvelope = envelope_schema("AttendanceLogStateEnvelope", LogStateSchema)
LogConflictEnvelope = inline_serializer(
    "AttendanceLogConflictEnvelope",
    {
        "http_status": serializers.IntegerField(),
        "message": serializers.CharField(help_text="'Data sudah diproses oleh <nama>.'"),
        "data": LogStateSchema,
        "errors": serializers.DictField(),
    },
)
NearManPowerSchema = inline_serializer(
    "AttendanceNearManPower",
    {
        "hash_id": serializers.CharField(),
        "man_power_name": serializers.CharField(),
        "man_power_type": serializers.CharField(),
        "latitude": serializers.FloatField(),
        "longitude": serializers.FloatField(),
        "max_radius": serializers.IntegerField(),
        "distance": serializers.FloatField(help_text="meter dari titik absen"),
    },
    many=True,
)
LogDetailEnvelope = envelope_schema(
    "AttendanceLogDetailEnvelope",
    inline_serializer(
        "AttendanceLogDetail",
        {
            **QUEUE_ROW_FIELDS,
            "note": serializers.CharField(),
            "rejected_note": serializers.CharField(),
            "status": serializers.CharField(help_text=LOG_STATUSES_TEXT),
            "status_code": serializers.CharField(help_text=LOG_STATUSES_TEXT),
            "decided_by_name": serializers.CharField(),
            "decided_at": serializers.CharField(),
            "attendance_location_type": serializers.CharField(),
            "man_power_team_name": serializers.CharField(),
            "man_power_group_name": serializers.CharField(),
            "fr_is_match": serializers.IntegerField(),
            "is_valid_location": serializers.IntegerField(),
            "distance": serializers.FloatField(),
            "latitude": serializers.FloatField(),
            "longitude": serializers.FloatField(),
            "man_power_latitude": serializers.FloatField(allow_null=True),
            "man_power_longitude": serializers.FloatField(allow_null=True),
            "man_power_max_radius": serializers.IntegerField(allow_null=True),
            "is_valid_shift": serializers.IntegerField(),
            "is_different_day": serializers.IntegerField(),
            "attendance_date": serializers.DateField(),
            "log_time": serializers.CharField(),
            "shift_pattern_code": serializers.CharField(),
            "shift_pattern_name": serializers.CharField(),
            "shift_code": serializers.CharField(),
            "shift_name": serializers.CharField(),
            "shift_time_in": serializers.CharField(),
            "shift_time_out": serializers.CharField(),
            "shift_break_start": serializers.CharField(),
            "shift_break_end": serializers.CharField(),
            "total_late_in_minutes": serializers.IntegerField(),
            "service_type": serializers.CharField(),
            "lend_employee_name": serializers.CharField(),
            "lend_employee_number_formatted": serializers.CharField(),
            "lend_employee_man_power": serializers.CharField(),
            "near_man_power_list": NearManPowerSchema,
            "selectedManPower": inline_serializer(
                "AttendanceSelectedManPower",
                {"hash_id": serializers.CharField(), "man_power_name": serializers.CharField()},
                allow_null=True,
            ),
        },
    ),
)


def _user(request: Request) -> User:
    assert isinstance(request.user, User)
    return request.user


def _filters(request: Request, *, statuses: tuple[str, ...]) -> selectors.LogFilters:
    params = AttendanceLogListParams(data=request.query_params)
    params.is_valid(raise_exception=True)
    values = params.validated_data
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
    )


def _history_statuses(status: str) -> tuple[str, ...]:
    if status == LogStatus.WAITING_APPROVAL:
        raise Unprocessable(HISTORY_STATUS_INVALID, errors={"status": [HISTORY_STATUS_INVALID]})
    return (status,) if status else tuple(selectors.HISTORY_STATUSES)


def _queue_rows(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
    return [selectors.attendance_queue_row(log) for log in rows]


def _history_rows(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
    return [selectors.attendance_history_row(log) for log in rows]


def _day_rows(rows: Iterable[AttendanceLog], first: int) -> list[dict[str, Any]]:
    return selectors.attendance_history_rows_with_days(list(rows))


class AttendanceLogListApi(APIView):
    """The approval queue (`status=waiting_approval`: rows as the queue events carry them) or the
    history (other statuses: rows with the history columns)."""

    access = LOG_LIST_ACCESS

    @extend_schema(
        parameters=LIST_FILTER_PARAMETERS,
        # 404: `man_power` names no man power.
        responses={200: LogListEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 422: MessageEnvelope},
        summary="Daftar absen: antrean persetujuan atau riwayat",
    )
    def get(self, request: Request) -> Response:
        access = _user(request).user_access
        status = request.query_params.get("status", "").strip()
        serialize: Callable[[Iterable[AttendanceLog], int], list[dict[str, Any]]]
        if status == LogStatus.WAITING_APPROVAL:
            types = selectors.attendance_approver_types(access)
            filters = _filters(request, statuses=(LogStatus.WAITING_APPROVAL,))
            serialize = _queue_rows
        else:
            types = list(MAN_POWER_TYPES)
            filters = _filters(request, statuses=_history_statuses(status))
            serialize = _history_rows
        queryset = selectors.attendance_logs_filtered(types=types, filters=filters)
        return list_response(request, queryset, LOG_LIST, serialize)


class AttendanceLogDayListApi(APIView):
    """v2 history list: the history rows with the computed day each log counts for."""

    access = AllFlags(RESET)

    @extend_schema(
        parameters=LIST_FILTER_PARAMETERS,
        # 404: `man_power` names no man power.
        responses={200: LogDayListEnvelope, 404: MessageEnvelope, 422: MessageEnvelope},
        summary="Riwayat absen (v2): dengan keterangan dan menit terlambat hari tersebut",
    )
    def get(self, request: Request) -> Response:
        statuses = _history_statuses(request.query_params.get("status", "").strip())
        queryset = selectors.attendance_logs_filtered(
            types=list(MAN_POWER_TYPES), filters=_filters(request, statuses=statuses)
        )
        return list_response(request, queryset, LOG_LIST, _day_rows)


class AttendanceLogDetailApi(APIView):
    access = ANY_LOG_VIEWER

    @extend_schema(
        responses={200: LogDetailEnvelope, 404: MessageEnvelope},
        summary="Detail absen (foto, lokasi, shift, layanan, man power terdekat)",
    )
    def get(self, request: Request, hash_id: str) -> Response:
        log = selectors.attendance_log_for_viewer(access=_user(request).user_access, hash_id=hash_id)
        return respond(selectors.attendance_log_detail(log))


def _decision_response(decide: Callable[[], AttendanceLog], message: str) -> Response:
    """The new state, or 409 with who decided first and the state the log is in now."""
    return decision_response(decide, state=decisions.attendance_log_state, message=message)


def _id_field() -> serializers.CharField:
    return serializers.CharField(
        max_length=64,
        validators=[NOT_BLANK],
        error_messages={"required": ID_REQUIRED, "blank": ID_REQUIRED, "null": ID_REQUIRED},
    )


def _log_for(request: Request, hash_id: str, *, all_types: bool = False) -> AttendanceLog:
    if all_types:
        return get_by_hash_id(AttendanceLog.objects.all(), hash_id)
    return selectors.attendance_log_for_viewer(access=_user(request).user_access, hash_id=hash_id)


DECISION_RESPONSES = {
    200: LogStateEnvelope,
    403: MessageEnvelope,
    404: MessageEnvelope,
    409: LogConflictEnvelope,
    422: MessageEnvelope,
}


class AttendanceLogApproveApi(APIView):
    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveInput(serializers.Serializer[Any]):
        id = _id_field()
        near_man_power = serializers.CharField(
            max_length=64, required=False, allow_blank=True, allow_null=True, default=""
        )

    @extend_schema(
        request=AttendanceLogApproveInput,
        responses=DECISION_RESPONSES,
        summary="Setujui absen yang menunggu (di luar radius: pilih man power terdekat)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogApproveInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = _log_for(request, data.validated_data["id"])
        near = decisions.near_man_power_from(data.validated_data["near_man_power"] or "")
        return _decision_response(
            lambda: decisions.attendance_log_approve(log=log, approver=_user(request), near_man_power=near),
            decisions.APPROVED,
        )


class _NoteInput(serializers.Serializer[Any]):
    id = _id_field()
    note = FilledTextField(
        max_length=1000,
        error_messages={
            "required": decisions.NOTE_REQUIRED,
            "null": decisions.NOTE_REQUIRED,
            "max_length": "Catatan maksimal 1000 karakter.",
        },
    )


class AttendanceLogRejectApi(APIView):
    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectInput(_NoteInput):
        pass

    @extend_schema(
        request=AttendanceLogRejectInput, responses=DECISION_RESPONSES, summary="Tolak absen dengan catatan"
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = _log_for(request, data.validated_data["id"])
        note = data.validated_data["note"]
        return _decision_response(
            lambda: decisions.attendance_log_reject(log=log, approver=_user(request), note=note),
            decisions.REJECTED,
        )


class AttendanceLogUndoApi(APIView):
    access = AllFlags(RESET)

    class AttendanceLogUndoInput(serializers.Serializer[Any]):
        id = _id_field()

    @extend_schema(
        request=AttendanceLogUndoInput,
        responses=DECISION_RESPONSES,
        summary="Kembalikan absen (disetujui manual/ditolak) ke tahap persetujuan",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogUndoInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = _log_for(request, data.validated_data["id"], all_types=True)
        return _decision_response(
            lambda: decisions.attendance_log_undo(log=log, user=_user(request)), decisions.UNDONE
        )


class AttendanceLogRejectValidApi(APIView):
    access = AllFlags(REJECT_VALID)

    class AttendanceLogRejectValidInput(_NoteInput):
        pass

    @extend_schema(
        request=AttendanceLogRejectValidInput,
        responses=DECISION_RESPONSES,
        summary="Tolak absen yang sudah disetujui sistem",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectValidInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = _log_for(request, data.validated_data["id"], all_types=True)
        note = data.validated_data["note"]
        return _decision_response(
            lambda: decisions.attendance_log_reject_valid(log=log, user=_user(request), note=note),
            decisions.REJECTED,
        )


class AttendanceLogSetNonWorkingShiftApi(APIView):
    access = AllFlags(RESET)

    class AttendanceLogDifferentDayInput(serializers.Serializer[Any]):
        id = _id_field()
        is_different_day = serializers.ChoiceField(
            choices=[0, 1],
            required=False,
            allow_null=True,
            default=None,
            help_text="1 mundurkan ke hari sebelumnya, 0 kembalikan; kosong = balik nilai sekarang",
            error_messages={"invalid_choice": FLAG_INVALID.format(name="is_different_day")},
        )

    @extend_schema(
        request=AttendanceLogDifferentDayInput,
        responses={200: LogStateEnvelope, 403: MessageEnvelope, 404: MessageEnvelope, 422: MessageEnvelope},
        summary="Mundurkan absen (hitung untuk hari sebelumnya) atau kembalikan",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogDifferentDayInput(data=request.data)
        data.is_valid(raise_exception=True)
        log = _log_for(request, data.validated_data["id"], all_types=True)
        wanted = data.validated_data["is_different_day"]
        value = (not log.is_different_day) if wanted is None else bool(int(wanted))
        log = decisions.attendance_log_set_different_day(log=log, is_different_day=value)
        return respond(
            {**decisions.attendance_log_state(log), "is_different_day": 1 if log.is_different_day else 0},
            message=decisions.DIFFERENT_DAY_SET if log.is_different_day else decisions.DIFFERENT_DAY_UNSET,
        )


class AttendanceLogCountApi(APIView):
    """The history's status summary card: logs of one month by decided status."""

    access = AllFlags(RESET)

    @extend_schema(
        parameters=[MonthYearInput],
        responses={
            200: envelope_schema(
                "AttendanceLogCountEnvelope",
                inline_serializer(
                    "AttendanceLogCount",
                    {
                        "approved": serializers.IntegerField(),
                        "manual_approval": serializers.IntegerField(),
                        "rejected": serializers.IntegerField(),
                    },
                ),
            ),
            422: MessageEnvelope,
        },
        summary="Jumlah absen disetujui, disetujui manual dan ditolak dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        counts = approval_summary_cached(month=month, year=year)["attendance"]
        return respond(
            {
                "approved": counts["approved"],
                "manual_approval": counts["manual_approval"],
                "rejected": counts["rejected"],
            }
        )


class AttendanceLogCountWaitingApi(APIView):
    access = AnyFlag(APPROVE_ATTENDANCE, REJECT_ATTENDANCE)

    @extend_schema(
        parameters=[MonthYearInput],
        responses={
            200: envelope_schema(
                "AttendanceLogWaitingCountEnvelope",
                inline_serializer("AttendanceLogWaitingCount", {"count": serializers.IntegerField()}),
            ),
            422: MessageEnvelope,
        },
        summary="Jumlah absen menunggu persetujuan (tipe man power yang boleh disetujui) dalam satu bulan",
    )
    def get(self, request: Request) -> Response:
        month, year = MonthYearInput.read(request)
        types = selectors.attendance_approver_types(_user(request).user_access)
        return respond({"count": selectors.attendance_waiting_count(month=month, year=year, types=types)})


class AttendanceLogManPowerApi(APIView):
    access = ANY_LOG_VIEWER

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "type", {"type": "string", "enum": ["", *MAN_POWER_TYPES]}, description="batasi ke satu tipe"
            )
        ],
        responses={
            200: envelope_schema(
                "AttendanceLogManPowerEnvelope",
                inline_serializer(
                    "AttendanceLogManPowerOption",
                    {
                        "hash_id": serializers.CharField(),
                        "value": serializers.CharField(),
                        "label": serializers.CharField(),
                        "type": serializers.CharField(),
                    },
                    many=True,
                ),
            ),
            422: MessageEnvelope,
        },
        summary="Man power yang boleh dipakai sebagai filter (sesuai tipe yang boleh dilihat)",
    )
    def get(self, request: Request) -> Response:
        type = request.query_params.get("type", "").strip()
        if type and type not in MAN_POWER_TYPES:
            raise Unprocessable(TYPE_INVALID, errors={"type": [TYPE_INVALID]})
        types = selectors.attendance_viewer_types(_user(request).user_access)
        rows = selectors.attendance_filter_man_powers(types=types, type=type)
        return respond(
            [{"hash_id": mp.hash_id, "value": mp.name, "label": mp.name, "type": mp.type} for mp in rows]
        )


BULK_IDS_REQUIRED = "Pilih minimal satu absen."
BULK_TOO_MANY = "Maksimal {max_length} absen sekaligus."
BULK_IDS_INVALID = "Ada absen terpilih yang tidak dikenal."
BulkOutcomeSchema = inline_serializer(
    "AttendanceLogBulkOutcome",
    {
        "hash_id": serializers.CharField(),
        "outcome": serializers.ChoiceField(
            choices=["decided", "conflict", "refused"],
            help_text="decided; conflict (sudah diproses orang lain: state = keadaan sekarang); refused",
        ),
        "message": serializers.CharField(),
        "state": serializers.DictField(help_text="AttendanceLogState; kosong bila refused"),
    },
    many=True,
)
BulkEnvelope = envelope_schema(
    "AttendanceLogBulkEnvelope",
    inline_serializer(
        "AttendanceLogBulkResult",
        {
            "decided": serializers.IntegerField(),
            "skipped": serializers.IntegerField(),
            "results": BulkOutcomeSchema,
        },
    ),
)


def _bulk_ids() -> HashIdListField:
    return HashIdListField(
        max_length=BULK_LIMIT,
        required_message=BULK_IDS_REQUIRED,
        too_many_message=BULK_TOO_MANY,
        invalid_message=BULK_IDS_INVALID,
    )


def _bulk_response(outcomes: list[BulkOutcome], message: str) -> Response:
    decided = sum(1 for outcome in outcomes if outcome.outcome == "decided")
    return respond(
        {"decided": decided, "skipped": len(outcomes) - decided, "results": [o.as_dict() for o in outcomes]},
        message=message.format(decided=decided, skipped=len(outcomes) - decided),
    )


class AttendanceLogApproveManyApi(APIView):
    """'Setujui terpilih': up to 100 waiting logs in one request, each decided once."""

    access = AllFlags(APPROVE_ATTENDANCE)

    class AttendanceLogApproveManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()

    @extend_schema(
        request=AttendanceLogApproveManyInput,
        responses={200: BulkEnvelope, 403: MessageEnvelope, 422: MessageEnvelope},
        summary="Setujui beberapa absen sekaligus (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogApproveManyInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = _user(request)
        items = selectors.attendance_logs_for_bulk(
            access=user.user_access, hash_ids=data.validated_data["ids"]
        )
        return _bulk_response(
            decisions.attendance_logs_approve_many(items=items, approver=user), decisions.BULK_APPROVED
        )


class AttendanceLogRejectManyApi(APIView):
    """'Tolak terpilih': up to 100 waiting logs with one note, each decided once."""

    access = AllFlags(REJECT_ATTENDANCE)

    class AttendanceLogRejectManyInput(serializers.Serializer[Any]):
        ids = _bulk_ids()
        note = FilledTextField(
            max_length=1000,
            error_messages={
                "required": decisions.NOTE_REQUIRED,
                "null": decisions.NOTE_REQUIRED,
                "max_length": "Catatan maksimal 1000 karakter.",
            },
        )

    @extend_schema(
        request=AttendanceLogRejectManyInput,
        responses={200: BulkEnvelope, 403: MessageEnvelope, 422: MessageEnvelope},
        summary="Tolak beberapa absen sekaligus dengan satu catatan (maks. 100; hasil per absen)",
    )
    def patch(self, request: Request) -> Response:
        data = self.AttendanceLogRejectManyInput(data=request.data)
        data.is_valid(raise_exception=True)
        user = _user(request)
        items = selectors.attendance_logs_for_bulk(
            access=user.user_access, hash_ids=data.validated_data["ids"]
        )
        outcomes = decisions.attendance_logs_reject_many(
            items=items, approver=user, note=data.validated_data["note"]
        )
        return _bulk_response(outcomes, decisions.BULK_REJECTED)
