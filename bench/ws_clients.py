"""The websocket clients and the figures of the socket benchmarks (bench/ws_fanout.py, bench/ws_restart.py):
subscribed sockets through the ticket endpoint, receivers timing each event, percentiles, CPU seconds."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import resource
import socket
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


TOPIC = "approval.attendance"
PASSWORD = "bench-sandi-123"
EMPLOYEES = 5
# Far from every placement, so each check-in waits for approval and enters the queue.
FAR_AWAY = (0.0, 0.0)
STARTUP_TIMEOUT = 60.0
CONNECT_CONCURRENCY = 64
CONNECT_ATTEMPTS = 3


def log(text: str) -> None:
    print(f"ws_fanout: {text}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def raise_fd_limit(sockets: int) -> None:
    """Every socket costs a descriptor here and one in the server (children inherit the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = sockets * 2 + 512
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            raise SystemExit(f"ws_fanout: {sockets} soket butuh batas berkas >= {wanted} (hard={hard})")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) of process `pid` and its descendants so far, from /proc; 0 if unknown.

    Load-independent, unlike wall times on a shared machine: the figures to compare between runs."""
    if pid is None:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{current}/task").iterdir():
                with contextlib.suppress(OSError):
                    pending += [int(child) for child in (task / "children").read_text().split()]
    return total


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def stats(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "p50_ms": round(percentile(values, 50), 2),
        "p99_ms": round(percentile(values, 99), 2),
        "max_ms": round(max(values), 2),
    }


@dataclass
class Measurement:
    sockets: int
    messages: int
    after_answer_ms: list[float] = field(default_factory=list)
    from_request_ms: list[float] = field(default_factory=list)
    spread_ms: list[float] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    lost: int = 0
    before_answer: int = 0
    storm_s: float = 0.0
    server_pid: int | None = None
    storm_cpu_s: float = 0.0
    fanout_cpu_s: float = 0.0
    per_process: list[dict[str, Any]] = field(default_factory=list)
    phases: dict[str, list[float]] = field(
        default_factory=lambda: {"ticket": [], "connect": [], "subscribe": []}
    )

    def summary(self) -> dict[str, Any]:
        return {
            **stats(self.after_answer_ms),
            "from_request": stats(self.from_request_ms),
            "spread": stats(self.spread_ms),
            "answer": stats(self.answer_ms),
            "delivered": len(self.after_answer_ms),
            "expected": self.sockets * self.messages,
            "lost": self.lost,
            "before_answer": self.before_answer,
            "subscribe_storm_s": round(self.storm_s, 2),
            # Server CPU per socket subscribed, and per event per 1,000 sockets (includes the request).
            "storm_cpu_ms_per_socket": round(self.storm_cpu_s * 1000 / self.sockets, 3),
            "fanout_cpu_ms_per_event_per_1000": round(
                self.fanout_cpu_s * 1000 / self.messages * 1000 / self.sockets, 2
            ),
            "storm_phases": {name: stats(values) for name, values in self.phases.items() if values},
            **({"per_process": self.per_process} if len(self.per_process) > 1 else {}),
        }


class Receivers:
    """N sockets read concurrently; each remembers when every event id reached it."""

    def __init__(self, sockets: list[ClientConnection], event_id: Callable[[Any], str | None]):
        self.sockets = sockets
        self.event_id = event_id
        self.arrivals: list[dict[str, float]] = [{} for _ in sockets]
        self.counts: dict[str, int] = {}
        self.complete: dict[str, asyncio.Event] = {}
        self.tasks = [asyncio.create_task(self._read(i, ws)) for i, ws in enumerate(sockets)]

    def _complete(self, key: str) -> asyncio.Event:
        return self.complete.setdefault(key, asyncio.Event())

    async def _read(self, index: int, ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for frame in ws:
                now = time.perf_counter()
                key = self.event_id(json.loads(frame))
                if key is not None:
                    self.arrivals[index][key] = now
                    self.counts[key] = self.counts.get(key, 0) + 1
                    if self.counts[key] == len(self.sockets):
                        self._complete(key).set()

    async def wait_for(self, key: str, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._complete(key).wait(), timeout=timeout)

    def record(self, key: str, sent: float, answered: float, into: Measurement) -> None:
        arrived = [arrivals[key] for arrivals in self.arrivals if key in arrivals]
        into.answer_ms.append((answered - sent) * 1000)
        into.lost += len(self.sockets) - len(arrived)
        first = min(arrived, default=answered)
        for at in arrived:
            if at < answered:
                into.before_answer += 1
            into.after_answer_ms.append(max(0.0, at - answered) * 1000)
            into.from_request_ms.append((at - sent) * 1000)
            into.spread_ms.append((at - first) * 1000)

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def bounded(count: int, make: Callable[[int], Awaitable[Any]]) -> list[Any]:
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def one(i: int) -> Any:
        async with gate:
            return await make(i)

    return list(await asyncio.gather(*(one(i) for i in range(count))))


class _ClosedBeforeAnswer(ConnectionError):
    """The connection ended before any byte of the answer."""


class TicketClient:
    """`POST /api/web/v1/realtime/ticket` over kept-alive HTTP/1.1 connections, one per caller at a time.

    httpx cost the bench about 6 ms of its own CPU per request (6.4 s for 1,000 ticket requests at 64 at a
    time, measured 2026-11-26), so the bench client, not the server, set the pace of the subscribe storm.
    This is what a browser's fetch does for one tab: a request, a status line, headers, a body.
    """

    def __init__(self, base_url: str, token: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.request = (
            f"POST /api/web/v1/realtime/ticket HTTP/1.1\r\nHost: {parts.netloc}\r\n"
            f"Authorization: {token}\r\nAccept: application/json\r\nContent-Length: 0\r\n\r\n"
        ).encode()
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        # Requests sent again because their kept-alive connection had been closed (see `ticket`).
        self.resent = 0

    async def ticket(self) -> str:
        """A fresh ticket; ConnectionError when the server closed the connection (a restart).

        A kept-alive connection the server closed while it sat idle (nginx's reload closes them; so does
        a restart) fails before any answer: the request is sent again once on a new connection, as a
        browser does, and counted in `resent`."""
        if self.idle:
            reader, writer = self.idle.pop()
            try:
                return await self._ask(reader, writer)
            except _ClosedBeforeAnswer:
                self.resent += 1
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
            return await self._ask(reader, writer)
        except _ClosedBeforeAnswer as closed:
            raise ConnectionError(str(closed)) from closed

    async def _ask(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
        try:
            writer.write(self.request)
            try:
                status_line = await reader.readline()
            except OSError as error:
                raise _ClosedBeforeAnswer(f"ticket: {error!r}") from error
            if not status_line:
                raise _ClosedBeforeAnswer("ticket: the server closed the connection")
            status, length, keep = int(status_line.split()[1]), 0, True
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
                elif name.strip().lower() == "connection" and value.strip().lower() == "close":
                    keep = False
            body = await reader.readexactly(length)
        except _ClosedBeforeAnswer:
            writer.close()
            raise
        except (OSError, asyncio.IncompleteReadError) as error:
            writer.close()
            raise ConnectionError(f"ticket: {error!r}") from error
        except BaseException:
            writer.close()
            raise
        if keep:
            self.idle.append((reader, writer))
        else:
            writer.close()
        if status != 200:
            raise RuntimeError(f"ticket: HTTP {status}: {body[:200]!r}")
        ticket: str = json.loads(body)["data"]["ticket"]
        return ticket

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()
        self.idle.clear()


async def subscribed_socket(
    tickets: TicketClient, netloc: str, phases: dict[str, list[float]] | None = None
) -> ClientConnection:
    """A tab's socket as the web client opens it: ticket, connect, subscribe (phases in ms, if given)."""
    at = time.perf_counter()
    ticket = await tickets.ticket()
    if phases is not None:
        phases["ticket"].append((time.perf_counter() - at) * 1000)
    at = time.perf_counter()
    ws = await connect(
        f"ws://{netloc}/ws/v1/?ticket={ticket}",
        origin=f"http://{netloc}",  # type: ignore[arg-type]
        open_timeout=30,
        max_queue=None,
    )
    if phases is not None:
        phases["connect"].append((time.perf_counter() - at) * 1000)
    at = time.perf_counter()
    await ws.send(json.dumps({"op": "subscribe", "topic": TOPIC}))
    answer = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
    if answer.get("op") != "subscribed":
        await ws.close()
        raise RuntimeError(f"subscribe refused: {answer}")
    if phases is not None:
        phases["subscribe"].append((time.perf_counter() - at) * 1000)
    return ws


# --- tabs that reconnect (bench/ws_restart.py, bench/ws_rolling.py) ----------------------------------

# partysocket options of client/src/lib/realtime.ts
MIN_DELAY_S = 1.0
MIN_DELAY_JITTER_S = 2.0
GROW = 1.6
MAX_DELAY_S = 20.0
TICKET_JITTER_S = 1.5


@dataclass
class Tab:
    index: int
    min_delay: float = field(default_factory=lambda: MIN_DELAY_S + random.random() * MIN_DELAY_JITTER_S)
    subscribed_at: list[float] = field(default_factory=list)
    retries: int = 0


@dataclass
class Run:
    tabs: list[Tab]
    ticket_requests: list[float] = field(default_factory=list)
    stopping: bool = False


def histogram(times: list[float], since: float) -> list[int]:
    counts = Counter(int(at - since) for at in times if at >= since)
    return [counts.get(second, 0) for second in range(max(counts, default=-1) + 1)]
