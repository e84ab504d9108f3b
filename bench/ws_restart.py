#!/usr/bin/env python
"""Server restart with N connected tabs (DESIGN §9, issue 15): how long until every tab is subscribed
again, and how the reconnects spread over time (no thundering herd on the ticket endpoint).

Each tab reconnects as the web client does (client/src/lib/realtime.ts, partysocket): after a close it
waits its own `minReconnectionDelay` (1 s + up to 2 s, drawn once per tab), growing 1.6x per failed
attempt up to 20 s, plus a fresh random pause of up to 1.5 s before asking for a ticket. It then gets
a ticket, connects and subscribes to `approval.attendance`.

Daphne: a fresh database (as ws_fanout.py), `--processes` Daphnes (behind nginx when more than one),
N tabs subscribed; every Daphne is stopped (SIGINT) and started again on its port. Bare: the same tabs
against a bare `websockets` server (no tickets), killed and started again. Prints ONE JSON line:
- `ready_s`: server stopped -> answering again (process start-up, the same for any client);
- `resubscribed_s` (p50/p99/max over tabs, and `all_s`): server answering -> tab subscribed again;
- `ticket_requests_max_per_100ms` and `_per_s`: the herd on the ticket endpoint;
- `stale`: tabs not subscribed again within `--deadline` seconds.
Target: every tab resubscribed within 10 s of the server answering again.

`--rolling` (two or more Daphnes behind nginx): a deploy. The replicas restart one at a time through
scripts/processes.py' `rolling_restart` (drained at nginx, stopped, started, put back) while the N tabs
stay subscribed and a phone posts a waiting check-in every `--interval` seconds through nginx. Prints:
- `lost_events`: gaps in a tab's event versions within one connection (an event that never arrived;
  the client would refetch) plus tabs that never received the last check-in, posted after the roll;
- `nginx_5xx` (and `nginx_statuses`): answers of 500 or more nginx logged during the roll;
- `moved_tabs`, `resubscribed_s` (p50/p99/max: a tab's socket closed by its replica's stop -> the tab
  subscribed again, on the other replica) and `after_return_max_s` (the latest resubscription after the
  return of the replica that dropped it; target <= 10 s, <= 0 when the other replica took it at once);
- `checkins`, `checkin_5xx`: the phone's requests.

    .venv/bin/python bench/ws_restart.py [--sockets 1000] [--processes 1]
    .venv/bin/python bench/ws_restart.py --rolling --processes 2 --sockets 1000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import Target, own_server, stop
from bench.ws_clients import (
    CONNECT_CONCURRENCY,
    GROW,
    MAX_DELAY_S,
    STARTUP_TIMEOUT,
    TICKET_JITTER_S,
    Run,
    Tab,
    TicketClient,
    free_port,
    log,
    percentile,
    raise_fd_limit,
    subscribed_socket,
)
from bench.ws_rolling import daphne_rolling
from scripts.processes import LISTEN_BACKLOG


async def tab_loop(tab: Tab, run: Run, open_socket: Any) -> None:
    """Connect, subscribe, wait for the close, back off with jitter, again (until the run stops)."""
    while not run.stopping:
        try:
            ws = await open_socket(run)
            tab.retries = 0
            tab.subscribed_at.append(time.perf_counter())
            with contextlib.suppress(Exception):
                async for _ in ws:
                    pass
        except Exception:
            pass
        if run.stopping:
            return
        tab.retries += 1
        delay = min(MAX_DELAY_S, tab.min_delay * GROW ** (tab.retries - 1))
        await asyncio.sleep(delay + random.random() * TICKET_JITTER_S)


def herd(requests: list[float], since: float) -> dict[str, int]:
    buckets_100ms = Counter(int((at - since) * 10) for at in requests if at >= since)
    buckets_1s = Counter(int(at - since) for at in requests if at >= since)
    return {
        "ticket_requests_max_per_100ms": max(buckets_100ms.values(), default=0),
        "ticket_requests_max_per_s": max(buckets_1s.values(), default=0),
    }


async def measure_restart(
    tabs_count: int, open_socket: Any, restart: Any, deadline: float, label: str
) -> dict[str, Any]:
    run = Run([Tab(i) for i in range(tabs_count)])
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def gated(run: Run) -> Any:
        async with gate:
            return await open_socket(run)

    started = time.perf_counter()
    tasks = [asyncio.create_task(tab_loop(tab, run, gated)) for tab in run.tabs]
    while sum(1 for tab in run.tabs if tab.subscribed_at) < tabs_count:
        if time.perf_counter() - started > deadline * 6:
            raise SystemExit(f"ws_restart: {label}: tab tidak tersambung semua")
        await asyncio.sleep(0.2)
    log(f"{label}: {tabs_count} tab berlangganan dalam {time.perf_counter() - started:.1f} s")

    stopped = time.perf_counter()
    ready = await restart()
    ready_s = ready - stopped
    log(f"{label}: server siap lagi dalam {ready_s:.1f} s")
    while time.perf_counter() - ready < deadline:
        if all(tab.subscribed_at[-1] > stopped for tab in run.tabs):
            break
        await asyncio.sleep(0.1)
    # A tab may get in between the port opening and the health check answering: 0 then.
    after = [max(0.0, tab.subscribed_at[-1] - ready) for tab in run.tabs if tab.subscribed_at[-1] > stopped]
    from_stop = [tab.subscribed_at[-1] - stopped for tab in run.tabs if tab.subscribed_at[-1] > stopped]
    run.stopping = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    stale = tabs_count - len(after)
    return {
        "ready_s": round(ready_s, 2),
        "resubscribed_s": {
            "p50": round(percentile(after, 50), 2) if after else None,
            "p99": round(percentile(after, 99), 2) if after else None,
            "all_s": round(max(after), 2) if after and not stale else None,
        },
        "from_stop_all_s": round(max(from_stop), 2) if from_stop and not stale else None,
        **herd(run.ticket_requests, stopped),
        "stale": stale,
    }


async def daphne_restart(target: Target, args: argparse.Namespace) -> dict[str, Any]:
    base = target.base_url
    netloc = urlsplit(base).netloc
    limits = httpx.Limits(max_connections=CONNECT_CONCURRENCY)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        credentials = {"email": target.email, "password": target.password}
        signed_in = await http.post("/api/web/v1/auth/", json=credentials)
        signed_in.raise_for_status()
        token = signed_in.json()["data"]["token"]

        tickets = TicketClient(base, token)

        async def open_socket(run: Run) -> Any:
            run.ticket_requests.append(time.perf_counter())
            return await subscribed_socket(tickets, netloc)

        async def restart() -> float:
            loop = asyncio.get_running_loop()
            for server in target.servers:
                await loop.run_in_executor(None, server.stop)
            for server in target.servers:
                await loop.run_in_executor(None, server.start)
            return time.perf_counter()

        return await measure_restart(args.sockets, open_socket, restart, args.deadline, "daphne")


async def bare_restart(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    command = [
        sys.executable,
        str(Path(__file__).resolve().parent / "ws_fanout.py"),
        "--bare-server",
        str(port),
    ]
    state: dict[str, subprocess.Popen[bytes]] = {}

    async def start() -> float:
        state["process"] = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            try:
                async with connect(f"ws://127.0.0.1:{port}/", open_timeout=2):
                    return time.perf_counter()
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise SystemExit("ws_restart: server websockets polos tidak siap") from None
                await asyncio.sleep(0.05)
            except Exception:
                await asyncio.sleep(0.05)

    async def open_socket(run: Run) -> Any:
        run.ticket_requests.append(time.perf_counter())
        ws = await connect(f"ws://127.0.0.1:{port}/", open_timeout=30, max_queue=None)
        answer = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
        if answer.get("op") != "subscribed":
            raise RuntimeError(f"unexpected greeting: {answer}")
        return ws

    async def restart() -> float:
        await asyncio.get_running_loop().run_in_executor(None, stop, state["process"])
        return await start()

    await start()
    try:
        return await measure_restart(args.sockets, open_socket, restart, args.deadline, "bare")
    finally:
        stop(state["process"])


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sockets", type=int, default=1000, help="tab yang tersambung (N)")
    parser.add_argument(
        "--processes", type=int, default=1, help="proses Daphne; lebih dari satu: di belakang nginx"
    )
    parser.add_argument("--deadline", type=float, default=60.0, help="batas tunggu berlangganan lagi, detik")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--database-name", default="kehadiran_bench_restart")
    parser.add_argument("--keep-database", action="store_true")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/5")
    parser.add_argument("--channel-prefix", default="kehadiran-bench-restart")
    parser.add_argument("--rolling", action="store_true", help="restart replika satu per satu (deploy)")
    parser.add_argument(
        "--concurrency",
        type=int,
        default=CONNECT_CONCURRENCY,
        help="--rolling: tab yang boleh menyambung bersamaan (batas klien bench, bukan peramban)",
    )
    parser.add_argument(
        "--profile", default="", help="rekam Daphne dengan py-spy (atau bench/stack_sampler.py) ke berkas ini"
    )
    parser.add_argument(
        "--listen-backlog",
        type=int,
        default=LISTEN_BACKLOG,
        help="antrean listen Daphne (50: bawaan Twisted, sebelum issue 30)",
    )
    parser.add_argument("--interval", type=float, default=0.5, help="--rolling: jeda antar absen, detik")
    args = parser.parse_args(argv)
    if args.rolling and args.processes < 2:
        parser.error("--rolling butuh --processes 2 atau lebih (nginx di depan)")
    for url in (args.postgres, args.redis):
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
            parser.error(f"hanya localhost yang diizinkan: {url}")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    raise_fd_limit(args.sockets)
    if args.rolling:
        with own_server(args) as target:
            rolling = asyncio.run(daphne_rolling(target, args))
        after = rolling["after_return_max_s"]
        print(
            json.dumps(
                {
                    "bench": "ws_restart_rolling",
                    "sockets": args.sockets,
                    "processes": args.processes,
                    "cpus": os.cpu_count(),
                    "load_average": [round(x, 2) for x in os.getloadavg()],
                    **rolling,
                    "target": {"lost_events": 0, "nginx_5xx": 0, "after_return_max_s": 10},
                    "meets_target": rolling["lost_events"] == 0
                    and rolling["nginx_5xx"] == 0
                    and rolling["stale"] == 0
                    and (after is None or after <= 10),
                }
            ),
            flush=True,
        )
        return
    with own_server(args) as target:
        daphne = asyncio.run(daphne_restart(target, args))
    bare = asyncio.run(bare_restart(args))
    all_s = daphne["resubscribed_s"]["all_s"]
    result = {
        "bench": "ws_restart",
        "sockets": args.sockets,
        "processes": args.processes,
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "daphne": daphne,
        "bare_websockets": bare,
        "ratio_resubscribed_p99": (
            round(daphne["resubscribed_s"]["p99"] / bare["resubscribed_s"]["p99"], 2)
            if daphne["resubscribed_s"]["p99"] and bare["resubscribed_s"]["p99"]
            else None
        ),
        "target": {"all_resubscribed_s": 10},
        "meets_target": all_s is not None and all_s <= 10 and daphne["stale"] == 0,
    }
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
