"""The `approval.attendance` topic (DESIGN §6): the live queue of waiting check-ins, per man power type.

Who: users with approve or reject rights on at least one type. A subscriber listens to one group per
type it holds (`rt.approval.attendance.<type>`), so an office-only approver is never sent a site log.
Snapshot: `{"waiting_by_type": {type: n}}` for the subscriber's types only.
Events (published after commit by the services, scoped by the log's man power type):
- "entered" `{"row": <attendance_queue_row>, "waiting_by_type": {...}}`: a log joined the queue (a
  waiting check-in, or an undo); the row's photo URLs are '' (file URLs are signed per reader,
  server/core/files.py: the client refetches the list, which signs them for the reader);
- "left" `{"hash_id", "status", "decided_by_name", "waiting_by_type": {...}}`: a log was approved or
  rejected and left the queue;
- "rescored" `{"waiting_by_type": {...}}`: new risk thresholds moved the waiting logs' risk (refetch).
`waiting_by_type` counts waiting logs of every date; each subscriber sees only its own types.
"""

from __future__ import annotations

from typing import Any

from server.attendance.selectors import attendance_approver_types, attendance_waiting_by_type
from server.core.days_changed import DASHBOARD_TOPIC
from server.core.flags import MAN_POWER_TYPES, REJECT_ATTENDANCE
from server.core.policy import AnyFlag
from server.realtime import publish as realtime_publish
from server.realtime.event_schemas import COUNT_BY_KEY, EMPTY, STRING, component, describe_topic, payload
from server.realtime.principals import Principal
from server.realtime.publish import group_name
from server.realtime.topics import Event, Snapshot, register_topic

APPROVAL_TOPIC = "approval.attendance"
# The risk thresholds are a system setting: who may see the system-trouble settings reads them, its
# _update child changes them. Topic `settings.risk` (snapshot {}), event "changed" {"action": "updated"}.
RISK_SETTINGS_FLAG = "allow_system_trouble"
RISK_SETTINGS_TOPIC = "settings.risk"
# The preset rejection notes: kept by the same system admin, read by whoever may reject a check-in
# (their note fields refresh). Topic `settings.rejection_notes` (snapshot {}), event "changed".
REJECTION_NOTES_TOPIC = "settings.rejection_notes"
REJECTION_NOTES_READERS = AnyFlag(RISK_SETTINGS_FLAG, REJECT_ATTENDANCE, "allow_reject_valid_attendance")


def _types(principal: Principal) -> list[str]:
    return attendance_approver_types(principal.access) if principal.is_user else []


def _only_types(counts: dict[str, int], types: list[str]) -> dict[str, int]:
    return {t: counts.get(t, 0) for t in types}


def attendance_queue_view(principal: Principal, event: Event) -> Event | None:
    counts = event.data.get("waiting_by_type")
    if not isinstance(counts, dict):
        return event
    return Event(event.type, {**event.data, "waiting_by_type": _only_types(counts, _types(principal))})


@register_topic(
    APPROVAL_TOPIC,
    allows=lambda principal: bool(_types(principal)),
    groups=lambda principal: [group_name(APPROVAL_TOPIC, t) for t in _types(principal)],
    shared_by=lambda principal: tuple(_types(principal)),
    view=attendance_queue_view,
)
def attendance_queue_snapshot(principal: Principal) -> Snapshot:
    return {"waiting_by_type": _only_types(attendance_waiting_by_type(), _types(principal))}


@register_topic(RISK_SETTINGS_TOPIC, allows=AnyFlag(RISK_SETTINGS_FLAG))
def risk_settings_snapshot(principal: Principal) -> Snapshot:
    return {}


@register_topic(REJECTION_NOTES_TOPIC, allows=REJECTION_NOTES_READERS)
def rejection_notes_snapshot(principal: Principal) -> Snapshot:
    return {}


describe_topic(
    APPROVAL_TOPIC,
    snapshot=payload(waiting_by_type=COUNT_BY_KEY),
    events={
        "entered": payload(row=component("AttendanceLogListRow"), waiting_by_type=COUNT_BY_KEY),
        "left": payload(hash_id=STRING, status=STRING, decided_by_name=STRING, waiting_by_type=COUNT_BY_KEY),
        "rescored": payload(waiting_by_type=COUNT_BY_KEY),
    },
)
describe_topic(RISK_SETTINGS_TOPIC, snapshot=EMPTY, events={"changed": payload(action=STRING)})
describe_topic(REJECTION_NOTES_TOPIC, snapshot=EMPTY, events={"changed": payload(action=STRING)})


def attendance_queue_publish(event_type: str, data: dict[str, Any], *, man_power_type: str) -> None:
    """Send a queue event to the approvers of `man_power_type` once the transaction commits, with the
    waiting counts read after the commit (so they include this change and every one committed before)."""

    def send() -> None:
        realtime_publish.send_now(
            APPROVAL_TOPIC,
            event_type,
            {**data, "waiting_by_type": attendance_waiting_by_type()},
            scope=man_power_type,
        )

    realtime_publish.on_commit_send(send)


def attendance_logs_version() -> tuple[int, ...]:
    """Moves with every write to the attendance logs: each publishes, after commit, on the approval
    queue of its man power type or on the dashboard (check-ins, decisions, uploads, adjustments).
    The lists of logs share their counts while it stands still (`ListSpec.count_version`)."""
    groups = [group_name(DASHBOARD_TOPIC), *(group_name(APPROVAL_TOPIC, t) for t in MAN_POWER_TYPES)]
    versions = realtime_publish.current_versions(groups)
    return tuple(versions[group] for group in groups)
