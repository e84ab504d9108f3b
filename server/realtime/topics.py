"""The topic registry (DESIGN §6) and the session groups every connection listens to.

A topic says who may subscribe, which channel-layer groups a subscriber listens to, how the
snapshot sent on subscribe is built, and optionally how each event is shown to one connection
(filtered out, or reshaped). Apps register their topics in their own `topics.py`, which
`RealtimeConfig.ready()` imports; services publish to the same groups with `publish()`:

    # server/izin/topics.py
    from server.core.policy import AnyFlag
    from server.realtime.publish import group_name
    from server.realtime.topics import register_topic

    @register_topic("approval.izin", allows=AnyFlag("allow_permission"))
    def izin_queue_snapshot(principal):
        return {"waiting": izin_waiting_count()}

    # server/izin/services.py
    publish("approval.izin", "created", {"row": row})

A topic with one group per scope (e.g. per man power type) passes
`groups=lambda principal: [group_name(topic, t) for t in types_of(principal)]` and its services
publish with `scope=t`.

A coalesced topic (`coalesced=Coalesced(key, compute)`, e.g. the dashboard counts) treats the events
of its groups as hints only: they are never forwarded. Each process recomputes `compute()` at most
once per window for all its subscribers of every topic sharing `key`, and pushes the result as one
`counts` event (see server.realtime.coalescer), through the topic's `view` when it has one (each
reader shown its own cut of the shared result).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from server.core.policy import Policy
from server.core.registry import Registry
from server.realtime.principals import DISPLAY_CONTROL_TOPIC, SESSION_TOPIC, Principal
from server.realtime.publish import group_name

Snapshot = dict[str, Any]


@dataclass(frozen=True)
class Event:
    type: str
    data: Mapping[str, Any]


Allows = Callable[[Principal], bool]
Groups = Callable[[Principal], Iterable[str]]
SnapshotBuilder = Callable[[Principal], Snapshot]
EventView = Callable[[Principal, Event], Event | None]
SharedBy = Callable[[Principal], Hashable]


@dataclass(frozen=True)
class Coalesced:
    """A topic whose events are hints to recompute `compute()` (synchronous, may query the database),
    shared by every topic with the same `key`; subscribers get `event_type` events carrying the result."""

    key: str
    compute: Callable[[], Mapping[str, Any]]
    event_type: str = "counts"


@dataclass(frozen=True)
class Topic:
    """A subscribable stream. `snapshot` is synchronous (it may query the database); `view` must be
    quick and pure (it runs for every event on every subscribed connection)."""

    name: str
    allows: Allows
    groups: Groups
    snapshot: SnapshotBuilder
    view: EventView | None = None
    coalesced: Coalesced | None = None
    # What `snapshot` and `view` depend on, if less than the whole principal (e.g. the man power types
    # a user approves): connections with equal keys share one snapshot per subscribe batch and one
    # view and encoding per event. None: the principal's identity and flags.
    shared_by: SharedBy | None = None

    def present(self, principal: Principal, event: Event) -> Event | None:
        return event if self.view is None else self.view(principal, event)

    def share_key(self, principal: Principal) -> Hashable:
        if self.shared_by is not None:
            return self.shared_by(principal)
        return principal_key(principal)


def principal_key(principal: Principal) -> Hashable:
    """Equal for principals that no topic can tell apart."""
    return (
        principal.kind,
        principal.user_id,
        principal.access_token_id,
        principal.wall_display_id,
        tuple(sorted(principal.access.items())),
    )


def user_policy(policy: Policy) -> Allows:
    """A REST access policy as a subscription rule: a signed-in user whose flags satisfy it."""
    return lambda principal: principal.is_user and policy.allows(principal.access)


topics: Registry[str, Topic] = Registry("Realtime topic", lambda topic: topic.name)


def register_topic(
    name: str,
    *,
    allows: Policy | Allows,
    groups: Groups | None = None,
    view: EventView | None = None,
    coalesced: Coalesced | None = None,
    shared_by: SharedBy | None = None,
) -> Callable[[SnapshotBuilder], SnapshotBuilder]:
    """Decorate a snapshot builder to register topic `name`.

    `allows` is a REST policy (checked against the user's flags) or a function of the principal;
    `groups` defaults to the single unscoped group of the topic; `shared_by` see `Topic`.
    """
    allow_rule = user_policy(allows) if isinstance(allows, Policy) else allows
    group_rule: Groups = groups or (lambda principal: [group_name(name)])

    def decorate(snapshot: SnapshotBuilder) -> SnapshotBuilder:
        topics.register(
            Topic(
                name=name,
                allows=allow_rule,
                groups=group_rule,
                snapshot=snapshot,
                view=view,
                coalesced=coalesced,
                shared_by=shared_by,
            )
        )
        return snapshot

    return decorate


def session_group(principal: Principal) -> str | None:
    """The group a user's connection always listens to, subscribed or not: revocation and access changes."""
    return group_name(SESSION_TOPIC, principal.user_id) if principal.is_user else None


def control_group(principal: Principal) -> str | None:
    """The group a connection always listens to: the user's session group, or the display's own group."""
    if principal.is_display:
        return group_name(DISPLAY_CONTROL_TOPIC, principal.wall_display_id)
    return session_group(principal)


def session_view(principal: Principal, event: Event) -> Event | None:
    """A revocation is shown only to the sockets of the revoked sessions, and without other sessions' ids."""
    if event.type == "revoked":
        return Event("revoked", {}) if principal.access_token_id in event.data.get("token_ids", ()) else None
    return event
