"""The approvers' daily digest (issue 41): from APPROVAL_DIGEST_TIME (local) each approver gets one
e-mail a day with the waiting and overdue counts of their own scope (overdue: past the queue's
deadline, server/schedules/sla.py) and links to the queues filtered so (`?overdue=1` when something
is overdue, else the waiting rows); nothing when nothing waits, nothing to who switched it off on
their profile (the user preference DIGEST_PREFERENCE `{"enabled": false}`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, time

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone

from server.accounts.models import User, UserPreference
from server.approval_mail import messages as msg
from server.approval_mail.models import DigestSent
from server.approval_mail.recipients import digest_approvers
from server.approval_mail.services import send_all
from server.attendance.selectors import attendance_approver_types, attendance_waiting_by_type
from server.attendance.sla import attendance_waiting_before
from server.core.clock import date_id
from server.izin.models import IzinRequest, IzinStatus
from server.izin.selectors import izin_visible_to
from server.izin.sla import izin_waiting_before
from server.schedules.sla import ATTENDANCE, PERMISSION, ApprovalSlaSetting, approval_sla, overdue_cutoff

logger = logging.getLogger(__name__)

DIGEST_PREFERENCE = "approval.digest"
ATTENDANCE_QUEUE = "/approval/attendance"
IZIN_QUEUE = "/approval/permission"


@dataclass(frozen=True)
class QueueCount:
    title: str
    waiting: int
    overdue: int
    url: str

    @property
    def waiting_text(self) -> str:
        return number_id(self.waiting)

    @property
    def overdue_text(self) -> str:
        return number_id(self.overdue)


def number_id(value: int) -> str:
    """1.234.567 (DESIGN §18)."""
    return f"{value:,}".replace(",", ".")


def digest_time() -> time:
    """APPROVAL_DIGEST_TIME ('HH:MM', local); a malformed value falls back to 07:00 (logged)."""
    try:
        hour, minute = (int(part) for part in str(settings.APPROVAL_DIGEST_TIME).split(":"))
        return time(hour, minute)
    except ValueError:
        logger.error("APPROVAL_DIGEST_TIME %r is not HH:MM; 07:00 is used", settings.APPROVAL_DIGEST_TIME)
        return time(7, 0)


def digest_opted_out(user: User) -> bool:
    value = UserPreference.objects.filter(user=user, key=DIGEST_PREFERENCE).values_list("value", flat=True)
    stored = value.first()
    return isinstance(stored, dict) and stored.get("enabled") is False


def _addressed_logins() -> list[User]:
    """Logins of the employees waiting requests are addressed to (they decide those without a flag)."""
    addressed = IzinRequest.objects.filter(status=IzinStatus.WAITING_APPROVAL).values("approver_id")
    return list(User.objects.filter(is_active=True, employee_id__in=addressed))


def _queue_url(path: str, *, overdue: int, waiting_filter: str = "") -> str:
    """The queue filtered to what the digest counted: its overdue rows, else its waiting ones."""
    query = "?overdue=1" if overdue else waiting_filter
    return f"{settings.WEB_BASE_URL}{path}{query}"


def approval_digest_counts(
    user: User,
    *,
    waiting_by_type: dict[str, int] | None = None,
    now: datetime | None = None,
    sla: ApprovalSlaSetting | None = None,
) -> list[QueueCount]:
    """The queues of the user's scope with their waiting and overdue counts, each with its link."""
    sla = sla or approval_sla()
    counts: list[QueueCount] = []
    types = attendance_approver_types(user.user_access)
    if types:
        by_type = waiting_by_type if waiting_by_type is not None else attendance_waiting_by_type()
        waiting = sum(by_type.get(t, 0) for t in types)
        cutoff = overdue_cutoff(ATTENDANCE, now=now, setting=sla)
        overdue = attendance_waiting_before(waiting_before=cutoff).filter(man_power_type__in=types).count()
        url = _queue_url(ATTENDANCE_QUEUE, overdue=overdue)
        counts.append(QueueCount("Persetujuan Kehadiran", waiting, overdue, url))
    visible = izin_visible_to(user=user)
    if visible is not None:
        waiting = visible.filter(status=IzinStatus.WAITING_APPROVAL).count()
        cutoff = overdue_cutoff(PERMISSION, now=now, setting=sla)
        overdue = (visible & izin_waiting_before(waiting_before=cutoff)).count()
        url = _queue_url(IZIN_QUEUE, overdue=overdue, waiting_filter=f"?status={IzinStatus.WAITING_APPROVAL}")
        counts.append(QueueCount("Persetujuan Izin", waiting, overdue, url))
    return counts


def _digest_mail(user: User, counts: list[QueueCount], day: date) -> EmailMultiAlternatives:
    waiting = sum(count.waiting for count in counts)
    overdue = sum(count.overdue for count in counts)
    context = {
        "user": user,
        "counts": counts,
        "day": date_id(day),
        "profile_url": f"{settings.WEB_BASE_URL}/profile",
        "product": settings.PRODUCT_NAME,
    }
    message = EmailMultiAlternatives(
        subject=msg.DIGEST_SUBJECT.format(waiting=number_id(waiting), overdue=number_id(overdue)),
        body=render_to_string("approval_mail/digest.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
    )
    message.attach_alternative(render_to_string("approval_mail/digest.html", context), "text/html")
    return message


def _claim(user: User, day: date) -> bool:
    """Record that `user` gets `day`'s digest; False when it went already (or is going)."""
    try:
        with transaction.atomic():
            DigestSent.objects.create(user=user, day=day)
    except IntegrityError:
        return False
    return True


def approval_digest_due(now: datetime | None = None) -> int:
    """Beat's call (every minute): once the day's digest time has come, send each approver who has
    not had today's digest theirs. Answers the number of messages sent."""
    local = timezone.localtime(now or timezone.now())
    if local.time() < digest_time():
        return 0
    day = local.date()
    already = set(DigestSent.objects.filter(day=day).values_list("user_id", flat=True))
    approvers: dict[int, User] = {}
    for user in [*digest_approvers(), *_addressed_logins()]:
        if user.is_active and user.email and user.pk not in already:
            approvers.setdefault(user.pk, user)
    waiting_by_type = attendance_waiting_by_type()
    sla = approval_sla()
    sent = 0
    for user in approvers.values():
        if digest_opted_out(user):
            continue
        counts = approval_digest_counts(user, waiting_by_type=waiting_by_type, now=local, sla=sla)
        if not any(count.waiting for count in counts) or not _claim(user, day):
            continue
        if send_all([_digest_mail(user, counts, day)]):
            sent += 1
        else:
            # Not sent (logged): the next minute tries again.
            DigestSent.objects.filter(user=user, day=day).delete()
    return sent
