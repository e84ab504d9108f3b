"""A bulk approve that says what it approves (issue 44): the preview of 'Setujui terpilih' and of
'Setujui semua risiko rendah' (every row, the breakdown by risk factor, per placement for the
distance), factors left out (`exclude_factors`), only the previewed ids approved, and a long bulk as
one background job (progress on the `jobs` topic, rows leaving the queue live, one decision batch)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import Model
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import AttendanceLog, DecisionBatch, LogStatus, RiskLevel
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.core import clock
from server.core.hashids import decode_id
from server.jobs.models import Job, JobStatus
from server.testing.events import capture_events
from server.workforce.models import Employee, ManPowerType

BASE = "/api/web/v1/attendance_log/"
SITE = ManPowerType.SITE
FACE = {"code": "face", "text": "Skor wajah 70 (ambang 75)"}
DEVICE = {"code": "new_device", "text": "Perangkat baru"}
SHIFT = {"code": "shift_window", "text": "Di luar jendela shift (2 jam sebelum jam masuk)"}


def distance(text: str = "Jarak 250 m dari Site Sangatta (radius 200 m)") -> dict[str, str]:
    return {"code": "distance", "text": text}


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    # On the equator 0.001 degree of longitude is 111 m.
    own = placement(SITE, "Site Sangatta", latitude=0.0, longitude=117.0, max_radius=200)
    near = placement(SITE, "Site Dekat", latitude=0.0, longitude=117.012)
    other = placement(SITE, "Site Lain", latitude=0.0, longitude=117.5)
    return {
        "own": own,
        "near": near,
        "other": other,
        "sam": staff(own, "Sam Site"),
        "budi": make_approver(make_user, "site", fullname="Budi Site"),
        "rina": make_approver(make_user, "site", fullname="Rina Site"),
    }


def waiting(employee: Employee, hours: float, *reasons: dict[str, str], **fields: Any) -> AttendanceLog:
    """A waiting check-in `hours` ago with these risk reasons (low risk unless told)."""
    return log_of(
        employee,
        clock.now() - timedelta(hours=hours),
        risk_reasons=list(reasons),
        risk_level=fields.pop("risk_level", RiskLevel.LOW),
        risk_score=fields.pop("risk_score", 10 * len(reasons)),
        **fields,
    )


def far(employee: Employee, hours: float, longitude: float, *reasons: dict[str, str]) -> AttendanceLog:
    """Out of the radius at (0, longitude)."""
    return waiting(
        employee,
        hours,
        distance(),
        *reasons,
        latitude=0.0,
        longitude=longitude,
        is_valid_location=False,
        distance=999.0,
    )


def pk_of(model: type[Model], hash_id: str) -> int:
    pk = decode_id(model._meta.label, hash_id)
    assert pk is not None
    return pk


def preview(client: APIClient, action: str, **params: Any) -> Any:
    return client.get(f"{BASE}{action}/preview", params)


def status_of(*logs: AttendanceLog) -> list[str]:
    statuses = dict(AttendanceLog.objects.values_list("pk", "status"))
    return [statuses[log.pk] for log in logs]


def test_the_selected_preview_lists_every_row_and_breaks_it_down_by_factor_and_placement(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    sam = world["sam"]
    clean = waiting(sam, 1)
    face = waiting(sam, 2, FACE, risk_level=RiskLevel.MEDIUM, risk_score=30)
    at_near = far(sam, 3, 117.011)  # 111 m from Site Dekat (radius 200 m), 1.2 km from its own
    at_own = far(sam, 4, 117.0025, DEVICE)  # 278 m from its own site: its own is the nearest
    face_far = far(sam, 5, 117.0026, FACE)
    decided = waiting(sam, 6, status=LogStatus.REJECTED)
    ids = [log.hash_id for log in (clean, face, at_near, at_own, face_far, decided)]

    response = preview(client_for(world["budi"]), "approve_many", ids=ids)

    assert response.status_code == 200, response.json()
    data = response.json()["data"]
    # Every waiting row, oldest first, with what the approver must see.
    assert [row["hash_id"] for row in data["rows"]] == [
        face_far.hash_id,
        at_own.hash_id,
        at_near.hash_id,
        face.hash_id,
        clean.hash_id,
    ]
    rows = {row["hash_id"]: row for row in data["rows"]}
    assert rows[face.hash_id]["employee_name"] == "Sam Site"
    assert rows[face.hash_id]["log_timezone"] == "WIB"
    assert rows[face.hash_id]["risk"] == {"level": "medium", "score": 30, "reasons": [FACE]}
    assert rows[face.hash_id]["factors"] == ["face"]
    assert rows[face_far.hash_id]["factors"] == ["distance", "face"]
    assert rows[at_near.hash_id]["approve_at"] == {"hash_id": world["near"].hash_id, "name": "Site Dekat"}
    assert rows[at_own.hash_id]["approve_at"] == {"hash_id": world["own"].hash_id, "name": "Site Sangatta"}
    assert rows[clean.hash_id]["approve_at"] is None
    assert data["missing"] == [decided.hash_id]
    assert data["factors"] == [
        {
            "code": "distance",
            "label": "Di luar radius penempatan",
            "count": 3,
            "placements": [
                {"hash_id": world["own"].hash_id, "name": "Site Sangatta", "count": 2},
                {"hash_id": world["near"].hash_id, "name": "Site Dekat", "count": 1},
            ],
        },
        {"code": "face", "label": "Skor wajah di bawah ambang", "count": 2},
        {"code": "new_device", "label": "Perangkat baru", "count": 1},
    ]
    assert (data["total"], data["without_factors"], data["left_out"], data["to_approve"]) == (5, 1, 0, 5)

    # Leaving the failed faces out: the two face rows are marked, the counts follow.
    narrowed = preview(client_for(world["budi"]), "approve_many", ids=ids, exclude_factors=["face"]).json()
    assert narrowed["data"]["exclude_factors"] == ["face"]
    assert (narrowed["data"]["left_out"], narrowed["data"]["to_approve"]) == (2, 3)
    assert {row["hash_id"] for row in narrowed["data"]["rows"] if row["left_out"]} == {
        face.hash_id,
        face_far.hash_id,
    }


def test_approve_many_leaves_the_excluded_factors_out_and_answers_them(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sam = world["sam"]
    clean = waiting(sam, 1)
    face = waiting(sam, 2, FACE)
    shift = waiting(sam, 3, SHIFT, DEVICE)
    at_near = far(sam, 4, 117.011)
    body = {
        "ids": [log.hash_id for log in (clean, face, shift, at_near)],
        "exclude_factors": ["face", "shift_window"],
    }

    with capture_events(monkeypatch) as events:
        response = client_for(world["budi"]).patch(BASE + "approve_many", body, format="json")

    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["message"] == "2 absen disetujui, 0 dilewati, 2 disisihkan menurut faktor risiko."
    data = answer["data"]
    assert (data["decided"], data["skipped"], data["left_out"]) == (2, 0, 2)
    results = {row["hash_id"]: row for row in data["results"]}
    assert results[face.hash_id]["outcome"] == "left_out"
    assert results[face.hash_id]["message"] == "Disisihkan: Skor wajah di bawah ambang."
    assert results[shift.hash_id]["message"] == "Disisihkan: Di luar jendela shift."
    assert results[at_near.hash_id]["near_man_power"] == {
        "hash_id": world["near"].hash_id,
        "name": "Site Dekat",
    }
    assert status_of(clean, face, shift, at_near) == [
        LogStatus.MANUAL_APPROVED,
        LogStatus.WAITING_APPROVAL,
        LogStatus.WAITING_APPROVAL,
        LogStatus.MANUAL_APPROVED,
    ]
    # Only the approved rows leave the other approvers' queues; one batch holds exactly them.
    left = sorted(event.data["hash_id"] for event in events.of("approval.attendance", "left"))
    assert left == sorted([clean.hash_id, at_near.hash_id])
    batch = DecisionBatch.objects.get(pk=pk_of(DecisionBatch, data["batch"]))
    assert sorted(item.log_id for item in batch.items.all()) == sorted([clean.pk, at_near.pk])


def test_a_bulk_of_more_than_fifty_runs_as_one_job_with_progress_and_live_rows(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sam = world["sam"]
    logs = [waiting(sam, 1 + n / 10) for n in range(52)]
    faces = [waiting(sam, 10 + n, FACE) for n in range(2)]
    taken = waiting(sam, 20)
    body = {"ids": [log.hash_id for log in (*logs, *faces, taken)], "exclude_factors": ["face"]}
    client = client_for(world["budi"])
    # Rina decides one of them first.
    client_for(world["rina"]).patch(
        BASE + "reject", {"id": taken.hash_id, "note": "foto buram"}, format="json"
    )

    # Progress between batches is published at most every PROGRESS_INTERVAL (jobs' own tests keep that
    # rate): without the interval every batch's progress goes out, whether the run took 0.1 s or 3 s.
    monkeypatch.setattr("server.jobs.context.PROGRESS_INTERVAL", 0)
    with capture_events(monkeypatch) as events:
        response = client.patch(BASE + "approve_many", body, format="json", HTTP_IDEMPOTENCY_KEY="bulk-1")

    assert response.status_code == 202, response.json()
    assert response.json()["message"] == "Persetujuan 55 absen berjalan di latar belakang."
    started = response.json()["data"]
    assert started["kind"] == "attendance.bulk_approve"
    job = Job.objects.get(pk=pk_of(Job, started["job"]))
    assert job.status == JobStatus.SUCCEEDED
    assert (job.total, job.processed) == (53, 53)
    assert job.result["message"] == "52 absen disetujui, 1 dilewati, 2 disisihkan menurut faktor risiko."
    assert (job.result["decided"], job.result["skipped"], job.result["left_out"]) == (52, 1, 2)
    assert job.error_count == 3
    assert {"item": "Sam Site", "message": "Data sudah diproses oleh Rina Site."} in job.errors
    assert status_of(*logs) == [LogStatus.MANUAL_APPROVED] * 52
    assert status_of(*faces) == [LogStatus.WAITING_APPROVAL] * 2
    # One decision of the approver for the whole run (what their undo takes back).
    batch = DecisionBatch.objects.get(pk=pk_of(DecisionBatch, job.result["batch"]))
    assert batch.decided_by == world["budi"] and batch.items.count() == 52
    assert DecisionBatch.objects.filter(decided_by=world["budi"]).count() == 1
    # Each row left the queue live; the job's progress went out on the jobs topic, the last one final.
    left = {event.data["hash_id"] for event in events.of("approval.attendance", "left")}
    assert left == {log.hash_id for log in logs}
    progress = events.of("jobs", "progress")
    assert progress and progress[-1].data["status"] == "succeeded" and progress[-1].data["processed"] == 53
    assert any(0 < event.data["processed"] < 53 for event in progress)

    # The same key does not run twice: it answers the job it started.
    again = client.patch(BASE + "approve_many", body, format="json", HTTP_IDEMPOTENCY_KEY="bulk-1")
    assert again.status_code == 200 and again.json()["data"]["job"] == started["job"]


def test_the_low_risk_preview_shows_the_filter_and_the_approval_takes_only_the_confirmed_ids(
    world: dict[str, Any], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    sam, rudi = world["sam"], staff(world["near"], "Rudi Dekat")
    clean = waiting(sam, 1)
    face = waiting(sam, 2, FACE)
    drift = far(sam, 3, 117.0022)
    later = waiting(sam, 0.5)  # arrives after the preview: not approved unseen
    medium = waiting(sam, 4, FACE, risk_level=RiskLevel.MEDIUM, risk_score=40)
    elsewhere = waiting(rudi, 5)
    client = client_for(world["budi"])
    filters = {"man_power": world["own"].hash_id}

    seen = preview(client, "approve_low_risk", **filters).json()["data"]
    assert [row["hash_id"] for row in seen["rows"]] == [
        drift.hash_id,
        face.hash_id,
        clean.hash_id,
        later.hash_id,
    ]
    assert seen["matching"] == 4
    assert [(f["code"], f["count"]) for f in seen["factors"]] == [("distance", 1), ("face", 1)]
    assert seen["factors"][0]["placements"] == [
        {"hash_id": world["own"].hash_id, "name": "Site Sangatta", "count": 1}
    ]

    # The approver saw three of them (and asks for one outside the filter); face rows left out.
    confirmed = [drift.hash_id, face.hash_id, clean.hash_id, elsewhere.hash_id]
    # Since the preview, the clean row was rescored medium.
    AttendanceLog.objects.filter(pk=clean.pk).update(risk_level=RiskLevel.MEDIUM)
    with capture_events(monkeypatch) as events:
        response = client.patch(
            BASE + "approve_low_risk",
            {**filters, "ids": confirmed, "exclude_factors": ["face"]},
            format="json",
        )
    assert response.status_code == 202, response.json()
    job = Job.objects.get(pk=pk_of(Job, response.json()["data"]["job"]))
    assert job.status == JobStatus.SUCCEEDED
    results = {row["hash_id"]: (row["outcome"], row["message"]) for row in job.result["results"]}
    assert results == {
        drift.hash_id: ("decided", "Absen berhasil disetujui."),
        face.hash_id: ("left_out", "Disisihkan: Skor wajah di bawah ambang."),
        clean.hash_id: ("refused", "Risiko absen ini tidak lagi rendah."),
        elsewhere.hash_id: ("refused", "Absen tidak termasuk filter antrean ini."),
    }
    assert status_of(drift, face, clean, later, medium, elsewhere) == [
        LogStatus.MANUAL_APPROVED,
        *[LogStatus.WAITING_APPROVAL] * 5,
    ]
    assert [event.data["hash_id"] for event in events.of("approval.attendance", "left")] == [drift.hash_id]


@pytest.mark.parametrize(
    ("action", "body", "message"),
    [
        (
            "approve_many",
            {"ids": ["x"], "exclude_factors": ["wajah"]},
            "Faktor risiko yang disisihkan tidak dikenal.",
        ),
        (
            "approve_many",
            {"ids": ["x"], "exclude_factors": "face"},
            "Faktor risiko yang disisihkan tidak dikenal.",
        ),
        ("approve_low_risk", {}, "Pilih minimal satu absen berisiko rendah dari pratinjau."),
        ("approve_low_risk", {"ids": []}, "Pilih minimal satu absen berisiko rendah dari pratinjau."),
        ("approve_low_risk", {"ids": ["x"] * 501}, "Maksimal 500 absen sekaligus."),
        ("approve_low_risk", {"ids": ["x"], "man_power_type": "kapal"}, "Tipe man power harus"),
    ],
)
def test_bulk_approve_input_is_refused_with_its_message(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    action: str,
    body: dict[str, Any],
    message: str,
) -> None:
    log = waiting(world["sam"], 1)
    if body.get("ids") == ["x"]:
        body = {**body, "ids": [log.hash_id]}
    response = client_for(world["budi"]).patch(BASE + action, body, format="json")
    assert response.status_code == 422
    assert message in response.json()["message"]
    assert status_of(log) == [LogStatus.WAITING_APPROVAL]


@pytest.mark.parametrize(
    ("action", "params", "message"),
    [
        ("approve_many", {}, "Pilih minimal satu absen."),
        ("approve_many", {"ids": ["x"] * 101}, "Maksimal 100 absen sekaligus."),
        (
            "approve_many",
            {"ids": ["x"], "exclude_factors": ["wajah"]},
            "Faktor risiko yang disisihkan tidak dikenal.",
        ),
        ("approve_low_risk", {"exclude_factors": ["wajah"]}, "Faktor risiko yang disisihkan tidak dikenal."),
        ("approve_low_risk", {"man_power_type": "kapal"}, "Tipe man power harus"),
    ],
)
def test_the_previews_refuse_bad_input_with_its_message(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    action: str,
    params: dict[str, Any],
    message: str,
) -> None:
    if params.get("ids") == ["x"]:
        params = {**params, "ids": [waiting(world["sam"], 1).hash_id]}
    response = preview(client_for(world["budi"]), action, **params)
    assert response.status_code == 422
    assert message in response.json()["message"]


def test_the_previews_need_the_approve_flag(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Callable[..., User]
) -> None:
    rejecter = client_for(make_approver(make_user, "site", fullname="Tolak Saja", approve=False))
    log = waiting(world["sam"], 1)
    assert preview(rejecter, "approve_many", ids=[log.hash_id]).status_code == 403
    assert preview(rejecter, "approve_low_risk").status_code == 403
