"""Shift (Jam Kerja) endpoints (doc3 §7.2): flags, validation, non-working shifts, in-use delete,
and a changed shift reaching the attendance days of the employees on patterns using it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import time, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay
from server.attendance.tests.factories import check_in, local, make_employee, make_pattern, make_shift
from server.core.clock import local_today
from server.schedules.models import Shift, ShiftPattern
from server.schedules.tests.conftest import WEB, dashboard_hints, settings_events

pytestmark = pytest.mark.django_db

SHIFT = {
    "hash_id": "",
    "name": "Kantor Pagi",
    "type": "working_shift",
    "time_in": "08:00",
    "time_out": "17:00",
    "break_start": "12:00",
    "break_end": "13:00",
    "late_in_minutes": 10,
    "early_out_minutes": 5,
    "minimum_check_in_time": 2,
}


def test_create_generates_a_code_and_answers_the_shift(admin: APIClient, capture: Any) -> None:
    with capture() as sent:
        response = admin.post(f"{WEB}shift", SHIFT, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()["data"]
    assert data["code"] == "JK001" and data["time_in"] == "08:00:00" and data["late_in_minutes"] == 10
    assert response.json()["message"] == "Data berhasil disimpan."
    assert settings_events(sent) == [
        ("settings.shift", "changed", {"action": "created", "hash_id": data["id"]})
    ]
    assert dashboard_hints(sent) == 0  # a new shift is on no pattern yet


def test_check_in_start_wraps_past_midnight(admin: APIClient) -> None:
    early = make_shift(time_in=time(1, 30), minimum_check_in_time=3)
    data = admin.get(f"{WEB}shift/detail/{early.hash_id}").json()["data"]
    assert data["check_in_start"] == "22:30:00"


def test_a_non_working_shift_has_no_hours(admin: APIClient) -> None:
    response = admin.post(f"{WEB}shift", {**SHIFT, "type": "non_working_shift", "code": "OFF"}, format="json")
    data = response.json()["data"]
    assert (data["time_in"], data["time_out"], data["break_start"], data["break_end"]) == ("00:00:00",) * 4
    assert (data["late_in_minutes"], data["early_out_minutes"], data["minimum_check_in_time"]) == (0, 0, 0)


def test_every_required_field_has_its_message(admin: APIClient) -> None:
    response = admin.post(f"{WEB}shift", {"hash_id": ""}, format="json")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "name": ["Nama harus diisi"],
        "type": ["Tipe harus diisi"],
        "time_in": ["Jam masuk harus diisi"],
        "time_out": ["Jam keluar harus diisi"],
        "break_start": ["Jam mulai istirahat harus diisi"],
        "break_end": ["Jam akhir istirahat harus diisi"],
        "late_in_minutes": ["Lama toleransi terlambat harus diisi"],
        "early_out_minutes": ["Lama toleransi pulang cepat harus diisi"],
        "minimum_check_in_time": ["Minimum check in time harus diisi"],
    }
    assert response.json()["message"] == "Nama harus diisi"
    bad = admin.post(
        f"{WEB}shift",
        {**SHIFT, "time_in": "25:00", "late_in_minutes": -1, "minimum_check_in_time": 24},
        format="json",
    ).json()["errors"]
    assert bad == {
        "time_in": ["Format jam harus HH:mm"],
        "late_in_minutes": ["Toleransi harus berupa menit (0-1440)"],
        "minimum_check_in_time": ["Minimum check in time harus berupa jam (0-23)"],
    }


def test_flags(viewer: APIClient, client_with: Callable[..., APIClient]) -> None:
    shift = make_shift()
    assert viewer.get(f"{WEB}shift/list").status_code == 403
    # The pattern screen picks shifts, so pattern viewers read the shift list too.
    assert (
        client_with("allow_setting_shift_pattern").get(f"{WEB}shift/list", {"per_page": 100}).status_code
        == 200
    )
    reader = client_with("allow_setting_shift")
    assert reader.post(f"{WEB}shift", SHIFT, format="json").status_code == 403
    assert reader.put(f"{WEB}shift", {**SHIFT, "hash_id": shift.hash_id}, format="json").status_code == 403
    assert reader.delete(f"{WEB}shift/{shift.hash_id}").status_code == 403
    only_child = client_with("allow_setting_shift_create")
    assert only_child.post(f"{WEB}shift", SHIFT, format="json").status_code == 403
    updater = client_with("allow_setting_shift", "allow_setting_shift_update")
    assert updater.put(f"{WEB}shift", {**SHIFT, "hash_id": shift.hash_id}, format="json").status_code == 200


def test_list_search_and_order(admin: APIClient) -> None:
    make_shift(code="B1", name="Siang")
    make_shift(code="A1", name="Pagi")
    make_shift(code="C1", name="Malam")
    body = admin.get(f"{WEB}shift/list").json()
    assert [r["code"] for r in body["data"]] == ["A1", "B1", "C1"]
    desc = admin.get(f"{WEB}shift/list", {"order": '{"column":"name","dir":"desc"}'}).json()
    assert [r["name"] for r in desc["data"]] == ["Siang", "Pagi", "Malam"]
    assert [
        r["code"] for r in admin.get(f"{WEB}shift/list", {"search": '{"name":"pag"}'}).json()["data"]
    ] == ["A1"]
    assert admin.get(f"{WEB}shift/list", {"order": '{"column":"secret"}'}).status_code == 422


def test_update_is_put_and_recomputes_the_days_of_its_patterns_only(admin: APIClient, capture: Any) -> None:
    day = local_today() - timedelta(days=1)
    office, other = make_shift(), make_shift()
    on_office = make_employee(pattern=make_pattern([office], starting_date=day))
    on_other = make_employee(pattern=make_pattern([other], starting_date=day))
    for employee in (on_office, on_other):
        check_in(employee, local(day, 8, 30))
    attendance_days_recompute_range(employee_ids=None, start=day, end=day)
    body = {**SHIFT, "hash_id": office.hash_id, "code": office.code, "time_in": "09:00", "late_in_minutes": 0}
    with capture() as sent:
        response = admin.put(f"{WEB}shift", body, format="json")
    assert response.status_code == 200 and response.json()["message"] == "Data berhasil diperbarui."
    assert AttendanceDay.objects.get(employee=on_office, date=day).late_minutes == 0
    assert AttendanceDay.objects.get(employee=on_other, date=day).late_minutes == 30
    topics = {topic for topic, *_ in settings_events(sent)}
    assert topics == {"settings.shift", "settings.shift_pattern"} and dashboard_hints(sent) == 1


def test_a_shift_on_a_pattern_is_not_deleted(admin: APIClient, capture: Any) -> None:
    used = make_shift()
    pattern = make_pattern([used])
    ShiftPattern.objects.filter(pk=pattern.pk).update(name="Kantor")
    response = admin.delete(f"{WEB}shift/{used.hash_id}")
    assert response.status_code == 409
    assert response.json()["message"] == (
        f"Jam kerja tidak dapat dihapus karena masih digunakan oleh pola kerja: {pattern.code} (Kantor)."
    )
    free = make_shift()
    with capture() as sent:
        assert admin.delete(f"{WEB}shift/{free.hash_id}").status_code == 200
    assert settings_events(sent) == [
        ("settings.shift", "changed", {"action": "deleted", "hash_id": free.hash_id})
    ]
    assert not Shift.objects.filter(pk=free.pk).exists()


def test_duplicate_code(admin: APIClient) -> None:
    make_shift(code="KTR")
    response = admin.post(f"{WEB}shift", {**SHIFT, "code": "ktr"}, format="json")
    assert response.status_code == 422 and response.json()["errors"] == {"code": ["ID sudah digunakan"]}
