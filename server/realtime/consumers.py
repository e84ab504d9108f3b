"""The one websocket of a tab (DESIGN §6): ticket sign-in, subscribe/unsubscribe, events, heartbeat.

Versions. Each channel-layer group counts its events (see `publish`). A subscription remembers the
last version seen per group and shows the client one number per topic: the sum of those versions,
less the events this connection was not shown (a topic's `view` filtered them out). With one group
and no filtering that is exactly the group's version. Consecutive numbers mean nothing was lost; any
jump (an event dropped by the layer, a reconnect) tells the client to refetch from REST.

Coalesced topics (the dashboard and wall counts) are different: their group events are hints that
are never forwarded. The process's coalescer recomputes the topic's data at most once per window and
pushes it, through the topic's `view` for this connection (its scope), as a `counts` event carrying
the complete data, so a lost hint or push costs nothing once
the next one arrives. Their version is the number of pushes this connection sent since `subscribed`
(which answers 0): consecutive by construction, since pushes do not travel through the layer.

Wall displays sign in with display tickets; their connection listens to the display's own control
group (revocation closes it with 4401), as a user's listens to its session group.

Daphne ends every socket after `--websocket_timeout` (a day by default); the client reconnects with a
new ticket, and `disconnect` leaves every group, so nothing else is kept per socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.core.cache import cache

from server.core.build import client_build
from server.realtime.batching import Batcher
from server.realtime.coalescer import Listener, coalescer
from server.realtime.hub import CLOSE_RESYNC, Frames, Mark, hub
from server.realtime.principals import SESSION_TOPIC, WALL_TOPIC, Principal
from server.realtime.publish import _version_key
from server.realtime.services import principals_reload, realtime_tickets_redeem
from server.realtime.topics import Event, Snapshot, Topic, control_group, session_view, topics

logger = logging.getLogger(__name__)

CLOSE_UNAUTHENTICATED = 4401
MAX_TOPIC_NAME_LENGTH = 100


@dataclass
class Subscription:
    topic: Topic
    seen: dict[str, int]
    hidden: int = 0
    pushes: int = 0
    ready: bool = False
    last_pushed: Mapping[str, Any] | None = None

    @property
    def version(self) -> int:
        if self.topic.coalesced is not None:
            return self.pushes
        return sum(self.seen.values()) - self.hidden


def versions_then_snapshots(
    requests: Sequence[tuple[Topic, Principal, list[str]]],
) -> list[tuple[dict[str, int], Snapshot]]:
    """Versions and snapshots of many subscriptions at once (one batch of a subscribe storm).

    Versions first: an event committed while the snapshot is read then arrives with a newer version
    and is applied (harmlessly) twice, instead of being skipped as already included. Subscriptions of
    one topic with equal share keys get one snapshot.
    """
    groups = sorted({group for _, _, wanted in requests for group in wanted})
    stored = cache.get_many([_version_key(group) for group in groups]) if groups else {}
    versions = {group: int(stored.get(_version_key(group)) or 0) for group in groups}
    snapshots: dict[tuple[str, Hashable], Snapshot] = {}
    answers = []
    for topic, principal, wanted in requests:
        key = (topic.name, topic.share_key(principal))
        if key not in snapshots:
            snapshots[key] = topic.snapshot(principal)
        answers.append(({group: versions[group] for group in wanted}, snapshots[key]))
    return answers


@dataclass(frozen=True)
class SharedSnapshot:
    mark: Mark
    at: float
    seen: dict[str, int]
    snapshot: Snapshot


# How long a subscription's versions and snapshot serve the next ones (see `_versions_and_snapshot`).
SNAPSHOT_REUSE_S = 1.0
MAX_SHARED_SNAPSHOTS = 1024

redeem_ticket = Batcher(realtime_tickets_redeem)
reload_principal = Batcher(principals_reload)
open_subscription = Batcher(versions_then_snapshots)


class RealtimeConsumer(AsyncJsonWebsocketConsumer):
    # No channel per socket: group events come through the process's hub (server.realtime.hub).
    channel_layer_alias = "realtime-sockets-use-the-hub"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.principal: Principal | None = None
        self.joined: set[str] = set()
        self.subscriptions: dict[str, Subscription] = {}
        # Coalesced topic name -> (coalescing key, the listener registered with this process's coalescer).
        self.listening: dict[str, tuple[str, Listener]] = {}
        # Coalesced topics that got a push while their snapshot was being read.
        self.stale: set[str] = set()
        # One operation at a time (a client frame, a session change); group events arriving during one
        # wait in `pending` and are handled, in order, when it ends.
        self.operation = asyncio.Lock()
        self.pending: list[dict[str, Any]] = []
        self.closed = False

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its `aclose_old_connections` hop to the shared sync thread before
        every message: this consumer touches the database only through batches that close their own."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        async with self.operation:
            try:
                await handler(message)
            finally:
                await self._drain()

    # Connection

    async def connect(self) -> None:
        # Accept first so that a refusal reaches the browser as close code 4401, not a failed handshake.
        await self.accept()
        self.principal = await redeem_ticket(self._ticket())
        if self.principal is None:
            await self._close_unauthenticated()
            return
        await self._sync_groups()
        # A revocation committed before the session group was joined was never delivered here:
        # read the session again now that none of its events can be missed.
        await self._reload_principal()

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        """Channels' own without its `aclose_old_connections` hop to the shared sync thread (one per
        closing socket, all queued on that one thread): this consumer has no channel-layer groups and
        opens no database connection on that thread (see `dispatch`)."""
        await self.disconnect(message["code"])
        raise StopConsumer()

    async def disconnect(self, code: int) -> None:
        self.closed = True
        self.principal = None
        self.subscriptions.clear()
        self.pending.clear()
        await self._sync_groups()

    def _ticket(self) -> str:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        ticket: str = (query.get("ticket") or [""])[0]
        return ticket

    async def _close_unauthenticated(self) -> None:
        self.principal = None
        self.subscriptions.clear()
        await self._sync_groups()
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def _reload_principal(self) -> bool:
        assert self.principal is not None
        self.principal = await reload_principal(self.principal)
        if self.principal is None:
            await self._close_unauthenticated()
            return False
        return True

    async def _sync_groups(self) -> None:
        """Listen to exactly the groups of the session (or display) and of the current subscriptions."""
        self._sync_listeners()
        wanted: set[str] = set()
        if self.principal is not None:
            control = control_group(self.principal)
            if control:
                wanted.add(control)
            for subscription in self.subscriptions.values():
                wanted.update(subscription.seen)
        process_hub = hub()
        for group in wanted - self.joined:
            await process_hub.join(group, self)
            self.joined.add(group)
        for group in self.joined - wanted:
            self.joined.discard(group)
            await process_hub.leave(group, self)

    def _sync_listeners(self) -> None:
        """Be a listener of the process's coalescer for exactly the subscribed coalesced topics."""
        wanted = {
            name: sub.topic.coalesced for name, sub in self.subscriptions.items() if sub.topic.coalesced
        }
        for name, (key, registered) in list(self.listening.items()):
            coalesced = wanted.get(name)
            if coalesced is None or coalesced.key != key:
                coalescer().remove(key, registered)
                del self.listening[name]
        for name, coalesced in wanted.items():
            if name not in self.listening:
                listener: Listener = partial(self._push, name)
                coalescer().add(coalesced, listener)
                self.listening[name] = (coalesced.key, listener)

    # Client frames

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        if self.principal is None:
            return
        try:
            content = json.loads(text_data) if text_data is not None else None
        except (ValueError, RecursionError):
            content = None
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict):
            await self._error(None, "bad_request")
            return
        op, name = content.get("op"), content.get("topic")
        topic_name = name if isinstance(name, str) and 0 < len(name) <= MAX_TOPIC_NAME_LENGTH else None
        if op == "ping":
            await self.send_json({"op": "pong"})
        elif op == "subscribe" and topic_name:
            await self._subscribe(topic_name)
        elif op == "unsubscribe" and topic_name:
            await self._unsubscribe(topic_name)
        else:
            await self._error(topic_name, "bad_request")

    async def _subscribe(self, name: str) -> None:
        assert self.principal is not None
        topic = topics.get(name)
        if topic is None:
            await self._error(name, "unknown_topic")
        elif not topic.allows(self.principal):
            await self._error(name, "forbidden")
        else:
            await self._open(topic)

    async def _open(self, topic: Topic) -> None:
        """(Re)start a subscription: join its groups, then answer with its versions and a fresh snapshot."""
        assert self.principal is not None
        groups = list(dict.fromkeys(topic.groups(self.principal)))
        # Join before reading versions so that no event falls between the version read and listening.
        self.subscriptions[topic.name] = Subscription(topic, seen=dict.fromkeys(groups, 0))
        await self._sync_groups()
        seen, snapshot = await self._versions_and_snapshot(topic, groups)
        subscription = Subscription(topic, seen=seen)
        self.subscriptions[topic.name] = subscription
        await self.send_json(
            {
                "op": "subscribed",
                "topic": topic.name,
                "version": subscription.version,
                "snapshot": snapshot,
                # The client build served now: a tab on an older one reloads (server/core/build.py).
                "build": client_build(),
            }
        )
        subscription.ready = True
        if topic.coalesced is not None and topic.name in self.stale:
            # A computation finished while the snapshot was read; which is newer is unknown: push again.
            self.stale.discard(topic.name)
            coalescer().hint(topic.coalesced.key)

    async def _versions_and_snapshot(
        self, topic: Topic, groups: list[str]
    ) -> tuple[dict[str, int], Snapshot]:
        """The versions and snapshot of a new subscription (its groups joined): those of an earlier
        subscription of this process with the same topic, share key and groups, read under a hub mark
        that still holds and at most `SNAPSHOT_REUSE_S` ago; else read afresh in a batch.

        A subscribe storm (every tab of a restart) then reads each distinct snapshot about once a second
        instead of once per batch. It is sound because the hub listened to every group of the
        subscription before the versions were read and has fanned out none of their events since: any
        event published after that read is still to come, with the next version, to this socket too.
        The age limit bounds what changes without an event (the day turning)."""
        assert self.principal is not None
        if topic.coalesced is not None:
            return await open_subscription((topic, self.principal, groups))
        process_hub = hub()
        key = (topic.name, topic.share_key(self.principal), tuple(groups))
        now = time.monotonic()
        shared = process_hub.memo.get(key)
        if shared is not None and now - shared.at <= SNAPSHOT_REUSE_S and process_hub.unchanged(shared.mark):
            return dict(shared.seen), shared.snapshot
        mark = process_hub.mark(groups)
        seen, snapshot = await open_subscription((topic, self.principal, groups))
        if mark is not None:
            if len(process_hub.memo) >= MAX_SHARED_SNAPSHOTS:
                process_hub.memo.clear()
            process_hub.memo[key] = SharedSnapshot(mark, now, dict(seen), snapshot)
        return seen, snapshot

    async def _unsubscribe(self, name: str) -> None:
        if topics.get(name) is None:
            await self._error(name, "unknown_topic")
            return
        self.subscriptions.pop(name, None)
        await self._sync_groups()
        await self.send_json({"op": "unsubscribed", "topic": name})

    async def _error(self, topic: str | None, code: str) -> None:
        await self.send_json({"op": "error", "topic": topic, "code": code})

    # Group events (sent by `publish`, fanned out by the process's hub)

    async def hub_event(self, message: dict[str, Any], frames: Frames) -> None:
        if self.closed or self.principal is None:
            return
        if self.operation.locked():
            self.pending.append(message)
            return
        await self._event(message, frames)

    async def hub_resync(self) -> None:
        if not self.closed:
            await self.close(code=CLOSE_RESYNC)

    async def _drain(self) -> None:
        """Handle the group events that arrived during an operation (the lock is still held)."""
        while self.pending and not self.closed:
            await self._event(self.pending.pop(0), {})

    async def _event(self, message: dict[str, Any], frames: Frames) -> None:
        if self.principal is None:
            return
        name, group, version = message["topic"], message["group"], message["version"]
        self._hint(group, version)
        shown = await self._forward(name, group, version, message, frames)
        if group == control_group(self.principal):
            # Acting on it may read the database: as an operation of its own, off the fan-out.
            event = Event(message["event_type"], message["data"])
            asyncio.get_running_loop().create_task(self._control(event, version, shown))

    async def _control(self, event: Event, version: int, shown: bool) -> None:
        async with self.operation:
            try:
                if self.principal is None or self.closed:
                    return
                if self.principal.is_display:
                    await self._apply_display_event(event)
                else:
                    await self._apply_session_event(event, version, shown)
            except Exception:
                logger.exception("Realtime session event failed")
            finally:
                await self._drain()

    def _hint(self, group: str, version: int) -> None:
        """An event on a group of a coalesced subscription (whatever topic published it) is a hint."""
        for subscription in self.subscriptions.values():
            coalesced = subscription.topic.coalesced
            if coalesced is not None and version > subscription.seen.get(group, version):
                subscription.seen[group] = version
                coalescer().hint(coalesced.key)

    async def _push(self, name: str, data: Mapping[str, Any]) -> None:
        """A coalesced topic's fresh data: sent unless unchanged since this connection's last push."""
        subscription = self.subscriptions.get(name)
        if subscription is None or subscription.topic.coalesced is None:
            return
        if not subscription.ready:
            self.stale.add(name)
            return
        assert self.principal is not None
        # The topic's view cuts the shared result to this reader (e.g. the types it may decide).
        pushed = Event(subscription.topic.coalesced.event_type, data)
        shown = subscription.topic.present(self.principal, pushed)
        if shown is None or shown.data == subscription.last_pushed:
            return
        subscription.last_pushed = shown.data
        subscription.pushes += 1
        await self.send_json(
            {
                "op": "event",
                "topic": name,
                "version": subscription.version,
                "type": shown.type,
                "data": dict(shown.data),
            }
        )

    async def _apply_display_event(self, event: Event) -> None:
        """A wall display's control group: revocation blanks the wall and closes the socket at once."""
        if event.type != "revoked":
            return
        subscription = self.subscriptions.get(WALL_TOPIC)
        await self.send_json(
            {
                "op": "event",
                "topic": WALL_TOPIC,
                "version": subscription.version if subscription is not None else 0,
                "type": "revoked",
                "data": {},
            }
        )
        await self._close_unauthenticated()

    async def _forward(
        self, name: str, group: str, version: int, message: dict[str, Any], frames: Frames
    ) -> bool:
        """Send the event to the client if subscribed and shown to it; True if sent.

        Connections with the same share key see the same view of an event, and those at the same topic
        version the same frame: both are computed once per fan-out (in `frames`), not per socket.
        """
        assert self.principal is not None
        subscription = self.subscriptions.get(name)
        if subscription is None or subscription.topic.coalesced is not None:
            return False
        if group not in subscription.seen or version <= subscription.seen[group]:
            return False
        subscription.seen[group] = version
        share = subscription.topic.share_key(self.principal)
        view_key = ("view", name, share)
        if view_key not in frames:
            event = Event(message["event_type"], message["data"])
            frames[view_key] = subscription.topic.present(self.principal, event)
        visible: Event | None = frames[view_key]
        if visible is None:
            subscription.hidden += 1
            return False
        frame_key = ("frame", name, share, subscription.version)
        text = frames.get(frame_key)
        if text is None:
            text = frames[frame_key] = json.dumps(
                {
                    "op": "event",
                    "topic": name,
                    "version": subscription.version,
                    "type": visible.type,
                    "data": dict(visible.data),
                }
            )
        await self.send(text_data=text)
        return True

    async def _apply_session_event(self, event: Event, version: int, shown: bool) -> None:
        """The session group acts on the connection whether or not the client subscribed to `session`."""
        assert self.principal is not None
        if event.type == "revoked":
            if session_view(self.principal, event) is None:
                return
            if not shown:
                await self.send_json(
                    {"op": "event", "topic": SESSION_TOPIC, "version": version, "type": "revoked", "data": {}}
                )
            await self._close_unauthenticated()
        elif event.type == "access" and await self._reload_principal():
            await self._recheck_subscriptions()

    async def _recheck_subscriptions(self) -> None:
        """After an access change: drop subscriptions no longer allowed, restart those whose groups moved."""
        assert self.principal is not None
        principal = self.principal
        lost = [name for name, sub in self.subscriptions.items() if not sub.topic.allows(principal)]
        for name in lost:
            del self.subscriptions[name]
        await self._sync_groups()
        for name in lost:
            await self._error(name, "forbidden")
        for subscription in list(self.subscriptions.values()):
            if set(subscription.topic.groups(principal)) != set(subscription.seen):
                await self._open(subscription.topic)
