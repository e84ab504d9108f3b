"""The per-process coalescer: many hints, few computations, every listener served the latest result."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Mapping
from typing import Any

from server.realtime.coalescer import Coalescer
from server.realtime.topics import Coalesced

WINDOW = 0.05


class Source:
    """A computation counting its calls; `value` stands for the database state."""

    def __init__(self) -> None:
        self.value = 0
        self.calls = 0
        self.fail = False
        self.lock = threading.Lock()

    def compute(self) -> Mapping[str, Any]:
        with self.lock:
            self.calls += 1
            if self.fail:
                raise RuntimeError("database down")
            return {"value": self.value}


def listener(into: list[Mapping[str, Any]]) -> Any:
    async def receive(result: Mapping[str, Any]) -> None:
        into.append(result)

    return receive


async def settle() -> None:
    await asyncio.sleep(WINDOW * 4)


async def test_a_burst_of_hints_is_one_computation_shared_by_every_listener() -> None:
    source, first, second = Source(), [], []
    coalescer = Coalescer(window=WINDOW, refresh=60)
    coalesced = Coalesced(key="k", compute=source.compute)
    coalescer.add(coalesced, listener(first))
    coalescer.add(coalesced, listener(second))
    for n in range(100):
        source.value = n
        coalescer.hint("k")
    await settle()
    assert source.calls == 1 == coalescer.computations("k")
    assert first == second == [{"value": 99}]


async def test_hints_during_a_window_fold_into_one_trailing_computation() -> None:
    source, seen = Source(), []
    coalescer = Coalescer(window=WINDOW, refresh=60)
    coalescer.add(Coalesced(key="k", compute=source.compute), listener(seen))
    loop = asyncio.get_running_loop()
    started = loop.time()
    hints = 0
    while loop.time() - started < WINDOW * 5:
        source.value += 1
        coalescer.hint("k")
        hints += 1
        await asyncio.sleep(WINDOW / 20)
    await settle()
    elapsed = loop.time() - started
    # At most one computation per window (plus the leading edge), not one per hint.
    assert 2 <= source.calls <= elapsed / WINDOW + 1 < hints
    assert seen[-1] == {"value": source.value}


async def test_a_failed_computation_is_retried() -> None:
    source, seen = Source(), []
    coalescer = Coalescer(window=WINDOW / 5, refresh=60)
    coalescer.add(Coalesced(key="k", compute=source.compute), listener(seen))
    source.fail = True
    coalescer.hint("k")
    await asyncio.sleep(WINDOW / 2)
    source.fail = False
    source.value = 7
    await settle()
    assert seen == [{"value": 7}] and source.calls >= 2


async def test_listeners_are_refreshed_periodically_and_stop_when_removed() -> None:
    source, seen = Source(), []
    coalescer = Coalescer(window=WINDOW / 5, refresh=WINDOW)
    receive = listener(seen)
    coalescer.add(Coalesced(key="k", compute=source.compute), receive)
    await asyncio.sleep(WINDOW * 3.5)
    assert len(seen) >= 2
    coalescer.remove("k", receive)
    calls = source.calls
    coalescer.hint("k")
    await asyncio.sleep(WINDOW * 3)
    assert source.calls == calls and coalescer.computations("k") == 0


async def test_a_hint_for_a_key_nobody_listens_to_costs_nothing() -> None:
    coalescer = Coalescer(window=WINDOW, refresh=60)
    coalescer.hint("nobody")
    await settle()
    assert coalescer.computations("nobody") == 0
