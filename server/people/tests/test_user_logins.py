"""User logins (doc3 §7.7): list, detail, edit with live `access`/`revoked`, delete, self-lockout refusals."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import AccessToken, User
from server.core.flags import SPECIAL_RIGHTS
from server.testing.clients import PASSWORD
from server.testing.events import capture_events
from server.testing.factories import make_employee

pytestmark = pytest.mark.django_db

WEB = "/api/web/v1/"
ADMIN_FLAGS = ["allow_user_login", "allow_user_login_update", "allow_user_login_delete"]


@pytest.fixture
def admin_user(make_user: Any) -> Any:
    return make_user(flags=ADMIN_FLAGS, fullname="Admin Login", email="admin@example.com")


@pytest.fixture
def admin(client_for: Any, admin_user: Any) -> APIClient:
    return client_for(admin_user)


def _edit(client: APIClient, user: User, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": user.hash_id,
        "username": user.username,
        "is_active": 1 if user.is_active else 0,
        "level_id": user.level.hash_id if user.level else "",
        **user.normalized_special_rights,
    }
    body.update(overrides)
    answer: dict[str, Any] = client.patch(WEB + "user_login", body, format="json").json()
    return answer


def test_list_default_page_size_and_search(admin: APIClient, make_user: Any) -> None:
    make_user(flags=["allow_report"], fullname="Budi")
    make_user(flags=[], fullname="Citra")
    body = admin.get(WEB + "user_login/list").json()
    assert body["recordsTotal"] == 3 and [r["fullname"] for r in body["data"]] == [
        "Admin Login",
        "Budi",
        "Citra",
    ]
    row = body["data"][1]
    assert set(row) == {
        "no",
        "id",
        "hash_id",
        "fullname",
        "username",
        "email",
        "level_name",
        "is_active",
        "locked_until",
        "locked_minutes",
    }
    assert (row["locked_until"], row["locked_minutes"]) == (None, 0)
    assert admin.get(WEB + "user_login/list", {"per_page": 100}).json()["http_status"] == 200
    found = admin.get(WEB + "user_login/list", {"global_search": "citr"}).json()
    assert [r["fullname"] for r in found["data"]] == ["Citra"]
    by_level = admin.get(WEB + "user_login/list", {"search": '{"level_name": "level 2"}'}).json()
    assert [r["fullname"] for r in by_level["data"]] == ["Budi"]
    levels = admin.get(WEB + "user_login/level_list").json()["data"]
    assert sorted(level["name"] for level in levels) == ["Level 1", "Level 2", "Level 3"]


def test_list_defaults_to_100_per_page(admin: APIClient) -> None:
    for n in range(101):
        User.objects.create_user(
            email=f"m{n}@example.com", password="x", username=f"m{n}", fullname=f"M {n:03d}"
        )
    body = admin.get(WEB + "user_login/list").json()
    assert len(body["data"]) == 100 and body["recordsTotal"] == 102


def test_detail(admin: APIClient, admin_user: Any, make_user: Any) -> None:
    employee = make_employee()
    user = make_user(
        flags=["allow_report"], rights=["allow_approved_attendance", "allow_approved_attendance_site"]
    )
    user.employee = employee
    user.save()
    data = admin.get(f"{WEB}user_login/detail/{user.hash_id}").json()["data"]
    assert data["user_level"] == {"value": user.level.hash_id, "label": user.level.name}
    assert data["level_id"] == user.level.hash_id and data["is_self"] == 0
    assert data["employee_number_formatted"] == employee.employee_number_formatted
    assert set(data["special_rights"]) == set(SPECIAL_RIGHTS)
    assert data["special_rights"]["allow_approved_attendance_site"] == 1
    assert admin.get(f"{WEB}user_login/detail/{admin_user.hash_id}").json()["data"]["is_self"] == 1
    missing = admin.get(f"{WEB}user_login/detail/nope").json()
    assert (missing["http_status"], missing["message"]) == (404, "User login tidak ditemukan.")


def test_edit_level_and_rights_pushes_access(admin: APIClient, make_user: Any, monkeypatch: Any) -> None:
    user = make_user(flags=["allow_report"])
    other_level = make_user(flags=["allow_employee"]).level
    with capture_events(monkeypatch) as events:
        body = _edit(
            admin,
            user,
            username="baru.nama",
            level_id=other_level.hash_id,
            allow_rejected_attendance=1,
            allow_rejected_attendance_pool=1,
            allow_approved_attendance_office=1,
        )
    assert (body["http_status"], body["message"]) == (200, "Data berhasil diperbarui.")
    user.refresh_from_db()
    assert user.username == "baru.nama" and user.level_id == other_level.pk
    rights = user.normalized_special_rights
    # A sub-flag without its parent is cleared (doc3 §4).
    assert (rights["allow_rejected_attendance_pool"], rights["allow_approved_attendance_office"]) == (1, 0)
    access = events.of("session", "access")
    assert [e.scope for e in access] == [user.pk]
    assert (
        access[0].data["user_access"]["allow_employee"] == 1
        and access[0].data["user_access"]["allow_report"] == 0
    )
    assert events.of("user_logins") == [("user_logins", "updated", {"hash_id": user.hash_id}, None)]


def test_deactivating_revokes_the_sessions(
    admin: APIClient, make_user: Any, client_for: Any, monkeypatch: Any
) -> None:
    user = make_user(flags=["allow_report"])
    signed_in = client_for(user)
    with capture_events(monkeypatch) as events:
        body = _edit(admin, user, is_active=0)
    assert body["http_status"] == 200 and body["data"]["is_active"] == 0
    revoked = events.of("session", "revoked")
    assert len(revoked) == 1 and revoked[0].scope == user.pk
    assert not AccessToken.objects.filter(user=user, revoked_at__isnull=True).exists()
    assert signed_in.get(WEB + "profile").status_code == 401


def test_delete_revokes_then_deletes(
    admin: APIClient, make_user: Any, monkeypatch: Any, client_for: Any
) -> None:
    employee = make_employee()
    user = make_user(flags=["allow_report"])
    user.employee = employee
    user.save()
    client_for(user)
    with capture_events(monkeypatch) as events:
        body = admin.delete(f"{WEB}user_login/{user.hash_id}").json()
    assert (body["http_status"], body["message"]) == (200, "Data berhasil dihapus.")
    assert events.topics() == ["session", "audit", "user_logins", "employees"]
    assert events[0].type == "revoked" and events[0].scope == user.pk
    assert not User.objects.filter(pk=user.pk).exists()


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"username": ""}, "username", "Username wajib diisi"),
        ({"username": None}, "username", "Username wajib diisi"),
        ({"is_active": None}, "is_active", "Status wajib diisi"),
        ({"is_active": ""}, "is_active", "Status wajib diisi"),
        ({"level_id": ""}, "level_id", "Hak akses wajib diisi"),
        ({"level_id": "nope"}, "level_id", "Hak akses wajib diisi"),
        ({"allow_approved_attendance": 3}, "allow_approved_attendance", "Nilai harus 0 atau 1."),
    ],
)
def test_edit_validation(
    admin: APIClient, make_user: Any, overrides: dict[str, Any], field: str, message: str
) -> None:
    user = make_user(flags=[])
    body = _edit(admin, user, **overrides)
    assert body["http_status"] == 422 and body["errors"][field] == [message]


def test_edit_username_taken(admin: APIClient, admin_user: Any, make_user: Any) -> None:
    user = make_user(flags=[])
    body = _edit(admin, user, username=admin_user.username)
    assert body["errors"]["username"] == ["Username sudah digunakan. Pilih username lain."]
    assert (
        _edit(admin, user, username="x", allow_magic=1)["message"] == "Hak akses tidak dikenal: allow_magic."
    )


def test_self_lockout_refused(admin: APIClient, admin_user: Any, make_user: Any) -> None:
    body = _edit(admin, admin_user, is_active=0)
    assert (body["http_status"], body["message"]) == (
        422,
        "Anda tidak dapat menonaktifkan login Anda sendiri.",
    )
    weaker = make_user(flags=["allow_user_login"]).level
    body = _edit(admin, admin_user, level_id=weaker.hash_id)
    assert body["message"] == "Anda tidak dapat mencabut hak User Login dari login Anda sendiri."
    admin_user.refresh_from_db()
    assert admin_user.is_active and admin_user.level.name != weaker.name
    gone = admin.delete(f"{WEB}user_login/{admin_user.hash_id}").json()
    assert (gone["http_status"], gone["message"]) == (409, "Anda tidak dapat menghapus login Anda sendiri.")
    assert _edit(admin, admin_user, username="admin.baru")["http_status"] == 200


def test_policies(client_for: Any, make_user: Any) -> None:
    user = make_user(flags=[])
    viewer = client_for(make_user(flags=["allow_report"]))
    for path in ("user_login/list", "user_login/level_list", f"user_login/detail/{user.hash_id}"):
        assert viewer.get(WEB + path).status_code == 403
    reader = client_for(make_user(flags=["allow_user_login"]))
    assert reader.get(WEB + "user_login/list").status_code == 200
    assert _edit(reader, user)["http_status"] == 403
    assert reader.delete(f"{WEB}user_login/{user.hash_id}").status_code == 403
    assert User.objects.filter(pk=user.pk).exists()


def _lock(user: User) -> None:
    """Ten failed sign-ins, each from another address: the account locks (DESIGN §16)."""
    for n in range(10):
        body = {"email": user.email, "password": "salah"}
        answer = APIClient().post(WEB + "auth/", body, format="json", REMOTE_ADDR=f"198.51.100.{n + 1}")
        assert answer.status_code == 401


def _row(client: APIClient, user: User) -> dict[str, Any]:
    rows = client.get(WEB + "user_login/list", {"global_search": user.email}).json()["data"]
    row: dict[str, Any] = next(r for r in rows if r["hash_id"] == user.hash_id)
    return row


def test_a_locked_login_shows_locked_and_an_admin_unlocks_it_live(
    admin: APIClient, make_user: Any, monkeypatch: Any
) -> None:
    user = make_user(flags=["allow_report"], fullname="Dewi Terkunci")
    _lock(user)
    row = _row(admin, user)
    assert row["locked_minutes"] == 15 and row["locked_until"]
    assert APIClient().post(WEB + "auth/", {"email": user.email, "password": PASSWORD}).status_code == 429

    with capture_events(monkeypatch) as events:
        answer = admin.post(f"{WEB}user_login/{user.hash_id}/unlock")
    assert answer.json() == {"http_status": 200, "message": "Kunci login berhasil dibuka.", "data": None}
    assert events.of("user_logins") == [("user_logins", "updated", {"hash_id": user.hash_id}, None)]
    assert (_row(admin, user)["locked_until"], _row(admin, user)["locked_minutes"]) == (None, 0)
    assert APIClient().post(WEB + "auth/", {"email": user.email, "password": PASSWORD}).status_code == 200


def test_unlock_refusals(admin: APIClient, client_for: Any, make_user: Any, monkeypatch: Any) -> None:
    user = make_user(flags=["allow_report"])
    missing = admin.post(f"{WEB}user_login/nope/unlock").json()
    assert (missing["http_status"], missing["message"]) == (404, "User login tidak ditemukan.")
    with capture_events(monkeypatch) as events:
        not_locked = admin.post(f"{WEB}user_login/{user.hash_id}/unlock").json()
    assert (not_locked["http_status"], not_locked["message"]) == (409, "Login ini tidak sedang terkunci.")
    assert events == []

    _lock(user)
    reader = client_for(make_user(flags=["allow_user_login"]))
    assert reader.post(f"{WEB}user_login/{user.hash_id}/unlock").status_code == 403
    assert _row(reader, user)["locked_minutes"] == 15
    assert admin.post(f"{WEB}user_login/{user.hash_id}/unlock").status_code == 200
    again = admin.post(f"{WEB}user_login/{user.hash_id}/unlock").json()
    assert again["http_status"] == 409
