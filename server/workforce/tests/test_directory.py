"""Directory endpoints: the man power cascade, employee search, age buckets and birthdays."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from server.testing.factories import make_employee, make_man_power
from server.testing.files import signed_file
from server.workforce.models import ManPowerGroup, ManPowerTeam
from server.workforce.selectors import employee_age_counts, employees_with_birthday_soon, years_before

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(make_user: Any, client_for: Any) -> APIClient:
    return client_for(make_user(flags=[]))


def data(client: APIClient, url: str, params: dict[str, Any] | None = None) -> Any:
    response = client.get(url, params or {})
    assert response.status_code == 200, response.json()
    return response.json()["data"]


def test_man_power_cascade(client: APIClient) -> None:
    site = make_man_power(type="site", name="Site Balikpapan")
    make_man_power(type="site", name="Site Lama", is_active=False)
    make_man_power(type="office", name="Kantor Pusat")
    team = ManPowerTeam.objects.create(man_power=site, name="Tim Alat Berat")
    ManPowerTeam.objects.create(man_power=site, name="Tim Angkut")
    ManPowerGroup.objects.create(team=team, name="Grup B")
    group_a = ManPowerGroup.objects.create(team=team, name="Grup A")

    url = "/api/web/v1/man_power"
    assert data(client, url) == [
        {"value": "office", "label": "Office"},
        {"value": "pool", "label": "Pool"},
        {"value": "site", "label": "Site"},
        {"value": "tug_boat", "label": "Tug Boat"},
    ]
    assert data(client, url, {"type": "site"}) == [
        {"value": "Site Balikpapan", "label": "Site Balikpapan", "hash_id": site.hash_id}
    ]
    assert [t["value"] for t in data(client, url, {"type": "site", "name": "Site Balikpapan"})] == [
        "Tim Alat Berat",
        "Tim Angkut",
    ]
    groups = data(client, url, {"type": "site", "name": "Site Balikpapan", "team": "Tim Alat Berat"})
    assert groups[0] == {"value": "Grup A", "label": "Grup A", "hash_id": group_a.hash_id}
    assert [g["value"] for g in groups] == ["Grup A", "Grup B"]
    assert data(client, url, {"type": "site", "name": "Tidak Ada"}) == []
    assert data(client, url, {"type": "", "name": ""})[0]["value"] == "office"

    bad = client.get(url, {"type": "kapal"})
    assert bad.status_code == 422 and bad.json()["message"] == "Tipe man power tidak dikenal."


def test_employee_search(client: APIClient) -> None:
    place = make_man_power(name="Pool Samarinda")
    budi = make_employee(
        name="Budi Santoso",
        employee_number="100234",
        employee_number_formatted="10-0234",
        man_power=place,
        cuti_saldo=12,
        cuti_terpakai=2,
        cuti_hutang=1,
    )
    make_employee(name="Budiman", is_active=False, resigned_date=date(2025, 12, 31))
    make_employee(name="Sari")
    url = "/api/web/v1/employee/search"

    rows = data(client, url, {"filters": "budi", "status": ""})
    assert rows == [
        {
            "hash_id": budi.hash_id,
            "employee_number_formatted": "10-0234",
            "name": "Budi Santoso",
            "man_power_name": "Pool Samarinda",
            "cuti": {"saldo": 12, "terpakai": 2, "hutang": 1},
        }
    ]
    assert [r["name"] for r in data(client, url, {"filters": "0234"})] == ["Budi Santoso"]
    assert [r["name"] for r in data(client, url, {"filters": "10-02"})] == ["Budi Santoso"]
    assert [r["name"] for r in data(client, url, {"filters": "budi", "status": "not_active"})] == ["Budiman"]
    assert data(client, url, {"filters": "  "}) == []
    assert data(client, url) == []
    assert client.get(url, {"filters": "budi", "status": "semua"}).status_code == 422


def test_employee_search_is_capped_at_twenty(client: APIClient) -> None:
    for n in range(25):
        make_employee(name=f"Agus {n:02d}")
    rows = data(client, "/api/web/v1/employee/search", {"filters": "agus"})
    assert len(rows) == 20 and rows[0]["name"] == "Agus 00"


def test_age_buckets_count_active_employees_in_one_query(
    client: APIClient, django_assert_num_queries: Any
) -> None:
    today = date(2026, 3, 2)
    for born in (
        date(2006, 3, 3),  # 19, turns 20 tomorrow
        date(2006, 3, 2),  # 20 today
        date(1995, 3, 3),  # 30
        date(1995, 3, 2),  # 31 today
        date(1980, 1, 1),
    ):
        make_employee(birth_date=born)
    make_employee(birth_date=date(2010, 1, 1), is_active=False)
    make_employee(birth_date=None)
    with django_assert_num_queries(1):
        counts = employee_age_counts(today=today)
    assert counts == {"employee_20": 1, "employee_20_30": 2, "employee_30": 2}
    assert set(data(client, "/api/web/v1/employee/count")) == {"employee_20", "employee_20_30", "employee_30"}


def test_leap_day_arithmetic() -> None:
    assert years_before(date(2028, 2, 29), 20) == date(2008, 2, 29)
    assert years_before(date(2028, 2, 29), 31) == date(1997, 2, 28)


def test_birthdays_of_the_coming_week(client: APIClient, monkeypatch: Any) -> None:
    today = timezone.localdate()
    shift = lambda days: date.fromordinal(today.toordinal() + days)  # noqa: E731

    def born(days_ahead: int, year: int = 1990) -> date:
        day = shift(days_ahead)
        return day.replace(year=year) if not (day.month == 2 and day.day == 29) else date(1992, 2, 29)

    upcoming = make_employee(name="Citra", birth_date=born(7), photo="employees/citra.jpg")
    birthday = make_employee(name="Ani", birth_date=born(0))
    tomorrow = make_employee(name="Bayu", birth_date=born(1, 1985))
    make_employee(name="Dodi", birth_date=born(8))
    make_employee(name="Eka", birth_date=born(-1))
    make_employee(name="Fajar", birth_date=born(0), is_active=False)

    url = "/api/web/v1/employee/list_birth_day"
    body = client.get(url, {"page": 1, "per_page": 5}).json()
    assert body["recordsTotal"] == 3
    assert [(r["name"], r["keterangan"]) for r in body["data"]] == [
        ("Ani", "today"),
        ("Bayu", "tomorrow"),
        ("Citra", "upcoming"),
    ]
    photo = signed_file(body["data"][2]["photo_url"])
    assert photo.path == "employees/citra.jpg" and photo.viewer.startswith("user:")
    assert body["data"][2] == {
        "id": upcoming.hash_id,
        "name": "Citra",
        "photo_url": body["data"][2]["photo_url"],
        "birth_date": upcoming.birth_date.isoformat(),
        "keterangan": "upcoming",
    }
    assert body["data"][0]["id"] == birthday.hash_id and body["data"][1]["id"] == tomorrow.hash_id
    second_page = client.get(url, {"page": 2, "per_page": 3}).json()
    assert second_page["recordsTotal"] == 3 and second_page["data"] == []
    assert client.get(url, {"per_page": 7}).status_code == 422


def test_birthdays_wrap_the_year_and_honour_leap_days() -> None:
    make_employee(name="Tahun Baru", birth_date=date(1990, 1, 2))
    make_employee(name="Malam Tahun Baru", birth_date=date(1991, 12, 31))
    found = {e.name: e.days_until for e in employees_with_birthday_soon(today=date(2026, 12, 28))}
    assert found == {"Malam Tahun Baru": 3, "Tahun Baru": 5}

    make_employee(name="Kabisat", birth_date=date(1992, 2, 29))
    assert {e.name: e.days_until for e in employees_with_birthday_soon(today=date(2027, 2, 25))} == {
        "Kabisat": 3
    }
    assert {e.name: e.days_until for e in employees_with_birthday_soon(today=date(2028, 2, 25))} == {
        "Kabisat": 4
    }
