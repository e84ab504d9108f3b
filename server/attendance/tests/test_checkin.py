"""Check-in/out from the mobile app: judged, stored with its photo, the day recomputed, queues told."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone
from PIL import Image
from rest_framework.test import APIClient

from server.attendance import checkin
from server.attendance.checkin import attendance_log_record, haversine_metres
from server.attendance.models import AttendanceDay, AttendanceLog, Keterangan, LogStatus
from server.attendance.tests.factories import local, make_employee, make_man_power, make_pattern, make_shift
from server.mobile.tests.helpers import captured_events, employee_client, freeze, jpeg_bytes, photo, topics_of
from server.schedules.models import BlacklistApp
from server.workforce.models import AttendanceLocationType, ManPowerType

pytestmark = pytest.mark.django_db

URL = "/api/mobile/v1/attendance/"
MONDAY = date(2026, 3, 2)
NEAR = (-6.2003, 106.8)  # about 33 m from the placement
FAR = (-6.21, 106.8)  # about 1.1 km away


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def employee() -> Any:
    site = make_man_power(type=ManPowerType.SITE, name="Site Balikpapan", max_radius=100)
    pattern = make_pattern(
        [make_shift(code="PAGI", time_in=local(MONDAY, 8).time(), time_out=local(MONDAY, 17).time())]
    )
    return make_employee(man_power=site, pattern=pattern, name="Siti Aminah", photo="employees/siti.jpg")


@pytest.fixture
def at_seven_fifty(monkeypatch: pytest.MonkeyPatch) -> None:
    freeze(monkeypatch, local(MONDAY, 7, 50))


def check_in_body(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "log_type": "check_in",
        "latitude": NEAR[0],
        "longitude": NEAR[1],
        "fr_accuracy": "92.5",
        "photo": photo(),
        "note": "Masuk pagi",
    }
    body.update(overrides)
    return {k: v for k, v in body.items() if v is not None}


def post(client: APIClient, **overrides: Any) -> Any:
    return client.post(URL, check_in_body(**overrides), format="multipart")


def test_distance_is_haversine() -> None:
    assert haversine_metres(-6.2, 106.8, -6.2, 106.8) == 0
    assert 33 < haversine_metres(-6.2, 106.8, *NEAR) < 34
    assert 1111 < haversine_metres(-6.2, 106.8, *FAR) < 1113


def test_valid_check_in_is_approved_stored_and_counted(
    employee: Any,
    at_seven_fifty: None,
    media_root: Path,
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = employee_client(employee)
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = post(client)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["message"] == "Absen berhasil disimpan."
    data = body["data"]
    assert data["status"] == "approved" and data["is_valid_location"] is True and data["fr_is_match"] is True
    assert 33 < data["distance"] < 34 and data["is_valid_shift"] is True
    assert data["attendance_date"] == "2026-03-02" and data["log_datetime"] == "2026-03-02 07:50:00"

    log = AttendanceLog.objects.get()
    assert log.hash_id == data["hash_id"]
    assert log.man_power == employee.man_power and log.man_power_type == "site"
    assert log.shift is not None and log.shift.code == "PAGI" and log.note == "Masuk pagi"
    assert log.photo.startswith("attendance/2026/03/") and log.photo.endswith(".jpg")
    with Image.open(media_root / log.photo) as stored:
        assert stored.format == "JPEG"

    day = AttendanceDay.objects.get(employee=employee, date=MONDAY)
    assert day.keterangan == Keterangan.HADIR and day.check_in_log_id == log.pk

    assert topics_of(events) == ["dashboard"]
    assert events[0][1:3] == ("changed", {"reason": "attendance_log"})


def test_out_of_radius_waits_and_enters_the_queue_of_its_type(
    employee: Any, at_seven_fifty: None, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = employee_client(employee)
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = post(client, latitude=FAR[0], longitude=FAR[1])
    assert response.status_code == 201
    assert response.json()["message"] == "Absen tersimpan dan menunggu persetujuan."
    data = response.json()["data"]
    assert data["status"] == "waiting_approval" and data["is_valid_location"] is False
    assert data["distance"] > 1000

    log = AttendanceLog.objects.get()
    assert topics_of(events) == ["approval.attendance", "dashboard"]
    _, event_type, payload, scope = events[0]
    assert (event_type, scope) == ("entered", "site")
    assert payload == {
        "row": {
            "hash_id": log.hash_id,
            "employee_number_formatted": employee.employee_number_formatted,
            "employee_name": "Siti Aminah",
            "log_datetime": "2026-03-02 07:50:00",
            "log_date": "2026-03-02",
            "log_timezone": "WIB",
            # File URLs are signed per reader: an event carries none (server/core/files.py).
            "employee_photo_url": "",
            "log_photo": "",
            "log_type": "check_in",
            "location": 0,
            "fr_accuracy": 92.5,
            "man_power_type": "site",
            "man_power_name": "Site Balikpapan",
            "risk": {"level": "medium", "score": 40, "reasons": log.risk_reasons},
            # Out of radius: the placement a bulk approve takes by default (the only one: its own).
            "suggested_man_power": {
                "hash_id": employee.man_power.hash_id,
                "name": "Site Balikpapan",
                "type": "site",
                "distance_m": round(log.distance),
                "is_own": True,
            },
            # Received just now: within the queue's deadline (setting/approval_sla).
            "overdue": False,
            "waiting_since": timezone.localtime(log.created).isoformat(),
        },
        "waiting_by_type": {"office": 0, "pool": 0, "site": 1, "tug_boat": 0},
    }
    # A waiting log does not count yet.
    assert AttendanceDay.objects.get(employee=employee, date=MONDAY).keterangan == Keterangan.BELUM_HADIR


def test_employee_who_may_check_in_anywhere_is_never_out_of_radius(
    employee: Any, at_seven_fifty: None
) -> None:
    employee.attendance_location_type = AttendanceLocationType.ANYWHERE
    employee.save()
    data = post(employee_client(employee), latitude=FAR[0], longitude=FAR[1]).json()["data"]
    assert data["status"] == "approved" and data["is_valid_location"] is True and data["distance"] > 1000


@pytest.mark.parametrize(
    ("score", "status"), [("74.99", "waiting_approval"), ("75", "approved"), ("100", "approved")]
)
def test_face_match_threshold(employee: Any, at_seven_fifty: None, score: str, status: str) -> None:
    data = post(employee_client(employee), fr_accuracy=score).json()["data"]
    assert data["status"] == status
    assert data["fr_is_match"] is (status == "approved")


def test_face_match_threshold_is_a_setting(employee: Any, at_seven_fifty: None, settings: Any) -> None:
    settings.FACE_MATCH_THRESHOLD = 95
    assert post(employee_client(employee), fr_accuracy="92.5").json()["data"]["status"] == "waiting_approval"


def test_low_face_score_enters_the_queue(
    employee: Any, at_seven_fifty: None, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = employee_client(employee)
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        data = post(client, fr_accuracy="40").json()["data"]
    assert data["status"] == "waiting_approval" and data["fr_is_match"] is False
    assert data["is_valid_location"] is True
    assert topics_of(events) == ["approval.attendance", "dashboard"]
    assert events[0][2]["row"]["location"] == 1 and events[0][2]["row"]["fr_accuracy"] == 40.0


def test_check_in_outside_the_shift_window_waits(
    employee: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    freeze(monkeypatch, local(MONDAY, 17, 30))
    client = employee_client(employee)
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        data = post(client).json()["data"]
    assert data["status"] == "waiting_approval" and data["is_valid_shift"] is False
    assert data["is_valid_location"] is True and data["fr_is_match"] is True
    assert topics_of(events) == ["approval.attendance", "dashboard"]


def test_check_out_in_its_window_is_approved(employee: Any, monkeypatch: Any) -> None:
    freeze(monkeypatch, local(MONDAY, 17, 5))
    data = post(employee_client(employee), log_type="check_out").json()["data"]
    assert data["status"] == "approved" and data["is_valid_shift"] is True


def test_blacklisted_app_blocks_the_check_in_by_name(employee: Any, at_seven_fifty: None) -> None:
    BlacklistApp.objects.create(name="Fake GPS Go", package_id="com.fake.gps", is_allow=False)
    BlacklistApp.objects.create(name="Peta", package_id="com.maps.ok", is_allow=True)
    client = employee_client(employee)

    allowed = post(client, installed_packages='["com.maps.ok", "com.whatsapp"]')
    assert allowed.status_code == 201

    blocked = post(client, installed_packages='["com.whatsapp", "com.fake.gps"]')
    assert blocked.status_code == 403
    assert "Fake GPS Go" in blocked.json()["message"]
    assert AttendanceLog.objects.count() == 1


def test_repeated_package_fields_are_accepted_too(employee: Any, at_seven_fifty: None) -> None:
    BlacklistApp.objects.create(name="Fake GPS Go", package_id="com.fake.gps", is_allow=False)
    response = post(employee_client(employee), installed_packages=["com.whatsapp", "com.fake.gps"])
    assert response.status_code == 403


def test_disabled_attendance_is_403(employee: Any, at_seven_fifty: None) -> None:
    employee.attendance_disabled = True
    employee.save()
    response = post(employee_client(employee))
    assert response.status_code == 403
    assert response.json()["message"] == "Kehadiran Anda dinonaktifkan. Hubungi HR."
    assert not AttendanceLog.objects.exists()


def test_employee_without_placement_is_422(at_seven_fifty: None) -> None:
    employee = make_employee()
    employee.man_power = None
    employee.save()
    response = post(employee_client(employee))
    assert response.status_code == 422
    assert "penempatan" in response.json()["message"]


BIG = b"\xff\xd8" + b"0" * (5 * 1024 * 1024)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"log_type": None}, "Tipe absen harus diisi."),
        ({"log_type": "istirahat"}, "Tipe absen harus check_in atau check_out."),
        ({"latitude": None}, "Latitude harus diisi."),
        ({"longitude": None}, "Longitude harus diisi."),
        ({"latitude": "91"}, "Koordinat tidak valid."),
        ({"latitude": "-90.5"}, "Koordinat tidak valid."),
        ({"longitude": "180.01"}, "Koordinat tidak valid."),
        ({"longitude": "-181"}, "Koordinat tidak valid."),
        ({"latitude": "utara"}, "Koordinat tidak valid."),
        ({"fr_accuracy": None}, "Nilai face recognition harus diisi."),
        ({"fr_accuracy": "100.5"}, "Nilai face recognition harus antara 0 dan 100."),
        ({"fr_accuracy": "-1"}, "Nilai face recognition harus antara 0 dan 100."),
        ({"photo": None}, "Foto harus diisi."),
        ({"photo": "bukan berkas"}, "Foto harus diisi."),
        ({"photo": photo("wajah.jpg", b"bukan gambar", "image/jpeg")}, "Foto harus berupa gambar."),
        ({"photo": photo("wajah.jpg", b"", "image/jpeg")}, "Foto harus berupa gambar."),
        ({"photo": photo("wajah.jpg", jpeg_bytes()[:40], "image/jpeg")}, "Foto harus berupa gambar."),
        ({"photo": photo("besar.jpg", BIG, "image/jpeg")}, "Ukuran foto maksimal 5 MB."),
        ({"note": "x" * 1001}, "Teks maksimal 1000 karakter."),
        ({"installed_packages": "[com.fake"}, "Daftar aplikasi terpasang tidak valid."),
        ({"installed_packages": '{"a": 1}'}, "Daftar aplikasi terpasang tidak valid."),
        ({"installed_packages": "[1, 2]"}, "Daftar aplikasi terpasang tidak valid."),
    ],
)
def test_bad_input_is_422_with_an_indonesian_message(
    employee: Any, at_seven_fifty: None, media_root: Path, overrides: dict[str, Any], message: str
) -> None:
    body = check_in_body()
    for key, value in overrides.items():
        if value is None:
            body.pop(key)
        else:
            body[key] = value
    response = employee_client(employee).post(URL, body, format="multipart")
    assert response.status_code == 422, response.json()
    assert response.json()["http_status"] == 422
    assert response.json()["message"] == message
    assert not AttendanceLog.objects.exists()
    assert not any(p.is_file() for p in media_root.rglob("*"))


def test_png_with_transparency_is_stored_as_jpeg(
    employee: Any, at_seven_fifty: None, media_root: Path
) -> None:
    image = photo("wajah.png", jpeg_bytes(fmt="PNG"), "image/png")
    assert post(employee_client(employee), photo=image).status_code == 201
    with Image.open(media_root / AttendanceLog.objects.get().photo) as stored:
        assert stored.format == "JPEG" and stored.mode == "RGB"


def test_a_failed_save_keeps_no_photo_and_sends_nothing(
    employee: Any, media_root: Path, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    def broken(**kwargs: Any) -> None:
        raise RuntimeError("recompute failed")

    monkeypatch.setattr(checkin, "attendance_days_recompute", broken)
    with (
        captured_events(monkeypatch, django_capture_on_commit_callbacks) as events,
        pytest.raises(RuntimeError),
    ):
        attendance_log_record(
            employee=employee,
            log_type="check_in",
            latitude=NEAR[0],
            longitude=NEAR[1],
            fr_accuracy=90,
            photo=photo(),
            when=local(MONDAY, 7, 55),
        )
    assert events == []
    assert not AttendanceLog.objects.exists()
    assert not any(p.is_file() for p in media_root.rglob("*"))


def test_the_service_takes_an_explicit_moment(employee: Any) -> None:
    log = attendance_log_record(
        employee=employee,
        log_type="check_in",
        latitude=NEAR[0],
        longitude=NEAR[1],
        fr_accuracy=80,
        photo=photo(),
        when=local(MONDAY, 6, 30),
    )
    assert log.status == LogStatus.APPROVED and log.attendance_date == MONDAY
    assert settings.FACE_MATCH_THRESHOLD == 75
