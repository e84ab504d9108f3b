"""notify / notify_coalesced / notification_read: rows of the user, dedupe, coalescing, live events."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import transaction

from server.accounts.models import User
from server.notifications.models import Notification
from server.notifications.services import notification_read, notify, notify_coalesced
from server.testing.events import capture_events

TOPIC = "notifications"


@pytest.fixture
def users(make_user: Callable[..., User]) -> list[User]:
    return [make_user(flags=[]) for _ in range(3)]


@pytest.mark.django_db
def test_notify_writes_one_row_per_user_and_pushes_each_to_its_own_group_after_commit(
    users: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, _ = users
    with capture_events(monkeypatch, run_on_commit=False) as events:
        with transaction.atomic():
            written = notify(
                user_ids=[a.pk, b.pk, a.pk],
                kind="delegation.received",
                title="Delegasi diterima",
                link="/profile",
            )
            assert written == 2
        assert events == [], "nothing is sent before the commit"
    rows = {row.user_id: row for row in Notification.objects.all()}
    assert set(rows) == {a.pk, b.pk}
    with capture_events(monkeypatch) as events:
        notify(user_ids=[a.pk], kind="job.ended", title="Proses selesai.", data={"job": "x"})
    row = Notification.objects.get(user=a, kind="job.ended")
    assert len(events) == 1
    event = events[0]
    assert (event.topic, event.type, event.scope) == (TOPIC, "notification.created", a.pk)
    assert event.data["unread"] == 2
    assert event.data["notification"] | {"created": ""} == {
        "hash_id": row.hash_id,
        "kind": "job.ended",
        "title": "Proses selesai.",
        "body": "",
        "link": "",
        "data": {"job": "x"},
        "count": 1,
        "created": "",
        "read": False,
        "read_at": "",
    }


@pytest.mark.django_db
def test_a_rolled_back_notify_writes_and_sends_nothing(
    users: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    with capture_events(monkeypatch) as events, transaction.atomic():
        notify(user_ids=[users[0].pk], kind="job.ended", title="x")
        transaction.set_rollback(True)
    assert events == [] and not Notification.objects.exists()


@pytest.mark.django_db
def test_dedupe_key_notifies_each_user_once_even_after_reading(
    users: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, c = users
    assert notify(user_ids=[a.pk], kind="sla.escalation", title="Lewat batas", dedupe_key="sla:izin:1") == 1
    notification_read(user_id=a.pk)
    with capture_events(monkeypatch) as events:
        written = notify(
            user_ids=[a.pk, b.pk], kind="sla.escalation", title="Lewat batas", dedupe_key="sla:izin:1"
        )
    assert written == 1
    assert [(e.type, e.scope) for e in events] == [("notification.created", b.pk)]
    assert Notification.objects.filter(dedupe_key="sla:izin:1").count() == 2
    # Another key, or no key, is another notification.
    assert notify(user_ids=[a.pk], kind="sla.escalation", title="Lewat batas", dedupe_key="sla:izin:2") == 1
    assert notify(user_ids=[c.pk], kind="x", title="a") + notify(user_ids=[c.pk], kind="x", title="a") == 2


@pytest.mark.django_db
def test_coalesced_events_grow_one_unread_row_per_user_until_it_is_read(
    users: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, _ = users
    key = "queue.new:attendance"
    title = "{count} absen baru menunggu persetujuan"
    notify_coalesced(user_ids=[a.pk], kind="queue.new", coalesce_key=key, title=title, link="/approval")
    with capture_events(monkeypatch) as events:
        written = notify_coalesced(
            user_ids=[a.pk, b.pk], kind="queue.new", coalesce_key=key, title=title, link="/approval"
        )
    assert written == 2
    rows = {row.user_id: row for row in Notification.objects.filter(kind="queue.new")}
    assert (rows[a.pk].count, rows[a.pk].title) == (2, "2 absen baru menunggu persetujuan")
    assert (rows[b.pk].count, rows[b.pk].title) == (1, "1 absen baru menunggu persetujuan")
    assert sorted((e.type, e.scope, e.data["notification"]["count"], e.data["unread"]) for e in events) == [
        ("notification.created", a.pk, 2, 1),
        ("notification.created", b.pk, 1, 1),
    ]
    for _ in range(5):
        notify_coalesced(user_ids=[a.pk], kind="queue.new", coalesce_key=key, title=title, count=2)
    assert Notification.objects.filter(user=a).count() == 1
    assert Notification.objects.get(user=a).count == 12
    # Once read, the next event starts a new unread row; the read one stays as it was.
    notification_read(user_id=a.pk)
    notify_coalesced(user_ids=[a.pk], kind="queue.new", coalesce_key=key, title=title)
    assert sorted((row.count, row.read_at is None) for row in Notification.objects.filter(user=a)) == [
        (1, True),
        (12, False),
    ]


@pytest.mark.django_db
def test_coalescing_many_approvers_takes_a_fixed_number_of_queries(
    make_user: Callable[..., User], django_assert_max_num_queries: Callable[..., object]
) -> None:
    many = [make_user(flags=[]).pk for _ in range(30)]
    notify_coalesced(user_ids=many[:10], kind="queue.new", coalesce_key="k", title="{count} baru")
    with django_assert_max_num_queries(8):  # type: ignore[operator]
        notify_coalesced(user_ids=many, kind="queue.new", coalesce_key="k", title="{count} baru")
    assert Notification.objects.count() == 30
    assert sorted(set(Notification.objects.values_list("count", flat=True))) == [1, 2]


@pytest.mark.django_db
def test_read_marks_only_the_users_own_rows_and_pushes_the_new_count(
    users: list[User], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b, _ = users
    notify(user_ids=[a.pk, b.pk], kind="x", title="satu")
    notify(user_ids=[a.pk], kind="x", title="dua")
    mine = list(Notification.objects.filter(user=a).order_by("pk"))
    theirs = Notification.objects.get(user=b)
    with capture_events(monkeypatch) as events:
        marked = notification_read(user_id=a.pk, hash_ids=[mine[0].hash_id, theirs.hash_id, "zzzzzzzzzz"])
    assert marked == 1
    theirs.refresh_from_db()
    assert theirs.read_at is None
    assert events == [(TOPIC, "notification.read", {"ids": [mine[0].hash_id], "unread": 1}, a.pk)]
    with capture_events(monkeypatch) as events:
        assert notification_read(user_id=a.pk) == 1
        assert notification_read(user_id=a.pk) == 0
    assert events == [(TOPIC, "notification.read", {"ids": None, "unread": 0}, a.pk)]
