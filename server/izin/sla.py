"""The izin queue's deadline (server/schedules/sla.py): its waiting requests, how an overdue one is
named in an escalation, and the queue's own event when the deadline moves. Registered from
`IzinConfig.ready()`."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from server.accounts.models import User
from server.core.clock import date_id
from server.izin.models import IzinRequest, IzinStatus
from server.izin.selectors import izin_waiting_count
from server.izin.topics import APPROVAL_TOPIC, approver_scope
from server.realtime import publish as realtime_publish
from server.schedules.sla import PERMISSION, SlaQueue, register_sla_queue

LINK = "/approval/permission?overdue=1"


def izin_waiting_before(*, waiting_before: datetime) -> QuerySet[IzinRequest]:
    """Waiting requests submitted before the moment."""
    return IzinRequest.objects.filter(
        status=IzinStatus.WAITING_APPROVAL, created__lt=waiting_before
    ).select_related("employee", "izin_type")


def izin_describe(izin: IzinRequest) -> str:
    """'Budi Santoso · Sakit 27 November 2026 (2 hari)'."""
    return f"{izin.employee.name} · {izin.izin_type.name} {date_id(izin.start_date)} ({izin.total_days} hari)"


def izin_sla_changed() -> None:
    """After commit: every izin queue refetches (the main group, and each login linked to an addressed
    approver with waiting requests, with their own waiting count)."""

    def send() -> None:
        realtime_publish.send_now(APPROVAL_TOPIC, "sla_changed", {"waiting": izin_waiting_count()})
        approvers = (
            IzinRequest.objects.filter(status=IzinStatus.WAITING_APPROVAL, approver_id__isnull=False)
            .values_list("approver_id", flat=True)
            .distinct()
        )
        logins = User.objects.filter(employee_id__in=approvers, is_active=True).values_list(
            "pk", "employee_id"
        )
        for user_id, employee_id in logins:
            realtime_publish.send_now(
                APPROVAL_TOPIC,
                "sla_changed",
                {"waiting": izin_waiting_count(approver_id=employee_id)},
                scope=approver_scope(user_id),
            )

    realtime_publish.on_commit_send(send)


def izin_sla_register() -> None:
    register_sla_queue(
        SlaQueue(
            code=PERMISSION,
            label="izin menunggu persetujuan",
            audit_object_type="izin",
            link=LINK,
            waiting=izin_waiting_before,
            describe=izin_describe,
            changed=izin_sla_changed,
        )
    )
