"""The lean answer of the detail family (`…/lean`, issue [5/7]): each log entry an array of numbers,
texts once in `labels`, totals as an array; decoded, it carries the same employees, rows and totals as
the v1 answer (doc3 §3 "Log entry", which keeps its shape); both come compressed to a client that
accepts gzip."""

from __future__ import annotations

import gzip
import json
from datetime import date, timedelta
from typing import Any

import pytest

from server.izin.models import IzinCode
from server.reports.tests.attendance.month_data import BASE, MARCH, PLACEMENT, WEEK, employees

pytestmark = pytest.mark.django_db

CLOCKS = {"check_in", "check_out"}
NUMBERS = {
    "check_in_distance",
    "check_out_distance",
    "total_late_in_minutes",
    "total_early_out_minutes",
    "total_lembur_in_minutes",
    "total_lembur_workday_in_minutes",
    "total_lembur_holiday_in_minutes",
    "total_actual_lembur_in_hours",
    "total_of_working_hours_in_minutes",
}


def decode(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The lean answer's employees with their log entries and totals as the v1 answer writes them (the
    lean columns only), read as the client reads them."""
    start = date.fromisoformat(data["start_date"])
    labels = data["labels"]
    out = []
    for employee in data["employees"]:
        log = []
        for values in employee["log"]:
            assert len(values) == len(data["columns"])
            entry: dict[str, Any] = {}
            for key, value in zip(data["columns"], values, strict=True):
                if key == "day":
                    entry[key] = (start + timedelta(days=value)).isoformat()
                elif key == "is_shift_off":
                    entry[key] = bool(value)
                elif key in CLOCKS:
                    entry[key] = "" if value is None else f"{value // 60:02d}:{value % 60:02d}"
                elif key in NUMBERS:
                    entry[key] = value
                else:
                    assert isinstance(value, int)
                    entry[key] = labels[value]
            log.append(entry)
        out.append(
            {
                **employee,
                "log": log,
                "total": dict(zip(data["total_columns"], employee["total"], strict=True)),
            }
        )
    return out


def shown(v1: dict[str, Any], columns: list[str]) -> list[dict[str, Any]]:
    """The v1 answer's employees with each log entry kept to `columns`."""
    return [
        {**employee, "log": [{key: entry[key] for key in columns} for entry in employee["log"]]}
        for employee in v1["employees"]
    ]


CASES = [
    ("", {**PLACEMENT, **WEEK}),
    ("", {**PLACEMENT, **MARCH}),
    ("", {**employees("C-3", "B-2", "A-1"), **MARCH}),
    ("", {**PLACEMENT, **WEEK, "category": "overtime"}),
    ("", {**PLACEMENT, **WEEK, "category": "permission"}),
    ("/lembur", {**PLACEMENT, **WEEK, "category": "all"}),
    ("/lembur", {**PLACEMENT, **WEEK, "category": "holiday"}),
    ("/late", {**PLACEMENT, **MARCH, "category": "all"}),
    ("/permission", {**PLACEMENT, **MARCH, "category": "all"}),
    ("/permission", {**PLACEMENT, **MARCH, "category": IzinCode.SAKIT}),
]


@pytest.mark.parametrize(("route", "params"), CASES)
def test_lean_answer_has_the_rows_and_totals_of_the_v1_answer(
    client: Any, month: Any, route: str, params: dict[str, str]
) -> None:
    v1 = client.get(f"{BASE}{route}", params).json()["data"]
    body = client.get(f"{BASE}{route}/lean", params).json()
    assert body["http_status"] == 200, body
    lean = body["data"]
    for key in ("kind", "category", "file_name", "start_date", "end_date"):
        assert lean[key] == v1[key]
    assert lean["columns"][:2] == ["is_shift_off", "day"]
    assert v1["employees"], "the case must have rows"
    assert decode(lean) == shown(v1, lean["columns"])


def test_lean_entry_shape(client: Any, month: Any) -> None:
    lean = client.get(f"{BASE}/lean", {**PLACEMENT, **WEEK}).json()["data"]
    assert lean["columns"] == [
        "is_shift_off", "day", "shift", "check_in", "check_in_location", "check_in_distance", "check_out",
        "check_out_location", "check_out_distance", "total_late_in_minutes", "total_early_out_minutes",
        "total_lembur_workday_in_minutes", "total_lembur_holiday_in_minutes", "total_actual_lembur_in_hours",
        "total_of_working_hours_in_minutes", "status", "keterangan", "note_check_in", "note_check_out",
        "man_power_type", "man_power_name", "man_power_team_name", "man_power_group_name",
    ]  # fmt: skip
    assert lean["total_columns"] == [
        "days", "total_late_in_minutes", "total_early_out_minutes", "total_lembur_in_minutes",
        "total_lembur_workday_in_minutes", "total_lembur_holiday_in_minutes", "total_actual_lembur_in_hours",
        "total_of_working_hours_in_minutes",
    ]  # fmt: skip
    labels = lean["labels"]
    assert labels[0] == "" and len(labels) == len(set(labels))
    ani = lean["employees"][0]
    assert (ani["employee_number_formatted"], ani["employee_name"], ani["job_title"]) == (
        "A-1",
        "Ani Lestari",
        "Staf",
    )
    first = ani["log"][0]
    # 2 March (day 1 after 1 March), 08:20 (500 minutes) and 17:00 (1020) in WIB, late 20, 460 worked.
    assert first[:4] == [0, 1, labels.index("Pagi"), 500]
    assert first[6] == 1020
    assert (first[9], first[14]) == (20, 460)
    # Every repeated text is sent once: the labels of Ani's placement, team and group.
    assert [labels[i] for i in first[-4:]] == ["office", "Kantor Pusat", "Tim A", "Grup 1"]
    assert all(entry[-3:] == first[-3:] for entry in ani["log"])
    assert ani["total"] == [6, 20, 30, 360, 120, 240, 5.5, 1750]
    assert not any(isinstance(value, str) for entry in ani["log"] for value in entry)


def test_lean_columns_follow_the_report(client: Any, month: Any) -> None:
    lean = client.get(f"{BASE}/permission/lean", {**PLACEMENT, **MARCH}).json()["data"]
    assert lean["columns"] == [
        "is_shift_off", "day", "permission_type", "permission_note", "approved",
        "man_power_type", "man_power_name", "man_power_team_name", "man_power_group_name",
    ]  # fmt: skip


def test_lean_answer_refuses_as_the_report_does(client: Any, month: Any) -> None:
    body = client.get(f"{BASE}/lean", {**WEEK}).json()
    assert (body["http_status"], body["message"]) == (422, "Lengkapi form terlebih dahulu!")
    body = client.get(f"{BASE}/lembur/lean", {**PLACEMENT, **WEEK, "category": "malam"}).json()
    assert (body["http_status"], body["message"]) == (422, "Kategori tidak valid.")


@pytest.mark.parametrize("route", ["", "/lean"])
def test_report_answers_are_compressed_for_a_client_that_accepts_gzip(
    client: Any, month: Any, route: str
) -> None:
    params = {**PLACEMENT, **MARCH}
    plain = client.get(f"{BASE}{route}", params)
    assert "Content-Encoding" not in plain
    packed = client.get(f"{BASE}{route}", params, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content)
    assert json.loads(gzip.decompress(packed.content)) == plain.json()


def test_lean_answer_is_smaller(client: Any, month: Any) -> None:
    params = {**PLACEMENT, **MARCH}
    assert len(client.get(f"{BASE}/lean", params).content) * 2 < len(client.get(BASE, params).content)
