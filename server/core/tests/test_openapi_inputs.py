"""The OpenAPI schema states what the server accepts (issue 15): the list protocol per endpoint,
action bodies with their required fields, JSON request bodies, text query parameters without NUL."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from server.core.schema import NO_NUL_PATTERN, NOT_BLANK_NO_NUL_PATTERN
from server.schedules.apis.shifts import SHIFT_LIST


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        answer: dict[str, Any] = APIClient().get("/api/schema/", {"format": "json"}).json()
    return answer


def _parameter(schema: dict[str, Any], path: str, name: str) -> dict[str, Any]:
    parameters = schema["paths"][path]["get"]["parameters"]
    found: dict[str, Any] = next(p for p in parameters if p["name"] == name)
    return found


def _body(schema: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    content = schema["paths"][path][method]["requestBody"]["content"]
    ref = content["application/json"]["schema"]["$ref"]
    body: dict[str, Any] = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return body


def test_list_search_and_order_are_json_naming_the_endpoint_columns(schema: dict[str, Any]) -> None:
    order = _parameter(schema, "/api/web/v1/shift/list", "order")
    assert "schema" not in order
    order_schema = order["content"]["application/json"]["schema"]
    assert order_schema["properties"]["column"]["enum"] == ["", *SHIFT_LIST.orderable]
    assert order_schema["properties"]["dir"]["enum"] == ["asc", "desc"]
    assert order_schema["additionalProperties"] is False
    search = _parameter(schema, "/api/web/v1/shift/list", "search")["content"]["application/json"]["schema"]
    assert set(search["properties"]) == set(SHIFT_LIST.searchable)
    assert search["additionalProperties"] is False
    per_page = _parameter(schema, "/api/web/v1/shift/list", "per_page")["schema"]
    assert per_page["enum"] == list(SHIFT_LIST.per_page_choices)
    assert _parameter(schema, "/api/web/v1/shift/list", "page")["schema"]["minimum"] == 1
    assert (
        _parameter(schema, "/api/web/v1/shift/list", "global_search")["schema"]["pattern"] == NO_NUL_PATTERN
    )


def test_action_and_update_bodies_require_what_the_server_requires(schema: dict[str, Any]) -> None:
    approve = _body(schema, "/api/web/v1/attendance_log/approve", "patch")
    assert "id" in approve["required"] and approve["properties"]["id"]["pattern"] == NOT_BLANK_NO_NUL_PATTERN
    reject = _body(schema, "/api/web/v1/permission/reject", "patch")
    assert {"id", "note"} <= set(reject["required"])
    assert "oneOf" not in reject["properties"]["note"]  # no blank alternative: a blank note is a 422
    shift_update = _body(schema, "/api/web/v1/shift", "put")
    assert "hash_id" in shift_update["required"]
    assert "hash_id" not in _body(schema, "/api/web/v1/shift", "post").get("required", [])
    time_in = shift_update["properties"]["time_in"]
    assert "format" not in time_in and time_in["pattern"].startswith("^([01][0-9]|2[0-3]):")


def test_json_bodies_are_documented_as_json_only(schema: dict[str, Any]) -> None:
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                assert set(content) == {"application/json"}, (method, path)


def test_a_save_view_documents_each_method_on_its_own(schema: dict[str, Any]) -> None:
    """core.crud.SaveApi: POST answers 201, PUT 200 or 404 (the body's hash_id), each its own summary;
    a kit view's description is its own docstring, never the base's."""
    operations = schema["paths"]["/api/web/v1/shift"]
    post, put = operations["post"], operations["put"]
    assert {"201", "403", "422"} <= set(post["responses"]) and not {"200", "404"} & set(post["responses"])
    assert {"200", "403", "404", "422"} <= set(put["responses"]) and "201" not in put["responses"]
    assert (post["summary"], put["summary"]) == (
        "Tambah jam kerja",
        "Ubah jam kerja (hash_id di body); hari kehadiran pemakainya dihitung ulang",
    )
    assert "description" not in post and "description" not in put
    deleted = schema["paths"]["/api/web/v1/shift/{hash_id}"]["delete"]
    assert "409" in deleted["responses"]  # extra_errors: a shift still on a pattern
    assert "409" not in schema["paths"]["/api/web/v1/cuti_tambahan/{hash_id}"]["delete"]["responses"]
