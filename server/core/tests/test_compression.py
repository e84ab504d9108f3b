"""Answers light on the wire (issue 42): text answers (JSON, html, csv) gzip-compressed for a client that
accepts it, with `Vary: Accept-Encoding`; files already compressed (xlsx) and small answers left as they
are; the client build's precompressed brotli and gzip copies (client/scripts/precompress.ts) served by
whitenoise with their encoding and the immutable cache of hashed assets."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from server.accounts.models import User
from server.testing.factories import make_employee

pytestmark = pytest.mark.django_db

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_a_json_answer_is_gzipped_for_a_client_that_accepts_it(
    client_for: Callable[..., APIClient], admin_user: User
) -> None:
    for _ in range(30):
        make_employee()
    client = client_for(admin_user)
    plain = client.get("/api/web/v1/employee/list", {"limit": 50})
    assert plain.status_code == 200 and "Content-Encoding" not in plain
    packed = client.get("/api/web/v1/employee/list", {"limit": 50}, **GZIP)
    assert packed.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert packed["Content-Type"].startswith("application/json")
    unpacked = gzip.decompress(packed.content)
    assert json.loads(unpacked)["data"] == json.loads(plain.content)["data"]
    assert len(packed.content) * 3 < len(plain.content)


def test_small_answers_and_xlsx_files_pass_as_they_are(
    client_for: Callable[..., APIClient], admin_user: User, api: APIClient
) -> None:
    small = api.get("/api/web/v1/nothing-here", **GZIP)
    assert small.status_code == 404 and "Content-Encoding" not in small
    xlsx = client_for(admin_user).get("/api/web/v1/audit/export", {"format": "xlsx"}, **GZIP)
    assert xlsx.status_code == 200
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "Content-Encoding" not in xlsx


def test_the_client_index_is_gzipped(api: APIClient, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>" + "<!-- padding -->" * 40)
    with override_settings(CLIENT_DIST=tmp_path):
        response = api.get("/approval/attendance", **GZIP)
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert gzip.decompress(body).startswith(b"<!doctype html>")


def test_precompressed_assets_are_served_in_the_encoding_the_browser_accepts(tmp_path: Path) -> None:
    assets = tmp_path / "assets"
    assets.mkdir()
    script = assets / "index-AbCdEf12.js"
    script.write_bytes(b"console.log('kehadiran');" * 200)
    (assets / "index-AbCdEf12.js.br").write_bytes(b"brotli bytes of the build")
    (assets / "index-AbCdEf12.js.gz").write_bytes(gzip.compress(script.read_bytes()))
    with override_settings(WHITENOISE_ROOT=tmp_path):
        client = APIClient()  # a fresh handler builds whitenoise with the root above
        brotli = client.get("/assets/index-AbCdEf12.js", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        gzipped = client.get("/assets/index-AbCdEf12.js", HTTP_ACCEPT_ENCODING="gzip")
        plain = client.get("/assets/index-AbCdEf12.js")
    body = b"".join(brotli.streaming_content)
    assert (brotli.status_code, brotli["Content-Encoding"], body) == (200, "br", b"brotli bytes of the build")
    assert "Accept-Encoding" in brotli["Vary"]
    assert "immutable" in brotli["Cache-Control"]
    assert gzipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(gzipped.streaming_content)) == script.read_bytes()
    assert "Content-Encoding" not in plain
    assert b"".join(plain.streaming_content) == script.read_bytes()
