"""Undo = my last action: every decision, single or bulk, is a batch of its decider; the decider's
newest batch not undone (within 10 minutes, some log still as it left it) is their "last action",
undone with undo_many and then marked, so the next undo reaches the one before (a stack). Only the
decider may undo it (allow_reset_attendance: anyone's, any time); each undo is live for the other
approvers (the log re-enters their queue) and audited. On PostgreSQL an undo racing other
approvers' decisions on the same logs moves each log exactly once."""

from __future__ import annotations

import functools
import threading
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import services
from server.attendance.models import AttendanceLog, DecisionBatch, LogStatus
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.audit.models import AuditEntry
from server.core import clock
from server.core.clock import clock_at
from server.core.envelope import Conflict
from server.core.hashids import decode_id
from server.testing.events import capture_events
from server.workforce.models import ManPowerType

BASE = "/api/web/v1/attendance_log/"


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    people = [staff(office, name) for name in ("Ani", "Budi Santoso", "Citra", "Dewi", "Eko")]
    return {
        "people": people,
        "logs": [log_of(person) for person in people],
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
        "rina": make_approver(make_user, "office", fullname="Rina Kantor"),
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
    }


def last(client: APIClient) -> Any:
    response = client.get(BASE + "last_decision")
    assert response.status_code == 200, response.json()
    return response.json()["data"]


def undo(client: APIClient, batch: str) -> Any:
    return client.patch(BASE + "undo_many", {"batch": batch}, format="json")


def status_of(log: AttendanceLog) -> str:
    return AttendanceLog.objects.get(pk=log.pk).status


def batch_pk(hash_id: str) -> int:
    pk = decode_id(DecisionBatch._meta.label, hash_id)
    assert pk is not None
    return pk


def undo_entries(log: AttendanceLog) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(object_type="attendance_log", object_id=log.hash_id, action="undo"))


