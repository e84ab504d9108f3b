"""A user's own screen preferences (issue 44: the approval queue's filters and order follow the approver
to another browser): GET/PUT/DELETE /api/web/v1/preference/<key>, only ever the caller's own,
validated and capped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User, UserPreference
from server.accounts.services import PREFERENCE_MAX_BYTES, PREFERENCES_PER_USER
from server.audit.models import AuditEntry

pytestmark = pytest.mark.django_db

URL = "/api/web/v1/preference/"
KEY = "approval.attendance.queue"
QUEUE = {
    "version": 1,
    "period": "all",
    "risk": "low",
    "factor": "face",
    "order": {"column": "risk", "dir": "desc"},
    "manPower": {"type": "office", "name": "Kantor Pusat", "team": "", "group": ""},
}


@pytest.fixture
def budi(make_user: Callable[..., User]) -> User:
    return make_user(fullname="Budi Approver")


@pytest.fixture
def sinta(make_user: Callable[..., User]) -> User:
    return make_user(fullname="Sinta Approver")


def put(client: APIClient, key: str, value: Any) -> Any:
    return client.put(URL + key, {"value": value}, format="json")


def test_a_saved_preference_is_read_back_by_the_same_user_from_any_session(
    budi: User, client_for: Callable[..., APIClient]
) -> None:
    first = client_for(budi)
    empty = first.get(URL + KEY)
    assert empty.status_code == 200
    assert empty.json()["data"] == {"key": KEY, "value": None, "updated_at": None}

    saved = put(first, KEY, QUEUE)
    assert saved.status_code == 200, saved.json()
    assert saved.json()["message"] == "Preferensi disimpan."
    assert saved.json()["data"]["value"] == QUEUE
    # Another session of the same user (another browser) reads it.
    second = client_for(budi)
    assert second.get(URL + KEY).json()["data"]["value"] == QUEUE

    # Replaced, not added to; one row per user and key.
    put(second, KEY, {**QUEUE, "risk": ""})
    assert first.get(URL + KEY).json()["data"]["value"]["risk"] == ""
    assert UserPreference.objects.filter(user=budi).count() == 1

    # Reset: gone, the screen falls back to its defaults.
    reset = first.delete(URL + KEY)
    assert reset.status_code == 200 and reset.json()["data"]["value"] is None
    assert reset.json()["message"] == "Preferensi dikembalikan ke bawaan."
    assert second.get(URL + KEY).json()["data"]["value"] is None
    # A UI preference is not business data: no audit entry.
    assert not AuditEntry.objects.filter(object_type__icontains="preference").exists()


def test_each_user_reads_and_writes_only_their_own(
    budi: User, sinta: User, client_for: Callable[..., APIClient]
) -> None:
    budi_client, sinta_client = client_for(budi), client_for(sinta)
    put(budi_client, KEY, QUEUE)
    assert sinta_client.get(URL + KEY).json()["data"]["value"] is None
    put(sinta_client, KEY, {"version": 1, "period": "today"})
    sinta_client.delete(URL + KEY)
    # Sinta's writes and reset never touched Budi's.
    assert budi_client.get(URL + KEY).json()["data"]["value"] == QUEUE
    # Signed out: nothing.
    assert APIClient().get(URL + KEY).status_code == 401
    assert put(APIClient(), KEY, QUEUE).status_code == 401


@pytest.mark.parametrize(
    ("key", "value", "field", "message"),
    [
        ("Approval", {}, "key", "Kunci preferensi tidak valid"),
        ("a" * 65, {}, "key", "Kunci preferensi tidak valid"),
        ("queue%20x", {}, "key", "Kunci preferensi tidak valid"),
        (KEY, [1, 2], "value", "Nilai preferensi harus berupa objek JSON."),
        (KEY, "today", "value", "Nilai preferensi harus berupa objek JSON."),
        (KEY, None, "value", "Nilai preferensi harus diisi."),
        (KEY, {"text": "x" * PREFERENCE_MAX_BYTES}, "value", f"maksimal {PREFERENCE_MAX_BYTES} byte"),
        (KEY, {"a": {"b": {"c": {"d": {"e": {"f": {}}}}}}}, "value", "maksimal 6 tingkat"),
        (KEY, {"name": "a\x00b"}, "value", "Teks berisi karakter yang tidak diizinkan."),
        (KEY, {"list": ["ok", {"a\x00": 1}]}, "value", "Teks berisi karakter yang tidak diizinkan."),
    ],
)
def test_bad_keys_and_values_are_refused_with_a_422_on_their_field(
    budi: User, client_for: Callable[..., APIClient], key: str, value: Any, field: str, message: str
) -> None:
    response = put(client_for(budi), key, value)
    assert response.status_code == 422, response.json()
    body = response.json()
    assert message in body["errors"][field][0]
    assert not UserPreference.objects.exists()


def test_a_user_keeps_at_most_the_cap_of_keys(budi: User, client_for: Callable[..., APIClient]) -> None:
    UserPreference.objects.bulk_create(
        UserPreference(user=budi, key=f"screen.{n}", value={}) for n in range(PREFERENCES_PER_USER)
    )
    client = client_for(budi)
    refused = put(client, "screen.new", {"a": 1})
    assert refused.status_code == 422
    assert refused.json()["errors"]["key"] == [
        f"Terlalu banyak preferensi tersimpan (maksimal {PREFERENCES_PER_USER})."
    ]
    # Replacing an existing one is still fine.
    assert put(client, "screen.1", {"a": 1}).status_code == 200
    # GET and DELETE check the key too.
    assert client.get(URL + "Bad Key").status_code == 422
    assert client.delete(URL + "Bad Key").status_code == 422
