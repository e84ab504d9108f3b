"""The employee app lists what is published, due and meant for the employee's man power type
(query-time rule: a scheduled announcement appears exactly at its published date)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone

from server.announcements.tests.helpers import make_announcement
from server.announcements.tests.test_attachments import PDF
from server.testing.clients import employee_client
from server.testing.clock import freeze
from server.testing.factories import make_employee, make_man_power
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

URL = "/api/mobile/v1/announcement/"


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def titles(client: Any) -> list[str]:
    response = client.get(URL)
    assert response.status_code == 200, response.json()
    return [row["title"] for row in response.json()["data"]]


def test_only_published_due_announcements_of_the_employees_type_important_first() -> None:
    now = timezone.now()
    site_worker = make_employee(man_power=make_man_power(type=ManPowerType.SITE))
    make_announcement(title="Semua lama", tags="all", published_date=now - timedelta(days=3))
    make_announcement(title="Site baru", tags="office,site", published_date=now - timedelta(hours=1))
    make_announcement(
        title="Penting lama", tags="site", important=True, published_date=now - timedelta(days=9)
    )
    make_announcement(title="Hanya kantor", tags="office", published_date=now - timedelta(hours=2))
    make_announcement(title="Draft site", tags="site", published=False)
    make_announcement(title="Nanti", tags="all", published_date=now + timedelta(minutes=30))

    assert titles(employee_client(site_worker)) == ["Penting lama", "Site baru", "Semua lama"]
    office_worker = make_employee(man_power=make_man_power(type=ManPowerType.OFFICE))
    assert titles(employee_client(office_worker)) == ["Site baru", "Hanya kantor", "Semua lama"]


def test_scheduled_announcement_becomes_visible_at_its_published_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    due = (timezone.now() + timedelta(hours=2)).replace(second=0, microsecond=0)
    make_announcement(title="Terjadwal", tags="pool", published_date=due)
    client = employee_client(make_employee(man_power=make_man_power(type=ManPowerType.POOL)))

    freeze(monkeypatch, due - timedelta(seconds=1))
    assert titles(client) == []
    freeze(monkeypatch, due)
    assert titles(client) == ["Terjadwal"]


def test_rows_carry_content_and_an_attachment_link_for_employees_only(media_root: Path, api: Any) -> None:
    announcement = make_announcement(title="Dengan lampiran", tags="all", content="<p>Baca lampiran</p>")
    announcement.attachment.save("x.pdf", ContentFile(PDF), save=False)
    announcement.attachment_name = "Edaran.pdf"
    announcement.url = "contoh.id/info"
    announcement.save()
    hidden = make_announcement(title="Kapal saja", tags="tug_boat")
    client = employee_client(make_employee(man_power=make_man_power(type=ManPowerType.OFFICE)))

    body = client.get(URL).json()
    row = body["data"][0]
    assert body["recordsTotal"] == 1 and body["pagination"]["nextPage"] == "disabled"
    assert row["content"] == "<p>Baca lampiran</p>" and row["url_full"] == "http://contoh.id/info"
    assert row["attachment"] == f"/api/mobile/v1/announcement/{announcement.hash_id}/attachment"
    served = client.get(row["attachment"])
    assert served.status_code == 200 and b"".join(served.streaming_content) == PDF
    assert 'filename="Edaran.pdf"' in served["Content-Disposition"]
    assert api.get(row["attachment"]).status_code == 401
    assert client.get(f"/api/mobile/v1/announcement/{hidden.hash_id}/attachment").status_code == 404


# Fuzzing found it: the schema said any integer, the list protocol refuses per_page=0 (422).
def test_the_schema_states_the_page_size_the_list_takes(api: Any) -> None:
    schema = api.get("/api/schema/", {"format": "json"}).json()
    parameters = {p["name"]: p for p in schema["paths"][URL]["get"]["parameters"]}
    assert parameters["per_page"]["schema"]["enum"] == [10, 25, 50, 100]
    assert parameters["page"]["schema"]["minimum"] == 1
    client = employee_client(make_employee(man_power=make_man_power(type=ManPowerType.SITE)))
    for size in (10, 100):
        assert client.get(URL, {"per_page": size}).status_code == 200
    assert client.get(URL, {"per_page": 0}).status_code == 422
