"""doc1 §7 and doc3 §7.1 say `data.data` for employee/search, man_power and report/unattendance_employee.
DESIGN §4: "where the spec says `data.data` it means the body's `data`": these calls answer their list in
the body's `data`, in the envelope every call uses (README "Flag decisions", answer shapes)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from server.testing.clock import freeze
from server.testing.factories import local, make_employee, make_man_power

pytestmark = pytest.mark.django_db


def test_the_three_data_data_calls_answer_their_list_in_the_body_data(
    client_for: Any, make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, local(date(2026, 3, 20), 10))
    office = make_man_power(name="Kantor Pusat")
    make_employee(name="Ani Lestari", employee_number_formatted="A-1", man_power=office)
    client = client_for(make_user(flags=["allow_report", "allow_employee"]))
    calls = {
        "/api/web/v1/employee/search": {"filters": "Ani", "status": ""},
        "/api/web/v1/man_power": {"type": "office"},
        "/api/web/v1/report/unattendance_employee": {"start_date": "2026-03-01", "end_date": "2026-03-31"},
    }
    for path, params in calls.items():
        body = client.get(path, params).json()
        assert body["http_status"] == 200, (path, body)
        assert set(body) >= {"http_status", "message", "data"}
        assert isinstance(body["data"], list), path
    search = client.get("/api/web/v1/employee/search", calls["/api/web/v1/employee/search"]).json()["data"]
    assert search[0]["employee_number_formatted"] == "A-1"
    assert set(search[0]) >= {"hash_id", "employee_number_formatted", "name", "man_power_name"}
    names = client.get("/api/web/v1/man_power", {"type": "office"}).json()["data"]
    assert "Kantor Pusat" in [option.get("label", option.get("name")) for option in names]
