"""/api/mobile/v1/: employee sign-in, check-in/out, the employee's attendance, izin requests, blacklist."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from server.attendance.checkin import attendance_log_record
from server.attendance.log_fields import local_datetime_text
from server.attendance.models import LogStatus, LogType
from server.attendance.own_selectors import attendance_history, attendance_today, employee_local_today
from server.core.envelope import respond
from server.core.files import FileViewer, SignedFileApi, employee_viewer
from server.core.inputs import MonthYearInput, optional_file_field, read_body
from server.core.listing import ListSpec, list_response
from server.core.mobile import EmployeeSignedIn, MobileApiView
from server.core.policy import Public
from server.core.schema import ErrorEnvelope, MessageEnvelope, answers, list_parameters
from server.core.throttling import IdentifierThrottle, client_address
from server.izin.models import IzinCode, IzinRequest
from server.izin.selectors import izin_of_employee
from server.izin.serializers import own_izin_row
from server.izin.services import TYPE_UNKNOWN, izin_request_create
from server.mobile import messages as msg
from server.mobile import serializers as schemas
from server.mobile.models import EmployeeAccessToken
from server.mobile.policies import signed_in_employee
from server.mobile.selectors import blacklisted_apps, employee_profile
from server.mobile.serializers import PackageListField, required_messages
from server.mobile.services import employee_sign_in, employee_sign_out

TOO_LONG: dict[str, Any] = {"max_length": msg.TEXT_TOO_LONG}


class MobileSignInThrottle(IdentifierThrottle):
    """Per client address and per identifier (employee number or email), like the web sign-in."""

    scope = "sign_in"
    fields = ("employee_number", "email")
    key_prefix = "mobile_"


class MobileSignInApi(MobileApiView):
    access = Public()
    authentication_classes: list[type] = []
    throttle_classes = [MobileSignInThrottle]

    class MobileSignInInput(serializers.Serializer[Any]):
        employee_number = serializers.CharField(
            max_length=40, required=False, allow_blank=True, default="", error_messages=TOO_LONG
        )
        email = serializers.CharField(
            max_length=254, required=False, allow_blank=True, default="", error_messages=TOO_LONG
        )
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=required_messages(msg.PASSWORD_REQUIRED)
        )
        remember = serializers.BooleanField(
            required=False, default=False, error_messages={"invalid": msg.BOOLEAN_INVALID}
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if not attrs["employee_number"].strip() and not attrs["email"].strip():
                raise serializers.ValidationError({"employee_number": [msg.IDENTIFIER_REQUIRED]})
            return attrs

    @extend_schema(
        request=MobileSignInInput,
        # Wrong identifier or password; an inactive employee; throttled or the account locked.
        responses={200: schemas.SignInEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope},
        summary="Masuk aplikasi karyawan",
    )
    def post(self, request: Request) -> Response:
        data = read_body(self.MobileSignInInput, request)
        employee, token = employee_sign_in(
            employee_number=data["employee_number"],
            email=data["email"],
            password=data["password"],
            remember=data["remember"],
            address=client_address(request),
            user_agent=request.META.get("HTTP_USER_AGENT", ""),
        )
        return respond({"token": token, "employee": employee_profile(employee)}, message=msg.SIGNED_IN)


class MobileSignOutApi(MobileApiView):
    @extend_schema(request=None, responses=MessageEnvelope, summary="Keluar dari aplikasi karyawan")
    def post(self, request: Request) -> Response:
        assert isinstance(request.auth, EmployeeAccessToken)
        employee_sign_out(token=request.auth)
        return respond(None, message=msg.SIGNED_OUT)


def _float_field(name: str, *, low: float, high: float, invalid: str) -> serializers.FloatField:
    return serializers.FloatField(
        min_value=low,
        max_value=high,
        error_messages={
            **required_messages(f"{name} harus diisi."),
            "invalid": invalid,
            "min_value": invalid,
            "max_value": invalid,
            "max_string_length": invalid,
        },
    )


class MobileCheckInApi(MobileApiView):
    class MobileCheckInInput(serializers.Serializer[Any]):
        log_type = serializers.ChoiceField(
            choices=LogType.choices,
            error_messages={
                **required_messages("Tipe absen harus diisi."),
                "invalid_choice": msg.LOG_TYPE_INVALID,
            },
        )
        latitude = _float_field("Latitude", low=-90, high=90, invalid=msg.COORDINATE_INVALID)
        longitude = _float_field("Longitude", low=-180, high=180, invalid=msg.COORDINATE_INVALID)
        fr_accuracy = _float_field("Nilai face recognition", low=0, high=100, invalid=msg.FR_ACCURACY_INVALID)
        photo = serializers.FileField(
            error_messages={
                **required_messages(msg.PHOTO_REQUIRED),
                "invalid": msg.PHOTO_REQUIRED,
                "empty": msg.PHOTO_NOT_IMAGE,
                "no_name": msg.PHOTO_REQUIRED,
                "max_length": msg.PHOTO_REQUIRED,
            }
        )
        note = serializers.CharField(
            max_length=1000, required=False, allow_blank=True, default="", error_messages=TOO_LONG
        )
        installed_packages = PackageListField(required=False, default=list)
        gps_accuracy = serializers.FloatField(
            required=False,
            allow_null=True,
            default=None,
            min_value=0,
            max_value=100_000,
            help_text="meter: akurasi lokasi dari ponsel (opsional)",
            error_messages={
                "invalid": msg.GPS_ACCURACY_INVALID,
                "min_value": msg.GPS_ACCURACY_INVALID,
                "max_value": msg.GPS_ACCURACY_INVALID,
                "max_string_length": msg.GPS_ACCURACY_INVALID,
            },
        )
        device_id = serializers.CharField(
            max_length=128,
            required=False,
            allow_blank=True,
            default="",
            help_text="ID perangkat yang tetap untuk ponsel ini (opsional): perangkat baru menaikkan risiko",
            error_messages={"max_length": msg.DEVICE_ID_TOO_LONG},
        )

    @extend_schema(
        request={"multipart/form-data": MobileCheckInInput},
        responses=answers({201: schemas.CheckInEnvelope}, 403, 422),
        summary="Absen datang/pulang dengan foto, lokasi dan nilai face recognition",
    )
    def post(self, request: Request) -> Response:
        values = read_body(self.MobileCheckInInput, request)
        log = attendance_log_record(
            employee=signed_in_employee(request),
            log_type=values["log_type"],
            latitude=values["latitude"],
            longitude=values["longitude"],
            fr_accuracy=values["fr_accuracy"],
            photo=values["photo"],
            note=values["note"],
            installed_packages=values["installed_packages"],
            gps_accuracy=values["gps_accuracy"],
            device_id=values["device_id"],
        )
        approved = log.status == LogStatus.APPROVED
        return respond(
            {
                "hash_id": log.hash_id,
                "status": log.status,
                "is_valid_location": log.is_valid_location,
                "distance": log.distance,
                "fr_is_match": log.fr_is_match,
                "is_valid_shift": log.is_valid_shift,
                "attendance_date": log.attendance_date.isoformat(),
                "log_datetime": local_datetime_text(log.log_datetime, log.man_power),
            },
            message=msg.CHECKIN_SAVED if approved else msg.CHECKIN_WAITING,
            status_code=201,
        )


class MobileAttendanceTodayApi(MobileApiView):
    @extend_schema(responses=schemas.TodayEnvelope, summary="Absen hari ini, jadwal dan ringkasan hari")
    def get(self, request: Request) -> Response:
        employee = signed_in_employee(request)
        return respond(attendance_today(employee=employee, today=employee_local_today(employee)))


class MobileAttendanceHistoryApi(MobileApiView):
    @extend_schema(
        parameters=[
            MonthYearInput,
        ],
        responses=answers(schemas.HistoryEnvelope, 422),
        summary="Riwayat kehadiran satu bulan",
    )
    def get(self, request: Request) -> Response:
        employee = signed_in_employee(request)
        today: date = employee_local_today(employee)
        month, year = MonthYearInput.read(request, today=today)
        return respond(attendance_history(employee=employee, year=year, month=month))


def _date_field() -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"],
        error_messages={**required_messages(msg.DATE_REQUIRED), "invalid": msg.DATE_INVALID},
    )


IZIN_LIST = ListSpec(
    searchable={"status": "status", "izin_type": "izin_type__code"},
    orderable={"start_date": "start_date", "created": "created", "status": "status"},
    global_search=("description", "izin_type__name"),
    default_order=("created", "desc"),
)


def _own_izin_rows(rows: Iterable[IzinRequest], first: int) -> list[dict[str, Any]]:
    return [own_izin_row(izin) for izin in rows]


class IzinTypeField(serializers.ChoiceField):
    """An izin type code, trimmed (the schema lists the codes): blank is `required`, an unknown code
    the service's message."""

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if isinstance(data, str):
            if not data.strip():
                self.fail("required")
            data = data.strip()
        return super().run_validation(data)


