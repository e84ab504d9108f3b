"""Sign-in, sign-out, password reset and profile endpoints (spec doc1 §7.1)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.accounts import messages as msg
from server.accounts import selectors, services
from server.accounts.models import AccessToken, User, UserPreference
from server.accounts.rights import access_rights
from server.accounts.selectors import request_user
from server.core.envelope import ApiError, respond
from server.core.inputs import error_messages, read_body
from server.core.policy import Public, SignedIn
from server.core.schema import (
    ErrorEnvelope,
    MessageEnvelope,
    answers,
    envelope_schema,
    inline_serializer,
)
from server.core.throttling import IdentifierThrottle, client_address


def _email_field() -> serializers.EmailField:
    return serializers.EmailField(
        max_length=254,
        error_messages=error_messages(msg.EMAIL_REQUIRED, invalid=msg.EMAIL_INVALID),
    )


def _password_field(
    required: str = msg.PASSWORD_REQUIRED, min_message: str | None = None
) -> serializers.CharField:
    extra: dict[str, Any] = {}
    errors: dict[str, Any] = {"required": required, "blank": required, "null": required}
    if min_message:
        extra["min_length"] = 6
        errors["min_length"] = min_message
    return serializers.CharField(max_length=128, trim_whitespace=False, error_messages=errors, **extra)


class SignInThrottle(IdentifierThrottle):
    scope = "sign_in"


class ForgotPasswordThrottle(IdentifierThrottle):
    scope = "forgot_password"


class ResetPasswordThrottle(IdentifierThrottle):
    scope = "reset_password"


def profile_data(user: User) -> dict[str, Any]:
    return {
        "hash_id": user.hash_id,
        "fullname": user.fullname,
        "username": user.username,
        "email": user.email,
        "level_name": user.level.name if user.level else "",
        "employee_hash_id": user.employee.hash_id if user.employee_id and user.employee else None,
    }


ProfileSerializer = inline_serializer(
    "Profile",
    {
        "hash_id": serializers.CharField(),
        "fullname": serializers.CharField(),
        "username": serializers.CharField(),
        "email": serializers.EmailField(),
        "level_name": serializers.CharField(),
        "employee_hash_id": serializers.CharField(allow_null=True),
    },
)


class SignInApi(APIView):
    access = Public()
    throttle_classes = [SignInThrottle]

    class SignInInput(serializers.Serializer[Any]):
        email = _email_field()
        password = _password_field()
        permanentData = serializers.BooleanField(required=False, default=False)

    @extend_schema(
        request=SignInInput,
        responses={
            200: envelope_schema(
                "SignInEnvelope",
                inline_serializer(
                    "SignIn",
                    {
                        "token": serializers.CharField(),
                        "user_access": serializers.DictField(child=serializers.IntegerField()),
                        "profile": ProfileSerializer,
                    },
                ),
            ),
            # Wrong email or password; an inactive account; throttled (the address or the email) or
            # the account locked.
            401: ErrorEnvelope,
            403: ErrorEnvelope,
            429: ErrorEnvelope,
        },
        summary="Masuk (juga membuka kunci layar)",
    )
    def post(self, request: Request) -> Response:
        data = read_body(self.SignInInput, request)
        user, token = services.user_sign_in(
            email=data["email"],
            password=data["password"],
            remember=data["permanentData"],
            address=client_address(request),
            user_agent=request.META.get("HTTP_USER_AGENT", ""),
        )
        return respond(
            {"token": token, "user_access": user.user_access, "profile": profile_data(user)},
            message=msg.SIGNED_IN,
        )


class SignOutApi(APIView):
    access = SignedIn()

    @extend_schema(request=None, responses=MessageEnvelope, summary="Keluar")
    def post(self, request: Request) -> Response:
        assert isinstance(request.auth, AccessToken)
        services.user_sign_out(token=request.auth)
        return respond(None, message=msg.SIGNED_OUT)


class ForgotPasswordApi(APIView):
    access = Public()
    throttle_classes = [ForgotPasswordThrottle]

    class ForgotPasswordInput(serializers.Serializer[Any]):
        email = _email_field()

    @extend_schema(
        request=ForgotPasswordInput, responses=MessageEnvelope, summary="Kirim kode verifikasi reset password"
    )
    def patch(self, request: Request) -> Response:
        data = read_body(self.ForgotPasswordInput, request)
        services.password_reset_request(email=data["email"])
        return respond(None, message=msg.RESET_SENT)


class ConfirmResetInput(serializers.Serializer[Any]):
    email = _email_field()
    verification_code = serializers.CharField(
        max_length=6,
        min_length=6,
        error_messages=error_messages(
            msg.CODE_REQUIRED, min_length=msg.CODE_LENGTH, max_length=msg.CODE_LENGTH
        ),
    )
    new_password = _password_field(min_message=msg.PASSWORD_MIN)
    confirm_new_password = _password_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["new_password"] != attrs["confirm_new_password"]:
            raise serializers.ValidationError({"confirm_new_password": [msg.PASSWORD_MISMATCH]})
        return attrs


class ConfirmResetPasswordApi(APIView):
    access = Public()
    throttle_classes = [ResetPasswordThrottle]

    @extend_schema(
        request=ConfirmResetInput, responses=MessageEnvelope, summary="Atur password baru dengan kode"
    )
    def patch(self, request: Request) -> Response:
        data = read_body(ConfirmResetInput, request)
        services.password_reset_confirm(
            email=data["email"],
            code=data["verification_code"],
            new_password=data["new_password"],
        )
        return respond(None, message=msg.RESET_DONE)


class MobileConfirmResetPasswordApi(APIView):
    """The emailed-link reset of the mobile app; requires the app's `Version` header."""

    access = Public()
    throttle_classes = [ResetPasswordThrottle]

    @extend_schema(
        request=ConfirmResetInput,
        parameters=[
            OpenApiParameter(
                "Version",
                {"type": "integer", "minimum": settings.MOBILE_MIN_APP_VERSION},
                location=OpenApiParameter.HEADER,
                required=True,
                description="versi aplikasi (angka); di bawah versi minimum: 426",
            )
        ],
        responses={
            200: envelope_schema(
                "MobileResetEnvelope", inline_serializer("DeepLink", {"deep_link": serializers.CharField()})
            ),
            426: ErrorEnvelope,
        },
        summary="Atur password baru dari tautan email (aplikasi mobile)",
    )
    def patch(self, request: Request) -> Response:
        version = request.META.get("HTTP_VERSION", "").strip()
        if not (version.isascii() and version.isdigit()) or int(version) < settings.MOBILE_MIN_APP_VERSION:
            raise ApiError(msg.APP_VERSION_UNSUPPORTED, status_code=426)
        data = read_body(ConfirmResetInput, request)
        services.password_reset_confirm(
            email=data["email"],
            code=data["verification_code"],
            new_password=data["new_password"],
        )
        return respond({"deep_link": settings.MOBILE_DEEP_LINK}, message=msg.RESET_DONE)


