"""The `approval.izin` topic (DESIGN §6): the live queue of izin requests.

Groups: a user with allow_permission listens to the topic's main group (every request); any other
signed-in user listens to a group of their own (`rt.approval.izin.user-<id>`), which is sent only the
requests addressed to the employee their login is linked to (`User.employee`), so nobody is shown a
request they may not open. Whether a user is linked is a database fact and subscription rules run on
the event loop, so any signed-in user may subscribe; one who is not linked to an approver simply
receives nothing and a snapshot of 0.
Snapshot: `{"waiting": n}`: waiting requests of every date the subscriber may decide.
Events (after commit): "created" `{"row": <izin_list_row>, "waiting": n}`; "decided"
`{"hash_id", "status", "decided_by_name", "row", "waiting": n}`; `waiting` counted for each group.
"""

from __future__ import annotations

from typing import Any

from server.accounts.models import User
from server.izin.models import IzinRequest
from server.izin.selectors import ALLOW_PERMISSION, izin_waiting_count
from server.realtime import publish as realtime_publish
from server.realtime.event_schemas import INTEGER, STRING, component, describe_topic, payload
from server.realtime.principals import Principal
from server.realtime.publish import group_name
from server.realtime.topics import Snapshot, register_topic

APPROVAL_TOPIC = "approval.izin"


def approver_scope(user_id: int) -> str:
    return f"user-{user_id}"


def _sees_all(principal: Principal) -> bool:
    return bool(principal.access.get(ALLOW_PERMISSION))


def _groups(principal: Principal) -> list[str]:
    if _sees_all(principal):
        return [group_name(APPROVAL_TOPIC)]
    assert principal.user_id is not None
    return [group_name(APPROVAL_TOPIC, approver_scope(principal.user_id))]


@register_topic(APPROVAL_TOPIC, allows=lambda principal: principal.is_user, groups=_groups)
def izin_queue_snapshot(principal: Principal) -> Snapshot:
    if _sees_all(principal):
        return {"waiting": izin_waiting_count()}
    assert principal.user_id is not None
    employee_id = User.objects.filter(pk=principal.user_id).values_list("employee_id", flat=True).first()
    return {"waiting": izin_waiting_count(approver_id=employee_id) if employee_id is not None else 0}


describe_topic(
    APPROVAL_TOPIC,
    snapshot=payload(waiting=INTEGER),
    events={
        "created": payload(row=component("PermissionListRow"), waiting=INTEGER),
        "decided": payload(
            hash_id=STRING,
            status=STRING,
            decided_by_name=STRING,
            row=component("PermissionListRow"),
            waiting=INTEGER,
        ),
    },
)


def izin_queue_publish(event_type: str, data: dict[str, Any], *, izin: IzinRequest) -> None:
    """After commit: tell the allow_permission group and the login of the addressed approver, each with
    its own waiting count (read after the commit)."""
    approver_id = izin.approver_id

    def send() -> None:
        realtime_publish.send_now(APPROVAL_TOPIC, event_type, {**data, "waiting": izin_waiting_count()})
        if approver_id is None:
            return
        for user_id in User.objects.filter(employee_id=approver_id, is_active=True).values_list(
            "pk", flat=True
        ):
            realtime_publish.send_now(
                APPROVAL_TOPIC,
                event_type,
                {**data, "waiting": izin_waiting_count(approver_id=approver_id)},
                scope=approver_scope(user_id),
            )

    realtime_publish.on_commit_send(send)
