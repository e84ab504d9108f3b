"""The approval queue list, the log detail and the counts: per-type visibility, filters, the
two-month window, the list protocol whitelists and bounded queries."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import time, timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus, LogType, ServiceType
from server.attendance.selectors import (
    LOG_LIST_RELATED,
    attendance_queue_rows,
    latest_placement_today,
    months_before,
)
from server.attendance.tests.approval_builders import hash_ids, log_of, make_approver, placement, staff
from server.attendance.tests.factories import local, make_pattern, make_shift
from server.core.files import user_viewer
from server.realtime.publish import group_name, next_version
from server.workforce.models import ManPowerGroup, ManPowerTeam, ManPowerType

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/attendance_log/list"
DETAIL = "/api/web/v1/attendance_log/detail/"


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    today = timezone.localdate()
    office = placement(ManPowerType.OFFICE, "Kantor Pusat", latitude=-6.2, longitude=106.8)
    branch = placement(ManPowerType.OFFICE, "Kantor Cabang", latitude=-6.21, longitude=106.8)
    site = placement(ManPowerType.SITE, "Site Balikpapan", latitude=-1.27, longitude=116.83)
    team = ManPowerTeam.objects.create(man_power=office, name="Tim Keuangan")
    group = ManPowerGroup.objects.create(team=team, name="Grup Pajak")
    ani = staff(office, "Ani Kantor", man_power_team=team, man_power_group=group)
    bayu = staff(branch, "Bayu Cabang")
    sam = staff(site, "Sam Site")
    logs = {
        "ani_in": log_of(ani, local(today, 7, 0)),
        "ani_out_far": log_of(
            ani, local(today - timedelta(days=10), 17, 0), log_type=LogType.CHECK_OUT, is_valid_location=False
        ),
        "bayu_bad_face": log_of(
            bayu, local(today - timedelta(days=3), 8, 0), fr_is_match=False, fr_accuracy=Decimal("40")
        ),
        "sam_in": log_of(sam, local(today, 6, 0)),
        "ani_approved": log_of(ani, local(today - timedelta(days=1), 8, 0), status=LogStatus.APPROVED),
        "sam_rejected": log_of(sam, local(today - timedelta(days=2), 8, 0), status=LogStatus.REJECTED),
    }
    return {
        "today": today,
        "office": office,
        "branch": branch,
        "site": site,
        "ani": ani,
        "sam": sam,
        "logs": logs,
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
        "sinta": make_approver(make_user, "site", fullname="Sinta Site"),
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
    }


def queue(client: APIClient, **params: Any) -> Any:
    return client.get(LIST, {"status": "waiting_approval", **params})


def test_each_approver_sees_only_the_waiting_logs_of_their_types(
    world: dict[str, Any], client_for: Callable[..., APIClient], admin_user: User
) -> None:
    logs = world["logs"]
    office = queue(client_for(world["budi"])).json()
    assert hash_ids(office["data"]) == [
        logs["ani_in"].hash_id,
        logs["bayu_bad_face"].hash_id,
        logs["ani_out_far"].hash_id,
    ]
    assert office["recordsTotal"] == 3 and office["recordsFiltered"] == 3
    log = AttendanceLog.objects.select_related(*LOG_LIST_RELATED).get(pk=logs["ani_in"].pk)
    # The row the queue events carry, with photo URLs signed for the reader.
    assert office["data"][0] == attendance_queue_rows([log], viewer=user_viewer(world["budi"]))[0]
    assert office["data"][0]["suggested_man_power"] is None  # within the radius
    far = office["data"][2]
    # Out of radius: the nearest placement is suggested (here its own, the check-in is on its point).
    assert far["suggested_man_power"] == {
        "hash_id": world["office"].hash_id,
        "name": "Kantor Pusat",
        "type": "office",
        "distance_m": 0,
        "is_own": True,
    }

    site = queue(client_for(world["sinta"])).json()
    assert hash_ids(site["data"]) == [logs["sam_in"].hash_id]
    everything = queue(client_for(admin_user)).json()
    assert everything["recordsTotal"] == 4


def test_the_queue_needs_approval_rights_and_the_history_needs_reset(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Callable[..., User]
) -> None:
    hr = client_for(world["hr"])
    refused = queue(hr)
    assert refused.status_code == 403
    assert refused.json()["message"] == (
        "Anda tidak memiliki hak persetujuan absen untuk tipe man power mana pun."
    )
    budi = client_for(world["budi"])
    history = budi.get(LIST, {"status": "approved"})
    assert history.status_code == 403
    assert history.json()["message"] == "Anda tidak memiliki akses ke riwayat kehadiran."
    assert client_for(make_user()).get(LIST, {"status": "waiting_approval"}).status_code == 403

    rows = hr.get(LIST, {"status": ""}).json()["data"]
    assert sorted(hash_ids(rows)) == sorted(
        [world["logs"]["ani_approved"].hash_id, world["logs"]["sam_rejected"].hash_id]
    )
    assert hr.get(LIST, {"status": "anything"}).status_code == 422


def test_history_rows_carry_the_history_columns(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    pattern = make_pattern([make_shift(code="PAGI")])
    world["ani"].shift_pattern = pattern
    world["ani"].save()
    rows = client_for(world["hr"]).get(LIST, {"status": "approved"}).json()["data"]
    assert len(rows) == 1
    row = rows[0]
    assert row["hash_id"] == world["logs"]["ani_approved"].hash_id
    assert row["status"] == "approved" and row["decided_by_name"] == "sistem"
    assert row["shift_pattern_code"] == pattern.code
    assert row["man_power_type"] == "office" and row["man_power_name"] == "Kantor Pusat"
    assert row["is_valid_location"] == 1 and row["fr_is_match"] == 1 and row["service_type"] == "personal"


def test_the_date_window_is_two_months_back_up_to_today(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    today = world["today"]
    # The window ends at the latest placement today (WIT's, from 22:00 WIB on the next date).
    latest = latest_placement_today()
    first = months_before(latest, 2)
    budi = client_for(world["budi"])

    def dates(start: Any, end: Any) -> Any:
        return queue(budi, start_date=str(start), end_date=str(end))

    early = dates(first - timedelta(days=1), today)
    assert early.status_code == 422
    assert early.json()["message"] == f"Tanggal hanya dapat dipilih mulai {first:%d-%m-%Y}."
    future = dates(today, latest + timedelta(days=1))
    assert future.status_code == 422 and future.json()["message"] == "Tanggal tidak boleh melebihi hari ini."
    reversed_ = dates(today, today - timedelta(days=1))
    assert reversed_.json()["message"] == "Tanggal mulai tidak boleh setelah tanggal selesai."
    half = queue(budi, start_date=str(today))
    assert half.status_code == 422
    assert half.json()["message"] == "Tanggal mulai dan tanggal selesai harus diisi."
    assert dates("2025-13-01", today).json()["message"] == "Format tanggal harus YYYY-MM-DD."

    assert hash_ids(dates(today, today).json()["data"]) == [world["logs"]["ani_in"].hash_id]
    window = dates(first, today).json()
    assert window["recordsTotal"] == 3


def test_months_before_clamps_to_the_shorter_month() -> None:
    from datetime import date

    assert months_before(date(2026, 4, 30), 2) == date(2026, 2, 28)
    assert months_before(date(2026, 1, 15), 2) == date(2025, 11, 15)


def test_filters(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    logs = world["logs"]
    budi = client_for(world["budi"])

    def ids(**params: Any) -> list[str]:
        response = queue(budi, **params)
        assert response.status_code == 200, response.json()
        return sorted(hash_ids(response.json()["data"]))

    assert ids(log_type="check_out") == [logs["ani_out_far"].hash_id]
    assert ids(location="0") == [logs["ani_out_far"].hash_id]
    assert ids(face_recognition="0") == [logs["bayu_bad_face"].hash_id]
    assert ids(man_power_name="Kantor Cabang") == [logs["bayu_bad_face"].hash_id]
    assert ids(man_power=world["branch"].hash_id) == [logs["bayu_bad_face"].hash_id]
    assert ids(man_power_type="office", man_power_team_name="Tim Keuangan") == sorted(
        [logs["ani_in"].hash_id, logs["ani_out_far"].hash_id]
    )
    assert ids(man_power_group_name="Grup Pajak", log_type="check_in") == [logs["ani_in"].hash_id]
    # Filtering on a type the approver does not hold shows nothing rather than that type's logs.
    assert ids(man_power_type="site") == []

    bad = queue(budi, location="2")
    assert bad.status_code == 422 and bad.json()["message"] == "Nilai location harus 1 atau 0."
    assert queue(budi, log_type="break").json()["message"] == "Tipe log harus check_in atau check_out."
    assert queue(budi, man_power="xyz").status_code == 404


def test_search_order_and_global_search_are_whitelisted(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    logs = world["logs"]
    budi = client_for(world["budi"])
    by_name = queue(budi, order=json.dumps({"column": "employee_name", "dir": "desc"})).json()["data"]
    assert [row["employee_name"] for row in by_name] == ["Bayu Cabang", "Ani Kantor", "Ani Kantor"]

    searched = queue(budi, search=json.dumps({"employee_name": "bayu"})).json()
    assert hash_ids(searched["data"]) == [logs["bayu_bad_face"].hash_id]
    assert searched["recordsTotal"] == 3 and searched["recordsFiltered"] == 1
    day = (world["today"] - timedelta(days=10)).isoformat()
    assert hash_ids(queue(budi, search=json.dumps({"log_datetime": day})).json()["data"]) == [
        logs["ani_out_far"].hash_id
    ]
    assert hash_ids(queue(budi, global_search="cabang").json()["data"]) == [logs["bayu_bad_face"].hash_id]

    assert queue(budi, search=json.dumps({"photo": "x"})).status_code == 422
    assert queue(budi, order=json.dumps({"column": "latitude"})).status_code == 422
    assert queue(budi, search=json.dumps({"log_datetime": "kemarin"})).status_code == 422


def _queries(client: APIClient, params: dict[str, Any]) -> int:
    cache.clear()  # the counts are counted, not shared from the call before (see test_counts_are_shared...)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(LIST, {**params, "per_page": 100})
    assert response.status_code == 200
    return len(captured)


def test_list_queries_do_not_grow_with_the_rows(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    django_assert_max_num_queries: Any,
    admin_user: User,
) -> None:
    client = client_for(admin_user)
    few_queue = _queries(client, {"status": "waiting_approval"})
    few_history = _queries(client, {"status": ""})
    for n in range(30):
        employee = staff(world["office"], f"Tambahan {n}", shift_pattern=make_pattern([make_shift()]))
        log_of(employee)
        log_of(employee, status=LogStatus.MANUAL_APPROVED, decided_by=admin_user)
    assert _queries(client, {"status": "waiting_approval"}) == few_queue
    assert _queries(client, {"status": ""}) == few_history
    # 9: the deadline of the queue's overdue mark is read once (setting/approval_sla).
    with django_assert_max_num_queries(9):
        client.get(LIST, {"status": "waiting_approval", "per_page": 100, "global_search": "a"})


def test_a_searched_queue_adds_only_the_related_lookups(
    world: dict[str, Any], client_for: Callable[..., APIClient], admin_user: User
) -> None:
    """A search through the employee (and the placement) asks those tables first; the two counts
    are one statement, so a searched page costs the unsearched page plus one query per related table."""
    client = client_for(admin_user)
    # A page without an out-of-radius row (whose suggested placement is one more query).
    plain = _queries(client, {"status": "waiting_approval", "location": "1"})
    by_name = {"status": "waiting_approval", "search": json.dumps({"employee_name": "bayu"})}
    assert _queries(client, by_name) == plain + 1  # the employees named '%bayu%'
    assert _queries(client, {"status": "waiting_approval", "global_search": "bayu"}) == plain + 2
    searched = client.get(LIST, by_name).json()
    assert hash_ids(searched["data"]) == [world["logs"]["bayu_bad_face"].hash_id]
    assert (searched["recordsTotal"], searched["recordsFiltered"]) == (4, 1)


def test_detail_shows_everything_the_modal_needs(
    world: dict[str, Any], client_for: Callable[..., APIClient], django_assert_max_num_queries: Any
) -> None:
    shift = make_shift(code="PAGI", name="Pagi", time_in=time(8), time_out=time(17), late_in_minutes=5)
    pattern = make_pattern([shift], starting_date=world["today"] - timedelta(days=30))
    ani = world["ani"]
    ani.shift_pattern = pattern
    ani.save()
    lender = staff(world["site"], "Lina Pinjam")
    for n in range(7):
        placement(ManPowerType.POOL, f"Pool {n}", latitude=-6.2 + 0.015 * (n + 1), longitude=106.8)
    placement(ManPowerType.POOL, "Pool Tutup", latitude=-6.2, longitude=106.8001, is_active=False)
    log = log_of(
        ani,
        local(world["today"], 8, 20),
        latitude=-6.2,
        longitude=106.8,
        is_valid_location=False,
        distance=250.0,
        shift=shift,
        note="Macet",
        service_type=ServiceType.LEND,
        lend_employee=lender,
    )
    with django_assert_max_num_queries(8):
        response = client_for(world["budi"]).get(DETAIL + log.hash_id)
    assert response.status_code == 200
    data = response.json()["data"]
    assert data["hash_id"] == log.hash_id and data["man_power_type"] == "office"
    assert data["status"] == data["status_code"] == "waiting_approval"
    assert data["note"] == "Macet" and data["rejected_note"] == ""
    assert data["man_power_team_name"] == "Tim Keuangan" and data["man_power_group_name"] == "Grup Pajak"
    assert data["man_power_latitude"] == -6.2 and data["man_power_max_radius"] == 100
    assert data["is_valid_location"] == 0 and data["distance"] == 250.0
    assert data["log_date"] == world["today"].isoformat() and data["log_time"] == "08:20:00"
    assert data["shift_pattern_code"] == pattern.code and data["shift_time_in"] == "08:00:00"
    assert data["total_late_in_minutes"] == 20
    assert data["service_type"] == "lend" and data["lend_employee_name"] == "Lina Pinjam"
    assert data["lend_employee_man_power"] == "Site Balikpapan"
    near = data["near_man_power_list"]
    # Active placements, nearest first, at most ten: its own placement (the log is on its point) first.
    assert [item["name"] for item in near] == [
        "Kantor Pusat",
        "Kantor Cabang",
        *(f"Pool {n}" for n in range(7)),
        "Site Balikpapan",
    ]
    assert [item["is_own"] for item in near] == [True] + [False] * 9
    assert near[0]["distance_m"] == 0 and near[0]["hash_id"] == world["office"].hash_id
    assert 1100 < near[1]["distance_m"] < 1125 and near[1]["hash_id"] == world["branch"].hash_id
    assert (
        near[1]["man_power_name"] == "Kantor Cabang"
        and near[1]["type"] == near[1]["man_power_type"] == "office"
    )
    assert data["selectedManPower"] is None and data["near_man_power"] is None


def test_detail_for_history_users_and_404_for_others(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Callable[..., User]
) -> None:
    site_log = world["logs"]["sam_rejected"]
    assert client_for(world["hr"]).get(DETAIL + site_log.hash_id).status_code == 200
    assert client_for(world["sinta"]).get(DETAIL + site_log.hash_id).status_code == 200
    assert client_for(world["budi"]).get(DETAIL + site_log.hash_id).status_code == 404
    assert client_for(world["budi"]).get(DETAIL + "bukan-id").status_code == 404
    assert client_for(make_user()).get(DETAIL + site_log.hash_id).status_code == 403


def test_counts(
    world: dict[str, Any], client_for: Callable[..., APIClient], make_user: Callable[..., User]
) -> None:
    today = world["today"]
    params = {"month": today.month, "year": today.year}
    history = client_for(world["hr"]).get("/api/web/v1/attendance_log/count", params).json()["data"]
    in_month = AttendanceLog.objects.filter(
        log_datetime__year=today.year, log_datetime__month=today.month
    ).values_list("status", flat=True)
    assert history == {
        "approved": list(in_month).count("approved"),
        "manual_approval": 0,
        "rejected": list(in_month).count("rejected"),
    }
    assert client_for(world["budi"]).get("/api/web/v1/attendance_log/count", params).status_code == 403

    def waiting(user: User, **extra: Any) -> Any:
        return client_for(user).get("/api/web/v1/attendance_log/count_waiting_approval", {**params, **extra})

    office_waiting = AttendanceLog.objects.filter(
        status="waiting_approval",
        man_power_type="office",
        log_datetime__year=today.year,
        log_datetime__month=today.month,
    ).count()
    assert waiting(world["budi"]).json()["data"] == {"count": office_waiting}
    assert waiting(world["sinta"]).json()["data"] == {"count": 1}
    assert waiting(world["hr"]).status_code == 403
    bad = waiting(world["budi"], month=13)
    assert bad.status_code == 422 and bad.json()["message"] == "Bulan harus antara 1 dan 12."
    assert waiting(world["budi"], year="dua").json()["message"] == "Tahun harus antara 2000 dan 2100."


def test_man_power_options_follow_the_visible_types(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    placement(ManPowerType.OFFICE, "Kantor Lama", is_active=False)
    url = "/api/web/v1/attendance_log/man_power"
    office = client_for(world["budi"]).get(url).json()["data"]
    assert [row["value"] for row in office] == ["Kantor Cabang", "Kantor Pusat"]
    assert office[0] == {
        "hash_id": world["branch"].hash_id,
        "value": "Kantor Cabang",
        "label": "Kantor Cabang",
        "type": "office",
    }
    everything = client_for(world["hr"]).get(url).json()["data"]
    assert {row["type"] for row in everything} == {"office", "site"}
    assert [row["value"] for row in client_for(world["hr"]).get(url, {"type": "site"}).json()["data"]] == [
        "Site Balikpapan"
    ]
    assert client_for(world["hr"]).get(url, {"type": "kapal"}).status_code == 422


@pytest.mark.parametrize("direction", ["asc", "desc"])
def test_sorting_by_placement_name_walks_the_placements_in_the_order_a_join_would(
    world: dict[str, Any],
    client_for: Callable[..., APIClient],
    make_user: Callable[..., User],
    direction: str,
) -> None:
    """The placement-name sort reads the list placement by placement (no join and sort of every log):
    every page equals ORDER BY placement name, id, logs without a placement at the end (first when
    descending), two placements of one name interleaved by id."""
    twin = placement(ManPowerType.POOL, "Kantor Cabang", latitude=-6.3, longitude=106.9)
    yani = staff(twin, "Yani Kembar")
    today = world["today"]
    for hour in range(6, 18):
        for person in (world["ani"], world["sam"], yani):
            log_of(person, local(today - timedelta(days=hour % 5), hour, 0))
    orphan = log_of(world["ani"], local(today, 5, 0))
    AttendanceLog.objects.filter(pk=orphan.pk).update(man_power=None)
    waiting = AttendanceLog.objects.filter(
        status=LogStatus.WAITING_APPROVAL, man_power_type__in=["office", "pool"]
    )
    names = {
        log.pk: log.man_power.name if log.man_power else None for log in waiting.select_related("man_power")
    }

    def key(pk: int) -> tuple[bool, str, int]:
        return (names[pk] is None, names[pk] or "", pk)

    expected = sorted(names, key=key, reverse=direction == "desc")
    client = client_for(make_approver(make_user, "office", "pool", fullname="Putri Dua Tipe"))
    shown: list[str] = []
    for page in range(1, 6):
        body = queue(
            client, order=json.dumps({"column": "man_power_name", "dir": direction}), page=page
        ).json()
        shown += [row["hash_id"] for row in body["data"]]
    assert body["recordsTotal"] == len(expected) and 20 < len(expected) <= 50
    assert shown == [AttendanceLog.objects.get(pk=pk).hash_id for pk in expected]


def test_counts_are_shared_until_a_write_publishes(
    world: dict[str, Any], client_for: Callable[..., APIClient], admin_user: User
) -> None:
    """The lists of logs count once per version of the groups their writes publish on."""
    client = client_for(admin_user)

    def totals(**params: Any) -> tuple[int, int, int]:
        body = client.get(LIST, {"status": "waiting_approval", **params}).json()
        return body["recordsTotal"], body["recordsFiltered"], len(body["data"])

    total, filtered, rows = totals()
    employee = staff(world["office"], "Budi Tambahan", shift_pattern=make_pattern([make_shift()]))
    log_of(employee)  # written behind the service's back: nothing published
    assert totals() == (total, filtered, rows + 1)  # the rows are read; the counts are shared
    searched = totals(global_search="Budi Tambahan")
    assert searched[2] == 1  # another query: counted on its own
    next_version(group_name("approval.attendance", "office"))  # what the check-in's publish does
    assert totals() == (total + 1, filtered + 1, rows + 1)
    log_of(employee)
    next_version(group_name("dashboard"))
    assert totals()[0] == total + 2