class ProfileApi(APIView):
    access = SignedIn()

    @extend_schema(
        responses=envelope_schema(
            "ProfileEnvelope",
            inline_serializer(
                "ProfileWithAccess",
                {
                    "profile": ProfileSerializer,
                    "user_access": serializers.DictField(child=serializers.IntegerField()),
                    "rights": inline_serializer(
                        "AccessRight",
                        {
                            "flag": serializers.CharField(),
                            "label": serializers.CharField(),
                            "details": serializers.ListField(child=serializers.CharField()),
                        },
                        many=True,
                    ),
                },
            ),
        ),
        summary="Profil pengguna yang sedang masuk",
    )
    def get(self, request: Request) -> Response:
        user = request.user
        assert isinstance(user, User)
        access = user.user_access
        return respond(
            {"profile": profile_data(user), "user_access": access, "rights": access_rights(access)}
        )


class ChangePasswordApi(APIView):
    access = SignedIn()

    class ChangePasswordInput(serializers.Serializer[Any]):
        old_password = _password_field(msg.KATA_SANDI_REQUIRED)
        new_password = _password_field(msg.KATA_SANDI_REQUIRED, min_message=msg.KATA_SANDI_MIN)
        confirm_new_password = _password_field(msg.KATA_SANDI_REQUIRED)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if attrs["new_password"] != attrs["confirm_new_password"]:
                raise serializers.ValidationError({"confirm_new_password": [msg.KATA_SANDI_MISMATCH]})
            return attrs

    @extend_schema(request=ChangePasswordInput, responses=MessageEnvelope, summary="Ubah kata sandi")
    def post(self, request: Request) -> Response:
        user = request.user
        assert isinstance(user, User)
        data = read_body(self.ChangePasswordInput, request)
        services.user_change_password(
            user=user,
            current_token=request.auth if isinstance(request.auth, AccessToken) else None,
            old_password=data["old_password"],
            new_password=data["new_password"],
        )
        return respond(None, message=msg.PASSWORD_CHANGED)


