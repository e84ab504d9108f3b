"""The client build id travels in /api/web/v1/config and in every realtime `subscribed` frame, read
from the served dist; a dist swapped under the running server is answered within a second."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from server.core import build
from server.testing.sockets import new_session, socket, subscribe


@pytest.fixture
def dist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "dist"
    folder.mkdir()
    (folder / "index.html").write_text("<!doctype html><script src='/assets/index-aaa.js'></script>")
    monkeypatch.setattr(build, "RECHECK_S", 0.0)
    with override_settings(CLIENT_DIST=folder):
        yield folder


def write_build(dist: Path, build_id: str) -> None:
    path = dist / "build.json"
    path.write_text(json.dumps({"build": build_id}))
    # A distinct modification time even on a coarse clock.
    stamp = time.time() + len(build_id)
    os.utime(path, (stamp, stamp))


@pytest.mark.django_db
def test_config_answers_the_served_build_and_follows_a_swap(dist: Path, api: Any) -> None:
    from_index = api.get("/api/web/v1/config").json()["data"]["build"]
    assert len(from_index) == 16  # no build.json: the index's hash
    write_build(dist, "build-1")
    assert api.get("/api/web/v1/config").json()["data"]["build"] == "build-1"
    write_build(dist, "build-two")
    assert api.get("/api/web/v1/config").json()["data"]["build"] == "build-two"


@pytest.mark.django_db(transaction=True)
async def test_subscribed_carries_the_build(dist: Path, amake_user: Any) -> None:
    write_build(dist, "build-ws")
    _, _, ticket = await new_session(await amake_user())
    async with socket(ticket) as ws:
        assert (await subscribe(ws, "session"))["build"] == "build-ws"
        write_build(dist, "build-ws-2")
        assert (await subscribe(ws, "session"))["build"] == "build-ws-2"


def test_hashed_assets_are_cached_for_good_and_the_rest_briefly(tmp_path: Path) -> None:
    from django.http import HttpResponse
    from django.test import RequestFactory
    from whitenoise.middleware import WhiteNoiseMiddleware

    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "index-C8r8zu_z.js").write_text("console.log(1)")
    (tmp_path / "assets" / "logo.svg").write_text("<svg/>")
    (tmp_path / "build.json").write_text("{}")
    with override_settings(WHITENOISE_ROOT=tmp_path, WHITENOISE_MAX_AGE=60):
        static = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))

    def cache_control(path: str) -> str:
        response = static(RequestFactory().get(path))
        assert response.status_code == 200, path
        return str(response["Cache-Control"])

    assert "immutable" in cache_control("/assets/index-C8r8zu_z.js")
    assert cache_control("/assets/logo.svg") == "max-age=60, public"
    assert cache_control("/build.json") == "max-age=60, public"
