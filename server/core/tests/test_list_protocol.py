from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.db.models import F, Q
from django.test.utils import CaptureQueriesContext
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from server.accounts.models import User, UserLevel
from server.core import listing
from server.core.listing import ListSpec, list_response, pagination_info
from server.core.policy import SignedIn

pytestmark = pytest.mark.django_db

SPEC = ListSpec(
    searchable={
        "fullname": "fullname__icontains",
        "status": lambda qs, value: qs.filter(is_active=value == "1"),
    },
    orderable={"fullname": "fullname", "email": "email"},
    global_search=("fullname", "email"),
    default_order=("fullname", "asc"),
)


class UserListApi(APIView):
    access = SignedIn()

    def get(self, request: Request) -> Response:
        return list_response(
            request,
            User.objects.all(),
            SPEC,
            lambda rows, first: [{"no": first + i, "fullname": u.fullname} for i, u in enumerate(rows)],
        )


@pytest.fixture
def people(make_user: Any) -> list[User]:
    names = [
        "Citra",
        "Adi",
        "Bayu",
        "Dewi",
        "Eko",
        "Fajar",
        "Gita",
        "Hadi",
        "Indah",
        "Joko",
        "Kartika",
        "Lestari",
    ]
    users = [make_user(fullname=name, email=f"{name.lower()}@example.com") for name in names]
    User.objects.filter(fullname__in=["Eko", "Fajar"]).update(is_active=False)
    return users


def call(user: User, view: type[APIView] = UserListApi, **params: Any) -> Any:
    query = {k: json.dumps(v) if isinstance(v, dict) else v for k, v in params.items()}
    request = APIRequestFactory().get("/list", query)
    force_authenticate(request, user=user)
    response = view.as_view()(request)
    response.render()
    return response.status_code, json.loads(response.content)


def test_default_page_order_and_envelope(people: list[User]) -> None:
    status, body = call(people[0])
    assert status == 200 and body["http_status"] == 200
    assert [r["fullname"] for r in body["data"]] == [
        "Adi",
        "Bayu",
        "Citra",
        "Dewi",
        "Eko",
        "Fajar",
        "Gita",
        "Hadi",
        "Indah",
        "Joko",
    ]
    assert body["data"][0]["no"] == 1
    assert body["recordsTotal"] == 12 and body["recordsFiltered"] == 12
    assert body["pagination"] == {
        "firstPage": "disabled",
        "previousPage": "disabled",
        "currentPage": 1,
        "nextPage": 2,
        "lastPage": 2,
    }


def test_second_page_and_desc_order(people: list[User]) -> None:
    _, body = call(people[0], page=2, per_page=10, order={"column": "fullname", "dir": "desc"})
    assert [r["fullname"] for r in body["data"]] == ["Bayu", "Adi"]
    assert body["data"][0]["no"] == 11


def test_column_search_and_callable_filter(people: list[User]) -> None:
    _, body = call(people[0], search={"fullname": "a", "status": "0"})
    assert sorted(r["fullname"] for r in body["data"]) == ["Fajar"]
    assert body["recordsFiltered"] == 1 and body["recordsTotal"] == 12


def test_empty_search_values_mean_all(people: list[User]) -> None:
    _, body = call(people[0], search={"fullname": "", "status": None})
    assert body["recordsFiltered"] == 12


def test_global_search(people: list[User]) -> None:
    _, body = call(people[0], global_search="indah@")
    assert [r["fullname"] for r in body["data"]] == ["Indah"]


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"search": "{bukan json"}, "search"),
        ({"order": "[1,2"}, "order"),
        ({"search": "[1, 2]"}, "search"),
        ({"search": {"password": "x"}}, "password"),
        ({"order": {"column": "password", "dir": "asc"}}, "password"),
        ({"order": {"column": "fullname", "dir": "sideways"}}, "asc atau desc"),
        ({"per_page": "7"}, "per_page"),
        ({"page": "0"}, "page"),
        ({"page": "abc"}, "page"),
    ],
)
def test_bad_parameters_are_422_with_message(
    people: list[User], params: dict[str, Any], fragment: str
) -> None:
    status, body = call(people[0], **params)
    assert status == 422 and body["http_status"] == 422
    assert fragment in body["message"]
    assert "errors" in body


def test_pagination_info_last_page() -> None:
    assert pagination_info(3, 3) == {
        "firstPage": 1,
        "previousPage": 2,
        "currentPage": 3,
        "nextPage": "disabled",
        "lastPage": "disabled",
    }


