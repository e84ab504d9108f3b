"""The rolling deploy under load (bench/ws_restart.py --rolling, DESIGN §19): tabs subscribed through nginx
while the replicas restart one at a time, a phone posting check-ins meanwhile; what nginx and the kernel's
listen queues dropped."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import Target
from bench.ws_clients import (
    FAR_AWAY,
    TOPIC,
    Run,
    TicketClient,
    cpu_seconds,
    histogram,
    log,
    percentile,
)
from bench.ws_fanout import photo_bytes
from scripts.processes import rolling_restart

# partysocket options of client/src/lib/realtime.ts
MIN_DELAY_S = 1.0
MIN_DELAY_JITTER_S = 2.0
GROW = 1.6
MAX_DELAY_S = 20.0
TICKET_JITTER_S = 1.5
CONNECT_CONCURRENCY = 64


# --- rolling deploy ------------------------------------------------------------------------------


@dataclass
class RollingTab:
    index: int
    min_delay: float = field(default_factory=lambda: MIN_DELAY_S + random.random() * MIN_DELAY_JITTER_S)
    retries: int = 0
    connections: int = 0
    gaps: int = 0
    seen: set[str] = field(default_factory=set)
    # (closed at, resubscribed at) for every socket the server closed.
    moves: list[tuple[float, float | None]] = field(default_factory=list)
    # Failed attempts by phase and error ("ticket ConnectionError", ...).
    failures: Counter[str] = field(default_factory=Counter)
    # Per successful attempt: (asked, through the gate, ticket answered, socket open, subscribed).
    attempts: list[tuple[float, float, float, float, float]] = field(default_factory=list)


async def rolling_tab(
    tab: RollingTab, tickets: TicketClient, netloc: str, gate: asyncio.Semaphore, run: Run
) -> None:
    """A tab as the client keeps it: subscribe, apply events checking their versions (a gap is an event
    lost), reconnect with the client's backoff after the server closes the socket."""
    while not run.stopping:
        phase = "gate"
        try:
            asked = time.perf_counter()
            async with gate:
                gated = time.perf_counter()
                phase = "ticket"
                run.ticket_requests.append(time.perf_counter())
                ticket = await tickets.ticket()
                ticketed = time.perf_counter()
                phase = "connect"
                ws = await connect(
                    f"ws://{netloc}/ws/v1/?ticket={ticket}",
                    origin=f"http://{netloc}",  # type: ignore[arg-type]
                    open_timeout=30,
                    max_queue=None,
                )
                opened = time.perf_counter()
                phase = "subscribe"
                await ws.send(json.dumps({"op": "subscribe", "topic": TOPIC}))
                answer = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if answer.get("op") != "subscribed":
                await ws.close()
                raise RuntimeError(f"subscribe refused: {answer}")
            now = time.perf_counter()
            tab.attempts.append((asked, gated, ticketed, opened, now))
            if tab.moves and tab.moves[-1][1] is None:
                tab.moves[-1] = (tab.moves[-1][0], now)
            tab.connections += 1
            tab.retries = 0
            version = int(answer["version"])
            with contextlib.suppress(Exception):
                async for raw in ws:
                    frame = json.loads(raw)
                    if frame.get("op") != "event" or frame.get("topic") != TOPIC:
                        continue
                    if frame["version"] <= version:
                        continue
                    if frame["version"] != version + 1:
                        tab.gaps += frame["version"] - version - 1
                    version = frame["version"]
                    if frame.get("type") == "entered":
                        tab.seen.add(frame["data"]["row"]["hash_id"])
            if not run.stopping:
                tab.moves.append((time.perf_counter(), None))
        except Exception as error:
            if not run.stopping:
                tab.failures[f"{phase} {type(error).__name__}"] += 1
        if run.stopping:
            return
        tab.retries += 1
        delay = min(MAX_DELAY_S, tab.min_delay * GROW ** (tab.retries - 1))
        await asyncio.sleep(delay + random.random() * TICKET_JITTER_S)


