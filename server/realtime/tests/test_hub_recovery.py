"""The hub's resync after a Redis restart, on the production channel layer (Redis pub/sub) and a
private redis-server: a socket is told to resync only once the layer delivers to this process again,
so an event published as the client refetches is not lost (the flake of test_redis_outage's
convergence: a tab refetched before the layer had subscribed again and missed a check-in for good)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer

from server.realtime.hub import Frames, Hub
from server.realtime.tests import live

GROUP = "test.recovery"


class RefetchingMember:
    """A socket whose client, told to resync, refetches at once: whatever is published from that
    moment on must reach it as an event."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.events: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.resyncs = 0

    async def hub_event(self, message: dict[str, Any], frames: Frames) -> None:
        self.events.append(message)
        self.arrived.set()

    async def hub_resync(self) -> None:
        self.resyncs += 1
        await self.layer.group_send(GROUP, {"type": "event", "group": GROUP, "n": self.resyncs})


@contextlib.asynccontextmanager
async def joined_hub(tmp_path: Path) -> AsyncIterator[tuple[live.RedisServer, Hub, RefetchingMember]]:
    """A hub on the pub/sub layer of a private redis-server, with one member in GROUP."""
    redis = live.RedisServer(tmp_path)
    redis.start()
    layer = RedisPubSubChannelLayer(hosts=[redis.url], prefix="kh-hub-recovery")
    try:
        hub = Hub(layer)
        member = RefetchingMember(layer)
        await hub.join(GROUP, member)
        yield redis, hub, member
    finally:
        await layer.flush()
        redis.stop()


async def test_a_socket_resyncs_only_when_the_layer_delivers_again(tmp_path: Path) -> None:
    async with joined_hub(tmp_path) as (redis, hub, member):
        assert await hub.listening(timeout=5)

        # Restarted empty; the layer's connection is broken and has not been read since.
        redis.stop()
        redis.start()
        await hub.recover()

        assert member.resyncs == 1
        await asyncio.wait_for(member.arrived.wait(), timeout=10)
        assert [event["n"] for event in member.events] == [1]


async def test_listening_gives_up_while_redis_stays_down(tmp_path: Path) -> None:
    async with joined_hub(tmp_path) as (redis, hub, _member):
        redis.stop()
        assert await hub.listening(timeout=1.5) is False