@pytest.mark.parametrize("page", ["3", "99999999999", str(10**20)])
def test_a_page_past_the_end_is_empty(people: list[User], page: str) -> None:
    status, body = call(people[0], page=page, per_page=10)
    assert status == 200
    assert body["data"] == [] and body["recordsTotal"] == 12
    assert body["pagination"]["currentPage"] == int(page) and body["pagination"]["nextPage"] == "disabled"


@pytest.mark.parametrize(
    "params",
    [{"global_search": "a\x00b"}, {"x\x00": "1"}, {"filters": "\x00"}],
)
def test_nul_characters_in_the_query_are_422_not_500(
    people: list[User], client_for: Any, params: dict[str, str]
) -> None:
    response = client_for(people[0]).get("/api/web/v1/employee/search", {"filters": "a", **params})
    assert response.status_code == 422
    assert response.json()["message"] == "Teks berisi karakter yang tidak diizinkan."


def test_a_nul_character_inside_the_search_json_is_422(people: list[User]) -> None:
    status, body = call(people[0], search={"fullname": "a\x00"})
    assert (status, body["message"]) == (422, "Teks berisi karakter yang tidak diizinkan.")


# ---------------------------------------------------------------- at scale (issue 15)

RELATED_SPEC = ListSpec(
    searchable={"level": "level__name__icontains"},
    orderable={"fullname": "fullname"},
    global_search=("fullname", "level__name"),
    default_order=("fullname", "asc"),
)


class RelatedListApi(APIView):
    access = SignedIn()

    def get(self, request: Request) -> Response:
        return list_response(
            request,
            User.objects.all(),
            RELATED_SPEC,
            lambda rows, first: [{"fullname": u.fullname, "email": u.email} for u in rows],
        )


def call_related(user: User, **params: Any) -> Any:
    return call(user, RelatedListApi, **params)[1]


@pytest.mark.parametrize("ids_max", [listing.RELATED_SEARCH_IDS_MAX, 0], ids=["ids", "subquery"])
def test_searches_through_a_foreign_key_match_the_related_rows(
    people: list[User], monkeypatch: pytest.MonkeyPatch, ids_max: int
) -> None:
    """A search on a related table's column runs on that table first (ids, or a subquery when many
    match) and finds exactly what a LIKE on the joined row found."""
    monkeypatch.setattr(listing, "RELATED_SEARCH_IDS_MAX", ids_max)
    warehouse = UserLevel.objects.create(name="Supervisor Gudang", flags={})
    User.objects.filter(fullname__in=["Bayu", "Gita"]).update(level=warehouse)
    found = call_related(people[0], global_search="gudang")
    assert [row["fullname"] for row in found["data"]] == ["Bayu", "Gita"]
    assert found["recordsFiltered"] == 2 and found["recordsTotal"] == 12
    by_column = call_related(people[0], search={"level": "GUDANG"})
    assert [row["fullname"] for row in by_column["data"]] == ["Bayu", "Gita"]
    either = call_related(people[0], global_search="a")  # names with 'a', or the level's name
    assert {row["fullname"] for row in either["data"]} >= {"Bayu", "Gita", "Adi", "Fajar"}
    assert call_related(people[0], global_search="tidak-ada-yang-cocok")["data"] == []


def test_the_tie_breaker_runs_the_way_of_the_sort(people: list[User], make_user: Any) -> None:
    first = make_user(fullname="Sama", email="sama1@example.com")
    second = make_user(fullname="Sama", email="sama2@example.com")
    up = call_related(people[0], global_search="sama", order={"column": "fullname", "dir": "asc"})
    down = call_related(people[0], global_search="sama", order={"column": "fullname", "dir": "desc"})
    assert [row["email"] for row in up["data"]] == [first.email, second.email]
    assert [row["email"] for row in down["data"]] == [second.email, first.email]


def test_counts_stop_at_the_cap(people: list[User], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "COUNT_CAP", 10)
    _, body = call(people[0])
    assert (body["recordsTotal"], body["recordsFiltered"], body["recordsCapped"]) == (10, 10, True)
    assert len(body["data"]) == 10 and body["pagination"]["nextPage"] == "disabled"
    _, narrowed = call(people[0], search={"fullname": "a"})
    assert narrowed["recordsFiltered"] < 10 and "recordsCapped" not in narrowed
    monkeypatch.setattr(listing, "COUNT_CAP", 12)
    _, exact = call(people[0])
    assert (exact["recordsTotal"], "recordsCapped" in exact) == (12, False)


