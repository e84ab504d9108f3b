"""The risk of a check-in measured through the mobile API and stored on the log; the backfill of
waiting logs stored without it."""

from __future__ import annotations

import importlib
import io
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from server.attendance.models import AttendanceLog, BlacklistAttempt, EmployeeDevice
from server.core.hashids import get_by_hash_id
from server.schedules.models import BlacklistApp
from server.testing.clients import employee_client
from server.testing.clock import freeze
from server.testing.events import capture_events
from server.testing.factories import (
    local,
    make_employee,
    make_log,
    make_man_power,
    make_pattern,
    make_shift,
    photo,
)
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

URL = "/api/mobile/v1/attendance/"
MONDAY = date(2026, 3, 2)
SITE = (-6.2, 106.8)
NEAR = (-6.2003, 106.8)  # about 33 m from the placement
SURABAYA = (-7.2575, 112.7521)  # about 670 km away


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def employee() -> Any:
    site = make_man_power(
        type=ManPowerType.SITE, name="Site Sangatta", max_radius=100, latitude=SITE[0], longitude=SITE[1]
    )
    pattern = make_pattern(
        [make_shift(code="PAGI", time_in=local(MONDAY, 8).time(), time_out=local(MONDAY, 17).time())]
    )
    return make_employee(man_power=site, pattern=pattern, name="Siti Aminah")


def body(**overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "log_type": "check_in",
        "latitude": NEAR[0],
        "longitude": NEAR[1],
        "fr_accuracy": "92",
        "photo": photo(),
        "device_id": "phone-a",
        "gps_accuracy": "12",
    }
    values.update(overrides)
    return values


def test_every_factor_measured_at_check_in_is_stored_and_sent_with_the_queue_row(
    employee: Any, monkeypatch: Any
) -> None:
    client = employee_client(employee)
    BlacklistApp.objects.create(name="Fake GPS", package_id="com.fake.gps", is_allow=False)

    freeze(monkeypatch, local(MONDAY, 7, 50))
    clean = client.post(URL, body(), format="multipart")
    assert clean.status_code == 201 and clean.json()["data"]["status"] == "approved"
    first = AttendanceLog.objects.get()
    assert (first.risk_score, first.risk_level, first.risk_reasons) == (0, "low", [])
    assert (first.device_id, first.gps_accuracy) == ("phone-a", 12.0)
    assert EmployeeDevice.objects.filter(employee=employee, device_id="phone-a").exists()

    freeze(monkeypatch, local(MONDAY, 8, 20))
    refused = client.post(URL, body(installed_packages='["com.fake.gps"]'), format="multipart")
    assert refused.status_code == 403
    attempt = BlacklistAttempt.objects.get()
    assert (attempt.employee_id, attempt.app_name, attempt.package_id) == (
        employee.pk,
        "Fake GPS",
        "com.fake.gps",
    )

    freeze(monkeypatch, local(MONDAY, 8, 50))
    with capture_events(monkeypatch) as events:
        risky = client.post(
            URL,
            body(
                log_type="check_out",
                latitude=SURABAYA[0],
                longitude=SURABAYA[1],
                fr_accuracy="61",
                gps_accuracy="150",
                device_id="phone-b",
            ),
            format="multipart",
        )
    assert risky.status_code == 201 and risky.json()["data"]["status"] == "waiting_approval"
    log = get_by_hash_id(AttendanceLog.objects.all(), risky.json()["data"]["hash_id"])
    assert (log.risk_score, log.risk_level) == (100, "high")
    texts = {reason["code"]: reason["text"] for reason in log.risk_reasons}
    assert texts.keys() == {"distance", "gps_accuracy", "face", "travel", "new_device", "blacklist_app"}
    assert texts["distance"].startswith("Jarak 6") and texts["distance"].endswith(
        "km dari Site Sangatta (radius 100 m, lewat toleransi 50 m)"
    )
    assert texts["gps_accuracy"] == "Akurasi GPS 150 m (batas 100 m)"
    assert texts["face"] == "Skor wajah 61 (ambang 75)"
    assert texts["travel"].startswith("Perjalanan 6") and texts["travel"].endswith(
        "km dalam 1 jam dari absen sebelumnya"
    )
    assert texts["new_device"] == "Perangkat baru"
    assert texts["blacklist_app"] == "Pernah mencoba dari aplikasi terlarang (Fake GPS) hari ini"
    assert log.risk_factors["device_age_days"] == 0 and log.risk_factors["travel_minutes"] == 60

    entered = [event for event in events if event[0] == "approval.attendance"]
    assert entered[0][1] == "entered"
    assert entered[0][2]["row"]["risk"] == {"level": "high", "score": 100, "reasons": log.risk_reasons}


def test_outside_the_shift_window_is_measured_from_the_engine_window(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(MONDAY, 5, 0))  # the window opens at 06:00 (time_in - 2 hours)
    response = employee_client(employee).post(URL, body(device_id=""), format="multipart")
    assert response.status_code == 201 and response.json()["data"]["is_valid_shift"] is False
    log = AttendanceLog.objects.get()
    assert log.risk_reasons == [
        {"code": "shift_window", "text": "Di luar jendela shift (3 jam sebelum jam masuk)"}
    ]
    assert (log.risk_score, log.risk_level) == (10, "low")


