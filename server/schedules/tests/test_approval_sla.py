"""The approval deadlines (`GET/PUT setting/approval_sla`): defaults, who reads and who changes them,
Indonesian 422s that change nothing, the audit entry, and the events after commit (the settings
screens, every open queue, the dashboard counts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from server.accounts.models import User
from server.audit.models import AuditEntry
from server.core.flags import MAN_POWER_TYPES
from server.schedules.models import ApprovalSla
from server.schedules.sla import approval_sla, overdue_cutoff
from server.testing.events import capture_events

pytestmark = pytest.mark.django_db

URL = "/api/web/v1/setting/approval_sla"
USERS_URL = "/api/web/v1/setting/approval_sla/users"


@pytest.fixture
def people(make_user: Callable[..., User]) -> dict[str, User]:
    return {
        "admin": make_user(
            flags=["allow_system_trouble", "allow_system_trouble_update"], fullname="Admin Sistem"
        ),
        "reader": make_user(flags=["allow_system_trouble"], fullname="Pembaca"),
        "hr": make_user(flags=["allow_employee", "allow_permission"], fullname="Bu HR"),
        "nobody": make_user(fullname="Tanpa Hak"),
    }


def test_the_defaults_are_24_and_48_hours_and_nobody_to_escalate_to(
    people: dict[str, User], client_for: Any
) -> None:
    for who in ("admin", "reader"):
        response = client_for(people[who]).get(URL)
        assert response.status_code == 200, who
        assert response.json()["data"] == {
            "attendance_hours": 24,
            "permission_hours": 48,
            "escalate_to": [],
            "escalate_to_users": [],
        }
    assert not ApprovalSla.objects.exists(), "a read writes nothing"
    assert approval_sla().hours("attendance") == 24 and approval_sla().hours("permission") == 48


def test_only_the_system_settings_flags_read_and_change_it(people: dict[str, User], client_for: Any) -> None:
    body = {"attendance_hours": 8, "permission_hours": 12, "escalate_to": []}
    for who in ("hr", "nobody"):
        assert client_for(people[who]).get(URL).status_code == 403, who
        assert client_for(people[who]).get(USERS_URL).status_code == 403, who
    for who in ("reader", "hr", "nobody"):
        assert client_for(people[who]).put(URL, body, format="json").status_code == 403, who
    assert not ApprovalSla.objects.exists()


def test_the_picker_lists_the_active_logins(
    people: dict[str, User], client_for: Any, make_user: Callable[..., User]
) -> None:
    gone = make_user(fullname="Sudah Keluar")
    User.objects.filter(pk=gone.pk).update(is_active=False)
    users = client_for(people["reader"]).get(USERS_URL).json()["data"]["users"]
    names = [user["fullname"] for user in users]
    assert "Bu HR" in names and "Admin Sistem" in names and "Sudah Keluar" not in names
    hr = next(user for user in users if user["fullname"] == "Bu HR")
    assert hr == {"hash_id": people["hr"].hash_id, "fullname": "Bu HR", "username": people["hr"].username}


def test_the_admin_saves_it_audited_and_every_queue_and_the_dashboard_hear_after_commit(
    people: dict[str, User], client_for: Any, monkeypatch: Any
) -> None:
    body = {
        "attendance_hours": 8,
        "permission_hours": 36,
        "escalate_to": [people["hr"].hash_id, people["admin"].hash_id, people["hr"].hash_id],
    }
    with capture_events(monkeypatch) as events:
        response = client_for(people["admin"]).put(URL, body, format="json")
    assert response.status_code == 200, response.json()
    expected = {
        "attendance_hours": 8,
        "permission_hours": 36,
        "escalate_to": [people["admin"].hash_id, people["hr"].hash_id],
        "escalate_to_users": [
            {
                "hash_id": people["admin"].hash_id,
                "fullname": "Admin Sistem",
                "username": people["admin"].username,
            },
            {"hash_id": people["hr"].hash_id, "fullname": "Bu HR", "username": people["hr"].username},
        ],
    }
    assert response.json() == {"http_status": 200, "message": "Data berhasil diperbarui.", "data": expected}
    assert client_for(people["reader"]).get(URL).json()["data"] == expected
    setting = approval_sla()
    assert setting.escalate_to == tuple(sorted((people["hr"].pk, people["admin"].pk)))

    entry = AuditEntry.objects.get(object_type="approval_sla")
    assert (entry.action, entry.actor_id, entry.object_label) == (
        "update",
        people["admin"].pk,
        "Batas Waktu Persetujuan",
    )
    assert entry.before == {"attendance_hours": 24, "permission_hours": 48, "escalate_to": []}
    assert entry.after == {
        "attendance_hours": 8,
        "permission_hours": 36,
        "escalate_to": [f"Admin Sistem ({people['admin'].username})", f"Bu HR ({people['hr'].username})"],
    }

    assert events.of("settings.approval_sla") == [
        ("settings.approval_sla", "changed", {"action": "updated", "hash_id": ""}, None)
    ]
    attendance = events.of("approval.attendance", "sla_changed")
    assert sorted(e.scope for e in attendance) == sorted(MAN_POWER_TYPES)
    izin = events.of("approval.izin", "sla_changed")
    assert [(e.data, e.scope) for e in izin] == [({"waiting": 0}, None)]
    assert ("dashboard", "changed") in [(e.topic, e.type) for e in events]
    assert events.of("audit", "created")


def test_a_save_that_only_names_other_users_does_not_move_the_queues(
    people: dict[str, User], client_for: Any, monkeypatch: Any
) -> None:
    with capture_events(monkeypatch) as events:
        response = client_for(people["admin"]).put(
            URL,
            {"attendance_hours": 24, "permission_hours": 48, "escalate_to": [people["hr"].hash_id]},
            format="json",
        )
    assert response.status_code == 200
    assert events.of("approval.attendance") == [] and events.of("approval.izin") == []
    assert len(events.of("settings.approval_sla")) == 1
    assert AuditEntry.objects.get(object_type="approval_sla").after == {
        "escalate_to": [f"Bu HR ({people['hr'].username})"]
    }


def test_the_cutoff_follows_the_hours(people: dict[str, User], client_for: Any) -> None:
    client_for(people["admin"]).put(URL, {"attendance_hours": 3, "permission_hours": 5}, format="json")
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    assert overdue_cutoff("attendance", now=now) == now - timedelta(hours=3)
    assert overdue_cutoff("permission", now=now) == now - timedelta(hours=5)


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"permission_hours": 48}, "attendance_hours", "Batas waktu persetujuan absen harus diisi."),
        (
            {"attendance_hours": None, "permission_hours": 48},
            "attendance_hours",
            "Batas waktu persetujuan absen harus diisi.",
        ),
        (
            {"attendance_hours": 0, "permission_hours": 48},
            "attendance_hours",
            "harus bilangan bulat 1 sampai 720 jam.",
        ),
        (
            {"attendance_hours": 24, "permission_hours": 721},
            "permission_hours",
            "harus bilangan bulat 1 sampai 720 jam.",
        ),
        (
            {"attendance_hours": "satu", "permission_hours": 48},
            "attendance_hours",
            "harus bilangan bulat 1 sampai 720 jam.",
        ),
        (
            {"attendance_hours": 2.5, "permission_hours": 48},
            "attendance_hours",
            "harus bilangan bulat 1 sampai 720 jam.",
        ),
        (
            {"attendance_hours": 24, "permission_hours": 48, "escalate_to": "abc"},
            "escalate_to",
            "Pengguna eskalasi harus berupa daftar.",
        ),
        (
            {"attendance_hours": 24, "permission_hours": 48, "escalate_to": ["tidak-ada"]},
            "escalate_to",
            "Pengguna eskalasi tidak ditemukan atau tidak aktif.",
        ),
        (
            {"attendance_hours": 24, "permission_hours": 48, "escalate_to": [{"id": 1}]},
            "escalate_to",
            "Pengguna eskalasi tidak ditemukan atau tidak aktif.",
        ),
    ],
)
def test_bad_input_is_422_in_indonesian_and_changes_nothing(
    people: dict[str, User], client_for: Any, monkeypatch: Any, body: dict[str, Any], field: str, message: str
) -> None:
    with capture_events(monkeypatch) as events:
        response = client_for(people["admin"]).put(URL, body, format="json")
    assert response.status_code == 422, response.json()
    assert message in str(response.json()["errors"][field]), response.json()
    assert events == []
    assert not AuditEntry.objects.filter(object_type="approval_sla").exists()
    assert not ApprovalSla.objects.exists()


def test_an_inactive_login_or_too_many_are_refused(
    people: dict[str, User], client_for: Any, make_user: Callable[..., User]
) -> None:
    gone = make_user(fullname="Sudah Keluar")
    User.objects.filter(pk=gone.pk).update(is_active=False)
    refused = client_for(people["admin"]).put(
        URL, {"attendance_hours": 24, "permission_hours": 48, "escalate_to": [gone.hash_id]}, format="json"
    )
    assert refused.status_code == 422
    assert refused.json()["errors"]["escalate_to"] == ["Pengguna eskalasi tidak ditemukan atau tidak aktif."]
    many = [make_user(fullname=f"Orang {n}").hash_id for n in range(21)]
    too_many = client_for(people["admin"]).put(
        URL, {"attendance_hours": 24, "permission_hours": 48, "escalate_to": many}, format="json"
    )
    assert too_many.status_code == 422
    assert "paling banyak 20" in str(too_many.json()["errors"]["escalate_to"])
    assert not ApprovalSla.objects.exists()