def test_a_single_decision_is_a_batch_of_one_named_as_the_last_action(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi = client_for(world["budi"])
    assert last(budi) is None
    log = world["logs"][1]
    approved = budi.patch(BASE + "approve", {"id": log.hash_id}, format="json")
    assert approved.status_code == 200, approved.json()

    batch = DecisionBatch.objects.get(decided_by=world["budi"])
    assert [(i.log_id, i.status) for i in batch.items.all()] == [(log.pk, LogStatus.MANUAL_APPROVED)]
    data = last(budi)
    assert data == {
        "batch": batch.hash_id,
        "action": "approve",
        "count": 1,
        "total": 1,
        "employee_name": "Budi Santoso",
        "created": batch.created.isoformat(),
        "undo_until": (batch.created + timedelta(minutes=10)).isoformat(),
    }
    # Someone else's decisions are not my last action.
    assert last(client_for(world["rina"])) is None

    rejected = budi.patch(
        BASE + "reject", {"id": world["logs"][2].hash_id, "note": "foto buram"}, format="json"
    )
    assert rejected.status_code == 200
    assert last(budi)["action"] == "reject" and last(budi)["employee_name"] == "Citra"


def test_undo_is_a_stack_single_and_bulk_each_live_and_audited(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    budi, logs = client_for(world["budi"]), world["logs"]
    bulk = budi.patch(BASE + "approve_many", {"ids": [log.hash_id for log in logs[:3]]}, format="json")
    bulk_batch = bulk.json()["data"]["batch"]
    assert budi.patch(BASE + "approve", {"id": logs[3].hash_id}, format="json").status_code == 200
    assert (
        budi.patch(BASE + "reject", {"id": logs[4].hash_id, "note": "di rumah"}, format="json").status_code
        == 200
    )

    # u: the last single decision (the reject), not the earlier bulk.
    newest = last(budi)
    assert (newest["action"], newest["employee_name"], newest["count"]) == ("reject", "Eko", 1)
    with capture_events(monkeypatch) as events:
        answer = undo(budi, newest["batch"])
    assert answer.status_code == 200 and answer.json()["data"]["decided"] == 1
    assert answer.json()["message"] == "1 absen dikembalikan ke tahap persetujuan, 0 dilewati."
    assert status_of(logs[4]) == LogStatus.WAITING_APPROVAL
    assert AttendanceLog.objects.get(pk=logs[4].pk).rejected_note == ""
    assert [e.data["row"]["hash_id"] for e in events.of("approval.attendance", "entered")] == [
        logs[4].hash_id
    ]
    assert [(e.actor_name, e.after["status"]) for e in undo_entries(logs[4])] == [
        ("Budi Kantor", "waiting_approval")
    ]
    assert DecisionBatch.objects.get(pk=batch_pk(newest["batch"])).undone_at

    # u again: the one before (the single approve), then the bulk of three, then nothing.
    before = last(budi)
    assert (before["action"], before["employee_name"]) == ("approve", "Dewi")
    assert undo(budi, before["batch"]).json()["data"]["decided"] == 1
    assert status_of(logs[3]) == LogStatus.WAITING_APPROVAL
    oldest = last(budi)
    assert oldest["batch"] == bulk_batch
    assert (oldest["action"], oldest["count"], oldest["total"], oldest["employee_name"]) == (
        "approve",
        3,
        3,
        "",
    )
    with capture_events(monkeypatch) as events:
        assert undo(budi, bulk_batch).json()["data"]["decided"] == 3
    entered = events.of("approval.attendance", "entered")
    assert sorted(e.data["row"]["hash_id"] for e in entered) == sorted(log.hash_id for log in logs[:3])
    assert last(budi) is None
    assert AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).count() == 5
    # An undone batch is not undone twice.
    again = undo(budi, newest["batch"])
    assert again.status_code == 409 and again.json()["message"] == "Keputusan ini sudah diurungkan."


def test_a_batch_changed_by_others_since_is_passed_over_and_counts_what_is_left(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi, logs = client_for(world["budi"]), world["logs"]
    bulk = budi.patch(BASE + "approve_many", {"ids": [log.hash_id for log in logs[:3]]}, format="json")
    assert budi.patch(BASE + "approve", {"id": logs[3].hash_id}, format="json").status_code == 200
    # Hana sends both of Budi's newest logs back; Rina rejects one of them.
    services.attendance_log_undo(log=logs[3], user=world["hr"])
    services.attendance_log_undo(log=logs[0], user=world["hr"])
    services.attendance_log_reject(log=logs[0], approver=world["rina"], note="bukan di kantor")
    newest = last(budi)
    assert newest["batch"] == bulk.json()["data"]["batch"]
    assert (newest["count"], newest["total"]) == (2, 3)
    result = undo(budi, newest["batch"]).json()
    assert result["data"]["decided"] == 2 and result["data"]["skipped"] == 1
    assert status_of(logs[0]) == LogStatus.REJECTED
    # Rina's own last action is her reject.
    assert last(client_for(world["rina"]))["employee_name"] == "Ani"


def test_only_the_decider_within_ten_minutes_or_allow_reset_later(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi, log = client_for(world["budi"]), world["logs"][0]
    start = clock.now()
    with clock_at(start):
        assert budi.patch(BASE + "approve", {"id": log.hash_id}, format="json").status_code == 200
        batch = last(budi)["batch"]
    other = undo(client_for(world["rina"]), batch)
    assert other.status_code == 403
    assert other.json()["message"] == "Hanya penyetuju yang membuat keputusan ini yang dapat mengurungkannya."
    with clock_at(start + timedelta(minutes=9, seconds=58)):
        assert last(budi)["batch"] == batch
    with clock_at(start + timedelta(minutes=10, seconds=1)):
        assert last(budi) is None
        late = undo(budi, batch)
        assert late.status_code == 409
        assert late.json()["message"] == "Keputusan hanya dapat diurungkan dalam 10 menit setelah dibuat."
        assert status_of(log) == LogStatus.MANUAL_APPROVED
        by_hr = undo(client_for(world["hr"]), batch)
    assert by_hr.status_code == 200 and by_hr.json()["data"]["decided"] == 1
    assert status_of(log) == LogStatus.WAITING_APPROVAL
    assert [e.actor_name for e in undo_entries(log)] == ["Hana HR"]
    # The single undo of the history screen (allow_reset_attendance) still works on its own.
    assert budi.patch(BASE + "approve", {"id": log.hash_id}, format="json").status_code == 200
    single = client_for(world["hr"]).patch(BASE + "undo", {"id": log.hash_id}, format="json")
    assert single.status_code == 200 and status_of(log) == LogStatus.WAITING_APPROVAL
    # ... and Budi's decision it took back is no longer his last action.
    assert last(budi) is None


def test_a_rolled_back_decision_records_no_batch(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = world["logs"][0]
    services.attendance_log_reject(log=log, approver=world["rina"], note="foto buram")
    conflict = client_for(world["budi"]).patch(BASE + "approve", {"id": log.hash_id}, format="json")
    assert conflict.status_code == 409
    assert not DecisionBatch.objects.filter(decided_by=world["budi"]).exists()


LOGS = 8


@pytest.mark.django_db(transaction=True)
def test_an_undo_racing_other_approvers_moves_each_log_exactly_once(
    make_user: Callable[..., User], monkeypatch: pytest.MonkeyPatch
) -> None:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    logs = [log_of(staff(office, f"Karyawan {n}")) for n in range(LOGS)]
    budi = make_approver(make_user, "office", fullname="Budi Kantor")
    rina = make_approver(make_user, "office", fullname="Rina Kantor")
    hana = make_user(rights=["allow_reset_attendance"], fullname="Hana HR")
    batch = services.attendance_logs_approve_many(items=logs, approver=budi).batch
    assert batch is not None

    events: list[tuple[str, str, dict[str, Any]]] = []
    lock = threading.Lock()

    def record(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
        with lock:
            events.append((topic, type, data))

    monkeypatch.setattr("server.realtime.publish.send_now", record)

    # Budi presses u in two tabs at once; Hana sends each log back on her own; Rina approves each
    # (she can only once it is back in the queue).
    jobs: list[tuple[str, Callable[[], Any]]] = [
        ("budi", lambda: services.attendance_batch_undo(batch=batch, user=budi))
    ] * 2
    for log in logs:
        jobs.append(("hana", functools.partial(services.attendance_log_undo, log=log, user=hana)))
        jobs.append(("rina", functools.partial(services.attendance_log_approve, log=log, approver=rina)))
    start = threading.Barrier(len(jobs))
    results: list[tuple[str, Any]] = []
    failures: list[BaseException] = []

    def run(who: str, job: Callable[[], Any]) -> None:
        try:
            start.wait(timeout=30)
            outcome = job()
            with lock:
                results.append((who, outcome))
        except (services.AttendanceLogConflict, Conflict) as lost:
            with lock:
                results.append((who, lost))
        except BaseException as error:  # surfaced below
            with lock:
                failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []

    # The batch is undone once: the other tab is told so.
    budi_results = [outcome for who, outcome in results if who == "budi"]
    undone = [r for r in budi_results if isinstance(r, services.BulkDecision)]
    refused = [r for r in budi_results if not isinstance(r, services.BulkDecision)]
    assert len(undone) == 1 and [r.message for r in refused] == ["Keputusan ini sudah diurungkan."]
    by_budi = {o.hash_id for o in undone[0].outcomes if o.outcome == "decided"}
    by_hana = {r.hash_id for who, r in results if who == "hana" and isinstance(r, AttendanceLog)}
    # Each log went back to the queue exactly once: by Budi's undo or by Hana's, never both.
    assert by_budi.isdisjoint(by_hana) and by_budi | by_hana == {log.hash_id for log in logs}
    entered = Counter(data["row"]["hash_id"] for topic, type, data in events if type == "entered")
    assert entered == dict.fromkeys((log.hash_id for log in logs), 1)
    assert all(topic == "approval.attendance" for topic, type, _ in events if type == "entered")
    assert Counter(e.object_id for e in AuditEntry.objects.filter(action="undo")) == entered
    # Rina's approvals landed only on logs back in the queue, and are hers to undo now.
    by_rina = {r.hash_id for who, r in results if who == "rina" and isinstance(r, AttendanceLog)}
    final = {log.hash_id: log for log in AttendanceLog.objects.filter(pk__in=[log.pk for log in logs])}
    for hash_id, log in final.items():
        if hash_id in by_rina:
            assert (log.status, log.decided_by_id) == (LogStatus.MANUAL_APPROVED, rina.pk)
        else:
            assert log.status == LogStatus.WAITING_APPROVAL and log.decided_by_id is None
    assert DecisionBatch.objects.filter(decided_by=rina).count() == len(by_rina)
    assert DecisionBatch.objects.get(pk=batch.pk).undone_by_id == budi.pk
