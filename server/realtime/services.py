"""Websocket tickets: issued over REST to a signed-in session or a wall display, redeemed once by
whichever process serves the socket."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.utils import timezone

from server.accounts.models import AccessToken, hash_secret
from server.dashboard.models import WallDisplay
from server.realtime.models import RealtimeTicket, TicketKind
from server.realtime.principals import Principal

# token_urlsafe(32) gives 43 characters; anything much longer is not a ticket and is not hashed.
MAX_TICKET_LENGTH = 128


def _ticket_create(**owner: object) -> str:
    raw = secrets.token_urlsafe(32)
    now = timezone.now()
    # Tickets live seconds: dropping the expired ones here keeps the table small without a job.
    RealtimeTicket.objects.filter(expires_at__lte=now).delete()
    RealtimeTicket.objects.create(
        key_hash=hash_secret(raw), expires_at=now + settings.REALTIME_TICKET_TTL, **owner
    )
    return raw


def realtime_ticket_issue(*, access_token: AccessToken) -> str:
    """A fresh one-time ticket for `access_token`'s session; only its hash is stored."""
    return _ticket_create(kind=TicketKind.USER, user_id=access_token.user_id, access_token=access_token)


def realtime_ticket_issue_for_display(*, wall_display: WallDisplay) -> str:
    """A fresh one-time ticket for a wall display (its socket may subscribe to `wall` only)."""
    return _ticket_create(kind=TicketKind.DISPLAY, wall_display=wall_display)


def realtime_ticket_redeem(*, raw: str) -> Principal | None:
    """The principal of a valid ticket, marking it used; None if unknown, used, expired or its session ended.

    The claim is one conditional UPDATE, so of two processes redeeming the same ticket exactly one wins.
    """
    if not raw or len(raw) > MAX_TICKET_LENGTH:
        return None
    key_hash = hash_secret(raw)
    now = timezone.now()
    redeemable = RealtimeTicket.objects.filter(key_hash=key_hash, used_at__isnull=True, expires_at__gt=now)
    claimed = redeemable.update(used_at=now)
    if not claimed:
        return None
    ticket = RealtimeTicket.objects.get(key_hash=key_hash)
    if ticket.kind == TicketKind.USER and ticket.access_token_id is not None:
        return user_principal_load(access_token_id=ticket.access_token_id)
    if ticket.kind == TicketKind.DISPLAY and ticket.wall_display_id is not None:
        return display_principal_load(wall_display_id=ticket.wall_display_id)
    return None


def user_principal_load(*, access_token_id: int) -> Principal | None:
    """The principal of a sign-in session as it is now; None if the token is unusable or the user inactive."""
    token = AccessToken.objects.select_related("user", "user__level").filter(pk=access_token_id).first()
    if token is None or not token.is_usable(timezone.now()) or not token.user.is_active:
        return None
    return Principal(
        kind=TicketKind.USER,
        access=token.user.user_access,
        user_id=token.user_id,
        access_token_id=token.pk,
    )


def display_principal_load(*, wall_display_id: int) -> Principal | None:
    """The principal of a wall display; None once it is revoked or deleted."""
    if not WallDisplay.objects.filter(pk=wall_display_id, revoked_at__isnull=True).exists():
        return None
    return Principal(kind=TicketKind.DISPLAY, access={}, wall_display_id=wall_display_id)


def principal_reload(*, principal: Principal) -> Principal | None:
    """`principal` re-read from the database (its session may have ended, its access changed, or its
    display been revoked)."""
    if principal.is_user and principal.access_token_id is not None:
        return user_principal_load(access_token_id=principal.access_token_id)
    if principal.is_display and principal.wall_display_id is not None:
        return display_principal_load(wall_display_id=principal.wall_display_id)
    return None
