"""Special leave, additional leave and system trouble endpoints (doc3 §7.4, DESIGN §10)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tests.factories import make_employee, make_izin, make_pattern, make_shift
from server.core.clock import local_today
from server.izin.models import IzinRequest
from server.schedules.models import SpecialLeave, SystemTrouble
from server.schedules.tests.conftest import WEB, dashboard_hints, settings_events

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "flag", "body", "edit"),
    [
        (
            "cuti_khusus",
            "allow_cuti_khusus",
            {"name": "Menikah", "code": "NIKAH", "jumlah_hari": 3},
            {"jumlah_hari": 2},
        ),
        (
            "cuti_tambahan",
            "allow_cuti_tambahan",
            {"name": "Cuti Panjang", "code": "PANJANG"},
            {"name": "Cuti 5 Tahun"},
        ),
    ],
)
def test_leave_kind_crud_flags_and_events(
    kind: str,
    flag: str,
    body: dict[str, Any],
    edit: dict[str, Any],
    admin: APIClient,
    viewer: APIClient,
    client_with: Callable[..., APIClient],
    capture: Any,
) -> None:
    assert viewer.get(f"{WEB}{kind}/list").status_code == 403
    assert client_with(flag).post(f"{WEB}{kind}", body, format="json").status_code == 403
    with capture() as sent:
        created = admin.post(f"{WEB}{kind}", {"hash_id": "", **body}, format="json")
    assert created.status_code == 201, created.json()
    hash_id = created.json()["data"]["id"]
    assert settings_events(sent) == [
        (f"settings.{kind}", "changed", {"action": "created", "hash_id": hash_id})
    ]

    listed = client_with(flag).get(f"{WEB}{kind}/list", {"search": '{"code":"' + body["code"] + '"}'}).json()
    assert [row["name"] for row in listed["data"]] == [body["name"]]
    assert viewer.get(f"{WEB}{kind}/rule").json()["data"][0]["code"] == body["code"]

    with capture() as sent:
        updated = admin.put(f"{WEB}{kind}", {**body, **edit, "hash_id": hash_id}, format="json")
    assert updated.status_code == 200 and updated.json()["data"] == {**created.json()["data"], **edit}
    assert settings_events(sent) == [
        (f"settings.{kind}", "changed", {"action": "updated", "hash_id": hash_id})
    ]
    assert admin.get(f"{WEB}{kind}/detail/{hash_id}").json()["data"] == updated.json()["data"]

    duplicate = admin.post(f"{WEB}{kind}", {**body, "code": body["code"].lower()}, format="json")
    assert duplicate.status_code == 422 and duplicate.json()["errors"] == {"code": ["ID sudah digunakan"]}

    with capture() as sent:
        assert admin.delete(f"{WEB}{kind}/{hash_id}").status_code == 200
    assert settings_events(sent) == [
        (f"settings.{kind}", "changed", {"action": "deleted", "hash_id": hash_id})
    ]
    assert admin.get(f"{WEB}{kind}/detail/{hash_id}").status_code == 404


def test_leave_kind_validation_messages(admin: APIClient) -> None:
    special = admin.post(f"{WEB}cuti_khusus", {"jumlah_hari": "tiga"}, format="json").json()
    assert special["errors"] == {
        "name": ["Nama harus diisi"],
        "code": ["Kode harus diisi"],
        "jumlah_hari": ["Jumlah hari harus berupa angka 1-365"],
    }
    zero = admin.post(f"{WEB}cuti_khusus", {"name": "A", "code": "A", "jumlah_hari": 0}, format="json").json()
    assert zero["message"] == "Jumlah hari harus berupa angka 1-365"
    extra = admin.post(f"{WEB}cuti_tambahan", {"name": "", "code": ""}, format="json").json()
    assert extra["errors"] == {"name": ["Nama harus diisi"], "code": ["Kode harus diisi"]}


def test_special_leave_in_use_is_not_deleted(admin: APIClient) -> None:
    leave = SpecialLeave.objects.create(name="Menikah", code="NIKAH", jumlah_hari=3)
    izin = make_izin(make_employee(), "cuti_khusus", local_today())
    IzinRequest.objects.filter(pk=izin.pk).update(special_leave=leave)
    response = admin.delete(f"{WEB}cuti_khusus/{leave.hash_id}")
    assert response.status_code == 409
    assert (
        response.json()["message"]
        == "Cuti khusus tidak dapat dihapus karena sudah digunakan oleh 1 pengajuan izin."
    )
    assert SpecialLeave.objects.filter(pk=leave.pk).exists()


def test_system_trouble_excuses_the_missing_check_ins_of_its_day(admin: APIClient, capture: Any) -> None:
    today = local_today()
    day = today - timedelta(days=2)
    other_day = today - timedelta(days=1)
    employee = make_employee(pattern=make_pattern([make_shift()], starting_date=day))
    attendance_days_recompute_range(employee_ids=None, start=day, end=today)

    def keterangan(when: Any) -> str:
        return AttendanceDay.objects.get(employee=employee, date=when).keterangan

    assert keterangan(day) == Keterangan.MANGKIR
    with capture() as sent:
        created = admin.post(
            f"{WEB}system_trouble", {"date": day.isoformat(), "description": "Server mati"}, format="json"
        )
    assert created.status_code == 201, created.json()
    hash_id = created.json()["data"]["id"]
    assert keterangan(day) == Keterangan.GANGGUAN_SISTEM and keterangan(other_day) == Keterangan.MANGKIR
    assert settings_events(sent) == [
        ("settings.system_trouble", "changed", {"action": "created", "hash_id": hash_id})
    ]
    assert dashboard_hints(sent) == 1

    with capture() as sent:
        moved = admin.put(
            f"{WEB}system_trouble",
            {"hash_id": hash_id, "date": other_day.isoformat(), "description": "Server mati"},
            format="json",
        )
    assert moved.status_code == 200
    assert keterangan(day) == Keterangan.MANGKIR and keterangan(other_day) == Keterangan.GANGGUAN_SISTEM
    assert dashboard_hints(sent) == 1

    taken = admin.post(
        f"{WEB}system_trouble", {"date": other_day.isoformat(), "description": "Lagi"}, format="json"
    )
    assert taken.status_code == 422 and taken.json()["errors"] == {
        "date": ["Tanggal gangguan sistem sudah terdaftar"]
    }
    empty = admin.post(f"{WEB}system_trouble", {"date": "kemarin", "description": ""}, format="json").json()
    assert empty["errors"] == {
        "date": ["Format tanggal harus YYYY-MM-DD"],
        "description": ["Keterangan harus diisi"],
    }

    with capture() as sent:
        assert admin.delete(f"{WEB}system_trouble/{hash_id}").status_code == 200
    assert keterangan(other_day) == Keterangan.MANGKIR
    assert not SystemTrouble.objects.exists() and dashboard_hints(sent) == 1


def test_system_trouble_flags(viewer: APIClient, client_with: Callable[..., APIClient]) -> None:
    trouble = SystemTrouble.objects.create(date=local_today(), description="Gangguan")
    assert viewer.get(f"{WEB}system_trouble/list").status_code == 403
    reader = client_with("allow_system_trouble")
    assert reader.get(f"{WEB}system_trouble/list").json()["data"][0]["description"] == "Gangguan"
    assert reader.delete(f"{WEB}system_trouble/{trouble.hash_id}").status_code == 403
    remover = client_with("allow_system_trouble", "allow_system_trouble_delete")
    assert remover.delete(f"{WEB}system_trouble/{trouble.hash_id}").status_code == 200


def test_system_trouble_list_searches_one_date_and_names_a_bad_one(
    client_with: Callable[..., APIClient],
) -> None:
    day = local_today()
    SystemTrouble.objects.create(date=day, description="Gangguan server")
    SystemTrouble.objects.create(date=day - timedelta(days=1), description="Gangguan jaringan")
    reader = client_with("allow_system_trouble")
    found = reader.get(f"{WEB}system_trouble/list", {"search": json.dumps({"date": day.isoformat()})})
    assert [row["description"] for row in found.json()["data"]] == ["Gangguan server"]
    # Not a date: the search is named (the database's refusal of it was a bare 'data not valid').
    refused = reader.get(f"{WEB}system_trouble/list", {"search": json.dumps({"date": "05-03-2026"})})
    assert refused.status_code == 422
    assert refused.json()["errors"] == {"search": ["Format tanggal harus YYYY-MM-DD."]}
