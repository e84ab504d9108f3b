"""Every answer carries the security headers (DESIGN §16): the API, the client's index (the wall
display is one of its routes), static files served by whitenoise, the Swagger UI; HSTS only over TLS."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from server.core.security import content_security_policy, tile_source

pytestmark = pytest.mark.django_db

HOST = "127.0.0.1:8000"


def directives(policy: str) -> dict[str, list[str]]:
    parsed: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = sources
    return parsed


def assert_secured(response: Any) -> dict[str, list[str]]:
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in response
    policy = directives(response["Content-Security-Policy"])
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"] and policy["form-action"] == ["'self'"]
    assert policy["connect-src"] == ["'self'", f"ws://{HOST}", f"wss://{HOST}"]
    return policy


def test_the_api_answers_with_the_headers(api: APIClient) -> None:
    with override_settings(MAP_TILE_URL="https://{s}.tile.example.org/{z}/{x}/{y}.png"):
        response = api.get("/api/web/v1/config", HTTP_HOST=HOST)
    assert response.status_code == 200
    policy = assert_secured(response)
    assert policy["img-src"] == ["'self'", "data:", "blob:", "https://*.tile.example.org"]
    assert policy["style-src"] == ["'self'"] and policy["style-src-elem"] == ["'self'"]
    # Errors too: a 404 envelope and a 401.
    assert_secured(api.get("/api/web/v1/nothing-here", HTTP_HOST=HOST))
    assert_secured(api.get("/api/web/v1/profile/", HTTP_HOST=HOST))


def test_the_client_index_and_the_wall_route_answer_with_the_headers(api: APIClient, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    with override_settings(CLIENT_DIST=tmp_path):
        for path in ("/", "/wall", "/approval/attendance"):
            response = api.get(path, HTTP_HOST=HOST)
            assert response.status_code == 200
            assert_secured(response)


def test_static_files_from_whitenoise_answer_with_the_headers(api: APIClient, tmp_path: Path) -> None:
    (tmp_path / "logo.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    with override_settings(WHITENOISE_ROOT=tmp_path):
        client = APIClient()  # a fresh handler builds whitenoise with the root above
        response = client.get("/logo.svg", HTTP_HOST=HOST)
        assert response.status_code == 200
        assert_secured(response)
    bundle = api.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js", HTTP_HOST=HOST)
    assert bundle.status_code == 200
    assert_secured(bundle)


def test_the_swagger_ui_runs_no_inline_script(api: APIClient) -> None:
    response = api.get("/api/docs/", HTTP_HOST=HOST)
    assert response.status_code == 200
    policy = assert_secured(response)
    # Its own page styles itself inline; scripts still only from files.
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    html = response.content.decode()
    assert "<script>" not in html
    script = api.get("/api/docs/?script=", HTTP_HOST=HOST)
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_tls_adds_hsts(api: APIClient) -> None:
    with override_settings(SECURE_TLS=True, SECURE_HSTS_SECONDS=3600):
        response = api.get("/api/web/v1/config", HTTP_HOST=HOST)
    assert response["Strict-Transport-Security"] == "max-age=3600"


def test_an_unknown_host_gets_no_websocket_source() -> None:
    policy = directives(content_security_policy(host="evil.example.org"))
    assert policy["connect-src"] == ["'self'"]


@pytest.mark.parametrize(
    ("url", "source"),
    [
        ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"),
        ("https://{s}.tile.example.org:8443/{z}/{x}/{y}.png", "https://*.tile.example.org:8443"),
        ("/tiles/{z}/{x}/{y}.png", None),
        ("", None),
    ],
)
def test_tile_source(url: str, source: str | None) -> None:
    assert tile_source(url) == source