class MobileIzinApi(MobileApiView):
    """GET: the employee's own requests (list protocol). POST: a new request."""

    access = {"GET": EmployeeSignedIn(), "POST": EmployeeSignedIn()}

    class MobileIzinCreateInput(serializers.Serializer[Any]):
        izin_type = IzinTypeField(
            choices=IzinCode.choices,
            error_messages={**required_messages(msg.IZIN_TYPE_REQUIRED), "invalid_choice": TYPE_UNKNOWN},
        )
        start_date = _date_field()
        end_date = _date_field()
        description = serializers.CharField(
            max_length=2000, error_messages=required_messages(msg.DESCRIPTION_REQUIRED)
        )
        attachment = optional_file_field(msg.ATTACHMENT_INVALID)
        special_leave = serializers.CharField(
            max_length=32, required=False, allow_blank=True, default="", error_messages=TOO_LONG
        )

    @extend_schema(
        parameters=list_parameters(IZIN_LIST),
        responses=answers(schemas.IzinListEnvelope, 422),
        summary="Daftar pengajuan izin milik karyawan",
    )
    def get(self, request: Request) -> Response:
        return list_response(
            request, izin_of_employee(employee=signed_in_employee(request)), IZIN_LIST, _own_izin_rows
        )

    @extend_schema(
        request={"multipart/form-data": MobileIzinCreateInput},
        responses=answers({201: schemas.IzinCreatedEnvelope}, 422),
        summary="Ajukan izin (cuti, sakit, lupa absen, cuti khusus, ...)",
    )
    def post(self, request: Request) -> Response:
        values = read_body(self.MobileIzinCreateInput, request)
        izin = izin_request_create(
            employee=signed_in_employee(request),
            izin_type_code=values["izin_type"],
            start_date=values["start_date"],
            end_date=values["end_date"],
            description=values["description"],
            attachment=values["attachment"],
            special_leave_code=values["special_leave"],
        )
        return respond(own_izin_row(izin), message=msg.IZIN_SAVED, status_code=201)


class MobileBlacklistAppListApi(MobileApiView):
    @extend_schema(responses=schemas.BlacklistEnvelope, summary="Aplikasi yang dilarang terpasang saat absen")
    def get(self, request: Request) -> Response:
        return respond([{"name": app.name, "package_id": app.package_id} for app in blacklisted_apps()])


class MobileSignedFileApi(MobileApiView, SignedFileApi):
    """A file URL issued to the signed-in employee (their photo, their check-in photos, their izin
    attachments): the same checks as the web route, for employee tokens."""

    def viewer(self, request: Request) -> FileViewer:
        return employee_viewer(signed_in_employee(request))
