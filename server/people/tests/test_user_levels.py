"""User levels (doc3 §7.6): CRUD with the flag matrix, refusals, and live `access` to the level's users."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import UserLevel
from server.core.flags import LEVEL_FLAGS, LIST_FLAGS
from server.testing.events import audit_event, capture_events

pytestmark = pytest.mark.django_db

WEB = "/api/web/v1/"
ALL_LEVEL = [
    "allow_user_level",
    "allow_user_level_create",
    "allow_user_level_update",
    "allow_user_level_delete",
]


@pytest.fixture
def admin_user(make_user: Any) -> Any:
    return make_user(
        flags=[*ALL_LEVEL, "allow_user_login", "allow_user_login_update"], fullname="Admin Level"
    )


@pytest.fixture
def admin(client_for: Any, admin_user: Any) -> APIClient:
    return client_for(admin_user)


def test_catalogue_groups_every_list_flag_with_its_children(admin: APIClient) -> None:
    groups = admin.get(WEB + "user_level/catalogue").json()["data"]
    assert [g["label"] for g in groups] == ["Pengumuman", "Karyawan", "Pengaturan"]
    flags = {f["flag"]: [c["flag"] for c in f["children"]] for g in groups for f in g["flags"]}
    assert set(flags) == set(LIST_FLAGS)
    assert flags["allow_announcement"] == [
        "allow_announcement_create",
        "allow_announcement_update",
        "allow_announcement_delete",
    ]
    assert flags["allow_adjustment"] == ["allow_adjustment_create"] and flags["allow_report"] == []
    assert groups[2]["flags"][0]["label"] == "Hari Libur"


def test_create_detail_list(admin: APIClient, admin_user: Any, monkeypatch: Any) -> None:
    with capture_events(monkeypatch) as events:
        body = admin.post(
            WEB + "user_level",
            {
                "name": " Pelapor ",
                "allow_report": 1,
                "allow_employee": True,
                "allow_employee_update": "1",
                "allow_announcement_create": 1,
            },
            format="json",
        ).json()
    assert (body["http_status"], body["message"]) == (201, "Data berhasil disimpan.")
    level = UserLevel.objects.get(name="Pelapor")
    assert events == [
        audit_event(("user_level", level.hash_id)),
        ("user_levels", "created", {"hash_id": level.hash_id}, None),
    ]
    allowed = body["data"]["allowed_json"]
    assert set(allowed) == set(LEVEL_FLAGS)
    # A child without its list flag is dropped (doc3 §4).
    assert (
        allowed["allow_report"],
        allowed["allow_employee_update"],
        allowed["allow_announcement_create"],
    ) == (1, 1, 0)
    assert (
        body["data"]["creator_user_name"] == "Admin Level"
        and body["data"]["creator_user_id"] == admin_user.hash_id
    )
    detail = admin.get(f"{WEB}user_level/detail/{level.hash_id}").json()["data"]
    assert detail["allowed_json"] == allowed and detail["id"] == level.hash_id
    rows = admin.get(WEB + "user_level/list").json()
    assert [r["name"] for r in rows["data"]] == sorted([admin_user.level.name, "Pelapor"])
    assert rows["data"][0]["no"] == 1 and "users_count" in rows["data"][0]
    found = admin.get(WEB + "user_level/list", {"global_search": "pela"}).json()
    assert [r["name"] for r in found["data"]] == ["Pelapor"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Nama / wewenang harus diisi."),
        ({"name": "   "}, "Nama / wewenang harus diisi."),
        ({"name": "x" * 101}, "Nama / wewenang maksimal 100 karakter."),
        ({"name": "A", "allow_report": 5}, "Nilai harus 0 atau 1."),
        ({"name": "A", "allow_everything": 1}, "Hak akses tidak dikenal: allow_everything."),
    ],
)
def test_create_validation(admin: APIClient, body: dict[str, Any], message: str) -> None:
    answer = admin.post(WEB + "user_level", body, format="json").json()
    assert (answer["http_status"], answer["message"]) == (422, message)


def test_name_must_be_unique(admin: APIClient, admin_user: Any) -> None:
    answer = admin.post(WEB + "user_level", {"name": admin_user.level.name.upper()}, format="json").json()
    assert (answer["http_status"], answer["errors"]["name"]) == (422, ["Nama / wewenang sudah dipakai."])


def test_update_pushes_access_to_each_active_user_of_the_level(
    admin: APIClient, make_user: Any, monkeypatch: Any
) -> None:
    member = make_user(flags=["allow_report", "allow_employee"])
    level = member.level
    inactive = make_user(is_active=False)
    inactive.level = level
    inactive.save()
    outsider = make_user(flags=["allow_report"])
    with capture_events(monkeypatch) as events:
        body = admin.put(
            WEB + "user_level",
            {"id": level.hash_id, "name": "Karyawan saja", "allow_employee": 1},
            format="json",
        ).json()
    assert (body["http_status"], body["message"]) == (200, "Data berhasil diperbarui.")
    session = events.of("session", "access")
    assert [e.scope for e in session] == [member.pk]
    assert (
        session[0].data["user_access"]["allow_report"] == 0
        and session[0].data["user_access"]["allow_employee"] == 1
    )
    assert outsider.pk not in [e.scope for e in events]
    assert events.of("user_levels") == [("user_levels", "updated", {"hash_id": level.hash_id}, None)]
    # Renaming only changes no one's access.
    with capture_events(monkeypatch) as events:
        admin.put(
            WEB + "user_level", {"id": level.hash_id, "name": "Nama baru", "allow_employee": 1}, format="json"
        )
    assert events.topics() == ["audit", "user_levels"]


def test_update_unknown_id(admin: APIClient) -> None:
    answer = admin.put(WEB + "user_level", {"id": "tidak-ada", "name": "X"}, format="json").json()
    assert (answer["http_status"], answer["message"]) == (404, "User level tidak ditemukan.")
    assert admin.put(WEB + "user_level", {"name": "X"}, format="json").json()["message"] == "ID harus diisi."


def test_own_level_cannot_lose_the_admin_flags(admin: APIClient, admin_user: Any) -> None:
    level = admin_user.level
    flags = {flag: 1 for flag in level.normalized_flags if level.normalized_flags[flag]}
    answer = admin.put(
        WEB + "user_level",
        {"id": level.hash_id, "name": level.name, **flags, "allow_user_login": 0},
        format="json",
    ).json()
    assert answer["http_status"] == 422
    assert (
        answer["message"] == "Anda tidak dapat mencabut hak User Login dari level yang Anda pakai sendiri: "
        "Anda akan terkunci di luar."
    )
    level.refresh_from_db()
    assert level.normalized_flags["allow_user_login"] == 1
    ok = admin.put(
        WEB + "user_level",
        {"id": level.hash_id, "name": level.name, **flags, "allow_user_level_delete": 0},
        format="json",
    )
    assert ok.status_code == 200


def test_delete_refused_while_in_use_then_allowed(admin: APIClient, make_user: Any, monkeypatch: Any) -> None:
    member = make_user(flags=["allow_report"])
    level = member.level
    other = make_user(flags=[])
    other.level = level
    other.save()
    answer = admin.delete(f"{WEB}user_level/{level.hash_id}").json()
    assert (answer["http_status"], answer["message"]) == (
        409,
        "User level tidak dapat dihapus: masih dipakai oleh 2 user login.",
    )
    member.delete()
    other.delete()
    with capture_events(monkeypatch) as events:
        done = admin.delete(f"{WEB}user_level/{level.hash_id}").json()
    assert (done["http_status"], done["message"]) == (200, "Data berhasil dihapus.")
    assert events == [
        audit_event(("user_level", level.hash_id)),
        ("user_levels", "deleted", {"hash_id": level.hash_id}, None),
    ]
    assert not UserLevel.objects.filter(pk=level.pk).exists()
    assert admin.delete(f"{WEB}user_level/{level.hash_id}").status_code == 404


def test_policies(client_for: Any, make_user: Any) -> None:
    level = make_user(flags=[]).level
    viewer = client_for(make_user(flags=["allow_report"]))
    assert viewer.get(WEB + "user_level/list").status_code == 403
    assert viewer.get(WEB + "user_level/catalogue").status_code == 403
    assert viewer.get(f"{WEB}user_level/detail/{level.hash_id}").status_code == 403
    reader = client_for(make_user(flags=["allow_user_level"]))
    assert reader.get(WEB + "user_level/list").status_code == 200
    assert reader.post(WEB + "user_level", {"name": "X"}, format="json").status_code == 403
    assert (
        reader.put(WEB + "user_level", {"id": level.hash_id, "name": "X"}, format="json").status_code == 403
    )
    assert reader.delete(f"{WEB}user_level/{level.hash_id}").status_code == 403
    creator = client_for(make_user(flags=["allow_user_level", "allow_user_level_create"]))
    assert creator.post(WEB + "user_level", {"name": "X"}, format="json").status_code == 201
    assert creator.delete(f"{WEB}user_level/{level.hash_id}").status_code == 403
