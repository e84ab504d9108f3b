"""The queue that never looks empty when work waits (issue 44): `older_waiting` when the date range
holds nothing, the filter by risk factor, the global search on the reasons' texts and the sort by the
number of reasons (PostgreSQL and SQLite alike)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.attendance.reasons import FACTOR_CODES, RiskReasonsMatch, like_pattern
from server.attendance.risk import FACTORS
from server.attendance.tests.approval_builders import hash_ids, log_of, make_approver, placement, staff
from server.attendance.tests.factories import local
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/attendance_log/list"
FAR = {"code": "distance", "text": "Jarak 5,2 km dari Kantor Pusat (radius 200 m)"}
FACE = {"code": "face", "text": "Skor wajah 66 (ambang 75)"}
DEVICE = {"code": "new_device", "text": "Perangkat baru"}
# A text with LIKE's wildcards: they match themselves only.
ODD = {"code": "blacklist_app", "text": "Pernah mencoba dari aplikasi terlarang (Fake_GPS 100%) hari ini"}


@pytest.fixture
def world(make_user: Callable[..., User]) -> dict[str, Any]:
    today = timezone.localdate()
    office = placement(ManPowerType.OFFICE, "Kantor Pusat", latitude=-6.2, longitude=106.8)
    site = placement(ManPowerType.SITE, "Site Balikpapan", latitude=-1.27, longitude=116.83)
    ani = staff(office, "Ani Kantor")
    dodi = staff(office, "Dodi Kantor")
    sam = staff(site, "Sam Site")
    logs = {
        # Waiting on earlier days only (none today): what the empty "today" queue must point at.
        "ani_far": log_of(ani, local(today - timedelta(days=5), 7, 0), risk_reasons=[FAR], risk_score=25),
        "ani_face_out": log_of(
            ani,
            local(today - timedelta(days=9), 17, 0),
            log_type=LogType.CHECK_OUT,
            risk_reasons=[FAR, FACE],
            risk_score=55,
        ),
        "dodi_three": log_of(
            dodi, local(today - timedelta(days=2), 8, 0), risk_reasons=[FAR, FACE, DEVICE], risk_score=80
        ),
        "dodi_odd": log_of(dodi, local(today - timedelta(days=3), 8, 0), risk_reasons=[ODD], risk_score=35),
        "dodi_clean": log_of(dodi, local(today - timedelta(days=4), 8, 0)),
        # Another type (older still), and a decided log: neither counts for the office approver.
        "sam_far": log_of(sam, local(today - timedelta(days=20), 7, 0), risk_reasons=[FAR]),
        "ani_approved": log_of(
            ani, local(today - timedelta(days=30), 8, 0), status=LogStatus.APPROVED, risk_reasons=[FACE]
        ),
    }
    return {
        "today": today,
        "logs": logs,
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
    }


def queue(client: APIClient, **params: Any) -> dict[str, Any]:
    response = client.get(LIST, {"status": "waiting_approval", "per_page": 100, **params})
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


def today_range(world: dict[str, Any]) -> dict[str, str]:
    return {"start_date": world["today"].isoformat(), "end_date": world["today"].isoformat()}


def test_an_empty_date_range_says_how_many_wait_on_other_dates_and_since_when(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi = client_for(world["budi"])
    today = world["today"]
    body = queue(budi, **today_range(world))
    assert body["data"] == [] and body["recordsFiltered"] == 0
    # The office approver's five waiting logs (not the site's, not the decided one), oldest 9 days back.
    assert body["older_waiting"] == {"count": 5, "since": (today - timedelta(days=9)).isoformat()}
    # What the one click shows: every date, the same five.
    assert body["older_waiting"]["count"] == len(queue(budi)["data"]) == 5

    # The same other filters: check-outs are one, of 9 days back; a search narrows it too.
    out = queue(budi, **today_range(world), log_type="check_out")["older_waiting"]
    assert out == {"count": 1, "since": (today - timedelta(days=9)).isoformat()}
    dodi = queue(budi, **today_range(world), search=json.dumps({"employee_name": "dodi"}))["older_waiting"]
    assert dodi == {"count": 3, "since": (today - timedelta(days=4)).isoformat()}
    assert queue(budi, **today_range(world), factor="new_device")["older_waiting"]["count"] == 1
    # Nothing waits anywhere for these filters: null.
    assert queue(budi, **today_range(world), man_power_name="Tidak Ada")["older_waiting"] is None

    # A range that holds rows, or no date range at all: null (the table shows them).
    five_days_ago = (today - timedelta(days=5)).isoformat()
    found = queue(budi, start_date=five_days_ago, end_date=today.isoformat())
    assert found["recordsFiltered"] == 4 and found["older_waiting"] is None
    assert queue(budi)["older_waiting"] is None
    # The history answers without it.
    history = client_for(User.objects.get(pk=world["budi"].pk)).get(LIST, {"status": "approved"})
    assert "older_waiting" not in history.json()


def test_older_waiting_costs_one_query(world: dict[str, Any], client_for: Callable[..., APIClient]) -> None:
    budi = client_for(world["budi"])
    five_days_ago = (world["today"] - timedelta(days=5)).isoformat()

    def queries(**params: Any) -> list[str]:
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            queue(budi, **params)
        return [query["sql"] for query in captured]

    # A range with rows and the empty today differ by the aggregate alone (and not reading a page).
    with_rows = queries(start_date=five_days_ago, end_date=world["today"].isoformat())
    empty = queries(**today_range(world))
    aggregates = [sql for sql in empty if "MIN(" in sql.upper()]
    assert len(aggregates) == 1 and "COUNT(*)" in aggregates[0].upper()
    assert len(empty) <= len(with_rows) + 1


def test_the_factor_filter_keeps_the_rows_whose_reasons_name_it(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    logs = world["logs"]
    budi = client_for(world["budi"])

    def ids(**params: Any) -> list[str]:
        return sorted(hash_ids(queue(budi, **params)["data"]))

    assert ids(factor="face") == sorted([logs["ani_face_out"].hash_id, logs["dodi_three"].hash_id])
    assert ids(factor="distance") == sorted(
        [logs["ani_far"].hash_id, logs["ani_face_out"].hash_id, logs["dodi_three"].hash_id]
    )
    assert ids(factor="new_device", risk="") == [logs["dodi_three"].hash_id]
    assert ids(factor="travel") == []
    assert ids(factor="face", log_type="check_in") == [logs["dodi_three"].hash_id]

    bad = budi.get(LIST, {"status": "waiting_approval", "factor": "wajah"})
    assert bad.status_code == 422
    assert bad.json()["errors"]["factor"][0].startswith("Faktor risiko harus distance, gps_accuracy")
    # The codes the filter takes are the risk engine's.
    assert tuple(code for code, _ in FACTORS) == FACTOR_CODES


def test_a_stray_value_in_risk_reasons_matches_nothing_and_breaks_nothing(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    logs = world["logs"]
    AttendanceLog.objects.filter(pk=logs["dodi_clean"].pk).update(risk_reasons={"code": "face"})
    budi = client_for(world["budi"])
    assert logs["dodi_clean"].hash_id not in hash_ids(queue(budi, factor="face")["data"])
    assert queue(budi, global_search="face")["data"] == []
    assert len(queue(budi, order=json.dumps({"column": "reasons", "dir": "desc"}))["data"]) == 5


def test_the_global_search_finds_the_reasons_texts_in_the_queue_only(
    world: dict[str, Any], client_for: Callable[..., APIClient], admin_user: User
) -> None:
    logs = world["logs"]
    budi = client_for(world["budi"])

    def found(text: str, **params: Any) -> list[str]:
        return sorted(hash_ids(queue(budi, global_search=text, **params)["data"]))

    assert found("skor WAJAH") == sorted([logs["ani_face_out"].hash_id, logs["dodi_three"].hash_id])
    assert found("perangkat baru") == [logs["dodi_three"].hash_id]
    # Names and placements still match (and the reasons' "Kantor Pusat" too).
    assert found("dodi") == sorted(
        [logs["dodi_three"].hash_id, logs["dodi_odd"].hash_id, logs["dodi_clean"].hash_id]
    )
    # LIKE's wildcards and the JSON's keys match themselves only, never every row.
    assert found("100%") == [logs["dodi_odd"].hash_id]
    assert found("fake_gps") == [logs["dodi_odd"].hash_id]
    assert found("%") == [logs["dodi_odd"].hash_id]
    assert found("code") == [] and found('"text"') == []
    # The count says the same as the rows.
    assert queue(budi, global_search="skor wajah")["recordsFiltered"] == 2

    # The history's search does not read the reasons (a million decided logs).
    history = client_for(admin_user).get(LIST, {"status": "approved", "global_search": "skor wajah"})
    assert history.status_code == 200 and history.json()["data"] == []


def test_the_reasons_column_sorts_by_the_number_of_reasons(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi = client_for(world["budi"])
    names = {log.hash_id: key for key, log in world["logs"].items()}

    def order(direction: str) -> list[str]:
        rows = queue(budi, order=json.dumps({"column": "reasons", "dir": direction}))["data"]
        return [names[row["hash_id"]] for row in rows]

    descending = order("desc")
    assert descending[:2] == ["dodi_three", "ani_face_out"] and descending[-1] == "dodi_clean"
    ascending = order("asc")
    assert ascending[0] == "dodi_clean" and ascending[-2:] == ["ani_face_out", "dodi_three"]


def test_like_pattern_escapes_the_wildcards() -> None:
    assert like_pattern("50%_a\\b") == "%50\\%\\_a\\\\b%"
    with pytest.raises(ValueError):
        RiskReasonsMatch("level", "x")
