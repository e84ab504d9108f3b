"""Wall display tokens over REST (the server kit's reference screen): managed with allow_user_login and
its _create/_update/_delete children, live on `wall_displays`, tokens accepted by two views only."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.core.policy import Public, policy_for
from server.core.tests.test_access_policy_walk import HTTP_METHODS, api_views, concrete
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_display_create
from server.testing.events import audit_event, capture_events

pytestmark = pytest.mark.django_db

CREATE = "/api/web/v1/wall_display/"
LIST = "/api/web/v1/wall_display/list"
DETAIL = "/api/web/v1/wall_display/detail/"
UPDATE = "/api/web/v1/wall_display/update/"
SNAPSHOT = "/api/web/v1/wall_display/snapshot"
TICKET = "/api/web/v1/realtime/ticket"
# The only routes that accept `Authorization: Display <token>`.
DISPLAY_ROUTES = {"api/web/v1/wall_display/snapshot", "api/web/v1/realtime/ticket"}


@pytest.fixture
def admin(client_for: Any, make_user: Any) -> APIClient:
    flags = [
        "allow_user_login",
        "allow_user_login_create",
        "allow_user_login_update",
        "allow_user_login_delete",
    ]
    return client_for(make_user(flags=flags, fullname="Admin Layar"))


def display_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Display {token}")
    return client


def test_create_shows_the_token_once_and_stores_its_hash(admin: APIClient) -> None:
    body = admin.post(CREATE, {"name": "  Lobi Kantor  "}, format="json").json()
    assert body["http_status"] == 201
    assert (
        body["message"] == "Layar dinding berhasil dibuat. Simpan tokennya: token hanya ditampilkan sekali."
    )
    token = body["data"]["token"]
    display = WallDisplay.objects.get()
    assert body["data"] == {"hash_id": display.hash_id, "name": "Lobi Kantor", "token": token}
    assert len(token) >= 40 and token not in display.key_hash
    listed = admin.get(LIST).json()
    assert listed["recordsTotal"] == 1
    row = listed["data"][0]
    assert "token" not in row and row["name"] == "Lobi Kantor" and row["is_active"] == 1
    assert row["created_by_name"] == "Admin Layar" and row["last_seen_at"] == "" and row["revoked_at"] == ""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Nama layar harus diisi."),
        ({"name": "  "}, "Nama layar harus diisi."),
        ({"name": "x" * 101}, "Nama layar maksimal 100 karakter."),
    ],
)
def test_create_validates_the_name(admin: APIClient, body: Any, message: str) -> None:
    answer = admin.post(CREATE, body, format="json").json()
    assert (answer["http_status"], answer["message"]) == (422, message)


def test_management_needs_allow_user_login(client_for: Any, make_user: Any, admin_user: Any) -> None:
    display, _ = wall_display_create(name="Lobi", created_by=admin_user)
    viewer = client_for(make_user(flags=["allow_report"]))
    assert viewer.post(CREATE, {"name": "Lobi"}, format="json").status_code == 403
    assert viewer.get(LIST).status_code == 403
    assert viewer.get(DETAIL + display.hash_id).status_code == 403
    assert viewer.delete(f"/api/web/v1/wall_display/{display.hash_id}").status_code == 403
    assert WallDisplay.objects.get().revoked_at is None


def test_reading_needs_the_flag_and_each_write_its_child(
    client_for: Any, make_user: Any, admin_user: Any
) -> None:
    display, _ = wall_display_create(name="Lobi", created_by=admin_user)
    reader = client_for(make_user(flags=["allow_user_login"]))
    assert reader.get(LIST).status_code == 200
    assert reader.get(DETAIL + display.hash_id).status_code == 200
    assert reader.post(CREATE, {"name": "Baru"}, format="json").status_code == 403
    assert reader.put(UPDATE + display.hash_id, {"name": "Baru"}, format="json").status_code == 403
    assert reader.delete(f"/api/web/v1/wall_display/{display.hash_id}").status_code == 403
    creator = client_for(make_user(flags=["allow_user_login", "allow_user_login_create"]))
    assert creator.post(CREATE, {"name": "Baru"}, format="json").status_code == 201
    assert creator.put(UPDATE + display.hash_id, {"name": "Baru"}, format="json").status_code == 403
    display.refresh_from_db()
    assert display.name == "Lobi" and display.revoked_at is None


def test_detail_update_and_list_rows(admin: APIClient, admin_user: Any, monkeypatch: Any) -> None:
    first, _ = wall_display_create(name="Lobi", created_by=admin_user)
    second, _ = wall_display_create(name="Gudang", created_by=admin_user)
    detail = admin.get(DETAIL + first.hash_id).json()
    assert detail["http_status"] == 200
    assert (
        detail["data"]["name"] == "Lobi" and detail["data"]["is_active"] == 1 and "no" not in detail["data"]
    )
    assert admin.get(DETAIL + "tidak-ada").json()["message"] == "Layar dinding tidak ditemukan."

    with capture_events(monkeypatch) as events:
        body = admin.put(UPDATE + first.hash_id, {"name": "  Lobi Utama "}, format="json").json()
    assert (body["http_status"], body["message"]) == (200, "Data berhasil diperbarui.")
    assert body["data"]["name"] == "Lobi Utama" and body["data"]["hash_id"] == first.hash_id
    assert events == [
        audit_event(("wall_display", first.hash_id)),
        ("wall_displays", "updated", {"hash_id": first.hash_id}, None),
    ]
    with capture_events(monkeypatch) as events:
        same = admin.put(UPDATE + first.hash_id, {"name": "Lobi Utama"}, format="json")
    assert same.status_code == 200 and events == []
    bad = admin.put(UPDATE + first.hash_id, {"name": " "}, format="json").json()
    assert (bad["http_status"], bad["message"]) == (422, "Nama layar harus diisi.")

    rows = admin.get(LIST, {"order": '{"column": "name", "dir": "asc"}'}).json()["data"]
    assert [(row["no"], row["name"]) for row in rows] == [(1, "Gudang"), (2, "Lobi Utama")]
    page_two = admin.get(LIST, {"order": '{"column": "name", "dir": "asc"}', "per_page": 10, "page": 2})
    assert page_two.json()["data"] == [] and page_two.json()["recordsTotal"] == 2
    assert second.hash_id in [row["hash_id"] for row in rows]


def test_create_and_revoke_are_published(admin: APIClient, monkeypatch: Any) -> None:
    with capture_events(monkeypatch) as events:
        created = admin.post(CREATE, {"name": "Lobi"}, format="json").json()["data"]
    assert events == [
        audit_event(("wall_display", created["hash_id"])),
        ("wall_displays", "created", {"hash_id": created["hash_id"]}, None),
    ]
    display = WallDisplay.objects.get()
    with capture_events(monkeypatch) as events:
        admin.delete(f"/api/web/v1/wall_display/{display.hash_id}")
    assert events == [
        audit_event(("wall_display", display.hash_id)),
        ("display", "revoked", {}, display.pk),
        ("wall_displays", "revoked", {"hash_id": display.hash_id}, None),
    ]


def test_snapshot_and_ticket_accept_the_display_token(admin_user: Any) -> None:
    _, token = wall_display_create(name="Lobi Lantai 1", created_by=admin_user)
    client = display_client(token)
    body = client.get(SNAPSHOT).json()
    assert body["http_status"] == 200
    data = body["data"]
    assert data["display_name"] == "Lobi Lantai 1"
    assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$", data["server_time"])
    assert {"checked_in_today", "late_today", "absent_today", "attendance_waiting", "izin_waiting"} <= set(
        data["counts"]
    )
    assert WallDisplay.objects.get().last_seen_at is not None
    ticket = client.post(TICKET).json()
    assert ticket["http_status"] == 200 and len(ticket["data"]["ticket"]) > 30


def test_revoke_stops_the_token(admin: APIClient, admin_user: Any) -> None:
    display, token = wall_display_create(name="Lobi", created_by=admin_user)
    body = admin.delete(f"/api/web/v1/wall_display/{display.hash_id}").json()
    assert (body["http_status"], body["message"]) == (200, "Token layar dinding berhasil dicabut.")
    assert display_client(token).get(SNAPSHOT).status_code == 401
    assert display_client(token).post(TICKET).status_code == 401
    row = admin.get(LIST).json()["data"][0]
    assert row["is_active"] == 0 and row["revoked_at"] != ""
    assert admin.delete(f"/api/web/v1/wall_display/{display.hash_id}").status_code == 200
    assert (
        admin.delete("/api/web/v1/wall_display/tidak-ada").json()["message"]
        == "Layar dinding tidak ditemukan."
    )


def test_user_tokens_and_bad_display_tokens_do_not_open_the_snapshot(
    client_for: Any, admin_user: Any
) -> None:
    assert client_for(admin_user).get(SNAPSHOT).status_code == 401
    assert display_client("bukan-token").get(SNAPSHOT).status_code == 401
    assert display_client("x" * 500).post(TICKET).status_code == 401
    _, token = wall_display_create(name="Lobi", created_by=admin_user)
    bare = APIClient()
    bare.credentials(HTTP_AUTHORIZATION=token)
    assert bare.get(SNAPSHOT).status_code == 401 and bare.post(TICKET).status_code == 401


def test_no_other_endpoint_accepts_a_display_token(admin_user: Any) -> None:
    _, token = wall_display_create(name="Lobi", created_by=admin_user)
    client = display_client(token)
    checked = 0
    for route, view_class in api_views():
        for method in (m for m in HTTP_METHODS if hasattr(view_class, m)):
            if isinstance(policy_for(view_class, method.upper()), Public) or route in DISPLAY_ROUTES:
                continue
            response = getattr(client, method)(concrete(route), {}, format="json")
            assert response.status_code == 401, f"{method.upper()} {route} answered {response.status_code}"
            checked += 1
    assert checked > 20
