"""Uploaded files are served to signed-in back-office users only, and never outside MEDIA_ROOT."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.testing.clients import employee_client
from server.testing.factories import jpeg_bytes, make_employee
from server.workforce.media import media_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def media_root(settings: Any, tmp_path: Path) -> Path:
    root = tmp_path / "media"
    (root / "attendance" / "2026" / "03").mkdir(parents=True)
    (root / "attendance" / "2026" / "03" / "foto.jpg").write_bytes(jpeg_bytes())
    (root / "notes.html").write_text("<script>alert(1)</script>")
    (tmp_path / "secret.txt").write_text("rahasia")
    settings.MEDIA_ROOT = root
    return root


def test_signed_in_user_gets_the_file(media_root: Path, make_user: Any, client_for: Any) -> None:
    response = client_for(make_user()).get("/api/web/v1/media/attendance/2026/03/foto.jpg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/jpeg" and response["X-Content-Type-Options"] == "nosniff"
    assert b"".join(response.streaming_content) == (media_root / "attendance/2026/03/foto.jpg").read_bytes()


def test_other_files_download_instead_of_rendering(media_root: Path, make_user: Any, client_for: Any) -> None:
    response = client_for(make_user()).get("/api/web/v1/media/notes.html")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"].startswith("attachment")


def test_strangers_and_employee_tokens_are_401(media_root: Path) -> None:
    from rest_framework.test import APIClient

    assert APIClient().get("/api/web/v1/media/attendance/2026/03/foto.jpg").status_code == 401
    employee = employee_client(make_employee())
    assert employee.get("/api/web/v1/media/attendance/2026/03/foto.jpg").status_code == 401


@pytest.mark.parametrize(
    "path",
    [
        "../secret.txt",
        "attendance/../../secret.txt",
        "%2e%2e/secret.txt",
        "..%2fsecret.txt",
        "attendance/2026/03/tidak-ada.jpg",
        "attendance/2026",
        "%00foto.jpg",
    ],
)
def test_missing_files_and_traversal_are_404_envelopes(
    media_root: Path, make_user: Any, client_for: Any, path: str
) -> None:
    response = client_for(make_user()).get(f"/api/web/v1/media/{path}")
    assert response.status_code == 404
    assert response.json()["http_status"] == 404


def test_absolute_paths_are_refused(
    media_root: Path, make_user: Any, client_for: Any, tmp_path: Path
) -> None:
    response = client_for(make_user()).get(f"/api/web/v1/media/{tmp_path / 'secret.txt'}")
    assert response.status_code == 404


def test_media_url() -> None:
    assert media_url("") == ""
    assert media_url("https://cdn.example.com/a.jpg") == "https://cdn.example.com/a.jpg"
    assert media_url("employees/budi santoso.jpg") == "/api/web/v1/media/employees/budi%20santoso.jpg"
