"""Websocket tickets: issued over REST to a signed-in session or a wall display, redeemed once by
whichever process serves the socket."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Field
from django.utils import timezone

from server.accounts.models import AccessToken, hash_secret
from server.accounts.services import tokens_lookup
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_displays_lookup
from server.realtime.models import RealtimeTicket, TicketKind
from server.realtime.principals import Principal


@dataclass(frozen=True)
class TicketCredential:
    """The token of a ticket request's `Authorization` header: a session's (USER) or a display's."""

    kind: TicketKind
    raw: str


# token_urlsafe(32) gives 43 characters; anything much longer is not a ticket and is not hashed.
MAX_TICKET_LENGTH = 128


def _ticket_row(**owner: object) -> tuple[str, RealtimeTicket]:
    raw = secrets.token_urlsafe(32)
    # Expired tickets are dropped by the redemptions (`realtime_tickets_redeem`), not on every issue.
    ticket = RealtimeTicket(
        key_hash=hash_secret(raw), expires_at=timezone.now() + settings.REALTIME_TICKET_TTL, **owner
    )
    return raw, ticket


def _ticket_create(**owner: object) -> str:
    raw, ticket = _ticket_row(**owner)
    ticket.save(force_insert=True)
    return raw


def realtime_ticket_issue(*, access_token: AccessToken) -> str:
    """A fresh one-time ticket for `access_token`'s session; only its hash is stored."""
    return _ticket_create(kind=TicketKind.USER, user_id=access_token.user_id, access_token=access_token)


def realtime_ticket_issue_for_display(*, wall_display: WallDisplay) -> str:
    """A fresh one-time ticket for a wall display (its socket may subscribe to `wall` only)."""
    return _ticket_create(kind=TicketKind.DISPLAY, wall_display=wall_display)


def realtime_tickets_issue(credentials: Sequence[TicketCredential]) -> list[str | None]:
    """Tickets for many `Authorization` credentials at once (the ticket requests of a subscribe storm,
    see `server.realtime.ticket_endpoint`): the sessions and displays by one query each, the tickets by
    one insert. None for a credential that signs nobody in (the REST view then answers its 401)."""
    users = tokens_lookup([c.raw for c in credentials if c.kind == TicketKind.USER])
    displays = wall_displays_lookup([c.raw for c in credentials if c.kind == TicketKind.DISPLAY])
    answers: list[str | None] = []
    rows: list[RealtimeTicket] = []
    for credential in credentials:
        if credential.kind == TicketKind.USER and (token := users.get(credential.raw)) is not None:
            raw, row = _ticket_row(kind=TicketKind.USER, user_id=token.user_id, access_token=token)
        elif credential.kind == TicketKind.DISPLAY and (display := displays.get(credential.raw)) is not None:
            raw, row = _ticket_row(kind=TicketKind.DISPLAY, wall_display=display)
        else:
            answers.append(None)
            continue
        answers.append(raw)
        rows.append(row)
    RealtimeTicket.objects.bulk_create(rows)
    return answers


def realtime_ticket_redeem(*, raw: str) -> Principal | None:
    """The principal of a valid ticket, marking it used; None if unknown, used, expired or its session
    ended (see `realtime_tickets_redeem`)."""
    return realtime_tickets_redeem([raw])[0]


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
    return principals_reload([principal])[0]


