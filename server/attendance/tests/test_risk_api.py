"""Risk in the queue (row field, `risk` filter, `risk` order, the detail) and its thresholds
(`GET/PUT setting/risk`: policy, Indonesian 422s, events, rescoring the waiting logs)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance import risk_services
from server.attendance.models import AttendanceLog, LogStatus
from server.attendance.risk import RiskFactors
from server.attendance.risk_selectors import risk_settings_get, risk_thresholds
from server.attendance.risk_services import risk_apply
from server.attendance.services import attendance_log_approve, attendance_log_reject
from server.attendance.tests.approval_builders import hash_ids, log_of, make_approver, placement, staff
from server.audit.models import AuditEntry
from server.jobs.models import Job, JobStatus
from server.testing.events import capture_events
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/attendance_log/list"
DETAIL = "/api/web/v1/attendance_log/detail/"
SETTING = "/api/web/v1/setting/risk"
PREVIEW = "/api/web/v1/setting/risk/preview"
TYPES = ("office", "pool", "site", "tug_boat")
THRESHOLDS = {
    "radius_margin_m": 50,
    "max_gps_accuracy_m": 100,
    "face_match_threshold": 75,
    "max_travel_kmh": 200,
    "shift_window_minutes": 30,
    "new_device_days": 7,
    "blacklist_lookback_days": 30,
    "medium_from": 30,
    "high_from": 60,
}


def scored(log: AttendanceLog, **factors: Any) -> AttendanceLog:
    base = {"radius_m": 200, "place_name": "Site Sangatta", "face_score": 90.0, "distance_m": 20.0}
    risk_apply(log, RiskFactors(**{**base, **factors}), risk_thresholds())
    log.save()
    return log


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    site = placement(ManPowerType.SITE, "Site Sangatta", max_radius=200)
    sam = staff(site, "Sam Site")
    logs = {
        "drift": scored(log_of(sam), distance_m=240),  # 10: low (within the 50 m margin)
        "face": scored(log_of(sam), face_score=61),  # 34: medium
        "far": scored(log_of(sam), distance_m=22_400, face_score=61),  # 74: high
        "clean": scored(log_of(sam)),  # 0: low
    }
    return {
        "logs": logs,
        "approver": make_approver(make_user, *TYPES, fullname="Penyetuju"),
        "admin": make_user(flags=["allow_system_trouble", "allow_system_trouble_update"], fullname="Admin"),
        "reader": make_user(flags=["allow_system_trouble"], fullname="Pembaca"),
    }


def queue(client: APIClient, **params: Any) -> dict[str, Any]:
    response = client.get(LIST, {"status": "waiting_approval", **params})
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


def test_rows_and_the_detail_carry_the_risk_with_its_reasons(world: dict[str, Any], client_for: Any) -> None:
    client = client_for(world["approver"])
    far = world["logs"]["far"]
    rows = {row["hash_id"]: row for row in queue(client)["data"]}
    assert rows[far.hash_id]["risk"] == {
        "level": "high",
        "score": 74,
        "reasons": [
            {
                "code": "distance",
                "text": "Jarak 22,4 km dari Site Sangatta (radius 200 m, lewat toleransi 50 m)",
            },
            {"code": "face", "text": "Skor wajah 61 (ambang 75)"},
        ],
    }
    assert rows[world["logs"]["clean"].hash_id]["risk"] == {"level": "low", "score": 0, "reasons": []}
    detail = client.get(DETAIL + far.hash_id).json()["data"]
    assert detail["risk"] == rows[far.hash_id]["risk"]


def test_the_queue_filters_by_level_and_orders_by_score(world: dict[str, Any], client_for: Any) -> None:
    client = client_for(world["approver"])
    logs = world["logs"]
    low = queue(client, risk="low")
    assert set(hash_ids(low["data"])) == {logs["drift"].hash_id, logs["clean"].hash_id}
    assert low["recordsFiltered"] == 2
    assert hash_ids(queue(client, risk="high")["data"]) == [logs["far"].hash_id]
    riskiest = queue(client, order=json.dumps({"column": "risk", "dir": "desc"}))
    assert hash_ids(riskiest["data"]) == [logs[k].hash_id for k in ("far", "face", "drift", "clean")]
    safest = queue(client, order=json.dumps({"column": "risk", "dir": "asc"}))
    assert hash_ids(safest["data"])[0] == logs["clean"].hash_id

    bad = client.get(LIST, {"status": "waiting_approval", "risk": "extreme"})
    assert bad.status_code == 422
    assert bad.json()["errors"]["risk"] == ["Risiko harus low, medium atau high."]


def settings_read(client: APIClient) -> dict[str, Any]:
    """The thresholds of a read, its rules apart."""
    data: dict[str, Any] = client.get(SETTING).json()["data"]
    return {k: v for k, v in data.items() if k != "rules"}


def test_thresholds_are_read_with_the_system_settings_flag(world: dict[str, Any], client_for: Any) -> None:
    assert settings_read(client_for(world["reader"])) == THRESHOLDS
    assert client_for(world["approver"]).get(SETTING).status_code == 403
    denied = client_for(world["reader"]).put(SETTING, THRESHOLDS, format="json")
    assert denied.status_code == 403
    assert risk_settings_get().medium_from == 30


def test_new_thresholds_rescore_the_waiting_logs_and_tell_the_screens(
    world: dict[str, Any], client_for: Any, monkeypatch: Any
) -> None:
    logs = world["logs"]
    decided = scored(log_of(logs["far"].employee, status=LogStatus.APPROVED), face_score=61)
    with capture_events(monkeypatch) as events:
        response = client_for(world["admin"]).put(
            SETTING,
            {**THRESHOLDS, "face_match_threshold": 60, "medium_from": 10, "high_from": 40},
            format="json",
        )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["message"] == "Data berhasil diperbarui."
    assert body["data"] == {
        **THRESHOLDS,
        "face_match_threshold": 60,
        "medium_from": 10,
        "high_from": 40,
        "rescore_job": None,
    }

    for log in logs.values():
        log.refresh_from_db()
    assert (logs["drift"].risk_score, logs["drift"].risk_level) == (10, "medium")
    assert (logs["face"].risk_score, logs["face"].risk_level, logs["face"].risk_reasons) == (0, "low", [])
    assert (logs["far"].risk_score, logs["far"].risk_level) == (40, "high")
    decided.refresh_from_db()
    assert decided.risk_score == 34  # decided logs keep the risk they were decided with

    assert [(e.topic, e.type, e.scope) for e in events] == [
        ("audit", "created", None),
        *(("approval.attendance", "rescored", t) for t in TYPES),
        ("dashboard", "changed", None),
        ("settings.risk", "changed", None),
    ]
    assert events[-1].data == {"action": "updated"}


def test_many_waiting_logs_are_rescored_by_a_job(
    world: dict[str, Any], client_for: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr(risk_services, "RESCORE_INLINE_LIMIT", 2)
    with capture_events(monkeypatch) as events:  # runs the job once the request commits
        response = client_for(world["admin"]).put(
            SETTING, {**THRESHOLDS, "medium_from": 20, "high_from": 30}, format="json"
        )
    assert response.status_code == 200
    job = Job.objects.get()
    assert response.json()["data"]["rescore_job"] == job.hash_id
    assert job.status == JobStatus.SUCCEEDED and job.result["rescored"] == 1
    face = AttendanceLog.objects.get(pk=world["logs"]["face"].pk)
    assert (face.risk_score, face.risk_level) == (34, "high")
    drift = AttendanceLog.objects.get(pk=world["logs"]["drift"].pk)
    assert drift.risk_level == "low"
    topics = [(e.topic, e.type) for e in events]
    assert ("settings.risk", "changed") in topics
    assert topics.count(("approval.attendance", "rescored")) == len(TYPES)


def test_unchanged_thresholds_rescore_nothing(
    world: dict[str, Any], client_for: Any, monkeypatch: Any
) -> None:
    with capture_events(monkeypatch) as events:
        response = client_for(world["admin"]).put(SETTING, THRESHOLDS, format="json")
    assert response.status_code == 200
    assert [(e.topic, e.type) for e in events] == [("settings.risk", "changed")]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"medium_from": 0}, "medium_from", "Skor risiko sedang mulai harus bilangan bulat 1 sampai 100."),
        ({"high_from": "tinggi"}, "high_from", "Skor risiko tinggi mulai harus bilangan bulat 1 sampai 100."),
        ({"face_match_threshold": None}, "face_match_threshold", "Ambang skor wajah harus diisi."),
        (
            {"max_gps_accuracy_m": 20_000},
            "max_gps_accuracy_m",
            "Batas akurasi GPS (meter) harus bilangan bulat 1 sampai 10000.",
        ),
        (
            {"medium_from": 60, "high_from": 60},
            "high_from",
            "Skor risiko tinggi harus lebih besar dari skor risiko sedang.",
        ),
    ],
)
def test_bad_thresholds_are_422_in_indonesian_and_change_nothing(
    world: dict[str, Any], client_for: Any, monkeypatch: Any, change: dict[str, Any], field: str, message: str
) -> None:
    with capture_events(monkeypatch) as events:
        response = client_for(world["admin"]).put(SETTING, {**THRESHOLDS, **change}, format="json")
    assert response.status_code == 422
    assert response.json()["errors"][field] == [message]
    assert events == []
    assert settings_read(client_for(world["admin"])) == THRESHOLDS


def test_a_missing_threshold_is_422(world: dict[str, Any], client_for: Any) -> None:
    body = {k: v for k, v in THRESHOLDS.items() if k != "new_device_days"}
    response = client_for(world["admin"]).put(SETTING, body, format="json")
    assert response.status_code == 422
    assert response.json()["errors"]["new_device_days"] == [
        "Lama perangkat dianggap baru (hari) harus diisi."
    ]


def test_a_decision_keeps_in_its_audit_entry_the_risk_it_was_decided_on(
    world: dict[str, Any], client_for: Any
) -> None:
    logs, approver = world["logs"], world["approver"]
    attendance_log_reject(log=logs["far"], approver=approver, note="Lokasi tidak sesuai")
    response = client_for(world["admin"]).put(
        SETTING, {**THRESHOLDS, "face_match_threshold": 60, "medium_from": 10, "high_from": 40}, format="json"
    )
    assert response.status_code == 200
    logs["face"].refresh_from_db()
    assert logs["face"].risk_level == "low"  # rescored before it is decided
    attendance_log_approve(log=logs["face"], approver=approver)

    entries = {e.object_id: e for e in AuditEntry.objects.filter(object_type="attendance_log")}
    rejected = entries[logs["far"].hash_id].after
    assert (rejected["status"], rejected["risk_level"], rejected["risk_score"]) == ("rejected", "high", 74)
    assert rejected["risk_reasons"] == [
        "Jarak 22,4 km dari Site Sangatta (radius 200 m, lewat toleransi 50 m)",
        "Skor wajah 61 (ambang 75)",
    ]
    approved = entries[logs["face"].hash_id].after
    assert (approved["risk_level"], approved["risk_score"], approved["risk_reasons"]) == ("low", 0, [])
    # The entry is history: rescoring the log again (or not: it is decided) never rewrites it.
    logs["far"].refresh_from_db()
    assert logs["far"].risk_score == 74


def test_the_read_explains_each_factor_its_weight_and_floor(world: dict[str, Any], client_for: Any) -> None:
    rules = client_for(world["reader"]).get(SETTING).json()["data"]["rules"]
    assert [rule["code"] for rule in rules] == [
        "distance",
        "gps_accuracy",
        "face",
        "travel",
        "new_device",
        "shift_window",
        "blacklist_app",
    ]
    by_code = {rule["code"]: rule for rule in rules}
    assert by_code["face"] == {
        "code": "face",
        "label": "Skor wajah di bawah ambang",
        "weight": "20 poin + 1 per poin di bawah ambang, maksimal 40",
        "floor": "Minimal sedang",
    }
    assert by_code["blacklist_app"]["floor"] == "Selalu tinggi"
    assert by_code["travel"]["floor"] == ""


def test_the_preview_counts_the_queue_under_unsaved_thresholds_and_writes_nothing(
    world: dict[str, Any], client_for: Any, monkeypatch: Any
) -> None:
    admin = client_for(world["admin"])
    # One more: the drift 60 m past the radius (medium now, low with a wider margin).
    scored(log_of(world["logs"]["far"].employee), distance_m=260)
    scored(log_of(world["logs"]["far"].employee, status=LogStatus.APPROVED), face_score=61)  # not waiting
    current = admin.post(PREVIEW, THRESHOLDS, format="json")
    assert current.status_code == 200, current.json()
    assert current.json()["data"] == {"low": 2, "medium": 2, "high": 1, "total": 5}

    with capture_events(monkeypatch) as events:
        wider = admin.post(
            PREVIEW,
            {**THRESHOLDS, "radius_margin_m": 100, "face_match_threshold": 60, "medium_from": 35},
            format="json",
        )
    assert wider.json()["data"] == {"low": 4, "medium": 1, "high": 0, "total": 5}
    assert events == []
    assert settings_read(admin) == THRESHOLDS
    assert AttendanceLog.objects.get(pk=world["logs"]["face"].pk).risk_level == "medium"

    # The same checks as the save: the order of the levels, each range, in Indonesian.
    bad = admin.post(PREVIEW, {**THRESHOLDS, "medium_from": 60, "high_from": 60}, format="json")
    assert bad.status_code == 422
    assert bad.json()["errors"]["high_from"] == [
        "Skor risiko tinggi harus lebih besar dari skor risiko sedang."
    ]
    negative = admin.post(PREVIEW, {**THRESHOLDS, "radius_margin_m": -1}, format="json")
    assert negative.json()["errors"]["radius_margin_m"] == [
        "Toleransi di luar radius (meter) harus bilangan bulat 0 sampai 10000."
    ]


def test_the_preview_needs_the_update_flag(world: dict[str, Any], client_for: Any) -> None:
    assert client_for(world["reader"]).post(PREVIEW, THRESHOLDS, format="json").status_code == 403
    assert client_for(world["approver"]).post(PREVIEW, THRESHOLDS, format="json").status_code == 403
