"""`python -m server.fakes`: serve the fake HR and payroll applications until stopped.

    python -m server.fakes --hr-port 8101 --payroll-port 8102 --employees 300 --seed 2026

Tokens come from HR_API_TOKEN / PAYROLL_API_TOKEN (the same defaults as the settings).
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
from datetime import datetime
from zoneinfo import ZoneInfo

from server.fakes.hr_data import DEFAULT_DAYS, DEFAULT_EMPLOYEES, DEFAULT_SEED
from server.fakes.servers import build_apps, serve

DEFAULT_HR_TOKEN = "hr-demo-token"
DEFAULT_PAYROLL_TOKEN = "payroll-demo-token"


def main() -> None:
    parser = argparse.ArgumentParser(description="Fake HR and payroll applications")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--hr-port", type=int, default=8101)
    parser.add_argument("--payroll-port", type=int, default=8102)
    parser.add_argument("--employees", type=int, default=DEFAULT_EMPLOYEES)
    parser.add_argument("--days", type=int, default=DEFAULT_DAYS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args()
    today = datetime.now(ZoneInfo(os.environ.get("TIME_ZONE", "Asia/Jakarta"))).date()
    hr, payroll = build_apps(
        hr_token=os.environ.get("HR_API_TOKEN", DEFAULT_HR_TOKEN),
        payroll_token=os.environ.get("PAYROLL_API_TOKEN", DEFAULT_PAYROLL_TOKEN),
        seed=args.seed,
        employees=args.employees,
        days=args.days,
        today=today,
    )
    servers = [serve(hr, args.host, args.hr_port), serve(payroll, args.host, args.payroll_port)]
    print(
        f"Fake HR on http://{args.host}:{args.hr_port} ({len(hr.employees)} employees), "
        f"fake payroll on http://{args.host}:{args.payroll_port}",
        flush=True,
    )
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    for server in servers:
        server.shutdown()


if __name__ == "__main__":
    main()
