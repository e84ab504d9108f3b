"""Izin attachments reach only who may see the request (allow_permission, or the login of the
addressed approver): the detail answers a URL signed for its reader (DESIGN §16)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.izin.models import IzinCode, IzinStatus
from server.testing.factories import make_employee, make_izin

pytestmark = pytest.mark.django_db

DETAIL = "/api/web/v1/permission/detail/"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
STORED = "permission/2026/03/surat.pdf"


@pytest.fixture
def izin(settings: Any, tmp_path: Path) -> Any:
    settings.MEDIA_ROOT = tmp_path
    (tmp_path / STORED).parent.mkdir(parents=True)
    (tmp_path / STORED).write_bytes(PDF)
    request = make_izin(
        make_employee(name="Andi"), IzinCode.SAKIT, date(2026, 3, 2), status=IzinStatus.WAITING_APPROVAL
    )
    request.attachment.name = STORED
    request.save(update_fields=["attachment"])
    return request


def test_the_approver_gets_the_attachment(
    izin: Any, make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    hr = client_for(make_user(flags=["allow_permission"]))
    url = hr.get(DETAIL + izin.hash_id).json()["data"]["attachment"]
    response = hr.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == PDF
    # The URL is this reader's only.
    other = client_for(make_user(flags=["allow_permission"]))
    assert other.get(url).status_code == 403


def test_who_may_not_see_the_request_gets_no_url(
    izin: Any, make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    nobody = client_for(make_user(flags=[]))
    assert nobody.get(DETAIL + izin.hash_id).status_code == 403
    assert nobody.get(f"/api/web/v1/media/{STORED}").status_code == 404
