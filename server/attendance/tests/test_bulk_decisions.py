"""'Setujui terpilih' / 'Tolak terpilih': up to 100 logs in one request, each decided exactly once;
a log someone else decided first is reported with its current state, the rest go on; every decision
is told live to the approvers of its type. Two concurrent bulk requests on PostgreSQL decide each log
exactly once."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import selectors, services
from server.attendance.models import AttendanceLog, LogStatus
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.mobile.tests.helpers import captured_events
from server.workforce.models import ManPowerType

BASE = "/api/web/v1/attendance_log/"


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    site = placement(ManPowerType.SITE, "Site Balikpapan", latitude=-1.27, longitude=116.83)
    people = [staff(office, f"Karyawan {n}") for n in range(3)]
    return {
        "office_logs": [log_of(people[n % 3]) for n in range(5)],
        "site_log": log_of(staff(site, "Sam Site")),
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
        "rina": make_approver(make_user, "office", fullname="Rina Kantor"),
    }


def patch(client: APIClient, action: str, body: dict[str, Any]) -> Any:
    return client.patch(BASE + action, body, format="json")


def ids(logs: list[AttendanceLog]) -> list[str]:
    return [log.hash_id for log in logs]


def test_bulk_approve_decides_each_once_reports_conflicts_and_tells_every_approver(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    logs = world["office_logs"]
    # Rina decided one of them first.
    services.attendance_log_reject(log=logs[2], approver=world["rina"], note="bukan di kantor")
    far = logs[4]
    AttendanceLog.objects.filter(pk=far.pk).update(is_valid_location=False)
    chosen = [*ids(logs), world["site_log"].hash_id, "tidak-ada"]

    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(client_for(world["budi"]), "approve_many", {"ids": chosen})

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "4 absen disetujui, 3 dilewati."
    results = {row["hash_id"]: row for row in body["data"]["results"]}
    assert body["data"]["decided"] == 4 and body["data"]["skipped"] == 3
    assert [results[h]["outcome"] for h in ids(logs)] == [
        "decided",
        "decided",
        "conflict",
        "decided",
        "decided",
    ]
    assert results[logs[0].hash_id]["state"]["status"] == "manual_approved"
    assert results[logs[2].hash_id]["message"] == "Data sudah diproses oleh Rina Kantor."
    assert results[logs[2].hash_id]["state"]["status"] == "rejected"
    # Out of radius: approved at its suggested placement (the nearest: its own), recorded on the log.
    office = far.man_power
    assert results[far.hash_id]["near_man_power"] == {"hash_id": office.hash_id, "name": "Kantor Pusat"}
    assert results[logs[0].hash_id]["near_man_power"] is None
    assert AttendanceLog.objects.get(pk=far.pk).near_man_power_id == office.pk
    # A site log is invisible to an office approver: reported like an unknown id.
    assert results[world["site_log"].hash_id]["outcome"] == "refused"
    assert results["tidak-ada"]["message"] == selectors.BULK_NOT_FOUND

    statuses = dict(AttendanceLog.objects.values_list("pk", "status"))
    assert [statuses[log.pk] for log in logs] == [
        LogStatus.MANUAL_APPROVED,
        LogStatus.MANUAL_APPROVED,
        LogStatus.REJECTED,
        LogStatus.MANUAL_APPROVED,
        LogStatus.MANUAL_APPROVED,
    ]
    left = [
        data
        for topic, kind, data, scope in events
        if (topic, kind, scope) == ("approval.attendance", "left", "office")
    ]
    assert sorted(event["hash_id"] for event in left) == sorted(ids([logs[0], logs[1], logs[3], far]))
    assert all(event["decided_by_name"] == "Budi Kantor" for event in left)
    assert left[-1]["waiting_by_type"]["office"] == 0
    assert ("dashboard", "changed", {"reason": "attendance_log"}, None) in events


def test_bulk_reject_needs_one_note_and_applies_it_to_each(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    client = client_for(world["budi"])
    logs = world["office_logs"][:3]
    missing_note = patch(client, "reject_many", {"ids": ids(logs), "note": "  "})
    assert missing_note.status_code == 422
    assert missing_note.json()["message"] == "Catatan penolakan harus diisi."
    assert not AttendanceLog.objects.exclude(status=LogStatus.WAITING_APPROVAL).exists()

    response = patch(client, "reject_many", {"ids": ids(logs), "note": "Foto tidak jelas"})
    assert response.json()["message"] == "3 absen ditolak, 0 dilewati."
    assert set(
        AttendanceLog.objects.filter(pk__in=[log.pk for log in logs]).values_list("rejected_note", flat=True)
    ) == {"Foto tidak jelas"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "Pilih minimal satu absen."),
        ({"ids": []}, "Pilih minimal satu absen."),
        ({"ids": "abc"}, "Pilih minimal satu absen."),
        ({"ids": [f"id{n}" for n in range(101)]}, "Maksimal 100 absen sekaligus."),
    ],
)
def test_bulk_input_is_validated(
    world: dict[str, Any], client_for: Callable[..., APIClient], body: dict[str, Any], message: str
) -> None:
    response = patch(client_for(world["budi"]), "approve_many", body)
    assert response.status_code == 422
    assert message in str(response.json())


def test_bulk_needs_the_decision_flag(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Any
) -> None:
    viewer = make_user(rights=["allow_reset_attendance"])
    assert patch(client_for(viewer), "approve_many", {"ids": ids(world["office_logs"])}).status_code == 403
    assert (
        patch(client_for(viewer), "reject_many", {"ids": ids(world["office_logs"]), "note": "x"}).status_code
        == 403
    )


LOGS = 30


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_bulk_requests_decide_each_log_exactly_once(
    make_user: Callable[..., User], client_for: Callable[..., APIClient], monkeypatch: Any
) -> None:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    people = [staff(office, f"Karyawan {n}") for n in range(6)]
    logs = [log_of(people[n % 6]) for n in range(LOGS)]
    clients = {
        "approve": client_for(make_approver(make_user, "office", fullname="Budi Kantor")),
        "reject": client_for(make_approver(make_user, "office", fullname="Rina Kantor")),
    }
    events: list[tuple[str, str, dict[str, Any], Any]] = []
    monkeypatch.setattr(
        "server.realtime.publish.send_now",
        lambda topic, type, data, *, scope=None: events.append((topic, type, data, scope)),
    )
    # Each request lists the logs in its own order; the server decides them in one order.
    orders = {"approve": ids(logs), "reject": list(reversed(ids(logs)))}
    start = threading.Barrier(2)
    answers: dict[str, Any] = {}
    failures: list[BaseException] = []

    def run(action: str) -> None:
        try:
            start.wait(timeout=30)
            body: dict[str, Any] = {"ids": orders[action]}
            if action == "reject":
                body["note"] = "serentak"
            answers[action] = patch(clients[action], f"{action}_many", body)
        except BaseException as error:  # surfaced below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(action,)) for action in orders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []

    decided_by: Counter[str] = Counter()
    for response in answers.values():
        assert response.status_code == 200, response.json()
        for row in response.json()["data"]["results"]:
            assert row["outcome"] in ("decided", "conflict")
            if row["outcome"] == "decided":
                decided_by[row["hash_id"]] += 1
            else:
                assert row["message"].startswith("Data sudah diproses oleh ")
    assert decided_by == dict.fromkeys(ids(logs), 1)
    assert sum(answers[a].json()["data"]["decided"] for a in answers) == LOGS

    rows = AttendanceLog.objects.filter(pk__in=[log.pk for log in logs])
    assert rows.filter(status=LogStatus.WAITING_APPROVAL).count() == 0
    assert (
        rows.filter(status=LogStatus.MANUAL_APPROVED).count() == answers["approve"].json()["data"]["decided"]
    )
    left = [
        data["hash_id"] for topic, kind, data, _ in events if (topic, kind) == ("approval.attendance", "left")
    ]
    assert sorted(left) == sorted(ids(logs))