def test_optional_fields_are_checked_with_indonesian_messages(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(MONDAY, 7, 50))
    client = employee_client(employee)
    bad_gps = client.post(URL, body(gps_accuracy="-3"), format="multipart")
    assert bad_gps.status_code == 422
    assert bad_gps.json()["errors"]["gps_accuracy"] == ["Akurasi GPS harus angka meter antara 0 dan 100000."]
    long_id = client.post(URL, body(device_id="x" * 129), format="multipart")
    assert long_id.status_code == 422
    assert long_id.json()["errors"]["device_id"] == ["ID perangkat maksimal 128 karakter."]
    old_app = client.post(
        URL, {k: v for k, v in body().items() if k not in ("gps_accuracy", "device_id")}, format="multipart"
    )
    assert old_app.status_code == 201
    assert AttendanceLog.objects.get().gps_accuracy is None


def test_the_backfill_command_scores_waiting_logs_stored_without_risk(
    employee: Any, monkeypatch: Any
) -> None:
    freeze(monkeypatch, local(MONDAY, 12))
    far = make_log(employee, "check_in", local(MONDAY, 8), status="waiting_approval")
    AttendanceLog.objects.filter(pk=far.pk).update(distance=22_400, is_valid_location=False, fr_accuracy=61)
    decided = make_log(employee, "check_out", local(MONDAY, 17), status="approved")
    AttendanceLog.objects.filter(pk=decided.pk).update(fr_accuracy=10)

    with capture_events(monkeypatch) as events:
        call_command("risk_backfill", stdout=io.StringIO())

    far.refresh_from_db()
    assert far.risk_level == "high" and far.risk_score == 74
    assert [r["code"] for r in far.risk_reasons] == ["distance", "face"]
    assert far.risk_factors["distance_m"] == 22_400
    decided.refresh_from_db()
    assert decided.risk_reasons == [] and decided.risk_factors == {}
    assert [(e.topic, e.type, e.scope) for e in events] == [
        *(("approval.attendance", "rescored", t) for t in ("office", "pool", "site", "tug_boat")),
        ("dashboard", "changed", None),
    ]
    assert events[-1].data == {"reason": "risk"}


def bontang() -> Any:
    """A second site about 780 m south of Site Sangatta."""
    return make_man_power(
        type=ManPowerType.SITE, name="Site Bontang", max_radius=100, latitude=-6.207, longitude=106.8
    )


def test_out_of_radius_is_measured_at_the_placement_the_approval_would_use(
    employee: Any, monkeypatch: Any
) -> None:
    bontang()
    client = employee_client(employee)
    freeze(monkeypatch, local(MONDAY, 7, 50))
    # About 810 m from the own site, 33 m from Site Bontang: approved there by default, inside its radius.
    at_bontang = client.post(URL, body(latitude=-6.2073, longitude=106.8), format="multipart")
    assert at_bontang.status_code == 201 and at_bontang.json()["data"]["status"] == "waiting_approval"
    log = AttendanceLog.objects.get()
    assert log.risk_factors["approval_place_name"] == "Site Bontang"
    assert 30 < log.risk_factors["approval_distance_m"] < 40 and log.risk_factors["approval_radius_m"] == 100
    assert (log.risk_score, log.risk_level) == (25, "low")
    assert log.risk_reasons[0]["text"].startswith("Jarak 8")
    assert "; terdekat Site Bontang 3" in log.risk_reasons[0]["text"]

    # 140 m from the own site (the nearest): 40 m past its radius, within the margin; no other named.
    freeze(monkeypatch, local(MONDAY, 17, 5))
    drift = client.post(
        URL, body(log_type="check_out", latitude=-6.20126, longitude=106.8), format="multipart"
    )
    assert drift.status_code == 201
    second = AttendanceLog.objects.exclude(pk=log.pk).get()
    assert second.risk_factors["approval_distance_m"] is None
    assert second.risk_level == "low" and "terdekat" not in second.risk_reasons[0]["text"]


def test_the_migration_rescores_waiting_logs_under_the_new_rules(employee: Any) -> None:
    from django.apps import apps

    migration = importlib.import_module("server.attendance.migrations.0010_risk_radius_margin")
    bontang()
    old_factors = {"distance_m": 810.0, "radius_m": 100, "place_name": "Site Sangatta", "face_score": 92.0}
    at_bontang = make_log(employee, "check_in", local(MONDAY, 8), status="waiting_approval")
    weak_face = make_log(employee, "check_out", local(MONDAY, 17), status="waiting_approval")
    decided = make_log(employee, "check_in", local(MONDAY, 9), status="approved")
    AttendanceLog.objects.filter(pk=at_bontang.pk).update(
        latitude=-6.2073, is_valid_location=False, risk_factors=old_factors, risk_score=25, risk_level="low"
    )
    AttendanceLog.objects.filter(pk__in=[weak_face.pk, decided.pk]).update(
        risk_factors={**old_factors, "distance_m": 20.0, "face_score": 74.5}, risk_score=21, risk_level="low"
    )

    migration.rescore_waiting(apps, None)

    at_bontang.refresh_from_db()
    assert at_bontang.risk_factors["approval_place_name"] == "Site Bontang"
    assert (at_bontang.risk_score, at_bontang.risk_level) == (25, "low")
    weak_face.refresh_from_db()
    assert (weak_face.risk_score, weak_face.risk_level) == (30, "medium")
    decided.refresh_from_db()
    assert (decided.risk_score, decided.risk_level) == (21, "low")  # decided logs keep their risk
