"""Batched synchronous work for the sockets of one process.

A subscribe storm (every tab reconnecting after a restart) asks each process for hundreds of ticket
redemptions, session reloads and snapshots at once. One thread hop and one database connection each
(the stock `database_sync_to_async`, all on the one shared sync thread) made 1,000 sockets take over
a minute. A `Batcher` gathers the calls made while its previous batch ran into one call of a batch
function: one thread hop, one database connection and a handful of queries per batch, whatever its
size. Batches of one kind run one at a time, in order; different kinds run side by side.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from channels.db import database_sync_to_async
from django.db import connections

Item = TypeVar("Item")
Result = TypeVar("Result")

MAX_BATCH = 500


@dataclass
class _State(Generic[Item, Result]):
    pending: list[tuple[Item, asyncio.Future[Result]]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


class Batcher(Generic[Item, Result]):
    """`await batcher(item)` is `run([item])[0]`, computed together with the other waiting items."""

    def __init__(self, run: Callable[[list[Item]], Sequence[Result]], *, max_batch: int = MAX_BATCH) -> None:
        self.run = run
        self.max_batch = max_batch
        self.batches = 0
        self._states: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _State[Item, Result]] = (
            weakref.WeakKeyDictionary()
        )

    async def __call__(self, item: Item) -> Result:
        loop = asyncio.get_running_loop()
        state = self._states.get(loop)
        if state is None:
            state = self._states[loop] = _State()
        future: asyncio.Future[Result] = loop.create_future()
        state.pending.append((item, future))
        if state.task is None:
            state.task = loop.create_task(self._drain(state))
        return await future

    def _run_closing(self, items: list[Item]) -> Sequence[Result]:
        """The batch on a worker thread, its connection closed (or handed back to the pool) after it:
        worker threads outlive the batch and must not keep a database session open."""
        try:
            return self.run(items)
        finally:
            connections.close_all()

    async def _drain(self, state: _State[Item, Result]) -> None:
        # Let the callers already scheduled in this turn of the loop join the first batch.
        await asyncio.sleep(0)
        try:
            while state.pending:
                batch = state.pending[: self.max_batch]
                del state.pending[: self.max_batch]
                batch = [(item, future) for item, future in batch if not future.done()]
                if not batch:
                    continue
                self.batches += 1
                try:
                    results = await database_sync_to_async(self._run_closing, thread_sensitive=False)(
                        [item for item, _ in batch]
                    )
                except Exception as error:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(error)
                    continue
                for (_, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)
        finally:
            state.task = None
