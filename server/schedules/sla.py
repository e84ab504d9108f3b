"""The deadlines of the approval queues (DESIGN §20): `GET/PUT setting/approval_sla`.

A waiting item (a check-in in the attendance queue, an izin request in the izin queue) that has waited
longer than its queue's hours is overdue: the queues mark it (`overdue`), filter and count it, and the
beat job escalates it once to the named user logins (server/schedules/sla_escalation.py).

The setting lives here, in the calendar layer below both queues (izin < attendance): each queue reads
it through `approval_sla()` / `overdue_cutoff()` and registers itself with `register_sla_queue` (from
its `AppConfig.ready()`), so this module imports neither queue.

Events (after commit): `settings.approval_sla` "changed" `{"action": "updated", "hash_id": ""}` (open
settings screens refetch); every registered queue's own "sla_changed" (open queues refetch: rows moved
in or out of overdue); `dashboard` "changed" `{"reason": "sla"}` (its overdue counts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.db import models, transaction

from server.audit.services import audit_record
from server.core import clock
from server.core.days_changed import counts_changed
from server.core.envelope import Unprocessable
from server.core.hashids import decode_id
from server.realtime.publish import publish
from server.schedules.models import ApprovalSla
from server.schedules.topics import settings_topic

ATTENDANCE = "attendance"
PERMISSION = "permission"
DEFAULT_HOURS = {ATTENDANCE: 24, PERMISSION: 48}
# A week and a half of waiting at most; a deadline longer than that marks nothing worth marking.
MIN_HOURS, MAX_HOURS = 1, 720
MAX_ESCALATE_TO = 20
SLA_TOPIC = settings_topic("approval_sla")
AUDIT_OBJECT = "approval_sla"
AUDIT_LABEL = "Batas Waktu Persetujuan"

UNKNOWN_USERS = "Pengguna eskalasi tidak ditemukan atau tidak aktif."
TOO_MANY_USERS = f"Pengguna eskalasi paling banyak {MAX_ESCALATE_TO} orang."


@dataclass(frozen=True)
class ApprovalSlaSetting:
    """The deadlines in hours per queue and the user logins (pk) escalations go to."""

    attendance_hours: int
    permission_hours: int
    escalate_to: tuple[int, ...]

    def hours(self, queue: str) -> int:
        return self.permission_hours if queue == PERMISSION else self.attendance_hours


def _escalate_to_ids(row: ApprovalSla | None) -> tuple[int, ...]:
    if row is None:
        return ()
    return tuple(sorted(row.escalate_to.values_list("pk", flat=True)))


def approval_sla() -> ApprovalSlaSetting:
    """The stored deadlines, or the defaults until first saved (a read writes nothing)."""
    row = ApprovalSla.objects.filter(pk=1).first()
    if row is None:
        return ApprovalSlaSetting(DEFAULT_HOURS[ATTENDANCE], DEFAULT_HOURS[PERMISSION], ())
    return ApprovalSlaSetting(row.attendance_hours, row.permission_hours, _escalate_to_ids(row))


def overdue_cutoff(
    queue: str, *, now: datetime | None = None, setting: ApprovalSlaSetting | None = None
) -> datetime:
    """An item of `queue` waiting since before this moment is overdue."""
    setting = setting or approval_sla()
    return (now or clock.now()) - timedelta(hours=setting.hours(queue))


def _users(ids: Iterable[int]) -> list[Any]:
    return list(get_user_model().objects.filter(pk__in=list(ids)).order_by("fullname", "pk"))


def user_option(user: Any) -> dict[str, str]:
    return {"hash_id": user.hash_id, "fullname": user.fullname, "username": user.username}


def approval_sla_data(setting: ApprovalSlaSetting | None = None) -> dict[str, Any]:
    setting = setting or approval_sla()
    users = _users(setting.escalate_to)
    return {
        "attendance_hours": setting.attendance_hours,
        "permission_hours": setting.permission_hours,
        "escalate_to": [user.hash_id for user in users],
        "escalate_to_users": [user_option(user) for user in users],
    }


def escalation_candidates() -> list[dict[str, str]]:
    """The active user logins an escalation may go to (the settings screen's picker)."""
    users = get_user_model().objects.filter(is_active=True).order_by("fullname", "pk")
    return [user_option(user) for user in users]


def escalate_to_resolve(hash_ids: Sequence[str]) -> tuple[int, ...]:
    """The pks of the named active user logins (duplicates dropped); 422 when one names none."""
    unique = list(dict.fromkeys(hash_ids))
    if len(unique) > MAX_ESCALATE_TO:
        raise Unprocessable(TOO_MANY_USERS, errors={"escalate_to": [TOO_MANY_USERS]})
    model = get_user_model()
    ids = [decode_id(model._meta.label, value) for value in unique]
    found = set(
        model.objects.filter(pk__in=[i for i in ids if i is not None], is_active=True).values_list(
            "pk", flat=True
        )
    )
    if any(i is None or i not in found for i in ids):
        raise Unprocessable(UNKNOWN_USERS, errors={"escalate_to": [UNKNOWN_USERS]})
    return tuple(sorted(i for i in ids if i is not None))


def _audit_values(setting: ApprovalSlaSetting) -> dict[str, Any]:
    return {
        "attendance_hours": setting.attendance_hours,
        "permission_hours": setting.permission_hours,
        "escalate_to": [f"{user.fullname} ({user.username})" for user in _users(setting.escalate_to)],
    }


def approval_sla_update(
    *, attendance_hours: int, permission_hours: int, escalate_to: Sequence[str]
) -> ApprovalSlaSetting:
    """Save the deadlines and the escalation users (audited); the queues, the dashboard and the open
    settings screens hear of it after commit."""
    with transaction.atomic():
        ApprovalSla.objects.get_or_create(pk=1)
        row = ApprovalSla.objects.select_for_update().get(pk=1)
        before = ApprovalSlaSetting(row.attendance_hours, row.permission_hours, _escalate_to_ids(row))
        after = ApprovalSlaSetting(attendance_hours, permission_hours, escalate_to_resolve(escalate_to))
        row.attendance_hours, row.permission_hours = after.attendance_hours, after.permission_hours
        row.save()
        row.escalate_to.set(after.escalate_to)
        audit_record(
            action="update",
            object_type=AUDIT_OBJECT,
            object_id=str(row.pk),
            object_label=AUDIT_LABEL,
            before=_audit_values(before),
            after=_audit_values(after),
        )
        publish(SLA_TOPIC, "changed", {"action": "updated", "hash_id": ""})
        if (before.attendance_hours, before.permission_hours) != (
            after.attendance_hours,
            after.permission_hours,
        ):
            for queue in _queues:
                queue.changed()
            counts_changed(reason="sla")
    return after


# ---------------------------------------------------------------------------------- the queues


class WaitingItems(Protocol):
    def __call__(self, *, waiting_before: datetime) -> models.QuerySet[Any]: ...


@dataclass(frozen=True)
class SlaQueue:
    """A queue with a deadline, as it registers itself (its app's `AppConfig.ready()`).

    `waiting`: its waiting items that entered before the moment (a queryset of a model with `hash_id`
    and `created`, the moment the item started waiting); `describe`: an item in words for the
    escalation ("Budi Santoso · Check In 27 Nov 2026 08.01"); `changed`: publish, after commit, the
    queue's own event that makes its open screens refetch (a deadline moved)."""

    code: str
    label: str
    audit_object_type: str
    link: str
    waiting: WaitingItems
    describe: Callable[[Any], str]
    changed: Callable[[], None]


_queues: list[SlaQueue] = []


def register_sla_queue(queue: SlaQueue) -> None:
    _queues[:] = [q for q in _queues if q.code != queue.code] + [queue]


def sla_queues() -> tuple[SlaQueue, ...]:
    return tuple(_queues)
