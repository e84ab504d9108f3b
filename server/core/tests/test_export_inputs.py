"""Every export answers a 4xx envelope on missing or bad parameters, never a 5xx (issue 39, finding 9).

`GET /api/web/v1/audit/export` without parameters answered 500 (schemathesis, admin): its default
xlsx met an audit entry of a write whose text held a control character (a name typed with \\x01),
which openpyxl refuses in a worksheet. So the world here holds such text in an audit entry, an
employee and a wall display, and every export route (the URL patterns, checked against the OpenAPI
schema) is called as the admin with no parameters, with each declared parameter given bad values
(alone, and beside valid dates), and with every parameter bad at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator

from server.core.routes import api_views, view_methods
from server.core.spreadsheets import xlsx_file
from server.testing.factories import make_employee, make_man_power
from server.testing.spreadsheets import downloaded, xlsx_cells

pytestmark = pytest.mark.django_db

CONTROL = "Lobi\x01kontrol\x1f"
VALID = {
    "start_date": "2026-03-01",
    "end_date": "2026-03-10",
    "format": "xlsx",
    "month": "3",
    "year": "2026",
    "man_power_name": "Kantor Pusat",
}
BAD_DATES = ["bukan-tanggal", "2026-02-30", "01-03-2026", "99999-01-01"]
BAD_NUMBERS = ["abc", "-1", "0", "1.5", "99999999999999999999999"]
BAD_TEXT = ["\x00", "{", "[1,", "x" * 2000]


def export_operations() -> dict[str, list[dict[str, Any]]]:
    """Every GET export of the OpenAPI schema: its path and its declared query parameters."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        path: item["get"].get("parameters", [])
        for path, item in schema["paths"].items()
        if "export" in path and "get" in item
    }


def bad_values(parameter: dict[str, Any]) -> list[str]:
    """Values the parameter's schema refuses (a free text parameter gets NUL and broken JSON)."""
    schema = parameter.get("schema", {})
    if schema.get("enum"):
        return ["bukan-pilihan", ""]
    if schema.get("format") == "date":
        return BAD_DATES
    if schema.get("type") == "integer":
        return BAD_NUMBERS
    return BAD_TEXT


@pytest.fixture
def world(admin_user: Any, client_for: Any) -> Any:
    """Text with control characters in an employee, a wall display and their audit entries."""
    client = client_for(admin_user)
    answer = client.post("/api/web/v1/wall_display/", {"name": CONTROL}, format="json")
    assert answer.status_code == 201, answer.content
    make_employee(
        name=CONTROL, employee_number_formatted="K-1", man_power=make_man_power(name="Kantor Pusat")
    )
    return client


def assert_no_5xx_and_4xx_enveloped(client: Any, path: str, params: dict[str, str]) -> int:
    response = client.get(path, params)
    status = response.status_code
    assert status < 500, (path, params, status, downloaded(response)[:300])
    if status >= 400:
        assert response["Content-Type"].startswith("application/json"), (path, params)
        body = response.json()
        assert body["http_status"] == status and body["message"], (path, params, body)
    else:
        downloaded(response)
    return status


def test_the_schema_lists_every_export_route() -> None:
    routes = {f"/{route}" for route, view in api_views() if "export" in route and "get" in view_methods(view)}
    assert len(routes) >= 10
    assert routes == set(export_operations())


def test_the_audit_export_without_parameters_writes_text_with_control_characters(world: Any) -> None:
    response = world.get("/api/web/v1/audit/export")
    assert response.status_code == 200, downloaded(response)[:300]
    texts = [str(cell.value) for cell in xlsx_cells(downloaded(response))]
    assert any("Lobi\ufffdkontrol" in text for text in texts)


def test_every_export_without_parameters(world: Any) -> None:
    for path, parameters in export_operations().items():
        status = assert_no_5xx_and_4xx_enveloped(world, path, {})
        if any(parameter.get("required") for parameter in parameters):
            assert status == 422, path


def test_every_export_with_bad_parameters(world: Any) -> None:
    for path, parameters in export_operations().items():
        names = {parameter["name"] for parameter in parameters}
        valid = {name: value for name, value in VALID.items() if name in names}
        for parameter in parameters:
            for value in bad_values(parameter):
                for base in ({}, valid):
                    status = assert_no_5xx_and_4xx_enveloped(world, path, {**base, parameter["name"]: value})
                    refused_by_schema = parameter.get("schema", {}).get("format") == "date" or parameter.get(
                        "schema", {}
                    ).get("enum")
                    if refused_by_schema and value:
                        assert status == 422, (path, parameter["name"], value)
        assert_no_5xx_and_4xx_enveloped(world, path, {name: "\x01" for name in names})


def test_the_writer_replaces_what_a_worksheet_refuses() -> None:
    with xlsx_file([("a", "A\x02")], [{"a": CONTROL}, {"a": "=1+1\x0b"}]) as output:
        cells = xlsx_cells(output.read())
    assert [cell.value for cell in cells] == ["A\ufffd", "Lobi\ufffdkontrol\ufffd", "=1+1\ufffd"]
    assert cells[2].data_type == "s" and cells[2].quotePrefix
