"""Signed file URLs (core/files.py): served to the reader they were issued to, for ten minutes, never
outside MEDIA_ROOT; the bare media route is gone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import signing
from rest_framework.test import APIClient

from server.core.files import (
    FILE_SALT,
    MAX_AGE,
    WINDOW,
    FileViewer,
    employee_viewer,
    signed_file_url,
    user_viewer,
)
from server.core.messages import FILE_EXPIRED, FILE_NOT_FOUND, FILE_NOT_YOURS
from server.testing.clients import employee_client
from server.testing.clock import freeze
from server.testing.factories import jpeg_bytes, make_employee

pytestmark = pytest.mark.django_db

PHOTO = "attendance/2026/03/foto.jpg"
NOON = datetime(2026, 3, 2, 5, 0, tzinfo=UTC)


@pytest.fixture
def media_root(settings: Any, tmp_path: Path) -> Path:
    root = tmp_path / "media"
    (root / "attendance" / "2026" / "03").mkdir(parents=True)
    (root / PHOTO).write_bytes(jpeg_bytes())
    (root / "notes.html").write_text("<script>alert(1)</script>")
    (tmp_path / "secret.txt").write_text("rahasia")
    settings.MEDIA_ROOT = root
    return root


def _refused(response: Any, status: int, message: str) -> None:
    assert response.status_code == status
    assert response.json()["http_status"] == status and response.json()["message"] == message


def test_the_reader_gets_the_file_with_safe_headers(
    media_root: Path, make_user: Any, client_for: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, NOON)
    user = make_user()
    url = signed_file_url(PHOTO, viewer=user_viewer(user))
    assert url.startswith("/api/web/v1/file/") and PHOTO not in url
    response = client_for(user).get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg" and response["Content-Disposition"].startswith("inline")
    assert (
        response["X-Content-Type-Options"] == "nosniff" and response["Content-Security-Policy"] == "sandbox"
    )
    assert response["Cache-Control"].startswith("private, max-age=")
    assert b"".join(response.streaming_content) == (media_root / PHOTO).read_bytes()


def test_other_files_download_instead_of_rendering(media_root: Path, make_user: Any, client_for: Any) -> None:
    user = make_user()
    response = client_for(user).get(
        signed_file_url("notes.html", viewer=user_viewer(user), name="catatan.html")
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/octet-stream"
    assert (
        response["Content-Disposition"].startswith("attachment")
        and "catatan.html" in response["Content-Disposition"]
    )


def test_a_url_issued_to_one_user_is_refused_to_another(
    media_root: Path, make_user: Any, client_for: Any
) -> None:
    owner, other = make_user(), make_user()
    url = signed_file_url(PHOTO, viewer=user_viewer(owner))
    _refused(client_for(other).get(url), 403, FILE_NOT_YOURS)
    assert APIClient().get(url).status_code == 401  # the URL alone is no credential
    assert employee_client(make_employee()).get(url).status_code == 401


def test_urls_expire(
    media_root: Path, make_user: Any, client_for: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = make_user()
    client = client_for(user)
    freeze(monkeypatch, NOON)
    url = signed_file_url(PHOTO, viewer=user_viewer(user))
    # The same reader gets the same URL within a window (caches keep working), a new one after it.
    freeze(monkeypatch, NOON + timedelta(seconds=WINDOW - 1))
    assert signed_file_url(PHOTO, viewer=user_viewer(user)) == url
    assert client.get(url).status_code == 200
    freeze(monkeypatch, NOON + timedelta(seconds=WINDOW))
    assert signed_file_url(PHOTO, viewer=user_viewer(user)) != url
    freeze(monkeypatch, NOON + timedelta(seconds=MAX_AGE + 1))
    _refused(client.get(url), 403, FILE_EXPIRED)
    # A URL issued with a past timestamp (a day ago) is expired too.
    past = signing.dumps(
        {"p": PHOTO, "v": user_viewer(user).key, "t": int(NOON.timestamp()) - 86_400}, salt=FILE_SALT
    )
    _refused(client.get("/api/web/v1/file/" + past), 403, FILE_EXPIRED)


@pytest.mark.parametrize(
    "token",
    [
        "tidak-ada",
        # Signed with another salt (another purpose of Django's signing) or another key.
        signing.dumps({"p": PHOTO, "v": "user:1", "t": 0}, salt="lain"),
        signing.dumps({"p": PHOTO, "v": "user:1", "t": 0}, salt=FILE_SALT, key="kunci-lain"),
    ],
)
def test_forged_tokens_are_404(media_root: Path, make_user: Any, client_for: Any, token: str) -> None:
    _refused(client_for(make_user()).get("/api/web/v1/file/" + token), 404, FILE_NOT_FOUND)


def test_an_altered_token_is_404(media_root: Path, make_user: Any, client_for: Any) -> None:
    user = make_user()
    url = signed_file_url(PHOTO, viewer=user_viewer(user))
    token = url.rsplit("/", 1)[1]
    payload, rest = token.split(":", 1)
    forged = signing.dumps({"p": "notes.html", "v": user_viewer(user).key, "t": 0}, salt=FILE_SALT).split(
        ":", 1
    )[0]
    _refused(client_for(user).get("/api/web/v1/file/" + forged + ":" + rest), 404, FILE_NOT_FOUND)
    assert payload != forged


@pytest.mark.parametrize(
    "path", ["../secret.txt", "attendance/../../secret.txt", "attendance/2026", "tidak-ada.jpg", "x\x00.jpg"]
)
def test_even_a_signed_path_never_leaves_media_root(
    media_root: Path, make_user: Any, client_for: Any, path: str
) -> None:
    user = make_user()
    _refused(client_for(user).get(signed_file_url(path, viewer=user_viewer(user))), 404, FILE_NOT_FOUND)


def test_absolute_paths_are_refused(
    media_root: Path, make_user: Any, client_for: Any, tmp_path: Path
) -> None:
    user = make_user()
    url = signed_file_url(str(tmp_path / "secret.txt"), viewer=user_viewer(user))
    assert client_for(user).get(url).status_code == 404


def test_employee_urls_are_served_on_the_mobile_route_to_that_employee(
    media_root: Path, make_user: Any, client_for: Any
) -> None:
    employee, other = make_employee(), make_employee()
    url = signed_file_url(PHOTO, viewer=employee_viewer(employee))
    assert url.startswith("/api/mobile/v1/file/")
    response = employee_client(employee).get(url)
    assert (
        response.status_code == 200
        and b"".join(response.streaming_content) == (media_root / PHOTO).read_bytes()
    )
    _refused(employee_client(other).get(url), 403, FILE_NOT_YOURS)
    # A back-office user with the same primary key is another reader.
    user = make_user()
    token = signed_file_url(PHOTO, viewer=FileViewer("employee", user.pk)).rsplit("/", 1)[1]
    _refused(client_for(user).get("/api/web/v1/file/" + token), 403, FILE_NOT_YOURS)
    assert client_for(user).get(url).status_code == 401  # the mobile route takes employee tokens only


def test_external_and_empty_paths() -> None:
    viewer = FileViewer("user", 1)
    assert signed_file_url("", viewer=viewer) == ""
    assert signed_file_url(PHOTO, viewer=None) == ""
    assert signed_file_url("https://cdn.example.com/a.jpg", viewer=viewer) == "https://cdn.example.com/a.jpg"


@pytest.mark.parametrize(
    "path", [PHOTO, "uploads/manual/errors/abc.xlsx", "announcement/2026/03/surat.pdf", "../secret.txt"]
)
def test_the_bare_media_route_is_gone(media_root: Path, make_user: Any, client_for: Any, path: str) -> None:
    response = client_for(make_user()).get(f"/api/web/v1/media/{path}")
    assert response.status_code == 404 and response.json()["http_status"] == 404
