#!/usr/bin/env python
"""What the audit trail adds to a single decision (DESIGN §17, issue 29): target <= 1 ms at p50.

Needs a seeded database with waiting logs, e.g.:

    createdb kh_audit && DATABASE_URL=postgres://postgres@127.0.0.1:5432/kh_audit \\
        .venv/bin/python manage.py migrate && ... manage.py seed_demo --employees 300 --days 7
    DATABASE_URL=... REDIS_URL=... .venv/bin/python bench/audit_write.py --decisions 400

In one process and one run, approves waiting logs through `attendance_log_approve` as the seeded admin
(each decision in its own transaction, its after-commit events held until it answered and then sent,
untimed, as PublishAfterAnswerMiddleware does in a request), alternating
decisions WITH the audit write and WITHOUT it (the service's `_log_audit`, which builds and appends
the entry, replaced by a no-op), and sends each log back to the queue (untimed, unaudited) so both
halves decide the same logs. Prints one JSON line:
p50/p95 of each half, the p50 difference, and the p50 of the audit write alone (the INSERT and the
event's registration, timed inside the decision).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")

TARGET_P50_MS = 1.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * q / 100 + 0.999999) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=400, help="timed decisions (half with audit)")
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()

    import django

    django.setup()
    from server.accounts.models import User
    from server.attendance import services
    from server.attendance.models import AttendanceLog, LogStatus
    from server.realtime import publish

    admin = User.objects.get(email="admin@example.com")
    logs = list(
        AttendanceLog.objects.select_related("employee", "man_power")
        .filter(status=LogStatus.WAITING_APPROVAL, is_valid_location=True)
        .order_by("pk")[: max(1, args.decisions // 4)]
    )
    if not logs:
        sys.exit("No waiting in-radius logs: seed the database first (manage.py seed_demo).")
    real_record = services._log_audit
    audit_ms: list[float] = []

    def timed_record(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return real_record(*args)
        finally:
            audit_ms.append((time.perf_counter() - start) * 1000)

    def skip_record(*args: Any) -> None:
        return None

    timings: dict[str, list[float]] = {"with": [], "without": []}
    total = args.warmup + args.decisions
    for n in range(total):
        # Read as the approve endpoint reads it (attendance_log_for_viewer: the employee joined).
        log = AttendanceLog.objects.select_related("employee", "man_power").get(pk=logs[n % len(logs)].pk)
        mode = "with" if n % 2 == 0 else "without"
        services._log_audit = timed_record if mode == "with" else skip_record  # type: ignore[assignment]
        # As in a request: the events wait until the answer is out (PublishAfterAnswerMiddleware).
        sends: list[Any] = []
        token = publish._deferred.set(sends)
        start = time.perf_counter()
        services.attendance_log_approve(log=log, approver=admin)
        elapsed = (time.perf_counter() - start) * 1000
        publish._deferred.reset(token)
        publish.flush_deferred(sends)
        services._log_audit = skip_record  # type: ignore[assignment]
        services.attendance_log_undo(log=log, user=admin)
        if n >= args.warmup:
            timings[mode].append(elapsed)
        elif mode == "with":
            audit_ms.pop()
    services._log_audit = real_record

    with_p50, without_p50 = percentile(timings["with"], 50), percentile(timings["without"], 50)
    added = with_p50 - without_p50
    print(
        json.dumps(
            {
                "bench": "audit_write",
                "decisions": args.decisions,
                "logs": len(logs),
                "with_audit_p50_ms": round(with_p50, 3),
                "with_audit_p95_ms": round(percentile(timings["with"], 95), 3),
                "without_audit_p50_ms": round(without_p50, 3),
                "without_audit_p95_ms": round(percentile(timings["without"], 95), 3),
                "added_p50_ms": round(added, 3),
                "audit_write_alone_p50_ms": round(percentile(audit_ms, 50), 3),
                "target_p50_ms": TARGET_P50_MS,
                "meets_target": added <= TARGET_P50_MS,
            }
        )
    )


if __name__ == "__main__":
    main()