def realtime_tickets_redeem(raws: Sequence[str]) -> list[Principal | None]:
    """`realtime_ticket_redeem` for many tickets at once (a subscribe storm): two queries in all.

    The claim marks the redeemable tickets used in one `UPDATE ... RETURNING`, so of two processes
    redeeming the same ticket exactly one wins (PostgreSQL re-checks the condition on the row the first
    one locked; SQLite writes one at a time). Expired tickets are deleted on the way, at most once every
    `TICKET_SWEEP_INTERVAL` per process: they live seconds, and this keeps the table small without a job.
    """
    now = timezone.now()
    hashes = {raw: hash_secret(raw) for raw in raws if raw and len(raw) <= MAX_TICKET_LENGTH}
    claimed = _tickets_claim(set(hashes.values()), now) if hashes else {}
    _expired_tickets_sweep(now)
    token_ids = {
        t.access_token_id for t in claimed.values() if t.kind == TicketKind.USER and t.access_token_id
    }
    display_ids = {
        t.wall_display_id for t in claimed.values() if t.kind == TicketKind.DISPLAY and t.wall_display_id
    }
    users = _user_principals(token_ids, now)
    displays = _display_principals(display_ids)
    answers: list[Principal | None] = []
    seen: set[str] = set()
    for raw in raws:
        key_hash = hashes.get(raw)
        # A ticket twice in one batch: the first one wins.
        ticket = None if key_hash is None or key_hash in seen else claimed.get(key_hash)
        if key_hash is None or ticket is None:
            answers.append(None)
            continue
        seen.add(key_hash)
        if ticket.kind == TicketKind.USER and ticket.access_token_id is not None:
            answers.append(users.get(ticket.access_token_id))
        elif ticket.kind == TicketKind.DISPLAY and ticket.wall_display_id is not None:
            answers.append(displays.get(ticket.wall_display_id))
        else:
            answers.append(None)
    return answers


@dataclass(frozen=True)
class _Claimed:
    kind: str
    access_token_id: int | None
    wall_display_id: int | None


def _tickets_claim(key_hashes: set[str], now: datetime) -> dict[str, _Claimed]:
    """Mark the unused, unexpired tickets of `key_hashes` used, in one statement; what each is, by hash."""
    meta = RealtimeTicket._meta
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        field = meta.get_field(name)
        assert isinstance(field, Field) and field.column
        return quote(field.column)

    stamp = connection.ops.adapt_datetimefield_value(now)
    placeholders = ", ".join(["%s"] * len(key_hashes))
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {column('used_at')} = %s"
        f" WHERE {column('key_hash')} IN ({placeholders})"
        f" AND {column('used_at')} IS NULL AND {column('expires_at')} > %s"
        f" RETURNING {column('key_hash')}, {column('kind')},"
        f" {column('access_token')}, {column('wall_display')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [stamp, *key_hashes, stamp])
        rows = cursor.fetchall()
    return {key_hash: _Claimed(kind, token_id, display_id) for key_hash, kind, token_id, display_id in rows}


TICKET_SWEEP_INTERVAL = 10.0
_last_sweep = -TICKET_SWEEP_INTERVAL


def _expired_tickets_sweep(now: datetime) -> None:
    global _last_sweep
    if time.monotonic() - _last_sweep < TICKET_SWEEP_INTERVAL:
        return
    _last_sweep = time.monotonic()
    RealtimeTicket.objects.filter(expires_at__lte=now).delete()


def principals_reload(principals: Sequence[Principal]) -> list[Principal | None]:
    """`principal_reload` for many principals at once: two queries in all."""
    now = timezone.now()
    users = _user_principals({p.access_token_id for p in principals if p.is_user and p.access_token_id}, now)
    displays = _display_principals(
        {p.wall_display_id for p in principals if p.is_display and p.wall_display_id}
    )
    answers: list[Principal | None] = []
    for principal in principals:
        if principal.is_user and principal.access_token_id is not None:
            answers.append(users.get(principal.access_token_id))
        elif principal.is_display and principal.wall_display_id is not None:
            answers.append(displays.get(principal.wall_display_id))
        else:
            answers.append(None)
    return answers


def _user_principals(token_ids: set[int], now: datetime) -> dict[int, Principal]:
    if not token_ids:
        return {}
    tokens = AccessToken.objects.select_related("user", "user__level").filter(pk__in=token_ids)
    return {
        token.pk: Principal(
            kind=TicketKind.USER,
            access=token.user.user_access,
            user_id=token.user_id,
            access_token_id=token.pk,
        )
        for token in tokens
        if token.is_usable(now) and token.user.is_active
    }


def _display_principals(display_ids: set[int]) -> dict[int, Principal]:
    if not display_ids:
        return {}
    live = WallDisplay.objects.filter(pk__in=display_ids, revoked_at__isnull=True).values_list(
        "pk", flat=True
    )
    return {pk: Principal(kind=TicketKind.DISPLAY, access={}, wall_display_id=pk) for pk in live}
