#!/usr/bin/env python
"""Attendance report speed (DESIGN §9, issue 13): one JSON line per target.

- summary: `report/report_summary` for 10,000 employees x 31 days, target <= 1.5 s;
- detail: `report` (the detail document's JSON) for 2,000 employees x 30 days, target <= 2 s;
- xlsx: `report/export` of 100,000 log lines (10,000 employees x 10 days, plus a total line per
  employee) streamed to the end, peak memory growth <= 100 MB.

Creates its own PostgreSQL database (`--database-name`, default `kh_bench_reports`, dropped at the end
unless `--keep-database`), migrates it, and writes the rows with COPY: one placement 'Bench Pusat'
(Asia/Jakarta) with 10,000 employees in 5 teams of 2,000, and one AttendanceDay per employee per day of
the latest past 31-day month (late, early-out and overtime minutes on a share of them). Summary and
detail are timed over HTTP against a Daphne started on that database, from the request being sent to
the last byte received (`--in-process`: through DRF's test client); the xlsx runs in this process so
that its peak memory is measured. Each runs `--repeat` times; the JSON line carries every run and the
best.

    .venv/bin/python bench/reports.py [--database-url postgres://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import atexit
import calendar
import cProfile
import json
import os
import pstats
import random
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EMPLOYEES = 10_000
TEAMS = 5
PLACEMENT = "Bench Pusat"
SUMMARY_TARGET_S = 1.5
DETAIL_TARGET_S = 2.0
XLSX_TARGET_MB = 100.0


def log(text: str) -> None:
    print(f"reports: {text}", file=sys.stderr, flush=True)


def latest_31_day_month(today: date) -> tuple[date, date]:
    year, month = today.year, today.month
    while True:
        month -= 1
        if month == 0:
            year, month = year - 1, 12
        if calendar.monthrange(year, month)[1] == 31:
            return date(year, month, 1), date(year, month, 31)


def database_url(base: str, name: str) -> str:
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def kilobytes(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def reset_peak() -> None:
    """Reset VmHWM (peak RSS) to the current RSS (Linux: write 5 to clear_refs)."""
    Path("/proc/self/clear_refs").write_text("5")


def seed(first: date, last: date) -> None:
    from django.db import connection

    from server.workforce.models import Employee, ManPower, ManPowerTeam

    rng = random.Random(13)
    placement = ManPower.objects.create(
        type="office", name=PLACEMENT, latitude=-6.2, longitude=106.8, max_radius=150, timezone="Asia/Jakarta"
    )
    teams = [ManPowerTeam.objects.create(man_power=placement, name=f"Tim {n}") for n in range(1, TEAMS + 1)]
    Employee.objects.bulk_create(
        [
            Employee(
                employee_number=f"B{n:06d}",
                employee_number_formatted=f"BENCH.{n:06d}",
                name=f"Karyawan Bench {n}",
                job_title="Staf",
                man_power=placement,
                man_power_team=teams[n % TEAMS],
            )
            for n in range(EMPLOYEES)
        ],
        batch_size=2000,
    )
    ids = list(Employee.objects.filter(man_power=placement).values_list("pk", flat=True))
    days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
    columns = (
        "employee_id, date, man_power_id, man_power_type, is_working_day, is_holiday, is_collective_leave, "
        "is_shift_off, check_in, check_out, late_minutes, early_out_minutes, working_minutes, "
        "overtime_workday_minutes, overtime_holiday_minutes, is_valid, validity_overridden, standby, "
        "keterangan, is_closed, computed_at"
    )
    now = datetime.now().astimezone()
    raw = connection.connection
    assert raw is not None
    with raw.cursor() as cursor, cursor.copy(f"COPY attendance_attendanceday ({columns}) FROM STDIN") as copy:
        for pk in ids:
            for day in days:
                working = day.weekday() < 5
                start = datetime(day.year, day.month, day.day, 1, 0).astimezone()
                late = rng.choice((0, 0, 0, 0, 12, 35)) if working else 0
                early = rng.choice((0, 0, 0, 0, 0, 20)) if working else 0
                overtime = rng.choice((0, 0, 0, 60, 90)) if working else 0
                holiday_ot = rng.choice((0, 0, 0, 240)) if not working else 0
                present = working or holiday_ot > 0
                copy.write_row(
                    (
                        pk, day, placement.pk, "office", working, False, False, not working,
                        start if present else None, start + timedelta(hours=9) if present else None,
                        late, early, 480 if present else 0, overtime, holiday_ot, True, False, False,
                        "hadir" if present else "libur", True, now,
                    )
                )  # fmt: skip
    raw.commit()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE attendance_attendanceday")
    log(f"seeded {len(ids)} employees x {len(days)} days")


def collect(response: Any) -> int:
    from asgiref.sync import async_to_sync

    async def read() -> int:
        size = 0
        async for chunk in response.streaming_content:
            size += len(chunk)
        return size

    size: int = async_to_sync(read)()
    return size


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--database-name", default="kh_bench_reports")
    parser.add_argument("--keep-database", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--only", choices=["xlsx", "summary", "detail"], action="append", help="run these targets only"
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="time summary and detail through DRF's test client instead of HTTP to a Daphne",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile of the last run of each, on stderr")
    args = parser.parse_args()

    import psycopg

    with psycopg.connect(args.database_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{args.database_name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{args.database_name}"')
    os.environ["DATABASE_URL"] = database_url(args.database_url, args.database_name)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
    try:
        run(args)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep_database:
            with psycopg.connect(args.database_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{args.database_name}" WITH (FORCE)')


def print_xlsx(xlsx_runs: list[dict[str, float]], xlsx_rows: int) -> None:
    best_growth = min(run["peak_growth_mb"] for run in xlsx_runs)
    print(
        json.dumps(
            {
                "bench": "reports.xlsx",
                "log_lines": xlsx_rows,
                "file_rows": xlsx_rows + EMPLOYEES + 1,
                "runs": xlsx_runs,
                "peak_growth_mb": best_growth,
                "target_mb": XLSX_TARGET_MB,
                "meets": max(run["peak_growth_mb"] for run in xlsx_runs) <= XLSX_TARGET_MB,
            }
        ),
        flush=True,
    )


def run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from server.accounts.models import User, UserLevel
    from server.core import clock

    call_command("migrate", verbosity=0)
    first, last = latest_31_day_month(clock.localdate())
    seed(first, last)
    level = UserLevel.objects.create(name="Bench", flags={"allow_report": 1})
    user = User.objects.create_user(
        email="bench@example.com", password="bench12345", username="bench", fullname="Bench", level=level
    )
    client = APIClient()
    client.force_authenticate(user)
    placement = {"man_power": "office", "man_power_name": PLACEMENT}

    def wanted(target: str) -> bool:
        return not args.only or target in args.only

    server = None
    http = None
    if not args.in_process and (wanted("summary") or wanted("detail")):
        # What the user waits for: from the request being sent to the last byte of the answer,
        # through a real Daphne on this database.
        import httpx
        from django.db import connections

        from bench.servers import BENCH_SECRET_KEY, ServerProcess
        from bench.ws_clients import free_port

        connections.close_all()
        server = ServerProcess(
            free_port(),
            {
                "DJANGO_SETTINGS_MODULE": "server.config.settings",
                "PYTHONPATH": str(ROOT),
                "ALLOWED_HOSTS": "127.0.0.1",
                "THROTTLE_SIGN_IN": "10000/min",
                # DEBUG=0 refuses a weak key, the demo tokens and MD5 outside a demo (config/startup.py).
                "SECRET_KEY": os.environ.get("SECRET_KEY", BENCH_SECRET_KEY),
                "KEHADIRAN_DEMO": "1",
            },
        )
        server.start()
        atexit.register(server.stop)
        http = httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=300)
        signed_in = http.post("/api/web/v1/auth/", json={"email": user.email, "password": "bench12345"})
        signed_in.raise_for_status()
        http.headers["Authorization"] = signed_in.json()["data"]["token"]

    def timed(url: str, params: dict[str, str], last: bool = False) -> tuple[float, Any]:
        if http is not None:
            started = time.perf_counter()
            answer = http.get(url, params=params)
            body = answer.content
            elapsed = time.perf_counter() - started
            assert answer.status_code == 200, body[:300]
            return elapsed, json.loads(body)["data"]
        profile = cProfile.Profile() if args.profile and last else None
        started = time.perf_counter()
        if profile:
            profile.enable()
        response = client.get(url, params)
        body = response.content
        elapsed = time.perf_counter() - started
        if profile:
            profile.disable()
            pstats.Stats(profile, stream=sys.stderr).sort_stats("tottime").print_stats(30)
        assert response.status_code == 200, body[:300]
        return elapsed, json.loads(body)["data"]

    # xlsx first, in a process that has not yet built big JSON bodies.
    xlsx_params = {
        **placement,
        "start_date": first.isoformat(),
        "end_date": (first + timedelta(days=9)).isoformat(),
    }
    xlsx_runs: list[dict[str, float]] = []
    for _ in range(args.repeat if wanted("xlsx") else 0):
        reset_peak()
        before = kilobytes("VmRSS")
        started = time.perf_counter()
        response = client.get("/api/web/v1/report/export", {**xlsx_params, "format": "xlsx"})
        size = collect(response)
        elapsed = time.perf_counter() - started
        growth = (kilobytes("VmHWM") - before) / 1024
        xlsx_runs.append({"seconds": round(elapsed, 3), "peak_growth_mb": round(growth, 1), "bytes": size})
    xlsx_rows = EMPLOYEES * 10
    if xlsx_runs:
        print_xlsx(xlsx_runs, xlsx_rows)

    summary_params = {**placement, "start_date": first.isoformat(), "end_date": last.isoformat()}
    summary_runs = []
    rows = 0
    for attempt in range(args.repeat if wanted("summary") else 0):
        elapsed, data = timed(
            "/api/web/v1/report/report_summary", summary_params, last=attempt == args.repeat - 1
        )
        summary_runs.append(round(elapsed, 3))
        rows = len(data["rows"])
    if summary_runs:
        print(
            json.dumps(
                {
                    "bench": "reports.summary",
                    "transport": "in-process" if http is None else "http",
                    "employees": rows,
                    "days": (last - first).days + 1,
                    "runs_s": summary_runs,
                    "best_s": min(summary_runs),
                    "target_s": SUMMARY_TARGET_S,
                    "meets": min(summary_runs) <= SUMMARY_TARGET_S,
                }
            ),
            flush=True,
        )

    detail_params = {
        **placement,
        "man_power_team_name": "Tim 1",
        "start_date": first.isoformat(),
        "end_date": (first + timedelta(days=29)).isoformat(),
    }
    detail_runs = []
    lines = employees = 0
    for attempt in range(args.repeat if wanted("detail") else 0):
        elapsed, data = timed("/api/web/v1/report", detail_params, last=attempt == args.repeat - 1)
        detail_runs.append(round(elapsed, 3))
        employees = len(data["employees"])
        lines = sum(len(employee["log"]) for employee in data["employees"])
    if detail_runs:
        print(
            json.dumps(
                {
                    "bench": "reports.detail",
                    "transport": "in-process" if http is None else "http",
                    "employees": employees,
                    "lines": lines,
                    "runs_s": detail_runs,
                    "best_s": min(detail_runs),
                    "target_s": DETAIL_TARGET_S,
                    "meets": min(detail_runs) <= DETAIL_TARGET_S,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
