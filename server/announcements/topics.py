"""The `announcement` topic (DESIGN §6): every open announcement page follows the list live.

Who: users holding allow_announcement. Snapshot: `{"count": n}`. Events, after commit (REST stays the
truth; clients refetch their list on any event or version gap): "created" and "updated" (a draft),
"published", "important" with `{"hash_id", "row"}`; "deleted" with `{"hash_id"}`.
"""

from __future__ import annotations

from typing import Any

from server.announcements.models import Announcement
from server.announcements.selectors import announcement_row
from server.core.policy import AllFlags
from server.realtime.principals import Principal
from server.realtime.publish import publish
from server.realtime.topics import Snapshot, register_topic

ANNOUNCEMENT_TOPIC = "announcement"


@register_topic(ANNOUNCEMENT_TOPIC, allows=AllFlags("allow_announcement"))
def announcement_snapshot(principal: Principal) -> Snapshot:
    return {"count": Announcement.objects.count()}


def announcement_publish(event_type: str, announcement: Announcement) -> None:
    data: dict[str, Any] = {"hash_id": announcement.hash_id}
    if event_type != "deleted":
        data["row"] = announcement_row(announcement)
    publish(ANNOUNCEMENT_TOPIC, event_type, data)
