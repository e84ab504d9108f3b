"""Employee sign-in of the mobile app: by number or email, same token rules as the web."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from server.mobile.models import EmployeeAccessToken
from server.testing.clients import MOBILE_PASSWORD, employee_client, with_mobile_password
from server.testing.factories import make_employee

pytestmark = pytest.mark.django_db

SIGN_IN = "/api/mobile/v1/auth/"
TODAY = "/api/mobile/v1/attendance/today"


@pytest.fixture
def employee() -> Any:
    return with_mobile_password(make_employee(email="budi@example.com", name="Budi"))


def sign_in(api: APIClient, **body: Any) -> Any:
    return api.post(SIGN_IN, body, format="json")


@pytest.mark.parametrize("field", ["employee_number", "employee_number_formatted", "email"])
def test_sign_in_by_number_or_email_gives_a_working_token(api: APIClient, employee: Any, field: str) -> None:
    identifier = getattr(employee, field)
    key = "email" if field == "email" else "employee_number"
    response = sign_in(
        api, **{key: identifier.upper() if field == "email" else identifier}, password=MOBILE_PASSWORD
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "Berhasil masuk."
    assert body["data"]["employee"]["employee_number_formatted"] == employee.employee_number_formatted
    assert body["data"]["employee"]["cuti"] == {"saldo": 0, "terpakai": 0, "hutang": 0}
    token = body["data"]["token"]
    stored = EmployeeAccessToken.objects.get(employee=employee)
    assert stored.key_hash != token and len(stored.key_hash) == 64 and not stored.remember

    client = APIClient()
    for header in (token, f"Bearer {token}", f"Token {token}"):
        client.credentials(HTTP_AUTHORIZATION=header)
        assert client.get(TODAY).status_code == 200


def test_remember_keeps_the_session_for_thirty_days(api: APIClient, employee: Any) -> None:
    token = sign_in(api, employee_number=employee.employee_number, password=MOBILE_PASSWORD, remember=True)
    assert token.status_code == 200
    stored = EmployeeAccessToken.objects.get(employee=employee)
    assert stored.remember and stored.expires_at() - stored.last_used_at == timedelta(days=30)


def test_idle_token_expires(employee: Any) -> None:
    client = employee_client(employee)
    EmployeeAccessToken.objects.filter(employee=employee).update(
        last_used_at=timezone.now() - timedelta(hours=13)
    )
    response = client.get(TODAY)
    assert response.status_code == 401 and response.json()["http_status"] == 401


def test_wrong_password_and_unknown_employee_are_401_alike(api: APIClient, employee: Any) -> None:
    wrong = sign_in(api, employee_number=employee.employee_number, password="salah-sekali")
    unknown = sign_in(api, employee_number="TIDAK-ADA", password=MOBILE_PASSWORD)
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json()["message"] == unknown.json()["message"] == "ID karyawan/email atau password salah."
    assert not EmployeeAccessToken.objects.exists()


def test_employee_without_a_mobile_password_cannot_sign_in(api: APIClient) -> None:
    employee = make_employee()
    assert sign_in(api, employee_number=employee.employee_number, password="").status_code == 422
    assert sign_in(api, employee_number=employee.employee_number, password="apa saja").status_code == 401


def test_resigned_employee_cannot_sign_in_and_loses_the_session(api: APIClient, employee: Any) -> None:
    client = employee_client(employee)
    employee.is_active = False
    employee.resigned_date = timezone.localdate()
    employee.save()
    response = sign_in(api, employee_number=employee.employee_number, password=MOBILE_PASSWORD)
    assert response.status_code == 403
    assert response.json()["message"] == "Akun Anda tidak aktif. Hubungi HR."
    assert client.get(TODAY).status_code == 401


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"password": MOBILE_PASSWORD}, "ID karyawan atau email harus diisi"),
        (
            {"employee_number": "", "email": "", "password": MOBILE_PASSWORD},
            "ID karyawan atau email harus diisi",
        ),
        ({"employee_number": "E1"}, "Password harus diisi"),
    ],
)
def test_missing_fields_are_422(api: APIClient, body: dict[str, Any], message: str) -> None:
    response = sign_in(api, **body)
    assert response.status_code == 422
    assert response.json()["message"] == message


def test_logout_revokes_only_that_session(api: APIClient, employee: Any) -> None:
    first, second = employee_client(employee), employee_client(employee)
    response = first.post("/api/mobile/v1/auth/logout")
    assert response.status_code == 200 and response.json()["message"] == "Berhasil keluar."
    assert first.get(TODAY).status_code == 401
    assert second.get(TODAY).status_code == 200


def test_web_and_mobile_tokens_do_not_cross(employee: Any, make_user: Any, client_for: Any) -> None:
    web = client_for(make_user())
    assert web.get(TODAY).status_code == 401
    mobile = employee_client(employee)
    assert mobile.get("/api/web/v1/profile").status_code == 401
    assert mobile.get("/api/web/v1/employee/count").status_code == 401


def test_sign_in_is_throttled_per_identifier(api: APIClient, employee: Any) -> None:
    for _ in range(10):
        assert sign_in(api, employee_number=employee.employee_number, password="salah").status_code == 401
    blocked = sign_in(api, employee_number=employee.employee_number, password=MOBILE_PASSWORD)
    assert blocked.status_code == 429 and blocked.json()["http_status"] == 429
    other = with_mobile_password(make_employee())
    assert sign_in(api, employee_number=other.employee_number, password=MOBILE_PASSWORD).status_code == 200


def test_a_chosen_x_forwarded_for_does_not_escape_the_throttle(api: APIClient, employee: Any) -> None:
    codes = [
        api.post(
            SIGN_IN,
            {"employee_number": employee.employee_number, "password": "salah"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{attempt}",
        ).status_code
        for attempt in range(25)
    ]
    assert codes[:10] == [401] * 10 and set(codes[10:]) == {429}
