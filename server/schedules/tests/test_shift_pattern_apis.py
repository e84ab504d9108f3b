"""Shift pattern (Pola Kerja) endpoints (doc3 §7.2): the cycle limit, content order, deletes that
would orphan employees, and a pattern edit reaching only its own employees' attendance days."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.days import attendance_days_recompute_range
from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tests.factories import make_employee, make_off_shift, make_pattern, make_shift
from server.core.clock import local_today
from server.jobs.models import Job, JobStatus
from server.schedules.models import ShiftPattern
from server.schedules.services import recompute
from server.schedules.tests.conftest import WEB, dashboard_hints, settings_events

pytestmark = pytest.mark.django_db

PATTERN = {
    "hash_id": "",
    "name": "Kantor Senin-Jumat",
    "type": "fix",
    "starting_date": "2026-01-05",
    "day_circle_number": 3,
}


def contents(client: APIClient, pattern_id: str) -> list[tuple[int, str]]:
    rows = client.get(f"{WEB}shift_pattern/content/{pattern_id}").json()["data"]
    return [(row["day_number"], row["setting_shift_code"]) for row in rows]


def test_create_then_fill_the_cycle_up_to_its_length(admin: APIClient, capture: Any) -> None:
    with capture() as sent:
        created = admin.post(f"{WEB}shift_pattern", PATTERN, format="json")
    assert created.status_code == 201, created.json()
    pattern = created.json()["data"]
    assert pattern["code"] == "PK001" and pattern["day_circle_number"] == 3 and pattern["content_total"] == 0
    assert settings_events(sent) == [
        ("settings.shift_pattern", "changed", {"action": "created", "hash_id": pattern["id"]})
    ]

    shifts = [make_shift(code="A"), make_shift(code="B"), make_shift(code="C")]
    for n, shift in enumerate(shifts, start=1):
        added = admin.post(
            f"{WEB}shift_pattern/content/",
            {"shift_pattern_hash_id": pattern["id"], "shift_hash_id": shift.hash_id},
            format="json",
        )
        assert added.status_code == 201
        assert added.json()["message"] == f"Jam kerja baru telah ditambahkan. Total data: {n}"
    full = admin.post(
        f"{WEB}shift_pattern/content/",
        {"shift_pattern_hash_id": pattern["id"], "shift_hash_id": shifts[0].hash_id},
        format="json",
    )
    assert (
        full.status_code == 422
        and full.json()["message"] == "Data jam kerja telah memenuhi batas siklus hari."
    )
    assert contents(admin, pattern["id"]) == [(1, "A"), (2, "B"), (3, "C")]
    row = admin.get(f"{WEB}shift_pattern/content/{pattern['id']}").json()["data"][0]
    assert row["setting_shift_type"] == "working_shift" and row["setting_shift_check_in_start"] == "06:00:00"


def test_move_and_delete_keep_the_cycle_a_list(admin: APIClient, capture: Any) -> None:
    pattern = make_pattern([make_shift(code="A"), make_shift(code="B"), make_shift(code="C")])
    rows = admin.get(f"{WEB}shift_pattern/content/{pattern.hash_id}").json()["data"]
    first, second, third = (row["id"] for row in rows)

    with capture() as sent:
        moved = admin.put(f"{WEB}shift_pattern/content_set_order_down/{first}")
    assert moved.status_code == 200
    assert [(r["day_number"], r["setting_shift_code"]) for r in moved.json()["data"]] == [
        (1, "B"),
        (2, "A"),
        (3, "C"),
    ]
    assert settings_events(sent) == [
        ("settings.shift_pattern", "changed", {"action": "updated", "hash_id": pattern.hash_id})
    ]
    assert admin.put(f"{WEB}shift_pattern/content_set_order_up/{third}").status_code == 200
    assert contents(admin, pattern.hash_id) == [(1, "B"), (2, "C"), (3, "A")]

    top = admin.put(f"{WEB}shift_pattern/content_set_order_up/{second}")
    assert top.status_code == 422 and top.json()["message"] == "Jam kerja sudah berada di urutan pertama."
    bottom = admin.put(f"{WEB}shift_pattern/content_set_order_down/{first}")
    assert (
        bottom.status_code == 422
        and bottom.json()["message"] == "Jam kerja sudah berada di urutan terakhir siklus."
    )

    assert admin.delete(f"{WEB}shift_pattern/content/{second}").status_code == 200
    assert contents(admin, pattern.hash_id) == [(1, "C"), (2, "A")]
    assert admin.delete(f"{WEB}shift_pattern/content/{second}").status_code == 404


def test_cycle_shorter_than_the_content_is_refused(admin: APIClient) -> None:
    pattern = make_pattern([make_shift(), make_shift(), make_shift()])
    body = {**PATTERN, "hash_id": pattern.hash_id, "day_circle_number": 2}
    response = admin.put(f"{WEB}shift_pattern", body, format="json")
    assert response.status_code == 422
    assert response.json()["message"] == "Siklus hari tidak sesuai dengan total data jam kerja."
    pattern.refresh_from_db()
    assert pattern.day_circle_number == 3


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {},
            {
                "name": ["Nama harus diisi"],
                "starting_date": ["Tanggal harus diisi"],
                "day_circle_number": ["Siklus hari harus diisi"],
            },
        ),
        (
            {**PATTERN, "day_circle_number": "7.5"},
            {"day_circle_number": ["Siklus hari harus berupa angka 1-366"]},
        ),
        (
            {**PATTERN, "day_circle_number": "1e3"},
            {"day_circle_number": ["Siklus hari harus berupa angka 1-366"]},
        ),
        (
            {**PATTERN, "day_circle_number": 0},
            {"day_circle_number": ["Siklus hari harus berupa angka 1-366"]},
        ),
        ({**PATTERN, "starting_date": "05-01-2026"}, {"starting_date": ["Format tanggal harus YYYY-MM-DD"]}),
    ],
)
def test_validation(admin: APIClient, body: dict[str, Any], errors: dict[str, list[str]]) -> None:
    response = admin.post(f"{WEB}shift_pattern", body, format="json")
    assert response.status_code == 422 and response.json()["errors"] == errors


def test_a_pattern_with_employees_is_not_deleted(admin: APIClient, capture: Any) -> None:
    pattern = make_pattern([make_shift()])
    make_employee(pattern=pattern)
    make_employee(pattern=pattern)
    response = admin.delete(f"{WEB}shift_pattern/{pattern.hash_id}")
    assert response.status_code == 409
    assert (
        response.json()["message"] == "Pola kerja tidak dapat dihapus karena masih digunakan oleh 2 karyawan."
    )
    empty = make_pattern([make_shift()])
    with capture() as sent:
        assert admin.delete(f"{WEB}shift_pattern/{empty.hash_id}").status_code == 200
    assert settings_events(sent) == [
        ("settings.shift_pattern", "changed", {"action": "deleted", "hash_id": empty.hash_id})
    ]
    assert not ShiftPattern.objects.filter(pk=empty.pk).exists()


def test_flags(viewer: APIClient, client_with: Callable[..., APIClient]) -> None:
    pattern = make_pattern([make_shift()])
    shift = make_shift()
    assert viewer.get(f"{WEB}shift_pattern/list").status_code == 403
    assert client_with("allow_setting_shift").get(f"{WEB}shift_pattern/list").status_code == 403
    reader = client_with("allow_setting_shift_pattern")
    assert reader.get(f"{WEB}shift_pattern/list").json()["data"][0]["code"] == pattern.code
    add = {"shift_pattern_hash_id": pattern.hash_id, "shift_hash_id": shift.hash_id}
    assert reader.post(f"{WEB}shift_pattern/content/", add, format="json").status_code == 403
    assert reader.post(f"{WEB}shift_pattern", PATTERN, format="json").status_code == 403
    # A new pattern is filled right after it is saved: the create flag also edits the cycle.
    creator = client_with("allow_setting_shift_pattern", "allow_setting_shift_pattern_create")
    assert (
        creator.post(f"{WEB}shift_pattern/content/", {**add}, format="json").status_code == 422
    )  # full (1 of 1)
    assert creator.delete(f"{WEB}shift_pattern/{pattern.hash_id}").status_code == 403


def test_a_pattern_edit_changes_the_working_days_of_its_employees_only(
    admin: APIClient, capture: Any
) -> None:
    today = local_today()
    start = today - timedelta(days=5)
    office, off = make_shift(), make_off_shift()
    edited = make_pattern([office, office], starting_date=start)
    untouched = make_pattern([office, office], starting_date=start)
    mine, theirs = make_employee(pattern=edited), make_employee(pattern=untouched)
    attendance_days_recompute_range(employee_ids=None, start=start, end=today)

    def working(employee: Any) -> list[bool]:
        rows = AttendanceDay.objects.filter(employee=employee, date__range=(start, today)).order_by("date")
        return [row.is_working_day for row in rows]

    assert working(mine) == working(theirs) == [True] * 6
    rows = admin.get(f"{WEB}shift_pattern/content/{edited.hash_id}").json()["data"]
    assert admin.delete(f"{WEB}shift_pattern/content/{rows[1]['id']}").status_code == 200
    with capture() as sent:
        added = admin.post(
            f"{WEB}shift_pattern/content/",
            {"shift_pattern_hash_id": edited.hash_id, "shift_hash_id": off.hash_id},
            format="json",
        )
    assert added.status_code == 201
    assert working(mine) == [True, False] * 3  # day 2 of the cycle is now off, also on past days
    assert (
        AttendanceDay.objects.get(employee=mine, date=start + timedelta(days=1)).keterangan
        == Keterangan.LIBUR
    )
    assert working(theirs) == [True] * 6
    assert dashboard_hints(sent) == 1

    with capture() as sent:
        moved = admin.put(
            f"{WEB}shift_pattern",
            {
                **PATTERN,
                "hash_id": edited.hash_id,
                "starting_date": (start + timedelta(days=1)).isoformat(),
                "day_circle_number": 2,
            },
            format="json",
        )
    assert moved.status_code == 200
    assert working(mine) == [False, True] * 3  # the cycle starts a day later: every day flips
    assert working(theirs) == [True] * 6 and dashboard_hints(sent) == 1


def test_a_big_change_is_recomputed_by_a_job_after_commit(
    admin: APIClient, capture: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recompute, "RECOMPUTE_INLINE_LIMIT", 0)
    monkeypatch.setattr("server.schedules.jobs.PATTERN_WINDOW_DAYS", 1)
    today = local_today()
    start = today - timedelta(days=2)
    pattern = make_pattern([make_shift()], starting_date=start)
    employee = make_employee(pattern=pattern)
    attendance_days_recompute_range(employee_ids=None, start=start, end=today)
    rows = admin.get(f"{WEB}shift_pattern/content/{pattern.hash_id}").json()["data"]
    with capture() as sent:
        assert admin.delete(f"{WEB}shift_pattern/content/{rows[0]['id']}").status_code == 200
    # The job (eager in tests) ran once the delete committed, one batch per day, then hinted the dashboard.
    assert set(AttendanceDay.objects.filter(employee=employee).values_list("is_working_day", flat=True)) == {
        False
    }
    job = Job.objects.get(kind="schedules.recompute")
    assert job.status == JobStatus.SUCCEEDED and (job.processed, job.total) == (3, 3)
    assert job.params == {"dates": [], "pattern_ids": [pattern.pk]}
    progress = [
        data for topic, kind, data, scope in sent if topic == "jobs" and scope == "schedules.recompute"
    ]
    assert progress[0]["status"] == "queued" and progress[-1]["status"] == "succeeded"
    assert dashboard_hints(sent) == 1
