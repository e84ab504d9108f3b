"""GET notification/list and PATCH notification/read: the caller's own rows only."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from server.accounts.models import User
from server.notifications.models import Notification
from server.notifications.services import notify
from server.testing.events import capture_events

LIST = "/api/web/v1/notification/list"
READ = "/api/web/v1/notification/read"


@pytest.fixture
def pair(make_user: Callable[..., User]) -> tuple[User, User]:
    return make_user(flags=[]), make_user(flags=[])


@pytest.mark.django_db
def test_the_list_shows_my_rows_newest_first_with_my_unread_count(
    pair: tuple[User, User], client_for: Callable[..., APIClient]
) -> None:
    me, other = pair
    notify(user_ids=[me.pk], kind="job.ended", title="pertama")
    notify(user_ids=[me.pk, other.pk], kind="delegation.received", title="kedua", link="/profile")
    notify(user_ids=[other.pk], kind="x", title="bukan milikku")
    answer = client_for(me).get(LIST).json()
    assert [row["title"] for row in answer["data"]] == ["kedua", "pertama"]
    assert answer["unread"] == 2 and answer["recordsTotal"] == 2
    assert answer["data"][0]["link"] == "/profile" and answer["data"][0]["read"] is False
    Notification.objects.filter(user=me, title="pertama").update(read_at="2026-11-01T00:00:00Z")
    answer = client_for(me).get(LIST, {"unread": "1"}).json()
    assert [row["title"] for row in answer["data"]] == ["kedua"] and answer["unread"] == 1
    refused = client_for(me).get(LIST, {"unread": "2"})
    assert refused.status_code == 422 and refused.json()["message"]


@pytest.mark.django_db
def test_the_list_needs_a_sign_in(api: APIClient) -> None:
    assert api.get(LIST).status_code == 401
    assert api.patch(READ, {"all": True}, format="json").status_code == 401


@pytest.mark.django_db
def test_read_by_ids_or_all_marks_my_own_rows_and_is_pushed(
    pair: tuple[User, User], client_for: Callable[..., APIClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    me, other = pair
    notify(user_ids=[me.pk, other.pk], kind="x", title="a")
    notify(user_ids=[me.pk], kind="x", title="b")
    mine = Notification.objects.filter(user=me).order_by("pk").first()
    theirs = Notification.objects.get(user=other)
    assert mine is not None
    client = client_for(me)
    with capture_events(monkeypatch) as events:
        answer = client.patch(READ, {"ids": [mine.hash_id, theirs.hash_id]}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["data"] == {"marked": 1, "unread": 1}
    assert events.of("notifications") == [
        ("notifications", "notification.read", {"ids": [mine.hash_id], "unread": 1}, me.pk)
    ]
    assert Notification.objects.get(pk=theirs.pk).read_at is None
    answer = client.patch(READ, {"all": True}, format="json")
    assert answer.json()["data"] == {"marked": 1, "unread": 0}
    assert Notification.objects.filter(user=other, read_at__isnull=True).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [{}, {"ids": []}, {"all": False}, {"ids": ["bukan id!"]}, {"ids": "abc"}, {"ids": ["a" * 12] * 101}],
)
def test_read_refuses_a_body_without_a_choice_with_a_message(
    body: dict[str, object], pair: tuple[User, User], client_for: Callable[..., APIClient]
) -> None:
    answer = client_for(pair[0]).patch(READ, body, format="json")
    assert answer.status_code == 422
    assert answer.json()["message"]
