from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts import messages as msg
from server.accounts.models import AccessToken, PasswordResetCode, User
from server.accounts.services import token_issue
from server.testing.clients import PASSWORD

pytestmark = pytest.mark.django_db

SIGN_IN = "/api/web/v1/auth/"
LOGOUT = "/api/web/v1/auth/logout"
PROFILE = "/api/web/v1/profile"
CHANGE = "/api/web/v1/profile/change_password"
FORGOT = "/api/web/v1/auth/forgot_password"
CONFIRM = "/api/web/v1/auth/confirm_reset_password"
MOBILE_CONFIRM = "/api/mobile/v1/auth/confirm_reset_password"


def sign_in(api: APIClient, email: str, password: str = PASSWORD, remember: bool = False) -> Any:
    return api.post(SIGN_IN, {"email": email, "password": password, "permanentData": remember}, format="json")


def emailed_code() -> str:
    match = re.search(
        r"kode verifikasi untuk mengatur ulang password Anda: ([A-Z0-9]{6})", mail.outbox[-1].body, re.I
    )
    assert match, mail.outbox[-1].body
    return match.group(1)


class TestSignIn:
    def test_success_returns_token_access_and_profile(self, api: APIClient, make_user: Any) -> None:
        user = make_user(
            email="sari@example.com", flags=["allow_employee"], rights=["allow_reset_attendance"]
        )
        response = sign_in(api, "SARI@example.com")
        body = response.json()
        assert response.status_code == 200 and body["http_status"] == 200
        assert body["data"]["profile"]["fullname"] == user.fullname
        assert body["data"]["profile"]["hash_id"] == user.hash_id
        assert body["data"]["user_access"]["allow_employee"] == 1
        assert body["data"]["user_access"]["allow_reset_attendance"] == 1
        assert body["data"]["user_access"]["allow_report"] == 0
        token = body["data"]["token"]
        stored = AccessToken.objects.get(user=user)
        assert stored.key_hash != token and len(stored.key_hash) == 64
        assert stored.remember is False

    @pytest.mark.parametrize("prefix", ["", "Bearer ", "Token ", "bearer "])
    def test_token_accepted_with_prefixes(self, api: APIClient, make_user: Any, prefix: str) -> None:
        make_user(email="a@example.com")
        token = sign_in(api, "a@example.com").json()["data"]["token"]
        api.credentials(HTTP_AUTHORIZATION=f"{prefix}{token}")
        assert api.get(PROFILE).status_code == 200

    def test_wrong_password_and_unknown_email_answer_alike(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        wrong = sign_in(api, "a@example.com", "salah-sekali")
        unknown = sign_in(api, "nobody@example.com")
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json()["message"] == unknown.json()["message"] == msg.WRONG_CREDENTIALS

    def test_inactive_user_cannot_sign_in(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com", is_active=False)
        response = sign_in(api, "a@example.com")
        assert response.status_code == 403
        assert response.json()["message"] == msg.INACTIVE

    @pytest.mark.parametrize(
        ("payload", "field", "message"),
        [
            ({"password": "x"}, "email", msg.EMAIL_REQUIRED),
            ({"email": "", "password": "x"}, "email", msg.EMAIL_REQUIRED),
            ({"email": "bukan-email", "password": "x"}, "email", msg.EMAIL_INVALID),
            ({"email": "a@example.com"}, "password", msg.PASSWORD_REQUIRED),
            ({"email": "a@example.com", "password": ""}, "password", msg.PASSWORD_REQUIRED),
        ],
    )
    def test_validation_messages(
        self, api: APIClient, payload: dict[str, str], field: str, message: str
    ) -> None:
        response = api.post(SIGN_IN, payload, format="json")
        body = response.json()
        assert response.status_code == 422 and body["http_status"] == 422
        assert body["errors"][field] == [message]
        assert "data" not in body

    def test_malformed_json_is_422_not_500(self, api: APIClient) -> None:
        response = api.generic("POST", SIGN_IN, "{not json", content_type="application/json")
        assert response.status_code == 422
        assert response.json()["message"]


class TestTokens:
    def test_missing_and_garbage_token_get_401(self, api: APIClient) -> None:
        assert api.get(PROFILE).status_code == 401
        api.credentials(HTTP_AUTHORIZATION="Bearer nonsense")
        response = api.get(PROFILE)
        assert response.status_code == 401 and response.json()["http_status"] == 401

    def test_idle_expiry_12_hours(self, api: APIClient, make_user: Any) -> None:
        user = make_user()
        token, raw = token_issue(user=user, remember=False)
        api.credentials(HTTP_AUTHORIZATION=raw)
        AccessToken.objects.filter(pk=token.pk).update(
            last_used_at=timezone.now() - timedelta(hours=11, minutes=59)
        )
        assert api.get(PROFILE).status_code == 200
        AccessToken.objects.filter(pk=token.pk).update(
            last_used_at=timezone.now() - timedelta(hours=12, minutes=1)
        )
        assert api.get(PROFILE).status_code == 401

    def test_use_extends_idle_window(self, api: APIClient, make_user: Any) -> None:
        user = make_user()
        token, raw = token_issue(user=user, remember=False)
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now() - timedelta(hours=11))
        api.credentials(HTTP_AUTHORIZATION=raw)
        assert api.get(PROFILE).status_code == 200
        token.refresh_from_db()
        assert timezone.now() - token.last_used_at < timedelta(minutes=1)

    def test_remember_me_lasts_30_days(self, api: APIClient, make_user: Any) -> None:
        user = make_user(email="a@example.com")
        raw = sign_in(api, "a@example.com", remember=True).json()["data"]["token"]
        token = AccessToken.objects.get(user=user)
        assert token.remember is True
        api.credentials(HTTP_AUTHORIZATION=raw)
        AccessToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now() - timedelta(days=29))
        assert api.get(PROFILE).status_code == 200
        AccessToken.objects.filter(pk=token.pk).update(
            last_used_at=timezone.now() - timedelta(days=30, minutes=1)
        )
        assert api.get(PROFILE).status_code == 401

    def test_logout_revokes_only_that_token(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        first = sign_in(api, "a@example.com").json()["data"]["token"]
        second = sign_in(api, "a@example.com").json()["data"]["token"]
        api.credentials(HTTP_AUTHORIZATION=first)
        response = api.post(LOGOUT)
        assert response.status_code == 200 and response.json()["message"] == msg.SIGNED_OUT
        assert api.get(PROFILE).status_code == 401
        api.credentials(HTTP_AUTHORIZATION=second)
        assert api.get(PROFILE).status_code == 200

    def test_deactivation_revokes_tokens(self, api: APIClient, make_user: Any) -> None:
        from server.accounts.services import user_set_active

        user = make_user()
        _, raw = token_issue(user=user, remember=True)
        api.credentials(HTTP_AUTHORIZATION=raw)
        user_set_active(user=user, is_active=False)
        assert AccessToken.objects.filter(user=user, revoked_at__isnull=True).count() == 0
        assert api.get(PROFILE).status_code == 401


class TestProfileAndChangePassword:
    def test_profile(self, client_for: Any, make_user: Any) -> None:
        user = make_user(flags=["allow_announcement"])
        body = client_for(user).get(PROFILE).json()
        assert body["data"]["profile"]["email"] == user.email
        assert body["data"]["profile"]["level_name"] == user.level.name
        assert body["data"]["user_access"]["allow_announcement"] == 1

    def test_change_password_revokes_other_sessions_keeps_this_one(
        self, api: APIClient, make_user: Any, client_for: Any
    ) -> None:
        user = make_user(email="a@example.com")
        here = client_for(user)
        elsewhere = client_for(user)
        response = here.post(
            CHANGE,
            {"old_password": PASSWORD, "new_password": "baru12345", "confirm_new_password": "baru12345"},
            format="json",
        )
        assert response.status_code == 200 and response.json()["message"] == msg.PASSWORD_CHANGED
        assert here.get(PROFILE).status_code == 200
        assert elsewhere.get(PROFILE).status_code == 401
        assert sign_in(api, "a@example.com", "baru12345").status_code == 200
        assert sign_in(api, "a@example.com", PASSWORD).status_code == 401

    @pytest.mark.parametrize(
        ("payload", "field", "message"),
        [
            (
                {"new_password": "abcdef", "confirm_new_password": "abcdef"},
                "old_password",
                msg.KATA_SANDI_REQUIRED,
            ),
            (
                {"old_password": PASSWORD, "confirm_new_password": "abcdef"},
                "new_password",
                msg.KATA_SANDI_REQUIRED,
            ),
            (
                {"old_password": PASSWORD, "new_password": "abcdef"},
                "confirm_new_password",
                msg.KATA_SANDI_REQUIRED,
            ),
            (
                {"old_password": PASSWORD, "new_password": "abcdef", "confirm_new_password": "abcdeg"},
                "confirm_new_password",
                msg.KATA_SANDI_MISMATCH,
            ),
            (
                {"old_password": PASSWORD, "new_password": "abc", "confirm_new_password": "abc"},
                "new_password",
                msg.KATA_SANDI_MIN,
            ),
            (
                {"old_password": "salah123", "new_password": "abcdef", "confirm_new_password": "abcdef"},
                "old_password",
                msg.OLD_PASSWORD_WRONG,
            ),
        ],
    )
    def test_change_password_failures(
        self, make_user: Any, client_for: Any, payload: dict[str, str], field: str, message: str
    ) -> None:
        user = make_user()
        response = client_for(user).post(CHANGE, payload, format="json")
        assert response.status_code == 422
        assert response.json()["errors"][field] == [message]
        user.refresh_from_db()
        assert user.check_password(PASSWORD)


class TestPasswordReset:
    def test_forgot_then_confirm_with_emailed_code(
        self, api: APIClient, make_user: Any, client_for: Any
    ) -> None:
        user = make_user(email="a@example.com")
        old_session = client_for(user)
        with self._captured_commits():
            response = api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        assert response.status_code == 200 and response.json()["message"] == msg.RESET_SENT
        assert len(mail.outbox) == 1 and mail.outbox[0].to == ["a@example.com"]
        code = emailed_code()
        assert code == code.upper() and len(code) == 6
        response = api.patch(
            CONFIRM,
            {
                "email": "a@example.com",
                "verification_code": code.lower(),
                "new_password": "baru123",
                "confirm_new_password": "baru123",
            },
            format="json",
        )
        assert response.status_code == 200, response.json()
        assert response.json()["message"] == msg.RESET_DONE
        assert sign_in(api, "a@example.com", "baru123").status_code == 200
        assert old_session.get(PROFILE).status_code == 401

    def test_unknown_email_gets_same_answer_and_no_mail(self, api: APIClient) -> None:
        response = api.patch(FORGOT, {"email": "nobody@example.com"}, format="json")
        assert response.status_code == 200 and response.json()["message"] == msg.RESET_SENT
        assert mail.outbox == []

    def test_code_is_single_use(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        code = emailed_code()
        body = {
            "email": "a@example.com",
            "verification_code": code,
            "new_password": "baru123",
            "confirm_new_password": "baru123",
        }
        assert api.patch(CONFIRM, body, format="json").status_code == 200
        again = api.patch(
            CONFIRM, {**body, "new_password": "lagi123", "confirm_new_password": "lagi123"}, format="json"
        )
        assert again.status_code == 422 and again.json()["message"] == msg.CODE_INVALID

    def test_code_expires_after_15_minutes(self, api: APIClient, make_user: Any) -> None:
        user = make_user(email="a@example.com")
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        code = emailed_code()
        reset = PasswordResetCode.objects.get(user=user)
        assert timedelta(minutes=14) < reset.expires_at - reset.created <= timedelta(minutes=15)
        PasswordResetCode.objects.filter(pk=reset.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
        response = api.patch(
            CONFIRM,
            {
                "email": "a@example.com",
                "verification_code": code,
                "new_password": "baru123",
                "confirm_new_password": "baru123",
            },
            format="json",
        )
        assert response.status_code == 422 and response.json()["message"] == msg.CODE_INVALID

    def test_five_wrong_tries_burn_the_code(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        code = emailed_code()
        wrong = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
        body = {"email": "a@example.com", "new_password": "baru123", "confirm_new_password": "baru123"}
        for _ in range(5):
            response = api.patch(CONFIRM, {**body, "verification_code": wrong}, format="json")
            assert response.json()["message"] == msg.CODE_INVALID
        response = api.patch(CONFIRM, {**body, "verification_code": code}, format="json")
        assert response.status_code == 422 and response.json()["message"] == msg.CODE_TOO_MANY_TRIES

    def test_new_request_invalidates_previous_code(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        first = emailed_code()
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        second = emailed_code()
        body = {"email": "a@example.com", "new_password": "baru123", "confirm_new_password": "baru123"}
        if first != second:
            assert api.patch(CONFIRM, {**body, "verification_code": first}, format="json").status_code == 422
        assert api.patch(CONFIRM, {**body, "verification_code": second}, format="json").status_code == 200

    @pytest.mark.parametrize(
        ("payload", "field", "message"),
        [
            (
                {"verification_code": "ABCDEF", "new_password": "", "confirm_new_password": ""},
                "new_password",
                msg.PASSWORD_REQUIRED,
            ),
            (
                {"verification_code": "ABCDEF", "new_password": "abc", "confirm_new_password": "abc"},
                "new_password",
                msg.PASSWORD_MIN,
            ),
            (
                {"verification_code": "ABCDEF", "new_password": "abcdef", "confirm_new_password": "abcdeg"},
                "confirm_new_password",
                msg.PASSWORD_MISMATCH,
            ),
            (
                {"verification_code": "", "new_password": "abcdef", "confirm_new_password": "abcdef"},
                "verification_code",
                msg.CODE_REQUIRED,
            ),
        ],
    )
    def test_confirm_validation(
        self, api: APIClient, payload: dict[str, str], field: str, message: str
    ) -> None:
        response = api.patch(CONFIRM, {"email": "a@example.com", **payload}, format="json")
        assert response.status_code == 422
        assert response.json()["errors"][field] == [message]

    def test_mobile_confirm_needs_version_and_returns_deep_link(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        with self._captured_commits():
            api.patch(FORGOT, {"email": "a@example.com"}, format="json")
        code = emailed_code()
        body = {
            "email": "a@example.com",
            "verification_code": code,
            "new_password": "baru123",
            "confirm_new_password": "baru123",
        }
        missing = api.patch(MOBILE_CONFIRM, body, format="json")
        assert missing.status_code == 426 and missing.json()["message"] == msg.APP_VERSION_UNSUPPORTED
        old = api.patch(MOBILE_CONFIRM, body, format="json", HTTP_VERSION="999999")
        assert old.status_code == 426
        with override_settings(MOBILE_DEEP_LINK="kehadiran://masuk"):
            response = api.patch(MOBILE_CONFIRM, body, format="json", HTTP_VERSION="1000000")
        assert response.status_code == 200
        assert response.json()["data"] == {"deep_link": "kehadiran://masuk"}
        assert sign_in(api, "a@example.com", "baru123").status_code == 200

    @staticmethod
    def _captured_commits() -> Any:
        from django.test import TestCase

        return TestCase.captureOnCommitCallbacks(execute=True)


class TestThrottling:
    @override_settings(
        AUTH_THROTTLE_RATES={"sign_in": "3/min", "forgot_password": "2/min", "reset_password": "2/min"}
    )
    def test_sign_in_forgot_and_reset_are_throttled(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")
        codes = [sign_in(api, "a@example.com", "salah").status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        throttled = sign_in(api, "a@example.com")
        assert throttled.status_code == 429
        assert throttled.json()["message"].startswith("Terlalu banyak percobaan")
        assert throttled.json()["http_status"] == 429
        assert throttled["Retry-After"]
        assert sign_in(api, "other@example.com").status_code == 401  # another email is not locked out
        forgot = [api.patch(FORGOT, {"email": "a@example.com"}, format="json").status_code for _ in range(3)]
        assert forgot == [200, 200, 429]
        body = {
            "email": "a@example.com",
            "verification_code": "ABCDEF",
            "new_password": "abcdef",
            "confirm_new_password": "abcdef",
        }
        reset = [api.patch(CONFIRM, body, format="json").status_code for _ in range(3)]
        assert reset == [422, 422, 429]

    def test_a_chosen_x_forwarded_for_escapes_no_throttle(self, api: APIClient, make_user: Any) -> None:
        """NUM_PROXIES = 0 (the default): the peer address counts, whatever the client writes."""
        make_user(email="a@example.com")
        answers = [
            api.post(
                SIGN_IN,
                {"email": "a@example.com", "password": "salah"},
                format="json",
                HTTP_X_FORWARDED_FOR=f"203.0.113.{attempt}",
            )
            for attempt in range(25)
        ]
        codes = [answer.status_code for answer in answers]
        assert codes[:10] == [401] * 10 and set(codes[10:]) == {429}
        assert answers[10].json()["message"].startswith("Terlalu banyak percobaan")

    @override_settings(
        AUTH_THROTTLE_RATES={"sign_in": "3/min", "forgot_password": "2/min", "reset_password": "2/min"},
        REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1},
    )
    def test_behind_one_proxy_the_address_it_appended_counts(self, api: APIClient, make_user: Any) -> None:
        make_user(email="a@example.com")

        def attempt(forwarded_for: str) -> int:
            body = {"email": "a@example.com", "password": "salah"}
            return int(api.post(SIGN_IN, body, format="json", HTTP_X_FORWARDED_FOR=forwarded_for).status_code)

        # The client's own entries come first; the proxy appends the peer address last.
        assert [attempt(f"10.9.9.{n}, 198.51.100.7") for n in range(4)] == [401, 401, 401, 429]
        assert attempt("198.51.100.8") == 401


def test_user_model_basics(make_user: Any) -> None:
    user = make_user(email="Mixed@Example.com")
    assert User.objects.get(pk=user.pk).email == "mixed@example.com"
    assert user.check_password(PASSWORD)
    assert user.password != PASSWORD


def test_reset_email_link_encodes_the_address(api: APIClient, make_user: Any) -> None:
    from django.test import TestCase

    make_user(email="nama+kantor@example.com")
    with TestCase.captureOnCommitCallbacks(execute=True):
        api.patch(FORGOT, {"email": "nama+kantor@example.com"}, format="json")
    assert "email=nama%2Bkantor%40example.com&code=" in mail.outbox[-1].body
