#!/usr/bin/env python
"""Manual attendance upload speed (DESIGN §9, issue 12): a 10,000-row valid xlsx validated and
imported <= 5 s on PostgreSQL (all or nothing); a 10,000-row file with 500 bad rows reports all 500
errors <= 3 s. Memory stays flat (openpyxl read-only); the peak RSS growth is printed too.

A fresh PostgreSQL database (created, migrated, dropped unless --keep-database) gets one placement
of 400 employees on an every-day 07:00-16:00 pattern; the template for 25 days (10,000 rows) is
made by the server's own template code and filled with openpyxl (not timed). Timed, per file: what
the server does with a posted file, i.e. the file checks of the request (zip, signature, name,
rows) plus the whole job (read, validate, import or error file), with the inline job runner (the
same job code a Celery worker runs). Prints one JSON line per target.

    .venv/bin/python bench/upload.py [--employees 400] [--days 25] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import resource
import shutil
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def log(text: str) -> None:
    print(f"upload bench: {text}", file=sys.stderr, flush=True)


def recreate_database(url: str, *, drop_only: bool = False) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum():
        raise SystemExit(f"upload bench: refusing unusual database name {name!r}")
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--employees", type=int, default=400)
    parser.add_argument("--days", type=int, default=25)
    parser.add_argument("--bad", type=int, default=500)
    parser.add_argument("--database", default="postgres://postgres@127.0.0.1:5432/kehadiran_bench_upload")
    parser.add_argument("--keep-database", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile of each run on stderr")
    args = parser.parse_args()

    recreate_database(args.database)
    media = Path(tempfile.mkdtemp(prefix="upload-bench-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "server.config.settings",
            "DATABASE_URL": args.database,
            "JOBS_RUNNER": "inline",
            "CELERY_TASK_ALWAYS_EAGER": "1",
            "MEDIA_ROOT": str(media),
        }
    )
    os.environ.pop("REDIS_URL", None)
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import transaction
        from openpyxl import load_workbook

        from server.jobs.models import Job
        from server.jobs.runner import job_start
        from server.testing.factories import make_man_power, make_pattern, make_shift
        from server.uploads.jobs import UPLOAD_KIND
        from server.uploads.models import ManualUploadLine
        from server.uploads.reader import inspect_upload
        from server.uploads.template import template_workbook
        from server.workforce.models import Employee

        call_command("migrate", verbosity=0)
        placement = make_man_power(type="pool", name="Pool Bench", timezone="Asia/Makassar")
        pattern = make_pattern([make_shift(time_in=time_of(7), time_out=time_of(16))])
        Employee.objects.bulk_create(
            Employee(
                employee_number=f"B{n:05d}",
                employee_number_formatted=f"B-{n:05d}",
                name=f"Bench {n}",
                man_power=placement,
                shift_pattern=pattern,
            )
            for n in range(args.employees)
        )
        start = date(2025, 5, 1)
        end = start + timedelta(days=args.days - 1)
        blank = io.BytesIO()
        name = template_workbook(placement, start, end, blank)
        book = load_workbook(io.BytesIO(blank.getvalue()))
        sheet = book["Sheet"]
        rows = sheet.max_row - 1
        for row in sheet.iter_rows(min_row=2):
            row[3].value, row[4].value, row[6].value = "07:00", "17:00", "1"
        good = media / "good" / name
        good.parent.mkdir()
        book.save(good)
        step = max(1, rows // args.bad)
        for index, row in enumerate(sheet.iter_rows(min_row=2)):
            if index % step == 0 and index // step < args.bad:
                row[4].value = "06:00"
        bad = media / "bad" / name
        bad.parent.mkdir()
        book.save(bad)
        log(f"{rows} rows per file ({good.stat().st_size // 1024} KB); timing")

        def run(path: Path) -> tuple[Job, float, float]:
            before = rss_mb()
            profile = cProfile.Profile() if args.profile else None
            began = time.perf_counter()
            if profile:
                profile.enable()
            stored = media / f"posted-{time.monotonic_ns()}.xlsx"
            shutil.copyfile(path, stored)
            target = inspect_upload(path=stored, name=path.name)
            with transaction.atomic():
                job, _ = job_start(
                    kind=UPLOAD_KIND,
                    params={
                        "path": stored.name,
                        "file_name": target.file_name,
                        "man_power_id": target.man_power.pk,
                        "man_power_name": target.man_power.name,
                        "start_date": target.start.isoformat(),
                        "end_date": target.end.isoformat(),
                        "rows": target.rows,
                    },
                    user=None,
                )
            elapsed = time.perf_counter() - began
            if profile:
                profile.disable()
                pstats.Stats(profile, stream=sys.stderr).sort_stats("cumulative").print_stats(25)
            job.refresh_from_db()
            return job, elapsed, rss_mb() - before

        failed, bad_seconds, bad_rss = run(bad)
        log(f"bad file: {failed.status} {failed.message} in {bad_seconds:.2f} s")
        imported, good_seconds, good_rss = run(good)
        log(f"good file: {imported.status} {imported.message} in {good_seconds:.2f} s")
        print(
            json.dumps(
                {
                    "bench": "upload",
                    "case": "valid file validated and imported",
                    "rows": rows,
                    "status": imported.status,
                    "lines_written": ManualUploadLine.objects.count(),
                    "seconds": round(good_seconds, 2),
                    "target_s": 5,
                    "peak_rss_growth_mb": round(good_rss, 1),
                    "meets_target": imported.status == "succeeded" and good_seconds <= 5,
                }
            ),
            flush=True,
        )
        print(
            json.dumps(
                {
                    "bench": "upload",
                    "case": f"file with {args.bad} bad rows: every error reported",
                    "rows": rows,
                    "status": failed.status,
                    "errors_reported": failed.error_count,
                    "seconds": round(bad_seconds, 2),
                    "target_s": 3,
                    "peak_rss_growth_mb": round(bad_rss, 1),
                    "meets_target": failed.status == "failed"
                    and failed.error_count == args.bad
                    and bad_seconds <= 3,
                }
            ),
            flush=True,
        )
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep_database:
            recreate_database(args.database, drop_only=True)
        shutil.rmtree(media, ignore_errors=True)


def time_of(hour: int) -> object:
    from datetime import time

    return time(hour)


if __name__ == "__main__":
    main()