def test_a_searched_list_counts_both_totals_in_one_statement(
    people: list[User], django_assert_num_queries: Any
) -> None:
    """recordsTotal and recordsFiltered of a searched page come from one statement: the page is
    three queries (the counts, the page's keys, its rows), not four. The access check reads the
    delegations the user receives once per user (DESIGN §20): a first call reads them before counting."""
    call(people[0])
    with django_assert_num_queries(3):
        _, body = call(people[0], global_search="indah@")
    assert [row["fullname"] for row in body["data"]] == ["Indah"]
    assert (body["recordsTotal"], body["recordsFiltered"], "recordsCapped" in body) == (12, 1, False)
    with django_assert_num_queries(3):
        _, body = call(people[0], search={"fullname": "a", "status": "0"})
    assert (body["recordsTotal"], body["recordsFiltered"]) == (12, 1)


def test_paired_counts_equal_the_separate_counts(people: list[User], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "COUNT_CAP", 5)
    querysets = [
        User.objects.all(),  # 12: capped at 5
        User.objects.filter(Q(fullname__icontains="d") | Q(fullname="Eko")),  # 5 exactly: not capped
        User.objects.filter(fullname="Adi"),
        User.objects.filter(pk__in=[]),  # nothing to ask the database
        User.objects.filter(listing.InArray(F("level"), [])),
        User.objects.filter(fullname__icontains="a").distinct(),  # not plain: counted apart
    ]
    separate = [listing.bounded_count(queryset) for queryset in querysets]
    assert separate == [(5, True), (5, False), (1, False), (0, False), (0, False), (5, True)]
    assert listing.bounded_counts(*querysets) == separate
    assert listing.bounded_counts(querysets[0], querysets[3]) == [(5, True), (0, False)]


def test_related_ids_are_one_array_parameter_on_postgresql(people: list[User]) -> None:
    """The ids a search through a relation found: `level_id = ANY(%s::bigint[])` on PostgreSQL (one
    parameter however many ids), the IN list elsewhere; the same rows either way."""
    warehouse = UserLevel.objects.create(name="Gudang", flags={})
    office = UserLevel.objects.create(name="Kantor", flags={})
    User.objects.filter(fullname__in=["Bayu", "Gita"]).update(level=warehouse)
    User.objects.filter(fullname="Joko").update(level=office)
    found = User.objects.filter(listing.InArray(F("level"), [warehouse.pk, None, warehouse.pk, office.pk]))
    sql, params = found.query.sql_with_params()
    if connection.vendor == "postgresql":
        assert '"level_id" = ANY(%s::bigint[])' in sql
        assert list(params) == [f"{{{warehouse.pk},{office.pk}}}"]
    else:
        assert '"level_id" IN (%s, %s)' in sql
    assert sorted(found.values_list("fullname", flat=True)) == ["Bayu", "Gita", "Joko"]
    either = User.objects.filter(Q(listing.InArray(F("level"), [office.pk])) | Q(fullname="Adi"))
    assert sorted(either.values_list("fullname", flat=True)) == ["Adi", "Joko"]
    assert list(User.objects.filter(listing.InArray(F("level"), [None]))) == []


def test_a_count_capped_before_asks_for_the_row_past_the_cap_first(
    people: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A count that stopped at the cap last time asks whether row cap + 1 exists (no aggregate over
    cap + 1 rows) and counts only when it does not: the same answers, capped or not."""
    monkeypatch.setattr(listing, "COUNT_CAP", 5)
    monkeypatch.setattr(listing, "_CAPPED_BEFORE", set())
    active = User.objects.filter(is_active=True)  # 10 of the 12

    def counted() -> tuple[tuple[int, bool], str]:
        with CaptureQueriesContext(connection) as captured:
            answer = listing.bounded_count(active)
        assert len(captured) == 1
        return answer, captured[0]["sql"]

    first, first_sql = counted()
    second, second_sql = counted()
    assert first == second == (5, True)
    assert "COALESCE" not in first_sql and "COALESCE" in second_sql and "OFFSET 5" in second_sql
    User.objects.exclude(fullname__in=["Adi", "Bayu", "Citra"]).update(is_active=False)
    third, third_sql = counted()  # the probe finds no sixth row: the count runs, exact
    assert third == (3, False) and "COALESCE" in third_sql
    fourth, fourth_sql = counted()
    assert fourth == (3, False) and "COALESCE" not in fourth_sql
    assert listing.bounded_counts(active, active.filter(fullname="Adi")) == [(3, False), (1, False)]
