"""Wall display tokens: create (the token is shown once), look up, revoke (its sockets close at once)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from server.accounts.models import User, hash_secret
from server.dashboard.models import WallDisplay
from server.realtime.principals import DISPLAY_CONTROL_TOPIC
from server.realtime.publish import publish

# token_urlsafe(32) gives 43 characters; anything much longer is not a display token and is not hashed.
MAX_DISPLAY_TOKEN_LENGTH = 128


def wall_display_create(*, name: str, created_by: User | None) -> tuple[WallDisplay, str]:
    """A new display and its raw token (stored only as a hash: the caller shows it once)."""
    raw = secrets.token_urlsafe(32)
    display = WallDisplay.objects.create(name=name.strip(), key_hash=hash_secret(raw), created_by=created_by)
    return display, raw


def wall_display_lookup(raw: str) -> WallDisplay | None:
    """The active display of `raw` (last_seen_at touched at most once a minute), else None."""
    if not raw or len(raw) > MAX_DISPLAY_TOKEN_LENGTH:
        return None
    display = WallDisplay.objects.filter(key_hash=hash_secret(raw), revoked_at__isnull=True).first()
    if display is None:
        return None
    now = timezone.now()
    if display.last_seen_at is None or now - display.last_seen_at >= settings.TOKEN_TOUCH_INTERVAL:
        WallDisplay.objects.filter(pk=display.pk).update(last_seen_at=now)
        display.last_seen_at = now
    return display


def wall_display_revoke(*, display: WallDisplay) -> None:
    """Revoke a display: its tokens stop working and its open sockets get `revoked` and close (4401)."""
    with transaction.atomic():
        revoked = WallDisplay.objects.filter(pk=display.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        if revoked:
            publish(DISPLAY_CONTROL_TOPIC, "revoked", {}, scope=display.pk)
    display.refresh_from_db(fields=["revoked_at"])
