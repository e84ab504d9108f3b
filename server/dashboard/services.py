"""Wall display tokens: create (the token is shown once), rename, look up, revoke (its sockets close at
once). Every change is published on `wall_displays` for the admins' live list. And the dashboard's
side of the "days changed" hook: its counts' hint."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.audit.services import ObjectAudit
from server.core.authentication import hash_secret
from server.core.days_changed import DASHBOARD_TOPIC
from server.core.services import model_update, rows_touch
from server.dashboard.models import WallDisplay
from server.realtime.principals import DISPLAY_CONTROL_TOPIC
from server.realtime.publish import publish

# Admins' live list of displays (server.dashboard.topics); events are hints carrying the hash_id.
WALL_DISPLAYS_TOPIC = "wall_displays"
# token_urlsafe(32) gives 43 characters; anything much longer is not a display token and is not hashed.
MAX_DISPLAY_TOKEN_LENGTH = 128


def dashboard_hint(reason: str) -> None:
    """Something behind the counts changed (server.core.days_changed.counts_changed; registered in
    DashboardConfig.ready): `dashboard` "changed" `{"reason": ...}` after commit."""
    publish(DASHBOARD_TOPIC, "changed", {"reason": reason})


_display_audit = ObjectAudit("wall_display", label=lambda display: display.name)


def wall_display_create(*, name: str, created_by: User | None) -> tuple[WallDisplay, str]:
    """A new display and its raw token (stored only as a hash: the caller shows it once)."""
    raw = secrets.token_urlsafe(32)
    with transaction.atomic():
        display = WallDisplay.objects.create(
            name=name.strip(), key_hash=hash_secret(raw), created_by=created_by
        )
        _display_audit(display, "create", {}, {"name": display.name})
        publish(WALL_DISPLAYS_TOPIC, "created", {"hash_id": display.hash_id})
    return display, raw


def wall_display_update(*, display: WallDisplay, name: str) -> WallDisplay:
    """Rename a display; its admins' lists are told when the name changed."""
    with transaction.atomic():
        before = {"name": display.name}
        display, changed = model_update(instance=display, fields=["name"], data={"name": name.strip()})
        _display_audit(display, "update", before, {"name": display.name})
        if changed:
            publish(WALL_DISPLAYS_TOPIC, "updated", {"hash_id": display.hash_id})
    return display


def wall_display_lookup(raw: str) -> WallDisplay | None:
    """The active display of `raw` (last_seen_at touched at most once a minute), else None."""
    return wall_displays_lookup([raw]).get(raw)


def wall_displays_lookup(raws: Iterable[str]) -> dict[str, WallDisplay]:
    """`wall_display_lookup` for many raw tokens at once: one query, one update for those due a touch."""
    hashes = {raw: hash_secret(raw) for raw in raws if raw and len(raw) <= MAX_DISPLAY_TOKEN_LENGTH}
    if not hashes:
        return {}
    displays = {
        display.key_hash: display
        for display in WallDisplay.objects.filter(key_hash__in=set(hashes.values()), revoked_at__isnull=True)
    }
    found = {
        raw: display for raw, key_hash in hashes.items() if (display := displays.get(key_hash)) is not None
    }
    now = timezone.now()
    rows_touch(found.values(), field="last_seen_at", now=now, interval=settings.TOKEN_TOUCH_INTERVAL)
    return found


def wall_display_revoke(*, display: WallDisplay) -> None:
    """Revoke a display: its tokens stop working and its open sockets get `revoked` and close (4401)."""
    with transaction.atomic():
        revoked = WallDisplay.objects.filter(pk=display.pk, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        if revoked:
            _display_audit(display, "revoke", {"revoked": False}, {"revoked": True})
            publish(DISPLAY_CONTROL_TOPIC, "revoked", {}, scope=display.pk)
            publish(WALL_DISPLAYS_TOPIC, "revoked", {"hash_id": display.hash_id})
    display.refresh_from_db(fields=["revoked_at"])
