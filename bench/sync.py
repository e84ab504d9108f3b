#!/usr/bin/env python
"""HR pull and payroll push speed (DESIGN §9): HR pull of 10,000 employees from the fake HR
application <= 20 s; payroll push of 10,000 employees x 31 days to the fake payroll application
<= 60 s; progress events 2-10 a second throughout.

Everything runs on localhost: a fresh PostgreSQL database (created, migrated, dropped at the end
unless --keep-database), the fake HR/payroll applications in their own process on free ports, and
the jobs themselves in this process (JOBS_RUNNER=inline: the same job code a Celery worker runs),
publishing their progress through the real Redis channel layer (own CHANNEL_PREFIX). The HR pull
creates every employee (placements exist, as they carry coordinates HR does not know) and is then
run again (nothing changes); the push sends every day of every employee once. Progress events are
counted as they leave for the channel layer. Prints ONE JSON line.

    .venv/bin/python bench/sync.py [--employees 10000] [--days 31]
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import socket
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def log(text: str) -> None:
    print(f"sync bench: {text}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def recreate_database(url: str, *, drop_only: bool = False) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"sync bench: refusing unusual database name {name!r}")
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def start_fakes(employees: int, seed: int) -> tuple[subprocess.Popen[bytes], str, str]:
    hr_port, payroll_port = free_port(), free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server.fakes",
            "--hr-port",
            str(hr_port),
            "--payroll-port",
            str(payroll_port),
            "--employees",
            str(employees),
            "--seed",
            str(seed),
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    hr, payroll = f"http://127.0.0.1:{hr_port}", f"http://127.0.0.1:{payroll_port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"{hr}/__state", timeout=1).raise_for_status()
            httpx.get(f"{payroll}/__state", timeout=1).raise_for_status()
            return process, hr, payroll
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("sync bench: the fake applications did not start") from None
            time.sleep(0.1)


class EventClock:
    """Moments at which job progress events left for the channel layer, per job."""

    def __init__(self) -> None:
        self.moments: dict[str, list[float]] = {}

    def install(self) -> None:
        from server.realtime import publish

        original = publish.send_now

        def send_now(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
            if topic == "jobs":
                self.moments.setdefault(str(data.get("job")), []).append(time.monotonic())
            original(topic, type, data, scope=scope)

        publish.send_now = send_now  # type: ignore[assignment]

    def rate(self, job: str) -> dict[str, float]:
        moments = self.moments.get(job, [])
        if len(moments) < 2:
            return {
                "events": len(moments),
                "per_second": 0.0,
                "max_in_any_second": len(moments),
                "max_gap_s": 0.0,
            }
        span = moments[-1] - moments[0]
        window = max(
            sum(1 for later in moments[i:] if later - start < 1.0) for i, start in enumerate(moments)
        )
        gaps = [b - a for a, b in itertools.pairwise(moments)]
        return {
            "events": len(moments),
            "per_second": round(len(moments) / span, 2) if span else 0.0,
            "max_in_any_second": window,
            "max_gap_s": round(max(gaps), 3),
        }


def seed_days(days: int) -> int:
    """Attendance days for every employee, written with COPY (what the engine keeps in production)."""
    from django.db import connection

    from server.attendance.models import AttendanceDay
    from server.workforce.models import Employee

    table = AttendanceDay._meta.db_table
    start = date(2025, 1, 1)
    people = list(Employee.objects.values_list("pk", "man_power_id", "man_power__type"))
    null = "\\N"
    stamp = time.strftime("%Y-%m-%d %H:%M:%S+00", time.gmtime())
    buffer = io.StringIO()
    for pk, man_power, type_ in people:
        for offset in range(days):
            day = (start + timedelta(days=offset)).isoformat()
            values = [pk, day, man_power or null, type_ or "", null, "t", "f", "f", "f"]
            values += [
                f"{day} 01:00:00+00",
                f"{day} 10:30:00+00",
                null,
                null,
                0,
                0,
                540,
                30 * (offset % 3),
                0,
            ]
            values += [null, "t", "f", "f", "hadir", null, "t", stamp]
            buffer.write("\t".join(str(value) for value in values) + "\n")
    columns = (
        "employee_id, date, man_power_id, man_power_type, shift_id, is_working_day, is_holiday,"
        " is_collective_leave, is_shift_off, check_in, check_out, check_in_log_id, check_out_log_id,"
        " late_minutes, early_out_minutes, working_minutes, overtime_workday_minutes,"
        " overtime_holiday_minutes, actual_overtime_minutes, is_valid, validity_overridden, standby,"
        " keterangan, izin_id, is_closed, computed_at"
    )
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            copy.write(
                buffer.getvalue().replace("now()", time.strftime("%Y-%m-%d %H:%M:%S+00", time.gmtime()))
            )
    return len(people) * days


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--employees", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=31)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/kehadiran_bench_sync")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/6")
    parser.add_argument("--channel-prefix", default="kehadiran-bench-sync")
    parser.add_argument("--keep-database", action="store_true")
    args = parser.parse_args()

    recreate_database(args.database)
    fakes, hr_url, payroll_url = start_fakes(args.employees, args.seed)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "server.config.settings",
            "DATABASE_URL": args.database,
            "REDIS_URL": args.redis,
            "CHANNEL_PREFIX": args.channel_prefix,
            "JOBS_RUNNER": "inline",
            "CELERY_TASK_ALWAYS_EAGER": "1",
            "HR_API_URL": hr_url,
            "PAYROLL_API_URL": payroll_url,
            "HR_API_TOKEN": os.environ.get("HR_API_TOKEN", "hr-demo-token"),
            "PAYROLL_API_TOKEN": os.environ.get("PAYROLL_API_TOKEN", "payroll-demo-token"),
        }
    )
    try:
        import django

        django.setup()
        from django.core.management import call_command

        from server.demo import catalogue as cat
        from server.demo.plan import build_workforce
        from server.jobs.models import Job
        from server.jobs.runner import job_start
        from server.sync.jobs import HR_PULL_KIND, PAYROLL_PUSH_KIND
        from server.workforce.models import Employee, ManPower

        call_command("migrate", verbosity=0)
        plan = build_workforce(seed=args.seed, employees=args.employees)
        for index in plan.placements:
            spec = cat.PLACEMENTS[index]
            ManPower.objects.get_or_create(
                type=spec.type,
                name=spec.name,
                defaults={
                    "latitude": spec.latitude,
                    "longitude": spec.longitude,
                    "max_radius": spec.max_radius,
                },
            )
        clock = EventClock()
        clock.install()

        def run(kind: str, params: dict[str, Any]) -> tuple[Job, float]:
            started = time.monotonic()
            job, _ = job_start(kind=kind, params=params, user=None)
            elapsed = time.monotonic() - started
            job.refresh_from_db()
            if job.status != "succeeded":
                raise SystemExit(f"sync bench: {kind} ended {job.status}: {job.message}")
            return job, elapsed

        log(f"HR pull of {args.employees} employees from the fake")
        pull, pull_seconds = run(HR_PULL_KIND, {})
        log(f"HR pull took {pull_seconds:.1f} s: {pull.result}")
        again, again_seconds = run(HR_PULL_KIND, {})
        log(f"second HR pull took {again_seconds:.1f} s: {again.result}")

        lines = seed_days(args.days)
        log(f"{lines} attendance days written; pushing them")
        numbers = list(Employee.objects.order_by("pk").values_list("employee_number", flat=True))
        first = date(2025, 1, 1)
        push_params = {
            "type": "default",
            "start_date": first.isoformat(),
            "end_date": (first + timedelta(days=args.days - 1)).isoformat(),
            "employee_id": ",".join(numbers),
        }
        push, push_seconds = run(PAYROLL_PUSH_KIND, push_params)
        log(f"payroll push took {push_seconds:.1f} s: {push.result}")
        received = httpx.get(f"{payroll_url}/__state", timeout=10).json()

        hr_events, push_events = clock.rate(pull.hash_id), clock.rate(push.hash_id)
        rates_ok = all(
            r["max_in_any_second"] <= 10 and (r["per_second"] >= 2 or r["events"] <= 3)
            for r in (hr_events, push_events)
        )
        figures = {
            "bench": "sync",
            "hr_pull": {
                "employees": pull.total,
                "created": pull.result.get("created"),
                "seconds": round(pull_seconds, 2),
                "target_s": 20,
                "progress": hr_events,
            },
            "hr_pull_again": {
                "unchanged": again.result.get("unchanged"),
                "written": (again.result.get("created") or 0) + (again.result.get("updated") or 0),
                "seconds": round(again_seconds, 2),
            },
            "payroll_push": {
                "lines": push.total,
                "sent": push.result.get("sent"),
                "received_by_payroll": received.get("applied_lines"),
                "batches": len(received.get("batches", [])),
                "seconds": round(push_seconds, 2),
                "target_s": 60,
                "progress": push_events,
            },
        }
        figures["meets_target"] = pull_seconds <= 20 and push_seconds <= 60 and rates_ok
        print(json.dumps(figures), flush=True)
    finally:
        fakes.terminate()
        fakes.wait(timeout=10)
        if not args.keep_database:
            from django.db import connections

            connections.close_all()
            recreate_database(args.database, drop_only=True)


if __name__ == "__main__":
    main()
