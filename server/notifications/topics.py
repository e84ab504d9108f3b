"""The `notifications` topic (DESIGN §6, §20): the signed-in user's own notifications.

Groups: one per user (`rt.notifications.<user id>`), so nobody hears of another's rows.
Snapshot: `{"unread": n}`. Events (after commit, `server.notifications.services`):
"notification.created" `{"notification": <row>, "unread": n}` (a new row, or a coalesced row that took
another event: `count` grew), "notification.read" `{"ids": [hash ids] | null (all), "unread": n}`.
"""

from __future__ import annotations

from server.notifications.selectors import NOTIFICATIONS_TOPIC, notification_unread_count
from server.realtime.event_schemas import INTEGER, STRING, array, component, describe_topic, payload
from server.realtime.principals import Principal
from server.realtime.publish import group_name
from server.realtime.topics import Snapshot, register_topic


def _groups(principal: Principal) -> list[str]:
    return [group_name(NOTIFICATIONS_TOPIC, principal.user_id)] if principal.user_id is not None else []


@register_topic(NOTIFICATIONS_TOPIC, allows=lambda principal: principal.is_user, groups=_groups)
def notifications_snapshot(principal: Principal) -> Snapshot:
    assert principal.user_id is not None
    return {"unread": notification_unread_count(user_id=principal.user_id)}


describe_topic(
    NOTIFICATIONS_TOPIC,
    snapshot=payload(unread=INTEGER),
    events={
        "notification.created": payload(notification=component("NotificationListRow"), unread=INTEGER),
        # ids: null when every unread notification was marked read.
        "notification.read": payload(ids={**array(STRING), "nullable": True}, unread=INTEGER),
    },
)
