"""Blacklist app endpoints (doc3 §7.5): flags, validation, unique package ids, events, mobile list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.tests.factories import make_employee
from server.mobile.tests.helpers import employee_client
from server.schedules.models import BlacklistApp
from server.schedules.tests.conftest import WEB, settings_events

pytestmark = pytest.mark.django_db


def test_list_sorts_searches_and_numbers_rows(admin: APIClient) -> None:
    for package, name, allow in [
        ("com.b", "Bravo", True),
        ("com.a", "Alfa", False),
        ("com.c", "Charlie", True),
    ]:
        BlacklistApp.objects.create(package_id=package, name=name, is_allow=allow)
    body = admin.get(f"{WEB}blacklist_app/list", {"order": '{"column":"name","dir":"desc"}'}).json()
    assert [r["name"] for r in body["data"]] == ["Charlie", "Bravo", "Alfa"]
    assert [r["no"] for r in body["data"]] == [1, 2, 3]
    assert body["recordsTotal"] == 3 and body["data"][2]["is_allow"] == 0
    found = admin.get(f"{WEB}blacklist_app/list", {"global_search": "com.b"}).json()
    assert [r["name"] for r in found["data"]] == ["Bravo"] and found["recordsFiltered"] == 1
    column = admin.get(f"{WEB}blacklist_app/list", {"search": '{"package_id":"com.c"}'}).json()
    assert [r["name"] for r in column["data"]] == ["Charlie"]


def test_viewer_is_refused_and_each_write_needs_its_flag(
    viewer: APIClient, client_with: Callable[..., APIClient]
) -> None:
    app = BlacklistApp.objects.create(package_id="com.x", name="X")
    assert viewer.get(f"{WEB}blacklist_app/list").status_code == 403
    reader = client_with("allow_blacklist_app")
    assert reader.get(f"{WEB}blacklist_app/list").status_code == 200
    assert reader.get(f"{WEB}blacklist_app/detail/{app.hash_id}").status_code == 200
    body = {"name": "Y", "package_id": "com.y", "is_allow": 0}
    assert reader.post(f"{WEB}blacklist_app", body, format="json").status_code == 403
    assert (
        reader.put(f"{WEB}blacklist_app", {**body, "hash_id": app.hash_id}, format="json").status_code == 403
    )
    assert reader.delete(f"{WEB}blacklist_app/{app.hash_id}").status_code == 403
    creator = client_with("allow_blacklist_app", "allow_blacklist_app_create")
    assert creator.post(f"{WEB}blacklist_app", body, format="json").status_code == 201
    assert creator.delete(f"{WEB}blacklist_app/{app.hash_id}").status_code == 403


def test_create_update_delete_publish_and_reach_the_mobile_app(admin: APIClient, capture: Any) -> None:
    phone = employee_client(make_employee())
    assert phone.get("/api/mobile/v1/blacklist_app/").json()["data"] == []

    with capture() as sent:
        created = admin.post(
            f"{WEB}blacklist_app",
            {"hash_id": "", "name": " Fake GPS ", "package_id": "com.fake"},
            format="json",
        )
    assert created.status_code == 201, created.json()
    assert created.json()["message"] == "Data berhasil disimpan."
    app = created.json()["data"]
    assert app["name"] == "Fake GPS" and app["is_allow"] == 1  # is_allow defaults to 1 (not blocked)
    assert settings_events(sent) == [
        ("settings.blacklist_app", "changed", {"action": "created", "hash_id": app["id"]})
    ]

    with capture() as sent:
        updated = admin.put(
            f"{WEB}blacklist_app",
            {"hash_id": app["id"], "name": "Fake GPS", "package_id": "com.fake", "is_allow": 0},
            format="json",
        )
    assert updated.status_code == 200 and updated.json()["message"] == "Data berhasil diperbarui."
    assert settings_events(sent) == [
        ("settings.blacklist_app", "changed", {"action": "updated", "hash_id": app["id"]})
    ]
    assert phone.get("/api/mobile/v1/blacklist_app/").json()["data"] == [
        {"name": "Fake GPS", "package_id": "com.fake"}
    ]

    with capture() as sent:
        gone = admin.delete(f"{WEB}blacklist_app/{app['id']}")
    assert gone.status_code == 200 and gone.json()["message"] == "Data berhasil dihapus."
    assert settings_events(sent) == [
        ("settings.blacklist_app", "changed", {"action": "deleted", "hash_id": app["id"]})
    ]
    assert phone.get("/api/mobile/v1/blacklist_app/").json()["data"] == []
    assert admin.get(f"{WEB}blacklist_app/detail/{app['id']}").status_code == 404


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({}, {"name": ["Nama harus diisi"], "package_id": ["Package ID harus diisi"]}),
        (
            {"name": " ", "package_id": ""},
            {"name": ["Nama harus diisi"], "package_id": ["Package ID harus diisi"]},
        ),
        ({"name": "A", "package_id": "com.a", "is_allow": 3}, {"is_allow": ["Nilai harus 0 atau 1"]}),
    ],
)
def test_validation_messages(admin: APIClient, body: dict[str, Any], errors: dict[str, list[str]]) -> None:
    response = admin.post(f"{WEB}blacklist_app", body, format="json")
    assert response.status_code == 422
    assert response.json()["errors"] == errors
    assert response.json()["message"] == next(iter(errors.values()))[0]


def test_duplicate_package_id_is_refused_case_insensitively(admin: APIClient) -> None:
    BlacklistApp.objects.create(package_id="com.fake.gps", name="Fake")
    other = BlacklistApp.objects.create(package_id="com.other", name="Other")
    response = admin.post(
        f"{WEB}blacklist_app", {"name": "Lagi", "package_id": "COM.FAKE.GPS"}, format="json"
    )
    assert response.status_code == 422
    assert response.json()["message"] == "Package ID sudah terdaftar"
    assert response.json()["errors"] == {"package_id": ["Package ID sudah terdaftar"]}
    moved = admin.put(
        f"{WEB}blacklist_app",
        {"hash_id": other.hash_id, "name": "Other", "package_id": "com.fake.gps"},
        format="json",
    )
    assert moved.status_code == 422
    missing_id = admin.put(f"{WEB}blacklist_app", {"name": "Other", "package_id": "com.z"}, format="json")
    assert missing_id.status_code == 422 and missing_id.json()["message"] == "ID data harus diisi"
    unknown = admin.put(
        f"{WEB}blacklist_app", {"hash_id": "nope", "name": "O", "package_id": "com.z"}, format="json"
    )
    assert unknown.status_code == 404 and unknown.json()["message"] == "Aplikasi tidak ditemukan."
