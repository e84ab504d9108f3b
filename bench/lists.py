#!/usr/bin/env python
"""List latency at scale (DESIGN §9, issue 15): every list and count screen over HTTP, target p95 <= 30 ms.

Needs a seeded database, e.g. 10,000 employees x 70 days (about 1,000,000 logs, 50,000 waiting):

    createdb kh_lists && DATABASE_URL=postgres://postgres@127.0.0.1:5432/kh_lists \\
        .venv/bin/python manage.py migrate && ... manage.py seed_demo --employees 10000 --days 70
    .venv/bin/python bench/lists.py --database-url postgres://postgres@127.0.0.1:5432/kh_lists

Starts one Daphne on that database (or uses --base-url), signs in as the seeded admin, then for each
case sends 2 warm-up requests and `--requests` timed ones, one at a time (a case stops early after
`--case-budget` seconds; `n` says how many ran). Prints one JSON line per case: p50/p95/max ms,
the rows' total, and whether p95 meets the target.

The lists of logs share their counts until a write publishes (`ListSpec.count_version`). With
`--publishes-per-s R` a side process publishes R `dashboard changed` events a second, the event every
write to the logs publishes after commit (a check-in, a decision), so the counts are computed again as
they would be while check-ins flow. With `--writes` each of those publishes follows a real write, as a
decision makes one: a waiting log of today's month approved and its day's late minutes moved, in one
transaction (so the dashboard's kept counts gain deltas and get compacted as they would in use).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import BENCH_SECRET_KEY, ServerProcess
from bench.ws_clients import free_port, percentile

TARGET_P95_MS = 30.0
QUEUE_COLUMNS = [
    "employee_number_formatted",
    "employee_name",
    "log_datetime",
    "log_type",
    "location",
    "fr_accuracy",
    "man_power_type",
    "man_power_name",
]

PERMISSION_COLUMNS = [
    "name",
    "employee_number_formatted",
    "label",
    "start_date",
    "total_days",
    "approval_user_name",
    "status",
    "created",
]
EMPLOYEE_COLUMNS = ["employee_number_formatted", "name", "email", "personalia"]


def log(text: str) -> None:
    print(f"lists: {text}", file=sys.stderr, flush=True)


def order(column: str, direction: str = "asc") -> str:
    return json.dumps({"column": column, "dir": direction})


def cases() -> list[tuple[str, str, dict[str, str]]]:
    queue = {"status": "waiting_approval"}
    found: list[tuple[str, str, dict[str, str]]] = [
        ("queue default (log_datetime desc)", "/api/web/v1/attendance_log/list", queue),
    ]
    for column in QUEUE_COLUMNS:
        for direction in ("asc", "desc"):
            found.append(
                (
                    f"queue by {column} {direction}",
                    "/api/web/v1/attendance_log/list",
                    {**queue, "order": order(column, direction)},
                )
            )
    found += [
        (
            "queue search employee_name",
            "/api/web/v1/attendance_log/list",
            {**queue, "search": json.dumps({"employee_name": "budi"})},
        ),
        ("queue global search", "/api/web/v1/attendance_log/list", {**queue, "global_search": "budi"}),
        ("history v1 approved", "/api/web/v1/attendance_log/list", {"status": "approved"}),
        (
            "history v1 approved by employee_name",
            "/api/web/v1/attendance_log/list",
            {"status": "approved", "order": order("employee_name")},
        ),
        ("history v2 approved", "/api/web/v2/attendance_log/list", {"status": "approved"}),
        *[
            (
                f"history v2 by {column}",
                "/api/web/v2/attendance_log/list",
                {"status": "approved", "order": order(column, "desc")},
            )
            for column in QUEUE_COLUMNS
        ],
        ("history v2 all statuses", "/api/web/v2/attendance_log/list", {}),
        (
            "history v2 global search",
            "/api/web/v2/attendance_log/list",
            {"status": "approved", "global_search": "budi"},
        ),
        ("attendance_log/count", "/api/web/v1/attendance_log/count", {}),
        ("dashboard/counts", "/api/web/v1/dashboard/counts", {}),
        ("permission list", "/api/web/v1/permission/list", {}),
        *[
            (f"permission list by {column}", "/api/web/v1/permission/list", {"order": order(column)})
            for column in PERMISSION_COLUMNS
        ],
        ("permission list global search", "/api/web/v1/permission/list", {"global_search": "budi"}),
        ("employee list", "/api/web/v1/employee/list", {}),
        *[
            (f"employee list by {column}", "/api/web/v1/employee/list", {"order": order(column, "desc")})
            for column in EMPLOYEE_COLUMNS
        ],
        ("employee list global search", "/api/web/v1/employee/list", {"global_search": "budi"}),
        ("employee search", "/api/web/v1/employee/search", {"search": "budi"}),
    ]
    return found


def measure(
    http: httpx.Client, name: str, path: str, params: dict[str, str], args: argparse.Namespace
) -> dict[str, Any]:
    for _ in range(2):
        warm = http.get(path, params=params)
    if warm.status_code != 200:
        return {
            "bench": "lists",
            "case": name,
            "path": path,
            "status": warm.status_code,
            "error": warm.text[:300],
        }
    body = warm.json()
    times: list[float] = []
    started = time.perf_counter()
    for _ in range(args.requests):
        at = time.perf_counter()
        response = http.get(path, params=params)
        times.append((time.perf_counter() - at) * 1000)
        response.raise_for_status()
        if time.perf_counter() - started > args.case_budget:
            break
    p95 = percentile(times, 95)
    return {
        "bench": "lists",
        "case": name,
        "path": path,
        "params": params,
        "n": len(times),
        "p50_ms": round(percentile(times, 50), 1),
        "p95_ms": round(p95, 1),
        "max_ms": round(max(times), 1),
        "records_total": body.get("recordsTotal"),
        "records_filtered": body.get("recordsFiltered"),
        "target_p95_ms": TARGET_P95_MS,
        "meets_target": p95 <= TARGET_P95_MS,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


# The publishes of --publishes-per-s: what every write to the logs publishes after commit.
PUBLISHER = """
import sys, time
import django
django.setup()
from django.db import transaction
from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus
from server.attendance.topics import DASHBOARD_TOPIC
from server.core import clock
from server.realtime.publish import publish
pause, writes = 1 / float(sys.argv[1]), sys.argv[2] == "1"
month = clock.local_date(clock.now(), None).replace(day=1)
waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL, log_date__gte=month)
n = 0
while True:
    n += 1
    if writes:
        with transaction.atomic():
            log = waiting.order_by("-log_date", "id").select_for_update(skip_locked=True).first()
            if log is not None:
                log.status = LogStatus.APPROVED
                log.save(update_fields=["status"])
                AttendanceDay.objects.filter(employee_id=log.employee_id, date=log.log_date).update(
                    late_minutes=n % 30
                )
    publish(DASHBOARD_TOPIC, "changed", {"reason": "attendance_log"})
    time.sleep(pause)
