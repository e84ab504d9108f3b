"""`manage.py seed_demo [--employees N] [--days D] [--seed S] [--once]`: the demo company (README).

The four back-office sign-ins (password admin12345), the settings lists, and a workforce of N
employees (mobile password karyawan123) with D days of check-ins, izin and leave up to today.
Idempotent: a second run adds nothing; with --once it does nothing at all once seeded.

Refuses unless the instance is a development (DEBUG=1) or a demo (KEHADIRAN_DEMO=1) one: the demo
sign-ins have every flag and a public password (issue 39).
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.accounts.models import User
from server.attendance.models import AttendanceDay, AttendanceLog
from server.core.analyze import analyze
from server.demo.seeding import SeedResult, demo_seed
from server.demo.users import LEVELS, USERS
from server.workforce.models import Employee

DEFAULT_EMPLOYEES = 300
DEFAULT_DAYS = 60
DEFAULT_SEED = 2026
MAX_DAYS = 366
REFUSED = (
    "seed_demo menolak berjalan: pengguna demo (admin@example.com, kata sandi publik, semua hak) hanya "
    "untuk instans pengembangan atau demo. Setel DEBUG=1 atau KEHADIRAN_DEMO=1 bila ini memang demo "
    "(seed_demo refuses unless DEBUG=1 or KEHADIRAN_DEMO=1: the demo sign-ins have a public password)."
)


class Command(BaseCommand):
    help = "Isi data demo: pengguna, pengaturan, karyawan dan riwayat absensi (idempoten)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="Lewati bila data demo sudah pernah diisi.")
        parser.add_argument("--employees", type=int, default=DEFAULT_EMPLOYEES, help="jumlah karyawan")
        parser.add_argument(
            "--days", type=int, default=DEFAULT_DAYS, help="jumlah hari riwayat s.d. hari ini"
        )
        parser.add_argument(
            "--seed", type=int, default=DEFAULT_SEED, help="benih acak (hasil sama untuk benih sama)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not (settings.DEBUG or settings.KEHADIRAN_DEMO):
            raise CommandError(REFUSED)
        employees, days = options["employees"], options["days"]
        if employees < 0 or not 0 <= days <= MAX_DAYS:
            raise CommandError(f"--employees harus >= 0 dan --days antara 0 dan {MAX_DAYS}.")
        started = time.monotonic()
        if options["once"] and User.objects.filter(email__iexact=USERS[0]["email"]).exists():
            self.stdout.write("seed_demo: data demo sudah ada, dilewati.")
            self._summary(
                Employee.objects.count(),
                days,
                AttendanceLog.objects.count(),
                AttendanceDay.objects.count(),
                started,
            )
            return
        result: SeedResult = demo_seed(
            employees=employees,
            days=days,
            seed=options["seed"],
            progress=lambda text: self.stdout.write(f"seed_demo: {text}"),
        )
        self.stdout.write(
            f"seed_demo: {len(USERS)} pengguna demo ({result.users_created} baru), {len(LEVELS)} level akses."
        )
        # Statistics for the planner now, not when autovacuum gets to the new rows (server/core/analyze.py).
        at = time.monotonic()
        analyze()
        self.stdout.write(f"seed_demo: ANALYZE ({time.monotonic() - at:.1f} s)")
        self._summary(result.employees, days, result.logs, result.attendance_days, started)

    def _summary(self, employees: int, days: int, logs: int, attendance_days: int, started: float) -> None:
        elapsed = time.monotonic() - started
        self.stdout.write(
            f"seed_demo: {employees} karyawan, {days} hari, {logs} log, "
            f"{attendance_days} hari kehadiran dalam {elapsed:.1f} s"
        )
