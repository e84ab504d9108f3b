"""E-mailed approval links (DESIGN §20): a new izin request is mailed to the approvers in its scope
with two signed, single-use links bound to each approver; the link page decides through the izin
queue's own decision service (audited "via tautan email", published to every open queue).

A link's token is `signing.dumps([link hash id, secret])` (salt LINK_SALT): the signature refuses a
forged or altered token before the database is asked, and only the secret's SHA-256 is stored, so
the table alone opens nothing. Answers: an unknown token 404; spent or expired 410; the approver no
longer holds the right (inactive, or izin_visible_to no longer shows them the request) 403, because
the token still names its reader and it is that reader who is refused, as any endpoint refuses a
missing right; decided elsewhere 409 with who decided it (the queue's own conflict).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from rest_framework.exceptions import NotFound, PermissionDenied

from server.accounts.models import User
from server.approval_mail import messages as msg
from server.approval_mail.models import ApprovalLink, LinkDecision
from server.approval_mail.recipients import permission_approvers
from server.approval_mail.selectors import izin_addressed_logins, izin_summary
from server.core import clock
from server.core.envelope import ApiError
from server.core.hashids import decode_id
from server.izin.models import IzinRequest, IzinStatus
from server.izin.selectors import IZIN_DETAIL_RELATED, izin_decided_by_name, izin_visible_to
from server.izin.services import (
    ALREADY_DECIDED,
    IzinConflict,
    izin_request_approve,
    izin_request_reject,
    izin_state,
)

logger = logging.getLogger(__name__)

LINK_SALT = "kehadiran.approval-link"
LINK_PATH = "/approval-link/"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def approval_link_url(token: str) -> str:
    return f"{settings.WEB_BASE_URL}{LINK_PATH}{token}"


def approval_links_create(*, approver: User, izin: IzinRequest) -> dict[str, str]:
    """Two new links (approve, reject) of `approver` for `izin`: their tokens by decision."""
    expires_at = clock.now() + timedelta(hours=settings.APPROVAL_LINK_HOURS)
    tokens: dict[str, str] = {}
    for decision in (LinkDecision.APPROVE, LinkDecision.REJECT):
        secret = secrets.token_urlsafe(24)
        link = ApprovalLink.objects.create(
            approver=approver,
            izin=izin,
            decision=decision,
            secret_digest=_digest(secret),
            expires_at=expires_at,
        )
        tokens[decision] = signing.dumps([link.hash_id, secret], salt=LINK_SALT)
    return tokens


# --- the mail of a new request ----------------------------------------------------------------------


def izin_mail_recipients(izin: IzinRequest) -> list[User]:
    """Who may decide the request and has an address: the holders of allow_permission (by their own
    rights or an active delegation) and the logins of the employee it is addressed to."""
    found: dict[int, User] = {}
    for user in [*permission_approvers(), *izin_addressed_logins(izin)]:
        if user.is_active and user.email and user.pk not in found:
            found[user.pk] = user
    return list(found.values())


def _izin_mail(*, izin: IzinRequest, approver: User, tokens: dict[str, str]) -> EmailMultiAlternatives:
    row = izin_summary(izin)
    context = {
        "approver": approver,
        "row": row,
        "approve_url": approval_link_url(tokens[LinkDecision.APPROVE]),
        "reject_url": approval_link_url(tokens[LinkDecision.REJECT]),
        "queue_url": f"{settings.WEB_BASE_URL}/approval/permission",
        "hours": settings.APPROVAL_LINK_HOURS,
        "product": settings.PRODUCT_NAME,
    }
    subject = msg.IZIN_MAIL_SUBJECT.format(name=row["name"], label=row["label"], dates=row["date_formatted"])
    message = EmailMultiAlternatives(
        subject=subject,
        body=render_to_string("approval_mail/izin_request.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[approver.email],
    )
    message.attach_alternative(render_to_string("approval_mail/izin_request.html", context), "text/html")
    return message


def izin_request_mail_send(*, izin_id: int) -> int:
    """Mail the request's approvers (the Celery task's work): one message each with their own links.
    Nothing when the request is gone or no longer waits. Answers the number of messages sent."""
    izin = IzinRequest.objects.select_related(*IZIN_DETAIL_RELATED).filter(pk=izin_id).first()
    if izin is None or izin.status != IzinStatus.WAITING_APPROVAL:
        return 0
    outgoing: list[EmailMultiAlternatives] = []
    with transaction.atomic():
        for approver in izin_mail_recipients(izin):
            tokens = approval_links_create(approver=approver, izin=izin)
            outgoing.append(_izin_mail(izin=izin, approver=approver, tokens=tokens))
    return send_all(outgoing)


def send_all(outgoing: Iterable[EmailMultiAlternatives]) -> int:
    """Send over one connection; a refused message is logged and the others still go."""
    sent = 0
    with get_connection() as connection:
        for message in outgoing:
            message.connection = connection
            try:
                sent += message.send()
            except Exception:  # an address the server refuses must not stop the other approvers' mail
                logger.exception("approval mail to %s not sent", message.to)
    return sent


# --- the link page ----------------------------------------------------------------------------------


class LinkGone(ApiError):
    def __init__(self, message: str):
        super().__init__(message, status_code=410)


def _link_of_token(token: str, *, lock: bool = False) -> ApprovalLink:
    try:
        hash_id, secret = signing.loads(token, salt=LINK_SALT)
        pk = decode_id(ApprovalLink._meta.label, str(hash_id))
    except (signing.BadSignature, TypeError, ValueError):
        raise NotFound(msg.LINK_INVALID) from None
    queryset = ApprovalLink.objects.select_related("approver", *(f"izin__{r}" for r in IZIN_DETAIL_RELATED))
    if lock:
        queryset = queryset.select_for_update(of=("self",))
    link = queryset.filter(pk=pk).first() if pk is not None else None
    if link is None or not hmac.compare_digest(link.secret_digest, _digest(str(secret))):
        raise NotFound(msg.LINK_INVALID)
    return link


def _usable(link: ApprovalLink) -> ApprovalLink:
    """The link if its approver may still use it now; else the refusal (see the module docstring)."""
    if link.used_at is not None:
        raise LinkGone(msg.LINK_USED)
    if link.expires_at <= clock.now():
        raise LinkGone(msg.LINK_EXPIRED.format(hours=settings.APPROVAL_LINK_HOURS))
    approver = link.approver
    visible = izin_visible_to(user=approver) if approver.is_active else None
    if visible is None or not visible.filter(pk=link.izin_id).exists():
        raise PermissionDenied(msg.RIGHT_LOST)
    return link


def approval_link_open(*, token: str) -> ApprovalLink:
    """The link of `token` when its approver may use it and the request still waits (409 with who
    decided it otherwise, as the queue answers)."""
    link = _usable(_link_of_token(token))
    izin = link.izin
    if izin.status != IzinStatus.WAITING_APPROVAL:
        name = izin_decided_by_name(izin) or "pengguna lain"
        raise IzinConflict(ALREADY_DECIDED.format(name=name), state=izin_state(izin))
    return link


def approval_link_decide(*, token: str, decision: str, note: str) -> IzinRequest:
    """Decide the link's request as its approver, once: the queue's own service (409 when decided
    elsewhere), then every link of that approver for that request is spent."""
    with transaction.atomic():
        link = _usable(_link_of_token(token, lock=True))
        decide: Any = izin_request_approve if decision == LinkDecision.APPROVE else izin_request_reject
        decided: IzinRequest = decide(izin=link.izin, user=link.approver, note=note, via=msg.VIA_EMAIL)
        ApprovalLink.objects.filter(izin_id=link.izin_id, approver_id=link.approver_id).update(
            used_at=clock.now()
        )
    return decided
