"""Per-process coalescing of hint events into recomputed pushes (the dashboard and wall counts).

A burst of hints must not cost one database computation (or one push) per hint, nor one per socket.
Every connection of a process subscribed to a coalesced topic registers one listener here; a hint
arriving on any of them marks the topic's key dirty. One task per key then computes at most once per
`window` seconds (the first hint after a quiet spell computes at once, hints during a window are
folded into one computation at its end) and hands the result to every listener of the key. So 100
hints per second cost about 1/window computations per second per process, and a change is on screen
within a window plus a round trip.

While a key has listeners it is also recomputed every `refresh` seconds: that repairs a hint lost by
the channel layer (delivery is at-most-once) and rolls "today" over at midnight. Listeners skip
results equal to what they last sent, so a refresh that changes nothing costs no traffic.

One coalescer per event loop: a Daphne process runs one loop; tests run one loop per test.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from server.realtime.topics import Coalesced

logger = logging.getLogger(__name__)

Listener = Callable[[Mapping[str, Any]], Awaitable[None]]

# Seconds; settings may override them (REALTIME_COALESCE_WINDOW, REALTIME_COALESCE_REFRESH).
DEFAULT_WINDOW = 0.4
DEFAULT_REFRESH = 60.0
# After a failed computation (database down) the next try waits this many windows.
FAILURE_BACKOFF_WINDOWS = 5


@dataclass(eq=False)
class _Key:
    coalesced: Coalesced
    listeners: set[Listener] = field(default_factory=set)
    dirty: bool = False
    last_started: float = float("-inf")
    computations: int = 0
    task: asyncio.Task[None] | None = None
    refresher: asyncio.Task[None] | None = None


class Coalescer:
    def __init__(self, *, window: float, refresh: float) -> None:
        self.window = window
        self.refresh = refresh
        self._keys: dict[str, _Key] = {}

    def add(self, coalesced: Coalesced, listener: Listener) -> None:
        state = self._keys.get(coalesced.key)
        if state is None:
            state = self._keys[coalesced.key] = _Key(coalesced)
            state.refresher = asyncio.get_running_loop().create_task(self._refresh(coalesced.key))
        state.listeners.add(listener)

    def remove(self, key: str, listener: Listener) -> None:
        state = self._keys.get(key)
        if state is None:
            return
        state.listeners.discard(listener)
        if not state.listeners:
            del self._keys[key]
            for task in (state.refresher, state.task):
                if task is not None:
                    task.cancel()

    def hint(self, key: str) -> None:
        """Something behind `key` changed: recompute soon (coalesced with every other hint of the window)."""
        state = self._keys.get(key)
        if state is None:
            return
        state.dirty = True
        if state.task is None:
            state.task = asyncio.get_running_loop().create_task(self._run(state))

    def computations(self, key: str) -> int:
        state = self._keys.get(key)
        return state.computations if state is not None else 0

    async def _run(self, state: _Key) -> None:
        loop = asyncio.get_running_loop()
        try:
            while state.dirty and state.listeners:
                wait = state.last_started + self.window - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                # Hints arriving from here on mark the key dirty again: they may not be in this result.
                state.dirty = False
                state.last_started = loop.time()
                try:
                    result = await database_sync_to_async(state.coalesced.compute)()
                except Exception:
                    logger.exception("Coalesced computation %s failed", state.coalesced.key)
                    state.dirty = True
                    state.last_started += self.window * (FAILURE_BACKOFF_WINDOWS - 1)
                    continue
                state.computations += 1
                await self._deliver(state, result)
        finally:
            state.task = None

    async def _deliver(self, state: _Key, result: Mapping[str, Any]) -> None:
        outcomes = await asyncio.gather(
            *(listener(result) for listener in list(state.listeners)), return_exceptions=True
        )
        for outcome in outcomes:
            if isinstance(outcome, Exception):
                logger.error("Coalesced push %s failed", state.coalesced.key, exc_info=outcome)

    async def _refresh(self, key: str) -> None:
        while True:
            await asyncio.sleep(self.refresh)
            self.hint(key)


_per_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Coalescer] = weakref.WeakKeyDictionary()


def coalescer() -> Coalescer:
    """The coalescer of the running event loop (one per process under Daphne)."""
    loop = asyncio.get_running_loop()
    found = _per_loop.get(loop)
    if found is None:
        found = _per_loop[loop] = Coalescer(
            window=getattr(settings, "REALTIME_COALESCE_WINDOW", DEFAULT_WINDOW),
            refresh=getattr(settings, "REALTIME_COALESCE_REFRESH", DEFAULT_REFRESH),
        )
    return found
