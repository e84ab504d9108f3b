"""Izin approval in the back office: who sees which request, the list/detail/count/type endpoints,
approve and reject with their ledger entries, days and events, the 409, and the live topic."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, time, timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tests.factories import izin_type, make_employee, make_pattern, make_shift
from server.izin import services
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.izin.selectors import IZIN_ROW_RELATED
from server.izin.serializers import izin_list_row
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.mobile.tests.helpers import captured_events
from server.realtime.tests.conftest import new_session, receive, socket, subscribe
from server.testing.events import audit_event
from server.testing.files import signed_file

BASE = "/api/web/v1/permission/"
MONDAY = date(2025, 3, 10)
WEEK_START = date(2025, 1, 6)


def build_world(make_user: Callable[..., User]) -> dict[str, Any]:
    for code in IzinCode.values:
        izin_type(code)
    pattern = make_pattern([make_shift(time_in=time(8), time_out=time(17))] * 5 + [None, None], WEEK_START)
    boss = make_employee(name="Bu Atasan")
    other_boss = make_employee(name="Pak Lain")
    andi = make_employee(name="Andi", supervisor=boss, shift_pattern=pattern, cuti_saldo=12)
    rudi = make_employee(name="Rudi", supervisor=other_boss, shift_pattern=pattern)
    boss_login = make_user(fullname="Bu Atasan (login)")
    boss_login.employee = boss
    boss_login.save()
    other_login = make_user(fullname="Pak Lain (login)")
    other_login.employee = other_boss
    other_login.save()

    def request(employee: Any, code: str, start: date, days: int = 1, **kw: Any) -> IzinRequest:
        return IzinRequest.objects.create(
            employee=employee,
            izin_type=izin_type(code),
            start_date=start,
            end_date=start + timedelta(days=days - 1),
            total_days=days,
            description=kw.pop("description", "Keperluan keluarga"),
            approver=employee.supervisor,
            **kw,
        )

    return {
        "andi": andi,
        "rudi": rudi,
        "boss": boss,
        "boss_login": boss_login,
        "other_login": other_login,
        "hr": make_user(flags=["allow_permission"], fullname="Hana HR"),
        "stranger": make_user(fullname="Orang Lain"),
        "cuti": request(andi, IzinCode.CUTI, MONDAY, 5, attachment="permission/2025/03/surat.pdf"),
        "sakit": request(rudi, IzinCode.SAKIT, MONDAY + timedelta(days=1)),
        "request": request,
    }


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    return build_world(make_user)


def patch(client: APIClient, action: str, body: dict[str, Any]) -> Any:
    return client.patch(BASE + action, body, format="json")


def row_of(izin: IzinRequest) -> dict[str, Any]:
    return izin_list_row(IzinRequest.objects.select_related(*IZIN_ROW_RELATED).get(pk=izin.pk))


@pytest.mark.django_db
def test_who_sees_which_requests(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    everything = client_for(world["hr"]).get(BASE + "list").json()
    assert everything["recordsTotal"] == 2
    mine = client_for(world["boss_login"]).get(BASE + "list").json()
    assert mine["data"] == [row_of(world["cuti"])]
    refused = client_for(world["stranger"]).get(BASE + "list")
    assert refused.status_code == 403
    assert refused.json()["message"] == "Anda tidak memiliki akses ke persetujuan izin."

    assert client_for(world["boss_login"]).get(BASE + "detail/" + world["sakit"].hash_id).status_code == 404
    assert client_for(world["stranger"]).get(BASE + "detail/" + world["cuti"].hash_id).status_code == 403
    boss = client_for(world["boss_login"])
    assert patch(boss, "approve", {"id": world["sakit"].hash_id}).status_code == 404


@pytest.mark.django_db
def test_list_year_search_and_order(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    world["request"](world["andi"], IzinCode.SAKIT, date(2024, 12, 30), 3)  # spans two years
    world["request"](world["andi"], IzinCode.IZIN, date(2023, 5, 2))
    hr = client_for(world["hr"])

    def names(**params: Any) -> list[tuple[str, str]]:
        response = hr.get(BASE + "list", params)
        assert response.status_code == 200, response.json()
        return [(row["name"], row["label"]) for row in response.json()["data"]]

    assert len(names(year=2025)) == 3 and len(names(year=2024)) == 1 and names(year=2022) == []
    assert names(year=2025, search=json.dumps({"name": "rud"})) == [("Rudi", "Sakit")]
    assert names(year=2025, search=json.dumps({"status": "waiting_approval", "izin_type": "cuti"})) == [
        ("Andi", "Cuti")
    ]
    assert names(year=2025, order=json.dumps({"column": "name", "dir": "desc"}))[0][0] == "Rudi"
    assert names(global_search="izin") == [("Andi", "Izin")]
    assert hr.get(BASE + "list", {"year": "abc"}).json()["message"] == "Tahun harus antara 2000 dan 2100."
    assert hr.get(BASE + "list", {"order": json.dumps({"column": "description"})}).status_code == 422


@pytest.mark.django_db
def test_detail_with_the_last_five_requests(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    older = [world["request"](world["andi"], IzinCode.SAKIT, date(2024, 1, 1 + n)) for n in range(6)]
    world["andi"].cuti_saldo, world["andi"].cuti_hutang = 0, 2
    world["andi"].save(update_fields=["cuti_saldo", "cuti_hutang"])
    response = client_for(world["boss_login"]).get(BASE + "detail/" + world["cuti"].hash_id)
    assert response.status_code == 200
    data = response.json()["data"]
    assert data["status"] == "waiting_approval" and data["approval_user_name"] == "Bu Atasan"
    assert data["employee_id"] == world["andi"].employee_number_formatted and data["name"] == "Andi"
    assert data["permission_type_name"] == "Cuti" and data["total_days"] == 5
    assert data["date_formatted"] == "10 Maret 2025 - 14 Maret 2025"
    assert data["description"] == "Keperluan keluarga"
    attachment = signed_file(data["attachment"])
    assert (attachment.path, attachment.viewer) == (
        "permission/2025/03/surat.pdf",
        f"user:{world['boss_login'].pk}",
    )
    assert data["attachment_name"] == "surat.pdf"
    assert data["keterangan"] == ""
    # The employee's remaining leave, for the approver (issue 28).
    assert (data["cuti_saldo"], data["cuti_hutang"]) == (0, 2)
    recent = data["recent_permission"]
    assert [item["id"] for item in recent] == [izin.hash_id for izin in reversed(older[1:])]
    assert recent[0] == {
        "id": older[5].hash_id,
        "hash_id": older[5].hash_id,
        "label": "Sakit",
        "date_formatted": "6 Januari 2024",
        "status": "waiting_approval",
    }


@pytest.mark.django_db
def test_waiting_count_and_types(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    today = timezone.localdate()
    params = {"month": today.month, "year": today.year}
    assert client_for(world["hr"]).get(BASE + "count", params).json()["data"] == {"count": 2}
    assert client_for(world["boss_login"]).get(BASE + "count", params).json()["data"] == {"count": 1}
    last_year = {"month": today.month, "year": today.year - 1}
    assert client_for(world["hr"]).get(BASE + "count", last_year).json()["data"] == {"count": 0}
    assert client_for(world["stranger"]).get(BASE + "count", params).status_code == 403
    assert client_for(world["hr"]).get(BASE + "count", {"month": 0}).status_code == 422

    types = client_for(world["stranger"]).get(BASE + "type_list").json()["data"]
    assert {t["code"] for t in types} == set(IzinCode.values)
    cuti = next(t for t in types if t["code"] == "cuti")
    assert cuti["deducts_leave"] is True and cuti["name"] == "Cuti"


@pytest.mark.django_db
def test_approving_cuti_books_the_leave_marks_the_days_and_tells_both_queues(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    izin = world["cuti"]
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(client_for(world["boss_login"]), "approve", {"id": izin.hash_id, "note": "Selamat"})
    assert response.status_code == 200, response.json()
    assert response.json()["message"] == "Izin berhasil disetujui."
    assert response.json()["data"] == {
        "hash_id": izin.hash_id,
        "status": "approved",
        "decided_by_name": "Bu Atasan (login)",
        "keterangan": "Selamat",
    }
    izin.refresh_from_db()
    assert izin.status == IzinStatus.APPROVED and izin.decided_by == world["boss_login"]
    assert izin.decided_at is not None and izin.decision_note == "Selamat"

    entry = LeaveLedgerEntry.objects.get(employee=world["andi"])
    assert entry.reason == LeaveReason.IZIN and entry.saldo_change == -5 and entry.saldo_after == 7
    world["andi"].refresh_from_db()
    assert world["andi"].cuti_saldo == 7 and world["andi"].cuti_terpakai == 5
    days = AttendanceDay.objects.filter(employee=world["andi"], date__range=(MONDAY, MONDAY + timedelta(4)))
    assert [d.keterangan for d in days.order_by("date")] == [Keterangan.CUTI] * 5

    decided = {
        "hash_id": izin.hash_id,
        "status": "approved",
        "decided_by_name": "Bu Atasan (login)",
        "row": row_of(izin),
    }
    assert events == [
        audit_event(("izin", izin.hash_id)),
        ("approval.izin", "decided", {**decided, "waiting": 1}, None),
        ("approval.izin", "decided", {**decided, "waiting": 0}, f"user-{world['boss_login'].pk}"),
        ("dashboard", "changed", {"reason": "izin"}, None),
    ]


@pytest.mark.django_db
def test_reject_needs_a_note_and_books_nothing(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    izin = world["cuti"]
    hr = client_for(world["hr"])
    for body in ({"id": izin.hash_id}, {"id": izin.hash_id, "note": " "}):
        response = patch(hr, "reject", body)
        assert response.status_code == 422 and response.json()["message"] == "Catatan penolakan harus diisi."
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = patch(hr, "reject", {"id": izin.hash_id, "note": "Sedang audit"})
    assert response.status_code == 200 and response.json()["message"] == "Izin berhasil ditolak."
    row = row_of(izin)
    decided = {"hash_id": izin.hash_id, "status": "rejected", "decided_by_name": "Hana HR", "row": row}
    assert events == [
        audit_event(("izin", izin.hash_id)),
        ("approval.izin", "decided", {**decided, "waiting": 1}, None),
        ("approval.izin", "decided", {**decided, "waiting": 0}, f"user-{world['boss_login'].pk}"),
        ("dashboard", "changed", {"reason": "izin"}, None),
    ]
    izin.refresh_from_db()
    assert izin.status == IzinStatus.REJECTED and izin.decision_note == "Sedang audit"
    assert not LeaveLedgerEntry.objects.exists()
    days = AttendanceDay.objects.filter(employee=world["andi"], date__range=(MONDAY, MONDAY + timedelta(4)))
    assert days.count() == 5 and not days.filter(keterangan=Keterangan.CUTI).exists()


@pytest.mark.django_db
def test_second_decision_is_409_with_the_current_state(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    izin = world["cuti"]
    assert patch(client_for(world["hr"]), "reject", {"id": izin.hash_id, "note": "Tidak"}).status_code == 200
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        late = patch(client_for(world["boss_login"]), "approve", {"id": izin.hash_id})
    assert late.status_code == 409
    assert late.json()["message"] == "Data sudah diproses oleh Hana HR."
    assert late.json()["data"] == {
        "hash_id": izin.hash_id,
        "status": "rejected",
        "decided_by_name": "Hana HR",
        "keterangan": "Tidak",
    }
    assert events == []
    assert not LeaveLedgerEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_the_live_izin_queue_reaches_only_those_who_may_decide(make_user: Callable[..., User]) -> None:
    world = await database_sync_to_async(build_world)(make_user)
    tickets = {
        name: (await new_session(world[name]))[2] for name in ("hr", "boss_login", "other_login", "stranger")
    }
    async with (
        socket(tickets["hr"]) as hr,
        socket(tickets["boss_login"]) as boss,
        socket(tickets["other_login"]) as other,
        socket(tickets["stranger"]) as stranger,
    ):
        assert (await subscribe(hr, "approval.izin"))["snapshot"] == {"waiting": 2}
        assert (await subscribe(boss, "approval.izin"))["snapshot"] == {"waiting": 1}
        assert (await subscribe(other, "approval.izin"))["snapshot"] == {"waiting": 1}
        assert (await subscribe(stranger, "approval.izin"))["snapshot"] == {"waiting": 0}

        await database_sync_to_async(services.izin_request_approve)(izin=world["cuti"], user=world["hr"])
        seen_by_hr = await receive(hr)
        assert seen_by_hr["type"] == "decided" and seen_by_hr["data"]["waiting"] == 1
        assert seen_by_hr["data"]["hash_id"] == world["cuti"].hash_id
        seen_by_boss = await receive(boss)
        assert seen_by_boss["data"]["waiting"] == 0 and seen_by_boss["data"]["row"]["status"] == "approved"
        assert await other.receive_nothing(timeout=0.5)
        assert await stranger.receive_nothing(timeout=0.1)


@pytest.mark.django_db
def test_list_queries_do_not_grow_with_the_rows(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    hr = client_for(world["hr"])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert hr.get(BASE + "list", {"per_page": 100}).status_code == 200
        return len(captured)

    before = queries()
    for n in range(25):
        world["request"](world["rudi"], IzinCode.IZIN, date(2024, 2, 1) + timedelta(days=n))
    assert queries() == before <= 8
