"""The approver's cockpit on the server: the nearest placements of a check-in (the employee's own
among them), out-of-radius logs approved in bulk at a chosen or the suggested placement (each exactly
once, also under concurrent bulk and single decisions), the undo of a bulk decision, and "approve
every low-risk log of this filter"."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import services
from server.attendance.models import AttendanceLog, DecisionBatch, LogStatus, RiskLevel
from server.attendance.placements import placements_near
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.core import clock
from server.core.clock import clock_at
from server.core.hashids import decode_id
from server.jobs.models import Job, JobStatus
from server.testing.events import capture_events, record_events
from server.workforce.models import Employee, ManPower, ManPowerType

BASE = "/api/web/v1/attendance_log/"
SITE = ManPowerType.SITE


def patch(client: APIClient, action: str, body: dict[str, Any]) -> Any:
    return client.patch(BASE + action, body, format="json")


def far_log(
    employee: Employee, longitude: float, when: datetime | None = None, **fields: Any
) -> AttendanceLog:
    """A waiting check-in of `employee` out of its placement's radius, at (0, longitude)."""
    return log_of(
        employee, when, latitude=0.0, longitude=longitude, is_valid_location=False, distance=999.0, **fields
    )


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    # On the equator 0.001 degree of longitude is 111 m.
    own = placement(SITE, "Site Sangatta", latitude=0.0, longitude=117.0, max_radius=200)
    near = placement(SITE, "Site Dekat", latitude=0.0, longitude=117.012)
    other = placement(SITE, "Site Lain", latitude=0.0, longitude=117.5)
    closed = placement(SITE, "Site Tutup", latitude=0.0, longitude=117.0101, is_active=False)
    sam = staff(own, "Sam Site")
    return {
        "own": own,
        "near": near,
        "other": other,
        "closed": closed,
        "sam": sam,
        "budi": make_approver(make_user, "site", fullname="Budi Site"),
        "rina": make_approver(make_user, "site", fullname="Rina Site"),
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
    }


def ref(man_power: ManPower) -> dict[str, str]:
    return {"hash_id": man_power.hash_id, "name": man_power.name}


# --- nearest placements -----------------------------------------------------------------------------