async def daphne_rolling(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    """N subscribed tabs and a phone posting check-ins through nginx while the replicas roll."""
    assert target.nginx is not None, "--rolling needs --processes 2 or more (nginx in front)"
    base, netloc = target.base_url, urlsplit(target.base_url).netloc
    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        signed_in = await http.post(
            "/api/web/v1/auth/", json={"email": target.email, "password": target.password}
        )
        signed_in.raise_for_status()
        tickets = TicketClient(base, signed_in.json()["data"]["token"])
        phones = []
        for number in target.employees:
            answer = await http.post(
                "/api/mobile/v1/auth/", json={"employee_number": number, "password": target.employee_password}
            )
            answer.raise_for_status()
            phones.append(answer.json()["data"]["token"])
        image = photo_bytes()
        posted: list[str] = []
        checkin_status: Counter[int] = Counter()

        async def check_in() -> None:
            phone = phones[len(posted) % len(phones)]
            for attempt in range(2):
                try:
                    answer = await http.post(
                        "/api/mobile/v1/attendance/",
                        data={
                            "log_type": "check_in",
                            "latitude": str(FAR_AWAY[0]),
                            "longitude": str(FAR_AWAY[1]),
                            "fr_accuracy": "90",
                        },
                        files={"photo": ("wajah.jpg", image, "image/jpeg")},
                        headers={"Authorization": phone},
                    )
                    break
                except (httpx.ReadError, httpx.RemoteProtocolError):
                    # nginx's reload closes idle kept-alive connections: a browser sends the request
                    # again on a new connection when a reused one closes before any answer; so does this.
                    checkin_status[0] += 1
                    if attempt:
                        raise
            checkin_status[answer.status_code] += 1
            if answer.status_code == 201:
                posted.append(answer.json()["data"]["hash_id"])

        run = Run([])
        tabs = [RollingTab(i) for i in range(args.sockets)]
        gate = asyncio.Semaphore(args.concurrency)
        started = time.perf_counter()
        tasks = [asyncio.create_task(rolling_tab(tab, tickets, netloc, gate, run)) for tab in tabs]
        while sum(1 for tab in tabs if tab.connections) < len(tabs):
            if time.perf_counter() - started > args.deadline * 6:
                raise SystemExit("ws_restart: rolling: tab tidak tersambung semua")
            await asyncio.sleep(0.2)
        log(f"rolling: {len(tabs)} tab berlangganan dalam {time.perf_counter() - started:.1f} s")

        returned: dict[int, float] = {}
        stopped_at: dict[int, float] = {}
        exited_at: dict[int, float] = {}
        since = time.time()

        cpu_marks: list[dict[str, float]] = []

        def cpu_now() -> dict[str, float]:
            """CPU seconds so far of the first replica (the one that takes every tab when the last
            one stops) and of this bench client (nginx is left out: its reloads replace its workers,
            and the CPU of those that exit is not read)."""
            usage = resource.getrusage(resource.RUSAGE_SELF)
            return {
                "replica_0": cpu_seconds(target.servers[0].pid),
                "bench_client": usage.ru_utime + usage.ru_stime,
            }

        def back(index: int) -> None:
            returned[index] = time.perf_counter()
            if index == 0:
                cpu_marks.append(cpu_now())
            log(f"rolling: replika {index} kembali")

        def roll() -> None:
            servers = target.servers

            class Timed:
                def __init__(self, index: int) -> None:
                    self.index, self.port = index, servers[index].port

                def stop(self) -> None:
                    stopped_at[self.index] = time.perf_counter()
                    servers[self.index].stop()
                    exited_at[self.index] = time.perf_counter()

                def start(self) -> None:
                    servers[self.index].start()

            assert target.nginx is not None
            rolling_restart(target.nginx, [Timed(i) for i in range(len(servers))], on_ready=back)

        overflows_before = listen_overflows()
        rolled = loop.run_in_executor(None, roll)
        while not rolled.done():
            await check_in()
            await asyncio.sleep(args.interval)
        await rolled
        rolled_s = time.perf_counter() - started
        # Settle: the last tabs come back, then one more check-in every tab must receive.
        deadline = time.perf_counter() + args.deadline
        while time.perf_counter() < deadline and any(t.moves and t.moves[-1][1] is None for t in tabs):
            await asyncio.sleep(0.2)
        await check_in()
        last = posted[-1] if posted else ""
        while time.perf_counter() < deadline and any(last not in t.seen for t in tabs):
            await asyncio.sleep(0.2)
        cpu_marks.append(cpu_now())
        statuses = target.nginx.statuses(since)
        errors = nginx_errors(target.nginx.workdir / "error.log")
        overflows = {
            name: count - overflows_before.get(name, 0) for name, count in listen_overflows().items()
        }
        run.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        tickets.close()
        ticket_resent = tickets.resent

    moves = [(tab, closed, again) for tab in tabs for closed, again in tab.moves]
    first_stop = min(stopped_at.values(), default=started)
    waits = [again - closed for _, closed, again in moves if again is not None]

    def replica_of(closed: float) -> int | None:
        """The replica whose stop closed a socket at `closed` (stopped before it, back after it)."""
        for index, at in sorted(stopped_at.items(), key=lambda item: item[1], reverse=True):
            if closed >= at - 0.5:
                return index
        return None

    # The last storm: every tab onto replica 0 once the others stop. Its CPU, per socket moved then.
    last_moves = sum(1 for _, closed, _ in moves if 0 in returned and closed > returned[0])
    storm_cpu = (
        {name: round(cpu_marks[1][name] - cpu_marks[0][name], 2) for name in cpu_marks[0]}
        if len(cpu_marks) == 2
        else {}
    )
    after_return = [
        again - returned[index]
        for _, closed, again in moves
        if again is not None and (index := replica_of(closed)) is not None and index in returned
    ]
    missing_last = sum(1 for tab in tabs if last not in tab.seen)
    failures: Counter[str] = Counter()
    for tab in tabs:
        failures.update(tab.failures)
    # Attempts made during the roll (the initial subscriptions excluded): where their time went.
    roll_attempts = [a for tab in tabs for a in tab.attempts if a[0] >= first_stop]

    def phase(values: list[float]) -> dict[str, float | None]:
        return {
            "p50": round(percentile(values, 50) * 1000) if values else None,
            "p99": round(percentile(values, 99) * 1000) if values else None,
        }

    timeline = {
        **{f"stop_{i}": round(at - first_stop, 2) for i, at in sorted(stopped_at.items())},
        **{f"exited_{i}": round(at - first_stop, 2) for i, at in sorted(exited_at.items())},
        **{f"back_{i}": round(at - first_stop, 2) for i, at in sorted(returned.items())},
    }
    return {
        "tabs": len(tabs),
        "rolled_s": round(rolled_s, 1),
        "checkins": len(posted),
        "checkin_5xx": sum(n for status, n in checkin_status.items() if status >= 500),
        "checkin_statuses": {str(k): v for k, v in sorted(checkin_status.items()) if k},
        # Requests sent again because nginx's reload closed their idle kept-alive connection.
        "checkin_resent_on_closed_keepalive": checkin_status[0],
        "ticket_resent_on_closed_keepalive": ticket_resent,
        "lost_events": sum(tab.gaps for tab in tabs) + missing_last,
        "version_gaps": sum(tab.gaps for tab in tabs),
        "tabs_without_last_checkin": missing_last,
        "nginx_5xx": sum(n for status, n in statuses.items() if status >= 500),
        "nginx_statuses": {str(k): v for k, v in sorted(statuses.items())},
        # Why nginx answered them: its error log's messages, counted (the whole run).
        "nginx_errors": errors,
        "moved_tabs": len(moves),
        "stale": sum(1 for _, _, again in moves if again is None),
        "resubscribed_s": {
            "p50": round(percentile(waits, 50), 2) if waits else None,
            "p99": round(percentile(waits, 99), 2) if waits else None,
            "max": round(max(waits), 2) if waits else None,
        },
        "after_return_max_s": round(max(after_return), 2) if after_return else None,
        "failed_attempts": dict(failures.most_common()),
        # The kernel's count of connections dropped at a full listen queue during the roll (machine-wide).
        "listen_overflows": overflows,
        "roll_attempts_ms": {
            "gate": phase([a[1] - a[0] for a in roll_attempts]),
            "ticket": phase([a[2] - a[1] for a in roll_attempts]),
            "connect": phase([a[3] - a[2] for a in roll_attempts]),
            "subscribe": phase([a[4] - a[3] for a in roll_attempts]),
        },
        "timeline_s": timeline,
        # CPU from replica 0's return to the end (the storm of `last_storm_moves` sockets onto it, and
        # the check-ins): load-independent, unlike the wall times above.
        "last_storm_moves": last_moves,
        "last_storm_cpu_s": storm_cpu,
        "last_storm_cpu_ms_per_move": {
            name: round(seconds * 1000 / last_moves, 2) for name, seconds in storm_cpu.items() if last_moves
        },
        # Closes and resubscriptions per second since the first stop: how the storm spread.
        "closed_per_s": histogram([closed for _, closed, _ in moves], first_stop),
        "resubscribed_per_s": histogram([again for _, _, again in moves if again is not None], first_stop),
    }


def nginx_errors(path: Path) -> dict[str, int]:
    """nginx's error log, by message (the part before its first comma, without the connection number)."""
    counts: Counter[str] = Counter()
    with contextlib.suppress(OSError), path.open() as lines:
        for line in lines:
            message = line.split("] ", 1)[-1].split(", ", 1)[0]
            upstream = re.search(r'upstream: "http://[^/"]*:(\d+)/', line)
            port = f" (port {upstream.group(1)})" if upstream else ""
            counts[re.sub(r"^\d+#\d+: \*\d+ ", "", message).strip() + port] += 1
    return dict(counts.most_common(10))


def listen_overflows() -> dict[str, int]:
    """TcpExt ListenOverflows and ListenDrops of /proc/net/netstat (the whole machine)."""
    with contextlib.suppress(OSError):
        lines = Path("/proc/net/netstat").read_text().splitlines()
        for names, values in zip(lines[::2], lines[1::2], strict=False):
            if names.startswith("TcpExt:"):
                table = dict(zip(names.split()[1:], map(int, values.split()[1:]), strict=False))
                return {name: table.get(name, 0) for name in ("ListenOverflows", "ListenDrops")}
    return {}
