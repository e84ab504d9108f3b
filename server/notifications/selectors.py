"""Reading a user's notifications (DESIGN §20)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, QuerySet
from django.utils import timezone

from server.notifications.models import Notification

NOTIFICATIONS_TOPIC = "notifications"


def notification_list(*, user_id: int) -> QuerySet[Notification]:
    """The user's own notifications, newest first."""
    return Notification.objects.filter(user_id=user_id)


def notification_unread_count(*, user_id: int) -> int:
    return Notification.objects.filter(user_id=user_id, read_at__isnull=True).count()


def notification_unread_counts(*, user_ids: Iterable[int]) -> dict[int, int]:
    """The unread count of each of `user_ids` (0 for those with none), in one query."""
    ids = list(user_ids)
    counts = dict(
        Notification.objects.filter(user_id__in=ids, read_at__isnull=True)
        .values_list("user_id")
        .annotate(n=Count("pk"))
        .values_list("user_id", "n")
    )
    return {user_id: counts.get(user_id, 0) for user_id in ids}


def _moment(value: Any) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S") if value is not None else ""


def notification_row(notification: Notification) -> dict[str, Any]:
    """One notification as the list and the events carry it."""
    return {
        "hash_id": notification.hash_id,
        "kind": notification.kind,
        "title": notification.title,
        "body": notification.body,
        "link": notification.link,
        "data": notification.data,
        "count": notification.count,
        "created": _moment(notification.created),
        "read": notification.read_at is not None,
        "read_at": _moment(notification.read_at),
    }
