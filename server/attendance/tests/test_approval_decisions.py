"""Decisions on check-in logs over the API: every transition, its day recompute and its events, the
409 texts, the 422 validation, and per-type rights (an approver of one type cannot touch another)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, time, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import services
from server.attendance.days import attendance_days_recompute_for_log
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus
from server.attendance.tests.approval_builders import WEEK_START, log_of, make_approver, placement, staff
from server.attendance.tests.factories import local, make_pattern, make_shift
from server.mobile.tests.helpers import captured_events
from server.testing.events import audit_event
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

BASE = "/api/web/v1/attendance_log/"
MONDAY = date(2025, 3, 10)
TUESDAY = MONDAY + timedelta(days=1)
NO_WAITING = {"office": 0, "pool": 0, "site": 0, "tug_boat": 0}


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    pattern = make_pattern([make_shift(time_in=time(8), time_out=time(17))] * 7, starting_date=WEEK_START)
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    site = placement(ManPowerType.SITE, "Site Balikpapan", latitude=-1.27, longitude=116.83)
    return {
        "office": office,
        "site": site,
        "ani": staff(office, "Ani Kantor", shift_pattern=pattern),
        "sam": staff(site, "Sam Site", shift_pattern=pattern),
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
        "sinta": make_approver(make_user, "site", fullname="Sinta Site"),
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
        "auditor": make_user(rights=["allow_reject_valid_attendance"], fullname="Aldi Audit"),
    }


def patch(client: APIClient, action: str, body: dict[str, Any]) -> Any:
    return client.patch(BASE + action, body, format="json")


def day(employee: Any, when: date) -> AttendanceDay:
    return AttendanceDay.objects.get(employee=employee, date=when)


def test_approve_moves_the_log_out_of_the_queue_recomputes_the_day_and_tells_the_type(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["ani"], local(MONDAY, 7, 55), attendance_date=MONDAY)
    log_of(world["sam"])  # another type's waiting log stays counted for its type
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(client_for(world["budi"]), "approve", {"id": log.hash_id, "near_man_power": ""})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "Absen berhasil disetujui."
    assert body["data"]["status"] == "manual_approved" and body["data"]["decided_by_name"] == "Budi Kantor"

    log.refresh_from_db()
    assert log.status == LogStatus.MANUAL_APPROVED
    assert log.decided_by == world["budi"] and log.decided_at is not None
    assert day(world["ani"], MONDAY).keterangan == Keterangan.HADIR

    assert events == [
        audit_event(("attendance_log", log.hash_id)),
        ("dashboard", "changed", {"reason": "attendance_log"}, None),
        (
            "approval.attendance",
            "left",
            {
                "hash_id": log.hash_id,
                "status": "manual_approved",
                "decided_by_name": "Budi Kantor",
                "waiting_by_type": {**NO_WAITING, "site": 1},
            },
            "office",
        ),
    ]


def test_out_of_radius_log_needs_the_nearest_placement_chosen(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = log_of(world["ani"], is_valid_location=False, distance=1500.0)
    client = client_for(world["budi"])

    missing = patch(client, "approve", {"id": log.hash_id, "near_man_power": ""})
    assert missing.status_code == 422
    assert missing.json()["message"] == "Pilih man power terdekat terlebih dahulu."
    assert missing.json()["errors"] == {"near_man_power": ["Pilih man power terdekat terlebih dahulu."]}

    unknown = patch(client, "approve", {"id": log.hash_id, "near_man_power": "tidak-ada"})
    assert unknown.status_code == 422 and unknown.json()["message"] == "Man power terdekat tidak ditemukan."

    chosen = placement(ManPowerType.OFFICE, "Kantor Cabang")
    response = patch(client, "approve", {"id": log.hash_id, "near_man_power": chosen.hash_id})
    assert response.status_code == 200
    log.refresh_from_db()
    assert log.status == LogStatus.MANUAL_APPROVED and log.near_man_power == chosen


def test_reject_needs_a_note_and_keeps_it(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["sam"])
    client = client_for(world["sinta"])
    for body in ({"id": log.hash_id}, {"id": log.hash_id, "note": "   "}):
        response = patch(client, "reject", body)
        assert response.status_code == 422
        assert response.json()["message"] == "Catatan penolakan harus diisi."
    assert patch(client, "reject", {"note": "x"}).json()["message"] == "ID absen harus diisi."

    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(client, "reject", {"id": log.hash_id, "note": " Foto bukan wajah karyawan "})
    assert response.status_code == 200 and response.json()["message"] == "Absen berhasil ditolak."
    log.refresh_from_db()
    assert log.status == LogStatus.REJECTED and log.rejected_note == "Foto bukan wajah karyawan"
    left = [e for e in events if e[0] == "approval.attendance"]
    assert left == [
        (
            "approval.attendance",
            "left",
            {
                "hash_id": log.hash_id,
                "status": "rejected",
                "decided_by_name": "Sinta Site",
                "waiting_by_type": NO_WAITING,
            },
            "site",
        )
    ]


def test_second_decision_gets_409_with_who_decided_and_the_current_state(
    world: dict[str, Any],
    make_user: Callable[..., User],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["ani"])
    other = make_approver(make_user, "office", fullname="Citra Kantor")
    assert patch(client_for(world["budi"]), "approve", {"id": log.hash_id}).status_code == 200

    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        late = patch(client_for(other), "reject", {"id": log.hash_id, "note": "telat"})
    assert late.status_code == 409
    body = late.json()
    assert body["http_status"] == 409
    assert body["message"] == "Data sudah diproses oleh Budi Kantor."
    assert body["data"]["status"] == "manual_approved" and body["data"]["decided_by_name"] == "Budi Kantor"
    assert body["data"]["hash_id"] == log.hash_id
    assert events == []
    log.refresh_from_db()
    assert log.status == LogStatus.MANUAL_APPROVED and log.rejected_note == ""


def test_a_log_the_system_approved_is_not_in_the_queue(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = log_of(world["ani"], status=LogStatus.APPROVED)
    response = patch(client_for(world["budi"]), "approve", {"id": log.hash_id})
    assert response.status_code == 409
    assert response.json()["message"] == "Data sudah diproses oleh sistem."
    assert response.json()["data"]["decided_by_name"] == "sistem"


def test_an_approver_of_one_type_cannot_see_or_decide_another_type(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    site_log = log_of(world["sam"])
    budi = client_for(world["budi"])
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        assert budi.get(f"{BASE}detail/{site_log.hash_id}").status_code == 404
        assert patch(budi, "approve", {"id": site_log.hash_id}).status_code == 404
        assert patch(budi, "reject", {"id": site_log.hash_id, "note": "bukan"}).status_code == 404
    assert events == []
    site_log.refresh_from_db()
    assert site_log.status == LogStatus.WAITING_APPROVAL


def test_type_rights_are_per_action(
    world: dict[str, Any], make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    """Approve office only, reject office and site: sees site logs, may reject but not approve them."""
    dewi = make_user(
        rights=[
            "allow_approved_attendance",
            "allow_approved_attendance_office",
            "allow_rejected_attendance",
            "allow_rejected_attendance_office",
            "allow_rejected_attendance_site",
        ],
        fullname="Dewi",
    )
    site_log = log_of(world["sam"])
    client = client_for(dewi)
    refused = patch(client, "approve", {"id": site_log.hash_id})
    assert refused.status_code == 403
    assert refused.json()["message"] == "Anda tidak memiliki akses untuk menyetujui absen man power site."
    assert patch(client, "reject", {"id": site_log.hash_id, "note": "di luar"}).status_code == 200

    rejector_only = make_user(rights=["allow_rejected_attendance", "allow_rejected_attendance_office"])
    office_log = log_of(world["ani"])
    assert patch(client_for(rejector_only), "approve", {"id": office_log.hash_id}).status_code == 403


def test_undo_puts_a_decided_log_back_in_the_queue_with_its_row(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["ani"], local(MONDAY, 7, 55), attendance_date=MONDAY)
    assert patch(client_for(world["budi"]), "approve", {"id": log.hash_id}).status_code == 200
    assert day(world["ani"], MONDAY).keterangan == Keterangan.HADIR

    assert patch(client_for(world["budi"]), "undo", {"id": log.hash_id}).status_code == 403
    hr = client_for(world["hr"])
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(hr, "undo", {"id": log.hash_id})
    assert response.status_code == 200
    assert response.json()["message"] == "Absen dikembalikan ke tahap persetujuan."
    log.refresh_from_db()
    assert log.status == LogStatus.WAITING_APPROVAL and log.decided_by is None and log.decided_at is None
    assert day(world["ani"], MONDAY).keterangan == Keterangan.MANGKIR

    entered = [e for e in events if e[0] == "approval.attendance"]
    assert len(entered) == 1
    _, event_type, data, scope = entered[0]
    assert (event_type, scope) == ("entered", "office")
    assert data["waiting_by_type"] == {**NO_WAITING, "office": 1}
    assert data["row"]["hash_id"] == log.hash_id and data["row"]["employee_name"] == "Ani Kantor"
    assert data["row"]["man_power_type"] == "office" and data["row"]["log_datetime"] == "2025-03-10 07:55:00"
    assert ("dashboard", "changed", {"reason": "attendance_log"}, None) in events

    again = patch(hr, "undo", {"id": log.hash_id})
    assert again.status_code == 409
    assert again.json()["message"] == "Data sudah dikembalikan ke tahap persetujuan."

    rejected = log_of(
        world["sam"], status=LogStatus.REJECTED, rejected_note="salah", decided_by=world["sinta"]
    )
    assert patch(hr, "undo", {"id": rejected.hash_id}).status_code == 200
    rejected.refresh_from_db()
    assert rejected.status == LogStatus.WAITING_APPROVAL and rejected.rejected_note == ""

    automatic = log_of(world["ani"], status=LogStatus.APPROVED)
    refused = patch(hr, "undo", {"id": automatic.hash_id})
    assert refused.status_code == 409
    assert refused.json()["message"] == services.NOT_UNDOABLE
    assert services.NOT_UNDOABLE == "Hanya absen yang disetujui manual atau ditolak yang dapat dikembalikan."


def test_reject_valid_rejects_an_automatically_approved_log(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["ani"], local(MONDAY, 7, 55), attendance_date=MONDAY, status=LogStatus.APPROVED)
    out = local(MONDAY, 17, 5)
    log_of(world["ani"], out, attendance_date=MONDAY, status=LogStatus.APPROVED, log_type="check_out")
    attendance_days_recompute_for_log(log=log)
    assert day(world["ani"], MONDAY).keterangan == Keterangan.HADIR

    assert patch(client_for(world["hr"]), "reject_valid", {"id": log.hash_id, "note": "x"}).status_code == 403
    auditor = client_for(world["auditor"])
    assert patch(auditor, "reject_valid", {"id": log.hash_id}).status_code == 422
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(auditor, "reject_valid", {"id": log.hash_id, "note": "Titip absen"})
    assert response.status_code == 200
    log.refresh_from_db()
    assert log.status == LogStatus.REJECTED and log.rejected_note == "Titip absen"
    assert log.decided_by == world["auditor"]
    assert day(world["ani"], MONDAY).keterangan == Keterangan.MANGKIR
    # It never was in the queue: only the dashboard (and the audit trail) hears of it.
    assert events == [
        audit_event(("attendance_log", log.hash_id)),
        ("dashboard", "changed", {"reason": "attendance_log"}, None),
    ]

    twice = patch(auditor, "reject_valid", {"id": log.hash_id, "note": "lagi"})
    assert twice.status_code == 409 and twice.json()["message"] == "Data sudah diproses oleh Aldi Audit."
    waiting = log_of(world["sam"])
    assert patch(auditor, "reject_valid", {"id": waiting.hash_id, "note": "x"}).status_code == 409


def test_set_non_working_shift_moves_the_log_to_the_day_before_and_back(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(world["ani"], local(TUESDAY, 7, 55), attendance_date=TUESDAY, status=LogStatus.APPROVED)
    attendance_days_recompute_for_log(log=log)
    assert day(world["ani"], TUESDAY).keterangan == Keterangan.HADIR
    assert day(world["ani"], MONDAY).keterangan == Keterangan.MANGKIR

    assert patch(client_for(world["budi"]), "set_non_working_shift", {"id": log.hash_id}).status_code == 403
    hr = client_for(world["hr"])
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(hr, "set_non_working_shift", {"id": log.hash_id, "is_different_day": 1})
    assert response.status_code == 200
    assert response.json()["message"] == "Absen dimundurkan ke hari sebelumnya."
    assert response.json()["data"]["is_different_day"] == 1
    assert events == [
        audit_event(("attendance_log", log.hash_id)),
        ("dashboard", "changed", {"reason": "attendance_log"}, None),
    ]
    assert day(world["ani"], MONDAY).keterangan == Keterangan.HADIR
    assert day(world["ani"], TUESDAY).keterangan == Keterangan.MANGKIR

    # Setting the value it already has changes nothing; no value flips it.
    assert patch(hr, "set_non_working_shift", {"id": log.hash_id, "is_different_day": 1}).status_code == 200
    flipped = patch(hr, "set_non_working_shift", {"id": log.hash_id})
    assert flipped.json()["data"]["is_different_day"] == 0
    assert flipped.json()["message"] == "Absen dikembalikan ke tanggalnya."
    assert day(world["ani"], TUESDAY).keterangan == Keterangan.HADIR
    assert day(world["ani"], MONDAY).keterangan == Keterangan.MANGKIR

    bad = patch(hr, "set_non_working_shift", {"id": log.hash_id, "is_different_day": 2})
    assert bad.status_code == 422 and bad.json()["message"] == "Nilai is_different_day harus 1 atau 0."


def test_unknown_log_is_404(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    for action, body in (
        ("approve", {"id": "nope"}),
        ("reject", {"id": "nope", "note": "x"}),
        ("undo", {"id": "nope"}),
    ):
        client = client_for(world["hr"] if action == "undo" else world["budi"])
        assert patch(client, action, body).status_code == 404
    assert AttendanceLog.objects.count() == 0
