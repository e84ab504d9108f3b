"""Check-in photos reach only who may see the log (DESIGN §16): the queue, history and detail answer
photo URLs signed for their reader; nobody else obtains one, and one reader's URL is refused to another."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import LogStatus
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.testing.factories import jpeg_bytes
from server.testing.files import signed_file
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/attendance_log/list"
DETAIL = "/api/web/v1/attendance_log/detail/"
LOG_PHOTO = "attendance/2026/03/ani.jpg"
EMPLOYEE_PHOTO = "employees/ani.jpg"


@pytest.fixture
def world(settings: Any, tmp_path: Path, make_user: Callable[..., User]) -> dict[str, Any]:
    settings.MEDIA_ROOT = tmp_path
    for path, color in ((LOG_PHOTO, "navy"), (EMPLOYEE_PHOTO, "teal")):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(jpeg_bytes(color=color))
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    ani = staff(office, "Ani Kantor", photo=EMPLOYEE_PHOTO)
    return {
        "media": tmp_path,
        "waiting": log_of(ani, photo=LOG_PHOTO),
        "approved": log_of(ani, photo=LOG_PHOTO, status=LogStatus.APPROVED),
        "budi": make_approver(make_user, "office", fullname="Budi Kantor"),
        "sinta": make_approver(make_user, "site", fullname="Sinta Site"),
        "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
        "nobody": make_user(flags=[], fullname="Tanpa Hak"),
    }


def _fetch(client: APIClient, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "image/jpeg"
    return b"".join(response.streaming_content)


def test_the_approver_of_the_log_gets_both_photos(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    budi = client_for(world["budi"])
    (row,) = budi.get(LIST, {"status": "waiting_approval"}).json()["data"]
    assert _fetch(budi, row["log_photo"]) == (world["media"] / LOG_PHOTO).read_bytes()
    assert _fetch(budi, row["employee_photo_url"]) == (world["media"] / EMPLOYEE_PHOTO).read_bytes()
    assert signed_file(row["log_photo"]).viewer == f"user:{world['budi'].pk}"
    detail = budi.get(DETAIL + world["waiting"].hash_id).json()["data"]
    assert _fetch(budi, detail["log_photo"]) == (world["media"] / LOG_PHOTO).read_bytes()


def test_the_history_reader_gets_the_photos(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    hr = client_for(world["hr"])
    rows = hr.get(LIST, {"status": LogStatus.APPROVED}).json()["data"]
    assert [r["hash_id"] for r in rows] == [world["approved"].hash_id]
    assert _fetch(hr, rows[0]["log_photo"]) == (world["media"] / LOG_PHOTO).read_bytes()
    day_rows = hr.get("/api/web/v2/attendance_log/list", {"status": LogStatus.APPROVED}).json()["data"]
    assert _fetch(hr, day_rows[0]["log_photo"]) == (world["media"] / LOG_PHOTO).read_bytes()


def test_who_may_not_see_the_log_gets_no_photo_url(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    # An approver of another man power type: the queue is empty and the detail is 404.
    sinta = client_for(world["sinta"])
    assert sinta.get(LIST, {"status": "waiting_approval"}).json()["data"] == []
    assert sinta.get(DETAIL + world["waiting"].hash_id).status_code == 404
    # A user without any attendance right: 403 on both.
    nobody = client_for(world["nobody"])
    assert nobody.get(LIST, {"status": "waiting_approval"}).status_code == 403
    assert nobody.get(DETAIL + world["waiting"].hash_id).status_code == 403


def test_an_approvers_photo_url_is_refused_to_others(
    world: dict[str, Any], client_for: Callable[..., APIClient]
) -> None:
    (row,) = client_for(world["budi"]).get(LIST, {"status": "waiting_approval"}).json()["data"]
    for other in ("sinta", "nobody", "hr"):
        response = client_for(world[other]).get(row["log_photo"])
        assert response.status_code == 403 and response.json()["http_status"] == 403
    # No route serves the stored path by name any more.
    assert client_for(world["nobody"]).get(f"/api/web/v1/media/{LOG_PHOTO}").status_code == 404
