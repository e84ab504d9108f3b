"""Writing a user's notifications (DESIGN §20): rows of the user, pushed on the user's own topic.

    notify(user_ids=[...], kind="sla.escalation", title="...", link="/izin", dedupe_key="sla:izin:42")

writes one row per user inside the caller's transaction and, once it commits, sends each user
"notification.created" on `notifications` (their own group) with the row and their unread count.
`notify_coalesced` folds a stream of like events ("a new item is waiting in your queue") into one
unread row per user and key whose count grows, so hundreds of check-ins a day make one row per
approver, not hundreds. `notification_read` marks the user's own rows read.

Notifications are the user's own inbox state, not business data: nothing here is audited (the events
they tell of are audited where they happen).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import CharField, F, Q, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from server.core.hashids import decode_id
from server.notifications.models import Notification
from server.notifications.selectors import NOTIFICATIONS_TOPIC, notification_row, notification_unread_counts
from server.realtime import publish as realtime_publish

COUNT_PLACEHOLDER = "{count}"


def _user_ids(user_ids: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(int(user_id) for user_id in user_ids if user_id is not None))


def _publish_created(pks: list[int]) -> None:
    """After commit: each of these rows to its user, with the user's unread count then."""
    if not pks:
        return

    def send() -> None:
        rows = list(Notification.objects.filter(pk__in=pks))
        unread = notification_unread_counts(user_ids={row.user_id for row in rows})
        for row in rows:
            realtime_publish.send_now(
                NOTIFICATIONS_TOPIC,
                "notification.created",
                {"notification": notification_row(row), "unread": unread[row.user_id]},
                scope=row.user_id,
            )

    realtime_publish.on_commit_send(send)


def notify(
    *,
    user_ids: Iterable[int],
    kind: str,
    title: str,
    body: str = "",
    link: str = "",
    data: dict[str, Any] | None = None,
    dedupe_key: str | None = None,
) -> int:
    """One notification per user (inside the caller's transaction), each pushed to its user after
    commit; the number written. With `dedupe_key` a user who already has a notification of that key
    (read or not) gets nothing again."""
    ids = _user_ids(user_ids)
    if not ids:
        return 0
    with transaction.atomic():
        if dedupe_key is not None:
            had = set(
                Notification.objects.filter(user_id__in=ids, dedupe_key=dedupe_key).values_list(
                    "user_id", flat=True
                )
            )
            ids = [user_id for user_id in ids if user_id not in had]
            if not ids:
                return 0
        now = timezone.now()
        rows = [
            Notification(
                user_id=user_id,
                kind=kind,
                title=title[:200],
                body=body,
                link=link[:500],
                data=dict(data or {}),
                dedupe_key=dedupe_key,
                created=now,
            )
            for user_id in ids
        ]
        if dedupe_key is None:
            created = Notification.objects.bulk_create(rows)
            pks = [row.pk for row in created]
        else:
            # A concurrent notify with the same key may have written some of them: those are skipped.
            Notification.objects.bulk_create(rows, ignore_conflicts=True)
            pks = list(
                Notification.objects.filter(user_id__in=ids, dedupe_key=dedupe_key, created=now).values_list(
                    "pk", flat=True
                )
            )
        _publish_created(pks)
    return len(pks)


def _title(template: str, count: Any) -> Any:
    """`template` with `{count}` replaced by `count` (a number, or an expression of the row)."""
    head, _, tail = template.partition(COUNT_PLACEHOLDER)
    if not _:
        return template
    if isinstance(count, int):
        return f"{head}{count}{tail}"
    return Concat(Value(head), Cast(count, output_field=CharField()), Value(tail), output_field=CharField())


def notify_coalesced(
    *,
    user_ids: Iterable[int],
    kind: str,
    coalesce_key: str,
    title: str,
    body: str = "",
    link: str = "",
    data: dict[str, Any] | None = None,
    count: int = 1,
) -> int:
    """`count` more events of `coalesce_key` for each user: their unread row of that key takes them
    (its count grows, its title is `title` with `{count}` filled in, it moves to the top), or a new
    row starts when they have none unread. The rows written or updated; each is pushed after commit.

    A few fixed queries whatever the number of users: one UPDATE of the unread rows, one read of who
    had one, one INSERT of the others (and one UPDATE for a row a concurrent call inserted first)."""
    ids = _user_ids(user_ids)
    if not ids or count < 1:
        return 0
    now = timezone.now()
    fields = {"kind": kind, "body": body, "link": link[:500], "data": dict(data or {}), "created": now}
    grown = F("count") + count

    def unread(users: list[int]) -> Any:
        return Notification.objects.filter(user_id__in=users, coalesce_key=coalesce_key, read_at__isnull=True)

    with transaction.atomic():
        unread(ids).update(count=grown, title=_title(title, grown), **fields)
        had = set(unread(ids).values_list("user_id", flat=True))
        missing = [user_id for user_id in ids if user_id not in had]
        if missing:
            Notification.objects.bulk_create(
                [
                    Notification(
                        user_id=user_id,
                        coalesce_key=coalesce_key,
                        count=count,
                        title=_title(title, count),
                        **fields,
                    )
                    for user_id in missing
                ],
                ignore_conflicts=True,
            )
            # Another call inserted the user's unread row between our update and our insert: add ours to it.
            unread(missing).filter(~Q(created=now)).update(count=grown, title=_title(title, grown), **fields)
        pks = list(unread(ids).values_list("pk", flat=True))
        _publish_created(pks)
    return len(pks)


def notification_read(*, user_id: int, hash_ids: Iterable[str] | None = None) -> int:
    """Mark the user's own unread notifications read: those of `hash_ids`, or all of them (None).
    Ids of rows that are not the user's (or no row) are passed over. The number marked; the user's
    sockets are told after commit."""
    with transaction.atomic():
        rows = Notification.objects.filter(user_id=user_id, read_at__isnull=True)
        if hash_ids is not None:
            pks = [
                pk
                for pk in (decode_id(Notification._meta.label, hash_id) for hash_id in hash_ids)
                if pk is not None
            ]
            rows = rows.filter(pk__in=pks)
        marked = list(rows.values_list("pk", flat=True))
        if not marked:
            return 0
        Notification.objects.filter(pk__in=marked).update(read_at=timezone.now())
        read_ids = None if hash_ids is None else [Notification(pk=pk).hash_id for pk in marked]

        def send() -> None:
            unread = notification_unread_counts(user_ids=[user_id])[user_id]
            realtime_publish.send_now(
                NOTIFICATIONS_TOPIC, "notification.read", {"ids": read_ids, "unread": unread}, scope=user_id
            )

        realtime_publish.on_commit_send(send)
    return len(marked)
