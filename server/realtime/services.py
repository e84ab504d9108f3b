"""Websocket tickets: issued over REST to whoever may own a socket (a signed-in session, a wall
display: see `server.realtime.owners`), redeemed once by whichever process serves the socket."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import Field
from django.utils import timezone

from server.core.authentication import hash_secret
from server.realtime.models import RealtimeTicket, TicketKind
from server.realtime.owners import socket_owners
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


def realtime_ticket_issue(*, owner: object) -> str:
    """A fresh one-time ticket for `owner` (a session's access token, a wall display: `request.auth` of the
    ticket view); only its hash is stored. A display's socket may subscribe to `wall` only."""
    registered = socket_owners.of(owner)
    return _ticket_create(kind=registered.kind, **registered.ticket_fields(owner))


def realtime_tickets_issue(credentials: Sequence[TicketCredential]) -> list[str | None]:
    """Tickets for many `Authorization` credentials at once (the ticket requests of a subscribe storm,
    see `server.realtime.ticket_endpoint`): the owners of each kind by one query, the tickets by one
    insert. None for a credential that signs nobody in (the REST view then answers its 401)."""
    found = {
        owner.kind: owner.lookup([c.raw for c in credentials if c.kind == owner.kind])
        for owner in socket_owners.all()
    }
    answers: list[str | None] = []
    rows: list[RealtimeTicket] = []
    for credential in credentials:
        registered = socket_owners.get(credential.kind)
        owner = found.get(credential.kind, {}).get(credential.raw)
        if registered is None or owner is None:
            answers.append(None)
            continue
        raw, row = _ticket_row(kind=registered.kind, **registered.ticket_fields(owner))
        answers.append(raw)
        rows.append(row)
    RealtimeTicket.objects.bulk_create(rows)
    return answers


def realtime_ticket_redeem(*, raw: str) -> Principal | None:
    """The principal of a valid ticket, marking it used; None if unknown, used, expired or its session
    ended (see `realtime_tickets_redeem`)."""
    return realtime_tickets_redeem([raw])[0]


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
    principals = _principals(
        {(ticket.kind, ticket.owner_id) for ticket in claimed.values() if ticket.owner_id}, now
    )
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
        answers.append(
            principals.get(ticket.kind, {}).get(ticket.owner_id) if ticket.owner_id is not None else None
        )
    return answers


@dataclass(frozen=True)
class _Claimed:
    kind: str
    # The ticket's owner (the column its kind's `SocketOwner.owner_field` names).
    owner_id: int | None


def _tickets_claim(key_hashes: set[str], now: datetime) -> dict[str, _Claimed]:
    """Mark the unused, unexpired tickets of `key_hashes` used, in one statement; what each is, by hash."""
    meta = RealtimeTicket._meta
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        field = meta.get_field(name)
        assert isinstance(field, Field) and field.column
        return quote(field.column)

    owner_fields = {owner.kind.value: owner.owner_field for owner in socket_owners.all()}
    fields = list(dict.fromkeys(owner_fields.values()))
    stamp = connection.ops.adapt_datetimefield_value(now)
    placeholders = ", ".join(["%s"] * len(key_hashes))
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {column('used_at')} = %s"
        f" WHERE {column('key_hash')} IN ({placeholders})"
        f" AND {column('used_at')} IS NULL AND {column('expires_at')} > %s"
        f" RETURNING {', '.join(column(name) for name in ['key_hash', 'kind', *fields])}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [stamp, *key_hashes, stamp])
        rows = cursor.fetchall()
    claimed = {}
    for key_hash, kind, *owners in rows:
        field = owner_fields.get(kind)
        claimed[key_hash] = _Claimed(kind, owners[fields.index(field)] if field else None)
    return claimed


TICKET_SWEEP_INTERVAL = 10.0
_last_sweep = -TICKET_SWEEP_INTERVAL


def _expired_tickets_sweep(now: datetime) -> None:
    global _last_sweep
    if time.monotonic() - _last_sweep < TICKET_SWEEP_INTERVAL:
        return
    _last_sweep = time.monotonic()
    RealtimeTicket.objects.filter(expires_at__lte=now).delete()


def principals_reload(principals: Sequence[Principal]) -> list[Principal | None]:
    """`principal_reload` for many principals at once: one query per kind of owner."""
    owners = [(principal.kind, _owner_id(principal)) for principal in principals]
    live = _principals({(kind, owner_id) for kind, owner_id in owners if owner_id}, timezone.now())
    return [live.get(kind, {}).get(owner_id) if owner_id is not None else None for kind, owner_id in owners]


def _owner_id(principal: Principal) -> int | None:
    owner = socket_owners.get(principal.kind)
    return owner.owner_id(principal) if owner is not None else None


def _principals(owners: set[tuple[str, int]], now: datetime) -> dict[str, Mapping[int, Principal]]:
    """The live principals of `(kind, owner id)` pairs, by kind and owner id."""
    live: dict[str, Mapping[int, Principal]] = {}
    for owner in socket_owners.all():
        ids = {owner_id for kind, owner_id in owners if kind == owner.kind}
        if ids:
            live[owner.kind] = owner.principals(ids, now)
    return live