PREFERENCE_KEY_SCHEMA = {"type": "string", "pattern": services.PREFERENCE_KEY.pattern, "maxLength": 64}
PreferenceEnvelope = envelope_schema(
    "UserPreferenceEnvelope",
    inline_serializer(
        "UserPreference",
        {
            "key": serializers.CharField(),
            "value": serializers.DictField(
                allow_null=True, help_text="objek JSON tersimpan; null: belum ada (layar memakai bawaan)"
            ),
            "updated_at": serializers.DateTimeField(allow_null=True),
        },
    ),
)


def _preference_data(key: str, preference: UserPreference | None) -> dict[str, Any]:
    if preference is None:
        return {"key": key, "value": None, "updated_at": None}
    return {"key": key, "value": preference.value, "updated_at": preference.updated_at}


class UserPreferenceApi(APIView):
    """The signed-in user's own preference of a screen (e.g. `approval.attendance.queue`: the queue's
    filters and order), so it follows them to another browser. Only ever the caller's own; no audit
    entry (UI state, not business data)."""

    access = SignedIn()

    class UserPreferenceInput(serializers.Serializer[Any]):
        value = serializers.DictField(
            help_text=f"objek JSON, maksimal {services.PREFERENCE_MAX_BYTES} byte dan "
            f"{services.PREFERENCE_MAX_DEPTH} tingkat",
            error_messages=error_messages(
                msg.PREFERENCE_VALUE_REQUIRED, not_a_dict=msg.PREFERENCE_VALUE_NOT_OBJECT
            ),
        )

    @extend_schema(
        parameters=[OpenApiParameter("key", PREFERENCE_KEY_SCHEMA, location=OpenApiParameter.PATH)],
        responses=answers(PreferenceEnvelope, 422),
        summary="Preferensi tampilan milik pengguna yang sedang masuk",
    )
    def get(self, request: Request, key: str) -> Response:
        preference = selectors.user_preference_get(user=request_user(request), key=key)
        return respond(_preference_data(key, preference))

    @extend_schema(
        parameters=[OpenApiParameter("key", PREFERENCE_KEY_SCHEMA, location=OpenApiParameter.PATH)],
        request=UserPreferenceInput,
        responses=answers(PreferenceEnvelope, 422),
        summary="Simpan preferensi tampilan milik pengguna yang sedang masuk",
    )
    def put(self, request: Request, key: str) -> Response:
        services.preference_key_check(key)
        data = read_body(self.UserPreferenceInput, request)
        preference = services.user_preference_set(user=request_user(request), key=key, value=data["value"])
        return respond(_preference_data(key, preference), message=msg.PREFERENCE_SAVED)

    @extend_schema(
        parameters=[OpenApiParameter("key", PREFERENCE_KEY_SCHEMA, location=OpenApiParameter.PATH)],
        responses=answers(PreferenceEnvelope, 422),
        summary="Kembalikan preferensi tampilan ke bawaan (hapus yang tersimpan)",
    )
    def delete(self, request: Request, key: str) -> Response:
        services.user_preference_delete(user=request_user(request), key=key)
        return respond(_preference_data(key, None), message=msg.PREFERENCE_RESET)
