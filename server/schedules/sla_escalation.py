"""The escalation of overdue items (DESIGN §20): Celery beat runs `sla_escalate` every few minutes
(`schedules.sla_escalate`, server/config/settings.py).

Each waiting item past its queue's deadline is escalated once: a row of SlaEscalation claims it (unique
per queue and item: a second run, or a second worker running at the same moment, claims nothing
again), an audit entry names it and who was told ('Sistem' as the actor), and the user logins of the
setting's `escalate_to` get one notification per queue and run ("3 absen menunggu lewat batas 24 jam",
linking to the queue filtered to overdue). Without an active user to tell nothing is claimed: the
items are escalated once someone is named. A run escalates at most RUN_LIMIT items per queue (the
oldest first); the next run goes on.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from server.audit.services import Change, audit_record_many
from server.core import clock
from server.notifications.services import notify
from server.schedules.models import SlaEscalation
from server.schedules.sla import SlaQueue, approval_sla, overdue_cutoff, sla_queues

ESCALATION_KIND = "sla.escalation"
AUDIT_ACTION = "escalate"
RUN_LIMIT = 200
# Items named in one notification's body (the rest are counted).
BODY_ITEMS = 5


def _recipients(user_ids: tuple[int, ...]) -> list[Any]:
    return list(get_user_model().objects.filter(pk__in=user_ids, is_active=True).order_by("fullname", "pk"))


def _notification(queue: SlaQueue, hours: int, described: list[str]) -> tuple[str, str]:
    count = len(described)
    if count == 1:
        title = f"{queue.label} lewat batas {hours} jam: {described[0]}"
    else:
        title = f"{count} {queue.label} lewat batas {hours} jam"
    lines = described[:BODY_ITEMS]
    if count > BODY_ITEMS:
        lines.append(f"dan {count - BODY_ITEMS} lainnya")
    return title, "\n".join(lines) if count > 1 else ""


def _escalate_queue(queue: SlaQueue, *, recipients: list[Any], hours: int, cutoff: Any) -> int:
    with transaction.atomic():
        escalated = SlaEscalation.objects.filter(queue=queue.code, item_id=OuterRef("pk"))
        items = list(
            queue.waiting(waiting_before=cutoff)
            .filter(~Exists(escalated))
            .order_by("created", "pk")[:RUN_LIMIT]
        )
        if not items:
            return 0
        run = uuid.uuid4()
        now = timezone.now()
        SlaEscalation.objects.bulk_create(
            [SlaEscalation(queue=queue.code, item_id=item.pk, run=run, escalated_at=now) for item in items],
            ignore_conflicts=True,
        )
        mine = set(SlaEscalation.objects.filter(run=run).values_list("item_id", flat=True))
        claimed = [item for item in items if item.pk in mine]
        if not claimed:
            return 0
        told = [f"{user.fullname} ({user.username})" for user in recipients]
        described = [queue.describe(item) for item in claimed]
        audit_record_many(
            [
                Change(
                    AUDIT_ACTION,
                    queue.audit_object_type,
                    item.hash_id,
                    label,
                    {},
                    {"waiting_since": item.created, "sla_hours": hours, "escalate_to": told},
                )
                for item, label in zip(claimed, described, strict=True)
            ]
        )
        title, body = _notification(queue, hours, described)
        notify(
            user_ids=[user.pk for user in recipients],
            kind=ESCALATION_KIND,
            title=title,
            body=body,
            link=queue.link,
            data={"queue": queue.code, "count": len(claimed), "items": [item.hash_id for item in claimed]},
            dedupe_key=f"{ESCALATION_KIND}:{queue.code}:{run}",
        )
        return len(claimed)


def sla_escalate() -> dict[str, int]:
    """Escalate the overdue items not escalated yet; how many per queue (none without recipients)."""
    setting = approval_sla()
    recipients = _recipients(setting.escalate_to)
    if not recipients:
        return {}
    now = clock.now()
    return {
        queue.code: _escalate_queue(
            queue,
            recipients=recipients,
            hours=setting.hours(queue.code),
            cutoff=overdue_cutoff(queue.code, now=now, setting=setting),
        )
        for queue in sla_queues()
    }
