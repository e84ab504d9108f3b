"""Per-process fan-out of group events to the sockets of this process (DESIGN §6, §9).

Profiled under `bench/ws_fanout.py` (bench/README.md), the stock Channels path cost, per event and
per socket: one channel-layer message (decoded once per socket), one consumer task wake-up, one hop
to the single shared sync thread (`aclose_old_connections` before every handler) and one JSON encode.
At 1,000 sockets that put hundreds of milliseconds of event-loop work in front of the HTTP answer of
the request that published the event.

Here each process listens to a group once, on its own hub channel: a group event is decoded once,
and the members (the consumers of this process that listen to the group) are handed it in one loop
that shares one encoded frame between every socket that sees the same thing, and yields to the event
loop every `CHUNK` sockets so that HTTP answers and other sockets are not stuck behind a fan-out.
Events are fanned out one at a time in arrival order, so each socket sees a group's events in order.

Redis outages. While Redis is down events are lost and, if it restarts empty, the topic versions
start again from 0, so a socket would skip every event until the counters pass what it saw. On a
Redis channel layer the hub therefore watches Redis (`REALTIME_WATCH_INTERVAL`, default 1 s): once it
answers again after failing, or answers with a different epoch (it lost its data), every socket of
the process is closed with `CLOSE_RESYNC`; clients reconnect with jitter, resubscribe and refetch
from REST, which is the truth (DESIGN §6). Not before the layer delivers to this process again: the
Redis pub/sub layer subscribes the process's channels and groups again only on its next read after
Redis returns (up to a second or more later), and a client that refetched before that would miss for
good the events published in between. The hub first sends a probe to its own channel and waits for it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
import weakref
from collections.abc import Hashable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from channels.layers import get_channel_layer
from django.conf import settings
from redis.exceptions import ConnectionError as RedisConnectionError

from server.core.cache import strict_cache

logger = logging.getLogger(__name__)

# Sockets handed an event between two yields to the event loop.
CHUNK = 64
# At most this long (seconds) on a fan-out between two yields to the event loop: the HTTP answer of
# the request that caused the event (and every other request) needs a loop turn at each of its steps,
# so long slices would put the whole fan-out in front of it.
SLICE = 0.001
# Close code asking the client to reconnect and refetch (events may have been lost).
CLOSE_RESYNC = 4503
EPOCH_KEY = "rt:epoch"
WATCH_TIMEOUT = 2.0
# The message the hub sends to its own channel to learn that the layer delivers again (never fanned out).
PROBE = "hub.probe"
# How long one probe may take to come back, and how long the hub tries before it resyncs anyway.
PROBE_WAIT = 0.5
LISTENING_TIMEOUT = 30.0

Frames = MutableMapping[Hashable, Any]


class Member(Protocol):
    async def hub_event(self, message: dict[str, Any], frames: Frames) -> None:
        """Handle one group event; `frames` is shared by every member handed the same event."""

    async def hub_resync(self) -> None:
        """Events may have been lost: make the client reconnect and refetch."""


def redis_epoch() -> str:
    """The epoch of the Redis data: set once, gone when Redis restarts empty. Read from Redis itself
    (the cache would answer from memory while Redis is away): raises when Redis is unreachable."""
    redis = strict_cache()
    value = redis.get(EPOCH_KEY)
    if value is None:
        redis.add(EPOCH_KEY, secrets.token_hex(8), timeout=None)
        value = redis.get(EPOCH_KEY)
    return str(value)


@dataclass(frozen=True)
class Mark:
    joins: tuple[tuple[str, asyncio.Future[None], int], ...]
    resyncs: int


class Hub:
    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.channel: str | None = None
        self.members: dict[str, weakref.WeakSet[Any]] = {}
        # Group -> the layer subscription of the hub channel to it (awaited by every joiner).
        self._joined: dict[str, asyncio.Future[None]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._channel_ready: asyncio.Future[str] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self.fanouts = 0
        # Group -> events fanned out since the hub joined it (see `mark`).
        self.received: dict[str, int] = {}
        # What consumers keep while the marks they were read under hold (see consumers.py).
        self.memo: dict[Hashable, Any] = {}
        self.resyncs = 0
        self.redis_down = False
        self.epoch: str | None = None
        # Probe id -> the future its return resolves (see `listening`).
        self._probes: dict[str, asyncio.Future[None]] = {}

    async def _hub_channel(self) -> str:
        if self._channel_ready is None:
            loop = asyncio.get_running_loop()
            self._channel_ready = loop.create_future()
            try:
                self.channel = await self.layer.new_channel("hub.")
            except BaseException as error:
                self._channel_ready.set_exception(error)
                self._channel_ready.exception()  # retrieved: joiners get it from `await`
                self._channel_ready = None
                raise
            self._channel_ready.set_result(self.channel)
            self._reader = loop.create_task(self._read(self.channel))
            if settings.REDIS_URL:
                self._watcher = loop.create_task(self._watch())
        return await asyncio.shield(self._channel_ready)

    async def join(self, group: str, member: Member) -> None:
        """`member` gets the group's events from now on (once this returns, none can be missed)."""
        channel = await self._hub_channel()
        members = self.members.get(group)
        if members is None:
            members = self.members[group] = weakref.WeakSet()
        members.add(member)
        joined = self._joined.get(group)
        if joined is None:
            joined = self._joined[group] = asyncio.get_running_loop().create_future()
            try:
                await self.layer.group_add(group, channel)
            except BaseException as error:
                del self._joined[group]
                members.discard(member)
                joined.set_exception(error)
                joined.exception()
                raise
            joined.set_result(None)
        await asyncio.shield(joined)

    async def leave(self, group: str, member: Member) -> None:
        members = self.members.get(group)
        if members is None:
            return
        members.discard(member)
        if members:
            return
        del self.members[group]
        self.received.pop(group, None)
        joined = self._joined.pop(group, None)
        if joined is not None and self.channel is not None:
            try:
                await self.layer.group_discard(group, self.channel)
            except Exception:
                logger.warning("Realtime hub could not leave %s", group, exc_info=True)

    async def _read(self, channel: str) -> None:
        while True:
            try:
                message = await self.layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("Realtime hub receive failed; retrying", exc_info=True)
                await asyncio.sleep(1)
                continue
            if message.get("type") == PROBE:
                waiter = self._probes.get(str(message.get("probe")))
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)
                continue
            await self.fanout(message)

    def mark(self, groups: list[str]) -> Mark | None:
        """Where the hub stands on `groups` (all joined), for `unchanged`; None if one is not joined yet."""
        joins = []
        for group in groups:
            joined = self._joined.get(group)
            if joined is None or not joined.done() or joined.cancelled() or joined.exception() is not None:
                return None
            joins.append((group, joined, self.received.get(group, 0)))
        return Mark(tuple(joins), self.resyncs)

    def unchanged(self, mark: Mark) -> bool:
        """Whether the hub has listened to the groups of `mark` ever since, and fanned out no event of
        theirs: every event published after a read made before `mark` then is still to come."""
        return mark.resyncs == self.resyncs and all(
            self._joined.get(group) is joined and self.received.get(group, 0) == count
            for group, joined, count in mark.joins
        )

    async def fanout(self, message: dict[str, Any]) -> None:
        group = str(message.get("group"))
        if group in self._joined:
            self.received[group] = self.received.get(group, 0) + 1
        members = list(self.members.get(group, ()))
        frames: Frames = {}
        self.fanouts += 1
        clock = time.perf_counter
        began = clock()
        for member in members:
            try:
                await member.hub_event(message, frames)
            except Exception:
                logger.exception("Realtime event to one socket failed")
            if clock() - began >= SLICE:
                await asyncio.sleep(0)
                began = clock()

    async def _watch(self) -> None:
        """Resync every socket when Redis answers again after refusing connections, or lost its data.

        Only a refused or broken connection counts as down: a slow answer (a loaded machine, a busy
        Redis) loses no event, and resyncing then would turn load into a reconnect storm. The probe runs
        on a thread of its own so that busy batches cannot delay it."""
        interval = float(
            getattr(settings, "REALTIME_WATCH_INTERVAL", os.environ.get("REALTIME_WATCH_INTERVAL", 1))
        )
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="realtime-watch") as executor:
            while True:
                await asyncio.sleep(interval)
                try:
                    epoch = await asyncio.wait_for(
                        loop.run_in_executor(executor, redis_epoch), timeout=WATCH_TIMEOUT
                    )
                except asyncio.CancelledError:
                    raise
                except (RedisConnectionError, OSError):
                    if not self.redis_down:
                        logger.warning("Realtime: Redis unreachable; sockets resync when it is back")
                    self.redis_down = True
                    continue
                except Exception:
                    # Slow (timeout) or another error: not known to be down, try again.
                    continue
                lost = self.redis_down or (self.epoch is not None and epoch != self.epoch)
                self.redis_down, self.epoch = False, epoch
                if lost:
                    await self.recover()

    async def recover(self) -> None:
        """Redis is back: once the layer delivers to this process again, resync every socket."""
        if not await self.listening():
            logger.warning(
                "Realtime: the channel layer did not deliver a probe within %s s; resyncing anyway",
                LISTENING_TIMEOUT,
            )
        await self.resync()

    async def listening(self, timeout: float = LISTENING_TIMEOUT) -> bool:
        """Whether the layer delivers to this process again, within `timeout` seconds: a probe sent to
        the hub's own channel comes back. The Redis pub/sub layer subscribes the hub channel and every
        group on one connection, in one SUBSCRIBE, so the probe's return means the groups are heard too."""
        channel = await self._hub_channel()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            probe = secrets.token_hex(8)
            waiter: asyncio.Future[None] = loop.create_future()
            self._probes[probe] = waiter
            try:
                await self.layer.send(channel, {"type": PROBE, "probe": probe})
                await asyncio.wait_for(waiter, PROBE_WAIT)
                return True
            except asyncio.CancelledError:
                raise
            except Exception:
                # Not back yet (a refused connection, or the probe did not return in time).
                if loop.time() >= deadline:
                    return False
                await asyncio.sleep(0.1)
            finally:
                self._probes.pop(probe, None)

    async def resync(self) -> None:
        """Close every socket of this process so that its client reconnects and refetches."""
        self.resyncs += 1
        members = {member for group in list(self.members.values()) for member in list(group)}
        logger.warning("Realtime: Redis is back; asking %d sockets to resync", len(members))
        for n, member in enumerate(members, start=1):
            try:
                await member.hub_resync()
            except Exception:
                logger.exception("Realtime resync of one socket failed")
            if n % CHUNK == 0:
                await asyncio.sleep(0)


_per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """The hub of the running event loop (one per process under Daphne; one per test loop)."""
    loop = asyncio.get_running_loop()
    found = _per_loop.get(loop)
    if found is None:
        found = _per_loop[loop] = Hub(get_channel_layer())
    return found
