from __future__ import annotations

from datetime import UTC
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_unknown_api_path_is_json_404_envelope(api: APIClient) -> None:
    for path in ("/api/web/v1/tidak-ada", "/api/nothing", "/api"):
        response = api.get(path)
        assert response.status_code == 404
        assert response["Content-Type"].startswith("application/json")
        body = response.json()
        assert body["http_status"] == 404 and body["message"]


def test_wrong_method_is_405_envelope(api: APIClient) -> None:
    response = api.get("/api/web/v1/auth/")
    assert response.status_code == 405
    assert response.json()["http_status"] == 405


def test_deep_links_serve_the_client_index(api: APIClient, tmp_path: Any) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    with override_settings(CLIENT_DIST=tmp_path):
        for path in ("/", "/approval/attendance", "/report/absent-employees/doc?s=2026-01-01&e=2026-01-31"):
            response = api.get(path)
            assert response.status_code == 200
            assert b"<div id=root>" in b"".join(response.streaming_content)


def test_missing_client_build_says_how_to_build(api: APIClient, tmp_path: Any) -> None:
    with override_settings(CLIENT_DIST=tmp_path / "none"):
        response = api.get("/login")
    assert response.status_code == 503
    assert "make run" in response.content.decode()


def test_health_ok(api: APIClient) -> None:
    response = api.get("/api/health")
    assert response.status_code == 200
    body = response.json()
    assert {k: body[k] for k in ("status", "database", "channel_layer")} == {
        "status": "ok",
        "database": "ok",
        "channel_layer": "ok",
    }
    assert isinstance(body["publish_failures"], int)


def test_client_config_is_public(api: APIClient) -> None:
    with override_settings(GUIDE_URL="https://panduan.example.org/"):
        body = api.get("/api/web/v1/config").json()
    assert body["data"]["guide_url"] == "https://panduan.example.org/"
    assert body["data"]["product_name"] == "Kehadiran"


def test_guide_url_defaults_to_the_in_app_guide(api: APIClient) -> None:
    with override_settings(GUIDE_URL=""):
        body = api.get("/api/web/v1/config").json()
    assert body["data"]["guide_url"] == ""


def test_openapi_schema_and_swagger_ui_without_cdn(api: APIClient) -> None:
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/web/v1/auth/" in paths and "/api/web/v1/profile/change_password" in paths
    docs = api.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html and "cdn." not in html and "unpkg" not in html


def test_openapi_schema_is_valid_without_warnings(tmp_path: Any) -> None:
    """Every endpoint is documented: a view without a serializer or with clashing names fails here."""
    from django.core.management import call_command
    from drf_spectacular.drainage import GENERATOR_STATS

    target = tmp_path / "schema.yml"
    # The command turns on drf-spectacular's source line numbers in warnings for the whole process;
    # left on, every later schema generation of this worker parses source files (3x the CPU).
    trace_lineno = GENERATOR_STATS._trace_lineno
    try:
        call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    finally:
        GENERATOR_STATS._trace_lineno = trace_lineno
    assert "/api/web/v1/realtime/ticket" in target.read_text()


def test_the_orjson_renderer_writes_the_bytes_json_renderer_writes() -> None:
    """EnvelopeRenderer renders with orjson for speed; every type a view may hand it comes out as
    DRF's JSONRenderer writes it, and what orjson refuses (an integer beyond 64 bits) falls back."""
    import uuid
    from datetime import date, datetime, time, timedelta, timezone
    from decimal import Decimal

    from django.utils.translation import gettext_lazy
    from rest_framework.renderers import JSONRenderer

    from server.core.envelope import EnvelopeRenderer

    values = [
        Decimal("1.50"),
        datetime(2025, 1, 1, 1, 2, 3, 456789, tzinfo=UTC),
        datetime(2025, 1, 1, 1, 2, 3, tzinfo=timezone(timedelta(hours=8))),
        date(2025, 1, 2),
        time(8, 0, 1, 123456),
        gettext_lazy("Kehadiran"),
        uuid.UUID("48038a55-79dd-4216-86ef-cae135c6fb8d"),
        0.1 + 0.2,
        1e20,
        "é ✓ Budi",
        (1, 2),
        {3: 4},
        None,
        True,
        timedelta(hours=1),
        {"a"},
    ]
    for data in ({"http_status": 200, "data": values}, {"http_status": 200, "data": 2**70}, [1, "x"]):
        assert EnvelopeRenderer().render(data) == JSONRenderer().render(
            data if isinstance(data, dict) else {"http_status": 200, "message": "", "data": data}
        )


@pytest.mark.parametrize(
    "path",
    [
        "/api/web/v1/attendance_log/detail/{id}",
        "/api/web/v1/job/{id}",
        "/api/web/v1/wall_display/detail/{id}",
        "/api/web/v1/shift/detail/{id}",
    ],
)
@pytest.mark.parametrize("hash_id", ["0" * 63, "0" * 13, "x" * 200])
def test_a_path_id_no_key_can_be_is_a_404_envelope(
    admin_user: Any, client_for: Any, path: str, hash_id: str
) -> None:
    response = client_for(admin_user).get(path.format(id=hash_id))
    assert response.status_code == 404, response.content
    assert response.json()["http_status"] == 404 and response.json()["message"]
