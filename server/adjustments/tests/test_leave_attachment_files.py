"""Leave attachments reach only who may see the leave adjustment (allow_adjustment): its list and
detail answer a URL signed for the reader (DESIGN §16)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from server.accounts.models import User
from server.testing.clock import freeze
from server.testing.factories import local, make_employee, make_pattern, make_shift
from server.testing.files import signed_file

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n%surat cuti\n"


@pytest.fixture
def leave(make_user: Callable[..., User], client_for: Callable[..., APIClient], monkeypatch: Any) -> Any:
    freeze(monkeypatch, local(date(2026, 3, 20), 10))
    work = make_shift()
    pattern = make_pattern([work, work, work, work, work, None, None], starting_date=date(2026, 1, 5))
    employee = make_employee(
        pattern=pattern, cuti_saldo=5, name="Ani Lestari", employee_number_formatted="ANI-01"
    )
    hr = client_for(make_user(flags=["allow_adjustment", "allow_adjustment_create"]))
    body = {
        "hash_id": "",
        "employee_number_formatted": employee.employee_number_formatted,
        "request_date": "2026-03-18",
        "start_date": "2026-03-12",
        "end_date": "2026-03-12",
        "description": "Cuti keluarga",
        "attachment": SimpleUploadedFile("Surat Cuti.pdf", PDF, content_type="application/pdf"),
    }
    response = hr.post("/api/web/v1/adjustment", body, format="multipart")
    assert response.status_code == 201, response.content
    return {"hr": hr, "row": response.json()["data"]}


def test_the_reader_of_the_adjustment_gets_the_attachment(
    leave: Any, make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    reader = client_for(make_user(flags=["allow_adjustment"]))
    detail = reader.get(f"/api/web/v1/adjustment/detail/{leave['row']['hash_id']}").json()["data"]
    listed = reader.get("/api/web/v1/adjustment/list", {"year": 2026}).json()["data"]
    for url in (detail["attachment_url"], listed[0]["attachment_url"]):
        response = reader.get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert "Surat Cuti.pdf" in response["Content-Disposition"]
        assert b"".join(response.streaming_content) == PDF
    # The creator's URL from the create answer is the creator's only.
    assert reader.get(leave["row"]["attachment_url"]).status_code == 403


def test_without_allow_adjustment_no_url_and_no_route(
    leave: Any, make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    outsider = client_for(make_user(flags=[]))
    assert outsider.get(f"/api/web/v1/adjustment/detail/{leave['row']['hash_id']}").status_code == 403
    assert outsider.get("/api/web/v1/adjustment/list").status_code == 403
    stored = signed_file(leave["row"]["attachment_url"]).path
    assert outsider.get(f"/api/web/v1/media/{stored}").status_code == 404
