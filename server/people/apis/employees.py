"""The employee directory (doc1 §7.4): list, detail, the attendance-disabled and force-approval
toggles, password reset, the app account's unlock and the personalia wizard."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts.models import UserLevel
from server.accounts.rights import MAN_POWER_TYPE_LABELS
from server.core.crud import DetailApi, IdOutput, ListApi, Resource, RowNumberField
from server.core.envelope import respond
from server.core.files import signed_file_url, user_viewer
from server.core.inputs import read_body
from server.core.listing import ListSpec
from server.core.schema import (
    MessageEnvelope,
    ZeroOneField,
    answers,
    envelope_schema,
)
from server.people import messages as msg
from server.people import selectors, services
from server.people.apis.common import (
    EMPLOYEE,
    SET_ATTENDANCE_DISABLED,
    SET_FORCE_APPROVAL,
    SET_PERSONALIA,
    USERNAME_PATTERN,
    FlagField,
    LockMinutesField,
    PublicIdField,
    RelatedTextField,
    UserLoginOutput,
    field_errors,
)
from server.workforce.models import Employee

# ---------------------------------------------------------------- employees

EMPLOYEE_LIST = ListSpec(
    searchable={
        "employee_number_formatted": "employee_number_formatted__icontains",
        "name": "name__icontains",
        "email": "email__icontains",
        "personalia": selectors.filter_personalia,
    },
    orderable={
        "employee_number_formatted": "employee_number_formatted",
        "name": "name",
        "email": "email",
        "personalia": "is_personalia",
    },
    global_search=("employee_number_formatted", "name", "email"),
    default_order=("name", "asc"),
)


class PeopleLeaveLedgerRow(serializers.Serializer[Any]):
    # One entry of an employee's leave ledger (server.leave.models.LeaveLedgerEntry).
    hash_id = serializers.CharField()
    date = serializers.CharField()
    reason = serializers.CharField()
    reason_label = serializers.CharField(source="get_reason_display")
    description = serializers.CharField()
    saldo_change = serializers.IntegerField()
    terpakai_change = serializers.IntegerField()
    hutang_change = serializers.IntegerField()
    saldo_after = serializers.IntegerField()
    terpakai_after = serializers.IntegerField()
    hutang_after = serializers.IntegerField()


class EmployeeOutput(IdOutput):
    """An employee of `selectors.employee_directory()` (personalia, the app account's sign-in lock)."""

    photo_url = serializers.SerializerMethodField()
    employee_number_formatted = serializers.CharField()
    name = serializers.CharField()
    email = serializers.CharField(help_text="'' bila belum diatur")
    is_personalia = ZeroOneField(help_text="1 sudah personalia, 0 belum")
    man_power_name = RelatedTextField(source="man_power.name")
    mobile_locked_until = serializers.DateTimeField(
        source="sign_in_locked_until",
        format=None,
        allow_null=True,
        help_text="akhir kunci masuk aplikasi karyawan yang berjalan (10 kali gagal masuk), null bila tidak",
    )
    mobile_locked_minutes = LockMinutesField(
        help_text="sisa menit kunci masuk aplikasi karyawan, 0 bila tidak terkunci"
    )

    def get_photo_url(self, employee: Employee) -> str:
        return signed_file_url(employee.photo, viewer=user_viewer(self.context["request"].user))


class EmployeeDetailOutput(EmployeeOutput):
    """With the man power's place, the leave balance and this year's leave ledger."""

    joined_date = serializers.SerializerMethodField(help_text="YYYY-MM-DD atau ''")
    job_title = serializers.CharField()
    attendance_location_type = serializers.CharField()
    attendance_location_type_label = serializers.CharField(source="get_attendance_location_type_display")
    shift_pattern_code = RelatedTextField(source="shift_pattern.code")
    shift_pattern_name = RelatedTextField(source="shift_pattern.name")
    man_power_type = RelatedTextField(source="man_power.type")
    man_power_type_label = serializers.SerializerMethodField()
    supervisor_employee_name = RelatedTextField(source="supervisor.name")
    man_power_team_name = RelatedTextField(source="man_power_team.name")
    man_power_group_name = RelatedTextField(source="man_power_group.name")
    group_head_employee_name = RelatedTextField(source="group_head.name")
    man_power_timezone_name = RelatedTextField(source="man_power.timezone")
    man_power_latitude = serializers.FloatField(source="man_power.latitude", allow_null=True)
    man_power_longitude = serializers.FloatField(source="man_power.longitude", allow_null=True)
    man_power_max_radius = serializers.IntegerField(source="man_power.max_radius", allow_null=True)
    cuti_saldo = serializers.IntegerField()
    cuti_terpakai = serializers.IntegerField()
    cuti_hutang = serializers.IntegerField()
    attendance_disabled = ZeroOneField()
    force_approval_permission = ZeroOneField()
    leave_year = serializers.SerializerMethodField()
    leave_ledger = serializers.SerializerMethodField()

    def get_joined_date(self, employee: Employee) -> str:
        return employee.joined_date.isoformat() if employee.joined_date else ""

    def get_man_power_type_label(self, employee: Employee) -> str:
        return MAN_POWER_TYPE_LABELS.get(employee.man_power.type, "") if employee.man_power else ""

    def get_leave_year(self, employee: Employee) -> int:
        return self._leave_year

    @extend_schema_field(PeopleLeaveLedgerRow(many=True))
    def get_leave_ledger(self, employee: Employee) -> Any:
        entries = selectors.leave_ledger_entries(employee=employee, year=self._leave_year)
        return PeopleLeaveLedgerRow(entries, many=True).data

    @cached_property
    def _leave_year(self) -> int:
        """This year, read once per answer."""
        return timezone.localdate().year


class PeopleEmployeeFlags(serializers.Serializer[Any]):
    # An employee's two switches, as the flag endpoints answer them.
    hash_id = serializers.CharField()
    employee_number_formatted = serializers.CharField()
    attendance_disabled = ZeroOneField()
    force_approval_permission = ZeroOneField()


class EmployeeResource(Resource):
    policies = EMPLOYEE
    queryset = selectors.employee_directory()
    not_found_message = msg.EMPLOYEE_NOT_FOUND
    OutputSerializer = EmployeeDetailOutput


class EmployeeListApi(EmployeeResource, ListApi):
    summary = "Daftar karyawan (search: employee_number_formatted, name, email, personalia ''/1/0)"
    list_spec = EMPLOYEE_LIST

    class OutputSerializer(EmployeeOutput):
        no = RowNumberField()


class EmployeeDetailApi(EmployeeResource, DetailApi):
    summary = "Detail karyawan: info, lokasi man power, cuti dan mutasi cuti tahun ini"

    def get_object(self, request: Request, hash_id: str) -> Employee:
        return selectors.employee_for_detail(hash_id=hash_id)


class EmployeeNumberInput(serializers.Serializer[Any]):
    employee_number_formatted = serializers.CharField(
        max_length=40, error_messages=field_errors(msg.EMPLOYEE_NUMBER_REQUIRED)
    )


V = TypeVar("V", bound="_EmployeeFlagApi")


def _flag_schema(envelope: str, summary: str) -> Callable[[type[V]], type[V]]:
    def document(view: type[V]) -> type[V]:
        return extend_schema(
            request=view.InputSerializer,
            responses=answers(envelope_schema(envelope, PeopleEmployeeFlags()), 403, 404, 422),
            summary=summary,
        )(view)

    return document


class _EmployeeFlagApi(APIView):
    # PATCH {employee_number_formatted, <flag>: 0/1}: `apply` sets one of the employee's flags; the
    # answer is its flags, with messages[0] when set to 1 and messages[1] when set to 0.
    InputSerializer: ClassVar[type[EmployeeNumberInput]]
    flag: ClassVar[str]
    messages: ClassVar[tuple[str, str]]

    def apply(self, employee: Employee, on: bool) -> None:
        raise NotImplementedError

    def patch(self, request: Request) -> Response:
        data = read_body(self.InputSerializer, request)
        employee = selectors.employee_by_number(number=data["employee_number_formatted"])
        on = bool(data[self.flag])
        self.apply(employee, on)
        return respond(
            PeopleEmployeeFlags(employee).data, message=self.messages[0] if on else self.messages[1]
        )


@_flag_schema(
    "PeopleEmployeeAttendanceDisabledEnvelope", "Nonaktifkan (1) atau aktifkan (0) kehadiran karyawan"
)
class EmployeeAttendanceDisabledApi(_EmployeeFlagApi):
    access = SET_ATTENDANCE_DISABLED
    flag = "disabled"
    messages = (msg.ATTENDANCE_DISABLED_ON, msg.ATTENDANCE_DISABLED_OFF)

    class InputSerializer(EmployeeNumberInput):
        disabled = FlagField()

    InputSerializer.__name__ = "PeopleAttendanceDisabledInput"

    def apply(self, employee: Employee, on: bool) -> None:
        services.employee_set_attendance_disabled(employee=employee, disabled=on)


@_flag_schema(
    "PeopleEmployeeForceApprovalEnvelope", "Izin karyawan selalu ke Is Owner (1) atau ke atasan (0)"
)
class EmployeeForceApprovalApi(_EmployeeFlagApi):
    access = SET_FORCE_APPROVAL
    flag = "force"
    messages = (msg.FORCE_APPROVAL_ON, msg.FORCE_APPROVAL_OFF)

    class InputSerializer(EmployeeNumberInput):
        force = FlagField()

    InputSerializer.__name__ = "PeopleForceApprovalInput"

    def apply(self, employee: Employee, on: bool) -> None:
        services.employee_set_force_approval(employee=employee, force=on)


class PeopleEmployeePassword(serializers.Serializer[Any]):
    emailed = ZeroOneField(help_text="1 dikirim ke email karyawan")
    email = serializers.CharField()
    password = serializers.CharField(
        allow_null=True, help_text="hanya bila tidak dikirim ke email; tampil sekali"
    )


class EmployeePasswordResetApi(APIView):
    access = EMPLOYEE.update

    @extend_schema(
        request=EmployeeNumberInput,
        responses=answers(
            envelope_schema(
                "PeopleEmployeePasswordEnvelope",
                PeopleEmployeePassword(),
            ),
            403,
            404,
            422,
        ),
        summary="Atur ulang password aplikasi mobile karyawan; sesi mobile-nya berakhir",
    )
    def patch(self, request: Request) -> Response:
        data = read_body(EmployeeNumberInput, request)
        employee = selectors.employee_by_number(number=data["employee_number_formatted"])
        password, emailed = services.employee_password_reset(employee=employee)
        if emailed:
            answer = PeopleEmployeePassword({"emailed": 1, "email": employee.email, "password": None})
            return respond(answer.data, message=msg.PASSWORD_RESET_EMAILED.format(email=employee.email))
        answer = PeopleEmployeePassword({"emailed": 0, "email": "", "password": password})
        return respond(answer.data, message=msg.PASSWORD_RESET_SHOWN)


class EmployeeMobileUnlockApi(APIView):
    access = EMPLOYEE.update

    @extend_schema(
        request=None,
        responses=answers(MessageEnvelope, 403, 404, 409),
        summary="Buka kunci masuk aplikasi karyawan (terkunci setelah 10 kali gagal masuk dalam 15 menit)",
    )
    def post(self, request: Request, hash_id: str) -> Response:
        services.employee_mobile_unlock(employee=selectors.employee_for_detail(hash_id=hash_id))
        return respond(None, message=msg.EMPLOYEE_UNLOCKED)


class PersonaliaInput(serializers.Serializer[Any]):
    hash_id = PublicIdField(queryset=selectors.employee_directory(), message=msg.EMPLOYEE_NOT_FOUND)
    username = serializers.CharField(
        max_length=150,
        error_messages={**field_errors(msg.USERNAME_REQUIRED_WIZARD), "max_length": msg.USERNAME_TOO_LONG},
    )
    password = serializers.CharField(
        min_length=6,
        trim_whitespace=False,
        error_messages={**field_errors(msg.PASSWORD_REQUIRED), "min_length": msg.PASSWORD_MIN},
    )
    confirm_password = serializers.CharField(
        trim_whitespace=False, error_messages=field_errors(msg.PASSWORD_MISMATCH)
    )
    level_id = PublicIdField(queryset=UserLevel.objects.all(), message=msg.LEVEL_REQUIRED_WIZARD)

    def validate_username(self, value: str) -> str:
        if not USERNAME_PATTERN.match(value):
            raise serializers.ValidationError(msg.USERNAME_INVALID)
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["password"] != attrs["confirm_password"]:
            raise serializers.ValidationError({"confirm_password": [msg.PASSWORD_MISMATCH]})
        return attrs


class EmployeeSetPersonaliaApi(APIView):
    access = SET_PERSONALIA

    @extend_schema(
        request=PersonaliaInput,
        responses=answers(
            {201: envelope_schema("PeopleSetPersonaliaEnvelope", UserLoginOutput)}, 403, 409, 422
        ),
        summary="Jadikan karyawan personalia: user login (masuk dengan email karyawan) dengan hak akses",
    )
    def post(self, request: Request) -> Response:
        data = read_body(PersonaliaInput, request)
        user = services.employee_make_personalia(
            employee=data["hash_id"],
            username=data["username"],
            password=data["password"],
            level=data["level_id"],
        )
        return respond(UserLoginOutput(user).data, message=msg.PERSONALIA_CREATED, status_code=201)
