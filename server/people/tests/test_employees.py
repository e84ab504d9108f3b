"""The employee directory API (doc1 §7.4): list protocol, detail, toggles, password reset, personalia."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.accounts.services import USER_ACCOUNT_PREFIX, sign_in_failure_record, sign_in_locked_until
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.mobile.models import EmployeeAccessToken
from server.mobile.services import employee_token_issue
from server.testing.clients import MOBILE_PASSWORD, with_mobile_password
from server.testing.events import audit_event, capture_events
from server.testing.factories import make_employee, make_man_power
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

WEB = "/api/web/v1/"
LIST = WEB + "employee/list"


@pytest.fixture
def admin(client_for: Any, admin_user: Any) -> APIClient:
    return client_for(admin_user)


def _list(client: APIClient, **params: Any) -> dict[str, Any]:
    query = {k: json.dumps(v) if isinstance(v, dict) else v for k, v in params.items()}
    body: dict[str, Any] = client.get(LIST, query).json()
    return body


def test_list_rows_default_order_and_paging(admin: APIClient, make_user: Any) -> None:
    mp = make_man_power(name="Kantor Pusat")
    make_employee(name="Citra", email="citra@example.com", man_power=mp)
    anton = make_employee(name="Anton", man_power=mp)
    make_employee(name="Budi", email="budi@example.com", man_power=mp)
    make_employee(name="Zaki Resign", is_active=False)
    User.objects.create_user(
        email="anton@example.com", password="x" * 8, username="anton", fullname="Anton", employee=anton
    )

    body = _list(admin)
    assert (body["http_status"], body["recordsTotal"], body["recordsFiltered"]) == (200, 3, 3)
    assert [r["name"] for r in body["data"]] == ["Anton", "Budi", "Citra"]
    first = body["data"][0]
    assert first == {
        "no": 1,
        "id": anton.hash_id,
        "hash_id": anton.hash_id,
        "photo_url": "",
        "employee_number_formatted": anton.employee_number_formatted,
        "name": "Anton",
        "email": "",
        "is_personalia": 1,
        "man_power_name": "Kantor Pusat",
        "mobile_locked_until": None,
        "mobile_locked_minutes": 0,
    }
    page2 = _list(admin, page=2, per_page=10)
    assert page2["data"] == [] and page2["recordsTotal"] == 3
    desc = _list(admin, order={"column": "name", "dir": "desc"})
    assert [r["name"] for r in desc["data"]] == ["Citra", "Budi", "Anton"]
    assert _list(admin, per_page=7)["http_status"] == 422


def test_list_column_and_global_search(admin: APIClient) -> None:
    a = make_employee(name="Anton Wijaya", email="anton@example.com")
    make_employee(name="Budi", email="")
    personalia = make_employee(name="Citra", email="citra@example.com")
    User.objects.create_user(
        email="c@example.com", password="x" * 8, username="citra", fullname="Citra", employee=personalia
    )

    assert [r["name"] for r in _list(admin, search={"name": "wija"})["data"]] == ["Anton Wijaya"]
    assert [r["name"] for r in _list(admin, search={"email": "citra"})["data"]] == ["Citra"]
    number = _list(admin, search={"employee_number_formatted": a.employee_number_formatted})
    assert [r["name"] for r in number["data"]] == ["Anton Wijaya"]
    assert [r["name"] for r in _list(admin, search={"personalia": "1"})["data"]] == ["Citra"]
    assert [r["name"] for r in _list(admin, search={"personalia": "0"})["data"]] == ["Anton Wijaya", "Budi"]
    assert _list(admin, search={"personalia": ""})["recordsFiltered"] == 3
    found = _list(admin, global_search="budi")
    assert (found["recordsTotal"], found["recordsFiltered"]) == (3, 1)
    bad = _list(admin, search={"photo": "x"})
    assert bad["http_status"] == 422


def test_reading_needs_allow_employee(client_for: Any, make_user: Any) -> None:
    employee = make_employee()
    viewer = client_for(make_user(flags=["allow_report"]))
    assert viewer.get(LIST).status_code == 403
    assert viewer.get(f"{WEB}employee/detail/{employee.hash_id}").status_code == 403
    reader = client_for(make_user(flags=["allow_employee"]))
    assert reader.get(LIST).status_code == 200


def test_detail_has_every_field_and_this_years_ledger(admin: APIClient) -> None:
    mp = make_man_power(name="Site A", type="site", latitude=-6.2, longitude=106.8, max_radius=150)
    boss = make_employee(name="Bos")
    employee = make_employee(
        name="Dewi",
        man_power=mp,
        supervisor=boss,
        group_head=boss,
        joined_date=date(2020, 1, 2),
        cuti_saldo=10,
        cuti_terpakai=2,
        cuti_hutang=1,
        attendance_disabled=True,
    )
    year = timezone.localdate().year
    LeaveLedgerEntry.objects.create(
        employee=employee,
        date=date(year, 1, 1),
        reason=LeaveReason.YEARLY_REFRESH,
        saldo_change=12,
        saldo_after=12,
        terpakai_after=0,
        hutang_after=0,
    )
    LeaveLedgerEntry.objects.create(
        employee=employee,
        date=date(year - 1, 6, 1),
        reason=LeaveReason.MANUAL,
        saldo_change=-1,
        saldo_after=11,
        terpakai_after=0,
        hutang_after=0,
    )
    body = admin.get(f"{WEB}employee/detail/{employee.hash_id}").json()
    data = body["data"]
    assert data["joined_date"] == "2020-01-02"
    assert (data["man_power_type"], data["man_power_name"]) == ("site", "Site A")
    assert (data["man_power_latitude"], data["man_power_longitude"], data["man_power_max_radius"]) == (
        -6.2,
        106.8,
        150,
    )
    assert data["supervisor_employee_name"] == "Bos" and data["group_head_employee_name"] == "Bos"
    assert (data["cuti_saldo"], data["cuti_terpakai"], data["cuti_hutang"]) == (10, 2, 1)
    assert (data["attendance_disabled"], data["force_approval_permission"]) == (1, 0)
    for key in (
        "attendance_location_type",
        "shift_pattern_code",
        "shift_pattern_name",
        "man_power_team_name",
        "man_power_group_name",
        "man_power_timezone_name",
    ):
        assert key in data
    assert [e["reason"] for e in data["leave_ledger"]] == ["yearly_refresh"]
    assert data["leave_ledger"][0]["reason_label"] == "Pembaruan tahunan"
    missing = admin.get(f"{WEB}employee/detail/tidak-ada").json()
    assert (missing["http_status"], missing["message"]) == (404, "Karyawan tidak ditemukan.")


def test_toggles_take_effect_and_publish(admin: APIClient, monkeypatch: Any) -> None:
    employee = make_employee()
    number = employee.employee_number_formatted
    with capture_events(monkeypatch) as events:
        body = admin.patch(
            f"{WEB}employee/set_attendance_disabled",
            {"employee_number_formatted": number, "disabled": 1},
            format="json",
        ).json()
    assert (body["http_status"], body["message"]) == (200, "Kehadiran karyawan dinonaktifkan.")
    assert body["data"]["attendance_disabled"] == 1
    assert events == [
        audit_event(("employee", employee.hash_id)),
        ("employees", "updated", {"hash_id": employee.hash_id}, None),
    ]
    employee.refresh_from_db()
    assert employee.attendance_disabled

    body = admin.patch(
        f"{WEB}employee/set_force_approval_permission",
        {"employee_number_formatted": number, "force": "1"},
        format="json",
    ).json()
    assert (body["http_status"], body["message"]) == (200, "Izin karyawan selalu diteruskan ke Is Owner.")
    employee.refresh_from_db()
    assert employee.force_approval_permission
    off = admin.patch(
        f"{WEB}employee/set_force_approval_permission",
        {"employee_number_formatted": number, "force": 0},
        format="json",
    ).json()
    assert off["data"]["force_approval_permission"] == 0


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"disabled": 1}, 422, "ID karyawan harus diisi."),
        ({"employee_number_formatted": "X-404", "disabled": 1}, 404, "Karyawan tidak ditemukan."),
        ({"employee_number_formatted": "{number}", "disabled": 2}, 422, "Nilai harus 0 atau 1."),
        ({"employee_number_formatted": "{number}"}, 422, "Nilai harus 0 atau 1."),
    ],
)
def test_toggle_validation(admin: APIClient, body: dict[str, Any], status: int, message: str) -> None:
    employee = make_employee()
    payload = {
        k: (v.format(number=employee.employee_number_formatted) if isinstance(v, str) else v)
        for k, v in body.items()
    }
    answer = admin.patch(f"{WEB}employee/set_attendance_disabled", payload, format="json").json()
    assert (answer["http_status"], answer["message"]) == (status, message)


def test_toggles_need_their_special_right(client_for: Any, make_user: Any) -> None:
    employee = make_employee()
    number = employee.employee_number_formatted
    reader = client_for(make_user(flags=["allow_employee"]))
    assert (
        reader.patch(
            f"{WEB}employee/set_attendance_disabled",
            {"employee_number_formatted": number, "disabled": 1},
            format="json",
        ).status_code
        == 403
    )
    assert (
        reader.patch(
            f"{WEB}employee/set_force_approval_permission",
            {"employee_number_formatted": number, "force": 1},
            format="json",
        ).status_code
        == 403
    )
    assert (
        reader.patch(
            f"{WEB}employee/set_employee_password", {"employee_number_formatted": number}, format="json"
        ).status_code
        == 403
    )
    holder = client_for(make_user(flags=["allow_employee"], rights=["allow_disabled_attendance"]))
    assert (
        holder.patch(
            f"{WEB}employee/set_attendance_disabled",
            {"employee_number_formatted": number, "disabled": 1},
            format="json",
        ).status_code
        == 200
    )
    assert (
        holder.patch(
            f"{WEB}employee/set_force_approval_permission",
            {"employee_number_formatted": number, "force": 1},
            format="json",
        ).status_code
        == 403
    )


def test_password_reset_shows_once_without_email_and_ends_mobile_sessions(admin: APIClient) -> None:
    employee = make_employee(email="")
    token, _ = employee_token_issue(employee=employee, remember=False)
    body = admin.patch(
        f"{WEB}employee/set_employee_password",
        {"employee_number_formatted": employee.employee_number_formatted},
        format="json",
    ).json()
    assert body["http_status"] == 200
    assert body["message"].startswith("Password baru berhasil dibuat. Catat")
    password = body["data"]["password"]
    assert body["data"]["emailed"] == 0 and len(password) == 10
    employee.refresh_from_db()
    assert employee.check_mobile_password(password)
    assert EmployeeAccessToken.objects.get(pk=token.pk).revoked_at is not None
    assert mail.outbox == []


def test_password_reset_emails_the_employee_with_an_email(
    admin: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    employee = make_employee(email="dewi@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        body = admin.patch(
            f"{WEB}employee/set_employee_password",
            {"employee_number_formatted": employee.employee_number_formatted},
            format="json",
        ).json()
    assert body["message"] == "Password baru berhasil dibuat dan dikirim ke email dewi@example.com."
    assert body["data"] == {"emailed": 1, "email": "dewi@example.com", "password": None}
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["dewi@example.com"]
    sent = mail.outbox[0].body.split("Password baru: ")[1].split("\n")[0]
    employee.refresh_from_db()
    assert employee.check_mobile_password(sent)


# ---------------------------------------------------------------- personalia wizard


def _personalia(client: APIClient, employee: Employee, level_hash: str, **overrides: Any) -> dict[str, Any]:
    body = {
        "hash_id": employee.hash_id,
        "username": "dewi.hr",
        "password": "rahasia1",
        "confirm_password": "rahasia1",
        "level_id": level_hash,
    }
    body.update(overrides)
    answer: dict[str, Any] = client.post(f"{WEB}employee/set_personalia", body, format="json").json()
    return answer


def test_set_personalia_creates_a_login_that_signs_in(
    admin: APIClient, make_user: Any, api: APIClient, monkeypatch: Any
) -> None:
    level = make_user(flags=["allow_report"]).level
    employee = make_employee(name="Dewi", email="Dewi@Example.com")
    with capture_events(monkeypatch) as events:
        body = _personalia(admin, employee, level.hash_id)
    assert (body["http_status"], body["message"]) == (201, "Karyawan berhasil dijadikan personalia.")
    user = User.objects.get(username="dewi.hr")
    assert (user.email, user.fullname, user.level_id, user.employee_id) == (
        "dewi@example.com",
        "Dewi",
        level.pk,
        employee.pk,
    )
    assert body["data"]["level_name"] == level.name
    assert events.topics() == ["audit", "employees", "user_logins"]
    signed = api.post(
        f"{WEB}auth/", {"email": "dewi@example.com", "password": "rahasia1"}, format="json"
    ).json()
    assert signed["http_status"] == 200 and signed["data"]["user_access"]["allow_report"] == 1
    listed = _list(admin, search={"personalia": "1"})
    assert employee.hash_id in [r["hash_id"] for r in listed["data"]]
    again = _personalia(admin, employee, level.hash_id, username="lain")
    assert (again["http_status"], again["message"]) == (409, "Karyawan ini sudah menjadi personalia.")


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"username": ""}, "username", "Username tidak boleh kosong!"),
        (
            {"username": "ada spasi"},
            "username",
            "Username hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung.",
        ),
        ({"password": "", "confirm_password": ""}, "password", "Password harus diisi"),
        (
            {"password": "12345", "confirm_password": "12345"},
            "password",
            "Password setidaknya memiliki 6 karakter",
        ),
        ({"confirm_password": "lain123"}, "confirm_password", "Password harus sama"),
        ({"level_id": ""}, "level_id", "Hak Akses harus diisi!"),
        ({"level_id": "tidak-ada"}, "level_id", "Hak Akses harus diisi!"),
        ({"hash_id": "tidak-ada"}, "hash_id", "Karyawan tidak ditemukan."),
    ],
)
def test_set_personalia_validation(
    admin: APIClient, make_user: Any, overrides: dict[str, Any], field: str, message: str
) -> None:
    level = make_user(flags=[]).level
    employee = make_employee(email="e@example.com")
    body = _personalia(admin, employee, level.hash_id, **overrides)
    assert body["http_status"] == 422
    assert body["errors"][field] == [message]
    assert not User.objects.filter(employee=employee).exists()


def test_set_personalia_refusals(admin: APIClient, make_user: Any, admin_user: Any) -> None:
    level = make_user(flags=[]).level
    no_email = make_employee(email="")
    body = _personalia(admin, no_email, level.hash_id)
    assert body["http_status"] == 422 and body["message"].startswith("Karyawan belum memiliki email")
    taken = make_employee(email="admin@example.com")
    assert (
        _personalia(admin, taken, level.hash_id)["message"]
        == "Email karyawan ini sudah dipakai oleh user login lain."
    )
    fresh = make_employee(email="baru@example.com")
    dup = _personalia(admin, fresh, level.hash_id, username=admin_user.username.upper())
    assert (dup["http_status"], dup["errors"]["username"]) == (
        422,
        ["Username sudah digunakan. Pilih username lain."],
    )


def test_set_personalia_needs_user_login_create(client_for: Any, make_user: Any) -> None:
    employee = make_employee(email="e@example.com")
    hr = make_user(flags=["allow_employee", "allow_user_login"])
    assert client_for(hr).post(f"{WEB}employee/set_personalia", {}, format="json").status_code == 403
    creator = make_user(flags=["allow_employee", "allow_user_login", "allow_user_login_create"])
    assert _personalia(client_for(creator), employee, creator.level.hash_id)["http_status"] == 201


# ---------------------------------------------------------------- the app account's sign-in lock

MOBILE_SIGN_IN = "/api/mobile/v1/auth/"


def _mobile_sign_in(employee: Employee, password: str, attempt: int = 0) -> Any:
    body = {"employee_number": employee.employee_number, "password": password}
    return APIClient().post(MOBILE_SIGN_IN, body, format="json", REMOTE_ADDR=f"198.51.100.{attempt + 1}")


def _lock_mobile(employee: Employee) -> None:
    """Ten wrong app passwords, each from another address: the app account locks (DESIGN §16)."""
    for attempt in range(10):
        assert _mobile_sign_in(employee, "salah", attempt).status_code == 401


def _employee_row(client: APIClient, employee: Employee) -> dict[str, Any]:
    rows = _list(client, search={"employee_number_formatted": employee.employee_number_formatted})["data"]
    row: dict[str, Any] = next(r for r in rows if r["hash_id"] == employee.hash_id)
    return row


def test_a_locked_app_account_shows_live_and_an_admin_unlocks_it(admin: APIClient, monkeypatch: Any) -> None:
    employee = with_mobile_password(make_employee(name="Eko Terkunci"))
    other = make_employee(name="Fajar")
    with capture_events(monkeypatch) as events:
        _lock_mobile(employee)
    assert events.of("employees") == [("employees", "updated", {"hash_id": employee.hash_id}, None)]
    row = _employee_row(admin, employee)
    assert row["mobile_locked_minutes"] == 15 and row["mobile_locked_until"]
    assert _employee_row(admin, other)["mobile_locked_minutes"] == 0
    detail = admin.get(f"{WEB}employee/detail/{employee.hash_id}").json()["data"]
    assert detail["mobile_locked_minutes"] == 15
    assert detail["mobile_locked_until"] == row["mobile_locked_until"]
    assert _mobile_sign_in(employee, MOBILE_PASSWORD).status_code == 429

    with capture_events(monkeypatch) as events:
        answer = admin.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile")
    assert answer.json() == {
        "http_status": 200,
        "message": "Kunci aplikasi karyawan berhasil dibuka.",
        "data": None,
    }
    assert events.of("employees") == [("employees", "updated", {"hash_id": employee.hash_id}, None)]
    row = _employee_row(admin, employee)
    assert (row["mobile_locked_until"], row["mobile_locked_minutes"]) == (None, 0)
    assert _mobile_sign_in(employee, MOBILE_PASSWORD).status_code == 200


def test_a_web_lock_of_the_same_pk_is_not_the_app_lock(admin: APIClient) -> None:
    """The employee's app account and a user login with the employee's pk are different accounts."""
    employee = with_mobile_password(make_employee())
    for _ in range(10):
        sign_in_failure_record(accounts=[f"{USER_ACCOUNT_PREFIX}{employee.pk}"])
    assert sign_in_locked_until(accounts=[f"{USER_ACCOUNT_PREFIX}{employee.pk}"]) is not None
    assert _employee_row(admin, employee)["mobile_locked_minutes"] == 0
    assert admin.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile").status_code == 409


def test_unlock_mobile_refusals(admin: APIClient, client_for: Any, make_user: Any, monkeypatch: Any) -> None:
    employee = with_mobile_password(make_employee())
    missing = admin.post(f"{WEB}employee/nope/unlock_mobile").json()
    assert (missing["http_status"], missing["message"]) == (404, "Karyawan tidak ditemukan.")
    with capture_events(monkeypatch) as events:
        not_locked = admin.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile").json()
    assert (not_locked["http_status"], not_locked["message"]) == (
        409,
        "Akun aplikasi karyawan ini tidak sedang terkunci.",
    )
    assert events == []

    _lock_mobile(employee)
    reader = client_for(make_user(flags=["allow_employee"]))
    with capture_events(monkeypatch) as events:
        assert reader.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile").status_code == 403
    assert events == []
    assert _employee_row(reader, employee)["mobile_locked_minutes"] == 15
    assert _mobile_sign_in(employee, MOBILE_PASSWORD).status_code == 429
    assert admin.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile").status_code == 200
    again = admin.post(f"{WEB}employee/{employee.hash_id}/unlock_mobile").json()
    assert (again["http_status"], again["message"]) == (409, not_locked["message"])