"""


def run(base_url: str, args: argparse.Namespace) -> None:
    with httpx.Client(base_url=base_url, timeout=120) as http:
        signed_in = http.post("/api/web/v1/auth/", json={"email": args.email, "password": args.password})
        signed_in.raise_for_status()
        http.headers["Authorization"] = signed_in.json()["data"]["token"]
        for name, path, params in cases():
            if args.only and args.only not in name:
                continue
            result = measure(http, name, path, params, args)
            result["publishes_per_s"] = args.publishes_per_s
            result["writes"] = args.writes
            print(json.dumps(result), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/kh_lists")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/6")
    parser.add_argument("--channel-prefix", default="kehadiran-bench-lists")
    parser.add_argument("--base-url", default="", help="pakai server yang sudah berjalan")
    parser.add_argument("--email", default="admin@example.com")
    parser.add_argument("--password", default="admin12345")
    parser.add_argument("--requests", type=int, default=25)
    parser.add_argument("--case-budget", type=float, default=60.0, help="batas waktu satu kasus, detik")
    parser.add_argument("--only", default="", help="hanya kasus yang namanya memuat teks ini")
    parser.add_argument(
        "--publishes-per-s",
        type=float,
        default=0.0,
        help="event 'dashboard changed' per detik selama pengukuran (seperti check-in yang mengalir)",
    )
    parser.add_argument(
        "--writes",
        action="store_true",
        help="dengan --publishes-per-s: tiap publish didahului tulisan nyata (satu log menunggu disetujui)",
    )
    args = parser.parse_args(argv)
    if args.writes and not args.publishes_per_s:
        parser.error("--writes memerlukan --publishes-per-s")
    if args.publishes_per_s and args.base_url:
        parser.error("--publishes-per-s memerlukan server yang dijalankan bench ini (tanpa --base-url)")
    for url in (args.database_url, args.redis, args.base_url):
        if url and urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
            parser.error(f"hanya localhost yang diizinkan: {url}")
    if args.base_url:
        run(args.base_url, args)
        return
    env = {
        "DJANGO_SETTINGS_MODULE": "server.config.settings",
        "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis,
        "CHANNEL_PREFIX": args.channel_prefix,
        "ALLOWED_HOSTS": "127.0.0.1",
        "THROTTLE_SIGN_IN": "10000/min",
        # seed_demo run with FAST_PASSWORD_HASHER stores MD5 hashes; both hashers verify.
        "FAST_PASSWORD_HASHER": os.environ.get("FAST_PASSWORD_HASHER", "1"),
        # DEBUG=0 refuses a weak key, the demo tokens and MD5 outside a demo (server/config/startup.py).
        "SECRET_KEY": os.environ.get("SECRET_KEY", BENCH_SECRET_KEY),
        "KEHADIRAN_DEMO": "1",
    }
    server = ServerProcess(free_port(), env)
    server.start()
    publisher = None
    try:
        log(f"Daphne di port {server.port}")
        if args.publishes_per_s:
            publisher = subprocess.Popen(
                [sys.executable, "-c", PUBLISHER, str(args.publishes_per_s), "1" if args.writes else "0"],
                env={**os.environ, **env},
            )
            log(f"{args.publishes_per_s:g} event dashboard per detik")
        run(f"http://127.0.0.1:{server.port}", args)
    finally:
        if publisher is not None:
            publisher.terminate()
            publisher.wait(timeout=10)
        server.stop()


if __name__ == "__main__":
    main()