def test_the_detail_offers_the_nearest_placements_with_distances_the_own_one_first_when_nearest(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = far_log(world["sam"], 117.001)  # 111 m from its own site, 1.2 km from the next
    data = client_for(world["budi"]).get(f"{BASE}detail/{log.hash_id}").json()["data"]
    near = data["near_man_power_list"]
    assert [(p["name"], p["is_own"]) for p in near] == [
        ("Site Sangatta", True),
        ("Site Dekat", False),
        ("Site Lain", False),
    ]  # the closed site is not offered
    # 0.001 degree of longitude on the equator: 111.2 m
    assert [p["distance_m"] for p in near] == [111, 1223, 55486]
    assert near[0] == {
        **near[0],
        "hash_id": world["own"].hash_id,
        "type": "site",
        "distance_m": 111,
        "is_own": True,
    }


def test_the_nearest_are_at_most_ten_and_keep_the_own_placement_when_it_is_far(
    world: dict[str, Any],
) -> None:
    around = [placement(SITE, f"Pos {n}", latitude=1.0 + 0.001 * (n + 1), longitude=117.0) for n in range(12)]
    log = log_of(world["sam"], latitude=1.0, longitude=117.0, is_valid_location=False)
    log = AttendanceLog.objects.select_related("man_power").get(pk=log.pk)
    near = placements_near([log])[log.pk]
    assert len(near) == 10
    assert [p.man_power for p in near[:9]] == around[:9]  # nearest first
    assert near[9].man_power == world["own"] and near[9].is_own and 111_000 < near[9].distance_m < 111_400
    assert [p.distance_m for p in near[:9]] == sorted(p.distance_m for p in near[:9])


def test_approve_at_a_chosen_placement_records_it_in_the_detail_and_the_history(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = far_log(world["sam"], 117.01)
    client = client_for(world["budi"])
    answer = patch(client, "approve", {"id": log.hash_id, "near_man_power": world["near"].hash_id})
    assert answer.status_code == 200, answer.json()
    assert AttendanceLog.objects.get(pk=log.pk).near_man_power == world["near"]
    hr = client_for(world["hr"])
    assert hr.get(f"{BASE}detail/{log.hash_id}").json()["data"]["near_man_power"] == ref(world["near"])
    history = hr.get(BASE + "list", {"status": "manual_approved"}).json()["data"]
    assert [(row["hash_id"], row["near_man_power_name"]) for row in history] == [(log.hash_id, "Site Dekat")]


# --- bulk approve of out-of-radius logs -------------------------------------------------------------


def test_bulk_approve_takes_the_row_choice_else_the_choice_for_all_else_the_suggestion(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sam = world["sam"]
    by_own = far_log(sam, 117.001)  # nearest: its own site
    by_near = far_log(sam, 117.011)  # nearest: Site Dekat
    chosen_row = far_log(sam, 117.002)
    inside = log_of(sam)
    client = client_for(world["budi"])

    queue = client.get(BASE + "list", {"status": "waiting_approval"}).json()["data"]
    suggested = {row["hash_id"]: row["suggested_man_power"] for row in queue}
    assert suggested[inside.hash_id] is None
    assert (
        suggested[by_own.hash_id]["hash_id"] == world["own"].hash_id and suggested[by_own.hash_id]["is_own"]
    )
    assert suggested[by_near.hash_id] == {
        "hash_id": world["near"].hash_id,
        "name": "Site Dekat",
        "type": "site",
        "distance_m": 111,
        "is_own": False,
    }

    body = {
        "ids": [by_own.hash_id, by_near.hash_id, chosen_row.hash_id, inside.hash_id],
        "near_man_power": {chosen_row.hash_id: world["other"].hash_id},
    }
    with capture_events(monkeypatch) as events:
        response = patch(client, "approve_many", body)
    assert response.status_code == 200, response.json()
    data = response.json()["data"]
    results = {row["hash_id"]: row for row in data["results"]}
    assert data["decided"] == 4 and data["skipped"] == 0
    assert results[by_own.hash_id]["near_man_power"] == ref(world["own"])
    assert results[by_near.hash_id]["near_man_power"] == ref(world["near"])
    assert results[chosen_row.hash_id]["near_man_power"] == ref(world["other"])
    assert results[inside.hash_id]["near_man_power"] is None
    placed = dict(AttendanceLog.objects.values_list("pk", "near_man_power"))
    assert placed == {
        by_own.pk: world["own"].pk,
        by_near.pk: world["near"].pk,
        chosen_row.pk: world["other"].pk,
        inside.pk: None,
    }
    batch = DecisionBatch.objects.get()
    assert data["batch"] == batch.hash_id and batch.decided_by == world["budi"]
    assert data["undo_until"] == (batch.created + timedelta(minutes=10)).isoformat()
    left = events.of("approval.attendance", "left")
    assert sorted(e.data["hash_id"] for e in left) == sorted(body["ids"])
    assert {e.scope for e in left} == {"site"} and left[-1].data["waiting_by_type"]["site"] == 0


def test_a_placement_for_all_out_of_radius_logs_yields_to_a_row_choice(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    first, second = far_log(world["sam"], 117.001), far_log(world["sam"], 117.011)
    body = {
        "ids": [first.hash_id, second.hash_id],
        "near_man_power_all": world["other"].hash_id,
        "near_man_power": {second.hash_id: world["own"].hash_id},
    }
    assert patch(client_for(world["budi"]), "approve_many", body).status_code == 200
    assert AttendanceLog.objects.get(pk=first.pk).near_man_power == world["other"]
    assert AttendanceLog.objects.get(pk=second.pk).near_man_power == world["own"]


@pytest.mark.parametrize(
    "choice",
    [
        {"near_man_power_all": "bukan-id"},
        {"near_man_power": {"ROW": "bukan-id"}},
        {"near_man_power": {"ROW": "CLOSED"}},
        {"near_man_power": ["x"]},
    ],
)
def test_an_unknown_placement_is_422_and_nothing_is_decided(
    world: dict[str, Any], client_for: Callable[..., APIClient], choice: dict[str, Any]
) -> None:
    log = far_log(world["sam"], 117.001)
    if isinstance(choice.get("near_man_power"), dict):
        value = choice["near_man_power"]["ROW"]
        choice = {"near_man_power": {log.hash_id: world["closed"].hash_id if value == "CLOSED" else value}}
    response = patch(client_for(world["budi"]), "approve_many", {"ids": [log.hash_id], **choice})
    assert response.status_code == 422, response.json()
    assert response.json()["message"] in (
        "Man power terdekat tidak ditemukan.",
        "Pilihan man power terdekat harus berupa pasangan id absen dan id man power.",
    )
    assert AttendanceLog.objects.get(pk=log.pk).status == LogStatus.WAITING_APPROVAL
    assert not DecisionBatch.objects.exists()


def test_a_bulk_with_nothing_decided_has_no_batch(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    log = far_log(world["sam"], 117.001)
    services.attendance_log_reject(log=log, approver=world["rina"], note="bukan di site")
    data = patch(client_for(world["budi"]), "approve_many", {"ids": [log.hash_id]}).json()["data"]
    assert data["decided"] == 0 and data["batch"] is None and data["undo_until"] is None
    assert data["results"][0]["outcome"] == "conflict"
    assert not DecisionBatch.objects.filter(decided_by=world["budi"]).exists()


LOGS = 24


@pytest.mark.django_db(transaction=True)
def test_concurrent_bulk_and_single_decisions_of_out_of_radius_logs_decide_each_exactly_once(
    make_user: Callable[..., User], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    own = placement(SITE, "Site Sangatta", latitude=0.0, longitude=117.0, max_radius=200)
    near = placement(SITE, "Site Dekat", latitude=0.0, longitude=117.012)
    people = [staff(own, f"Karyawan {n}") for n in range(4)]
    logs = [far_log(people[n % 4], 117.001 + 0.00047 * n) for n in range(LOGS)]
    budi = make_approver(make_user, "site", fullname="Budi Site")
    rina = make_approver(make_user, "site", fullname="Rina Site")
    tono = make_approver(make_user, "site", fullname="Tono Site")
    events = record_events(monkeypatch)  # real commits here
    start = threading.Barrier(3)
    answers: dict[str, Any] = {}
    singles: Counter[str] = Counter()
    failures: list[BaseException] = []
    hash_ids = [log.hash_id for log in logs]

    def bulk(name: str, approver: User, body: dict[str, Any]) -> None:
        try:
            client = client_for(approver)
            start.wait(timeout=30)
            answers[name] = patch(client, "approve_many", body)
        except BaseException as error:  # surfaced below
            failures.append(error)
        finally:
            connections.close_all()

    def one_by_one() -> None:
        try:
            start.wait(timeout=30)
            for log in reversed(logs[::3]):
                try:
                    services.attendance_log_approve(log=log, approver=tono, near_man_power=near)
                    singles[log.hash_id] += 1
                except services.AttendanceLogConflict:
                    pass
        except BaseException as error:  # surfaced below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=bulk, args=("budi", budi, {"ids": hash_ids})),
        threading.Thread(
            target=bulk,
            args=("rina", rina, {"ids": list(reversed(hash_ids)), "near_man_power_all": near.hash_id}),
        ),
        threading.Thread(target=one_by_one),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []

    decided: Counter[str] = Counter(singles)
    for response in answers.values():
        assert response.status_code == 200, response.json()
        for row in response.json()["data"]["results"]:
            assert row["outcome"] in ("decided", "conflict"), row
            if row["outcome"] == "decided":
                decided[row["hash_id"]] += 1
                assert row["near_man_power"] is not None
    assert decided == dict.fromkeys(hash_ids, 1)
    rows = AttendanceLog.objects.filter(pk__in=[log.pk for log in logs])
    assert rows.filter(status=LogStatus.MANUAL_APPROVED, near_man_power__isnull=False).count() == LOGS
    # Budi's rows at their suggestion (the nearest: their own site up to 117.006), Rina's at Site Dekat.
    budi_rows = {r["hash_id"] for r in answers["budi"].json()["data"]["results"] if r["outcome"] == "decided"}
    rina_rows = {r["hash_id"] for r in answers["rina"].json()["data"]["results"] if r["outcome"] == "decided"}
    # Who decides which rows is the scheduler's choice (one bulk may finish before the other starts on
    # a busy machine): every row is decided exactly once (above), each at its decider's placement.
    assert budi_rows | rina_rows | set(singles) == set(hash_ids)
    for log in rows:
        if log.hash_id in budi_rows:
            assert log.near_man_power_id == (own.pk if log.longitude < 117.006 else near.pk)
        elif log.hash_id in rina_rows:
            assert log.near_man_power_id == near.pk
    left = [e.data["hash_id"] for e in events.of("approval.attendance", "left")]
    assert sorted(left) == sorted(hash_ids)
    # Each batch holds exactly the logs its request decided.
    # (A request that decided nothing forms no batch.)
    for name in answers:
        mine = {r["hash_id"] for r in answers[name].json()["data"]["results"] if r["outcome"] == "decided"}
        if not mine:
            assert answers[name].json()["data"]["batch"] is None
            continue
        batch = DecisionBatch.objects.get(pk=_batch_pk(answers[name].json()["data"]["batch"]))
        assert {item.log.hash_id for item in batch.items.select_related("log")} == mine


def _batch_pk(hash_id: str) -> int:
    pk = decode_id(DecisionBatch._meta.label, hash_id)
    assert pk is not None
    return pk


# --- undo of a bulk decision ------------------------------------------------------------------------


def _bulk_approved(
    world: dict[str, Any], client: APIClient, count: int = 3
) -> tuple[list[AttendanceLog], str]:
    logs = [far_log(world["sam"], 117.001 + 0.001 * n) for n in range(count)]
    data = patch(client, "approve_many", {"ids": [log.hash_id for log in logs]}).json()["data"]
    assert data["decided"] == count
    return logs, str(data["batch"])


def test_the_approver_undoes_a_bulk_decision_within_ten_minutes_live(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = client_for(world["budi"])
    logs, batch = _bulk_approved(world, client)
    # One of them changed since: Hana sent it back and Rina rejected it.
    services.attendance_log_undo(log=logs[1], user=world["hr"])
    services.attendance_log_reject(log=logs[1], approver=world["rina"], note="foto buram")
    with clock_at(clock.now() + timedelta(minutes=9)), capture_events(monkeypatch) as events:
        response = patch(client, "undo_many", {"batch": batch})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "2 absen dikembalikan ke tahap persetujuan, 1 dilewati."
    results = {row["hash_id"]: row for row in body["data"]["results"]}
    assert [results[log.hash_id]["outcome"] for log in logs] == ["decided", "conflict", "decided"]
    assert results[logs[1].hash_id]["message"] == "Data sudah diproses oleh Rina Site."
    statuses = dict(AttendanceLog.objects.values_list("pk", "status"))
    assert [statuses[log.pk] for log in logs] == [
        LogStatus.WAITING_APPROVAL,
        LogStatus.REJECTED,
        LogStatus.WAITING_APPROVAL,
    ]
    assert AttendanceLog.objects.get(pk=logs[0].pk).near_man_power is None
    entered = events.of("approval.attendance", "entered")
    assert sorted(e.data["row"]["hash_id"] for e in entered) == sorted([logs[0].hash_id, logs[2].hash_id])
    assert all(e.data["row"]["suggested_man_power"] is not None for e in entered)
    # Undone once: the batch is marked, a second undo of it is refused.
    again = patch(client, "undo_many", {"batch": batch})
    assert again.status_code == 409 and again.json()["message"] == "Keputusan ini sudah diurungkan."
    assert DecisionBatch.objects.get(pk=_batch_pk(batch)).undone_by == world["budi"]


def test_another_approver_may_not_undo_and_too_late_is_409_but_allow_reset_may(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    _, batch = _bulk_approved(world, client_for(world["budi"]))
    other = patch(client_for(world["rina"]), "undo_many", {"batch": batch})
    assert other.status_code == 403
    assert other.json()["message"] == "Hanya penyetuju yang membuat keputusan ini yang dapat mengurungkannya."
    with clock_at(clock.now() + timedelta(minutes=11)):
        late = patch(client_for(world["budi"]), "undo_many", {"batch": batch})
        assert late.status_code == 409
        assert late.json()["message"] == "Keputusan hanya dapat diurungkan dalam 10 menit setelah dibuat."
        assert AttendanceLog.objects.filter(status=LogStatus.MANUAL_APPROVED).count() == 3
        by_hr = patch(client_for(world["hr"]), "undo_many", {"batch": batch})
    assert by_hr.status_code == 200 and by_hr.json()["data"]["decided"] == 3
    assert AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).count() == 3


def test_a_rejected_batch_is_undone_too_and_bad_batches_are_refused(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    client = client_for(world["budi"])
    logs = [far_log(world["sam"], 117.001) for _ in range(2)]
    data = patch(client, "reject_many", {"ids": [log.hash_id for log in logs], "note": "bukan lokasi"}).json()
    assert data["data"]["batch"] and data["data"]["undo_until"]
    assert patch(client, "undo_many", {"batch": data["data"]["batch"]}).json()["data"]["decided"] == 2
    assert AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL, rejected_note="").count() == 2
    assert patch(client, "undo_many", {"batch": "bukan-id"}).status_code == 404
    missing = patch(client, "undo_many", {})
    assert missing.status_code == 422 and missing.json()["message"] == "Keputusan harus dipilih."


# --- approve every low-risk log of the filter -------------------------------------------------------


def _job_result(response: Any) -> dict[str, Any]:
    assert response.status_code == 202, response.json()
    pk = decode_id(Job._meta.label, response.json()["data"]["job"])
    assert pk is not None
    job = Job.objects.get(pk=pk)
    assert job.status == JobStatus.SUCCEEDED, job.message
    return dict(job.result)


def test_approve_low_risk_approves_the_confirmed_low_risk_logs_of_the_filter(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sam, now = world["sam"], clock.now()
    rudi = staff(world["near"], "Rudi Dekat")
    low = [log_of(sam, now - timedelta(hours=h)) for h in (1, 3, 2)]
    far_low = far_log(sam, 117.011, now - timedelta(hours=4))
    medium = log_of(sam, now - timedelta(hours=5), risk_level=RiskLevel.MEDIUM, risk_score=40)
    other_placement = log_of(rudi, now - timedelta(hours=6))
    client = client_for(world["budi"])
    # The approver confirmed three rows of the preview of this filter (and a medium one is refused).
    body = {"man_power": world["own"].hash_id, "ids": [far_low.hash_id, low[1].hash_id, low[2].hash_id]}
    # The job runs when the request's transaction commits (the block's end).
    with capture_events(monkeypatch) as events:
        started = patch(client, "approve_low_risk", {**body, "ids": [*body["ids"], medium.hash_id]})
    result = _job_result(started)
    assert result["decided"] == 3 and result["batch"]
    outcomes = {row["hash_id"]: row["outcome"] for row in result["results"]}
    assert outcomes == {**dict.fromkeys(body["ids"], "decided"), medium.hash_id: "refused"}
    assert {row["hash_id"]: row["near_man_power"] for row in result["results"]}[far_low.hash_id] == ref(
        world["near"]
    )
    statuses = dict(AttendanceLog.objects.values_list("pk", "status"))
    assert (
        statuses[low[0].pk]
        == statuses[medium.pk]
        == statuses[other_placement.pk]
        == LogStatus.WAITING_APPROVAL
    )
    left = sorted(e.data["hash_id"] for e in events.of("approval.attendance", "left"))
    assert left == sorted(body["ids"])

    # A search narrows it like the list's: of Rudi's and Sam's, only Rudi's is approved.
    with capture_events(monkeypatch):
        started = patch(
            client,
            "approve_low_risk",
            {"search": {"employee_name": "rudi"}, "ids": [other_placement.hash_id, low[0].hash_id]},
        )
    searched = _job_result(started)
    assert [row["hash_id"] for row in searched["results"] if row["outcome"] == "decided"] == [
        other_placement.hash_id
    ]
    assert AttendanceLog.objects.get(pk=low[0].pk).status == LogStatus.WAITING_APPROVAL


def test_approve_low_risk_needs_the_approve_flag(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Callable[..., User]
) -> None:
    rejecter = make_approver(make_user, "site", fullname="Tolak Saja", approve=False)
    log = log_of(world["sam"])
    assert patch(client_for(rejecter), "approve_low_risk", {"ids": [log.hash_id]}).status_code == 403
