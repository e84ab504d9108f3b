"""The preset rejection notes (`GET/PUT setting/rejection_notes`): who reads and who changes them,
Indonesian 422s, the audit entry and the event after commit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.accounts.models import User
from server.attendance.models import DEFAULT_REJECTION_NOTES
from server.attendance.tests.approval_builders import make_approver
from server.audit.models import AuditEntry
from server.testing.events import capture_events

pytestmark = pytest.mark.django_db

URL = "/api/web/v1/setting/rejection_notes"


@pytest.fixture
def people(make_user: Callable[..., User]) -> dict[str, User]:
    return {
        "admin": make_user(flags=["allow_system_trouble", "allow_system_trouble_update"], fullname="Admin"),
        "reader": make_user(flags=["allow_system_trouble"], fullname="Pembaca"),
        "rejecter": make_approver(make_user, "office", fullname="Penolak", approve=False),
        "approver_only": make_approver(make_user, "office", fullname="Penyetuju", reject=False),
        "valid_rejecter": make_user(rights=["allow_reject_valid_attendance"], fullname="Tolak Valid"),
        "nobody": make_user(fullname="Tanpa Hak"),
    }


def test_the_presets_start_with_the_indonesian_defaults_and_are_read_by_whoever_may_reject(
    people: dict[str, User], client_for: Any
) -> None:
    assert DEFAULT_REJECTION_NOTES[:3] == ("Lokasi tidak sesuai", "Wajah tidak cocok", "Di luar jam kerja")
    for who in ("admin", "reader", "rejecter", "valid_rejecter"):
        response = client_for(people[who]).get(URL)
        assert response.status_code == 200, who
        assert response.json()["data"] == {"notes": list(DEFAULT_REJECTION_NOTES)}
    for who in ("approver_only", "nobody"):
        assert client_for(people[who]).get(URL).status_code == 403, who


def test_the_system_admin_replaces_the_list_audited_and_published_after_commit(
    people: dict[str, User], client_for: Any, monkeypatch: Any
) -> None:
    notes = ["  Wajah tidak cocok ", "Lokasi tidak sesuai", "Titip absen"]
    with capture_events(monkeypatch) as events:
        response = client_for(people["admin"]).put(URL, {"notes": notes}, format="json")
    assert response.status_code == 200, response.json()
    saved = ["Wajah tidak cocok", "Lokasi tidak sesuai", "Titip absen"]
    assert response.json() == {
        "http_status": 200,
        "message": "Data berhasil diperbarui.",
        "data": {"notes": saved},
    }
    assert client_for(people["rejecter"]).get(URL).json()["data"]["notes"] == saved

    entry = AuditEntry.objects.get(object_type="rejection_notes")
    assert (entry.action, entry.actor_id) == ("update", people["admin"].pk)
    assert entry.before == {"notes": list(DEFAULT_REJECTION_NOTES)} and entry.after == {"notes": saved}
    assert [(e.topic, e.type, e.data) for e in events] == [
        ("audit", "created", {"count": 1, "objects": [["rejection_notes", "1"]]}),
        ("settings.rejection_notes", "changed", {"action": "updated"}),
    ]

    emptied = client_for(people["admin"]).put(URL, {"notes": []}, format="json")
    assert emptied.status_code == 200 and emptied.json()["data"] == {"notes": []}


def test_only_the_update_flag_changes_them(people: dict[str, User], client_for: Any) -> None:
    for who in ("reader", "rejecter", "valid_rejecter"):
        assert client_for(people[who]).put(URL, {"notes": ["X"]}, format="json").status_code == 403, who
    assert client_for(people["admin"]).get(URL).json()["data"]["notes"] == list(DEFAULT_REJECTION_NOTES)


@pytest.mark.parametrize(
    ("notes", "message"),
    [
        (["Lokasi tidak sesuai", "   "], "Catatan penolakan ke-2 masih kosong."),
        (["x" * 201], "Tiap catatan penolakan paling panjang 200 karakter."),
        (
            ["Wajah tidak cocok", "wajah TIDAK cocok "],
            "Catatan penolakan 'wajah TIDAK cocok' tercantum lebih dari sekali.",
        ),
        ([f"Catatan {n}" for n in range(21)], "Catatan penolakan siap pakai paling banyak 20."),
        ("Lokasi tidak sesuai", "Catatan penolakan harus berupa daftar teks."),
        ([{"text": "Lokasi"}], "Catatan penolakan harus berupa daftar teks."),
        (None, "Catatan penolakan harus diisi (boleh daftar kosong)."),
    ],
)
def test_bad_lists_are_422_in_indonesian_and_change_nothing(
    people: dict[str, User], client_for: Any, monkeypatch: Any, notes: Any, message: str
) -> None:
    with capture_events(monkeypatch) as events:
        response = client_for(people["admin"]).put(URL, {"notes": notes}, format="json")
    assert response.status_code == 422
    body = response.json()
    assert message in str(body["errors"]["notes"]), body
    assert events == []
    assert not AuditEntry.objects.filter(object_type="rejection_notes").exists()
    assert client_for(people["admin"]).get(URL).json()["data"]["notes"] == list(DEFAULT_REJECTION_NOTES)
