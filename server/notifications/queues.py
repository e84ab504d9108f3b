"""`queue.new`: new items waiting in a queue an approver decides, while they are away from it (DESIGN §20).

Each approver has at most one unread "N absen baru menunggu persetujuan" row per queue, whose count
grows with each new item (`notify_coalesced`), so hundreds of check-ins a day make one row per
approver, not hundreds; reading it (or opening the queue, which the client marks read) starts the
next one. The queue's own app calls `queue_new_after_commit` where an item enters its queue, with the
approvers in the item's scope (asked of the access kit, which this app cannot import).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from server.core.flags import APPROVE_ATTENDANCE
from server.notifications.services import notify_coalesced
from server.realtime.publish import on_commit_send

QUEUE_NEW = "queue.new"


@dataclass(frozen=True)
class Queue:
    key: str
    flag: str  # the right that decides its items
    title: str  # with {count}
    link: str  # the queue's page in the client


ATTENDANCE_QUEUE = Queue(
    "attendance", APPROVE_ATTENDANCE, "{count} absen baru menunggu persetujuan", "/approval/attendance"
)
IZIN_QUEUE = Queue(
    "izin", "allow_permission", "{count} izin baru menunggu persetujuan", "/approval/permission"
)


class Approvers(Protocol):
    """Who holds `flag` today (with `man_power_type` for attendance), own or delegated: the access kit's
    `approvers_for`, passed in by the caller (this app is below accounts)."""

    def __call__(self, *, flag: str, man_power_type: str | None = None) -> Iterable[Any]: ...


def queue_new_notify(queue: Queue, user_ids: Iterable[int]) -> int:
    """One more item waiting in `queue` for each of `user_ids` (coalesced per user and queue)."""
    return notify_coalesced(
        user_ids=user_ids,
        kind=QUEUE_NEW,
        coalesce_key=f"{QUEUE_NEW}:{queue.key}",
        title=queue.title,
        link=queue.link,
        data={"queue": queue.key},
    )


def queue_new_after_commit(queue: Queue, approvers: Approvers, *, man_power_type: str | None = None) -> None:
    """Once the caller's transaction commits (after its answer, inside a request): the users who
    decide `queue`'s items (of `man_power_type`) then are told of one more. One query for them, one
    bulk write. Never fails the caller: the item is saved whatever happens to its notification (an
    error is logged)."""

    def send() -> None:
        users = approvers(flag=queue.flag, man_power_type=man_power_type)
        queue_new_notify(queue, [user.pk for user in users])

    on_commit_send(send)
