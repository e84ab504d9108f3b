"""`manage.py simulate_checkins --rate R --duration S [--base-url URL] [--bad-ratio 0.3]`.

Signs in a sample of employees through the mobile API (password karyawan123 of seed_demo) and posts
check-ins and check-outs at about R requests per second for S seconds, some far from the placement
or with a low face score so they wait for approval. Stops by itself and prints a summary.
"""

from __future__ import annotations

import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.demo.seeding import EMPLOYEE_PASSWORD
from server.demo.simulate import CheckInSimulator, base_url_checked
from server.workforce.models import Employee

MAX_RATE = 1000.0
MAX_DURATION = 3600.0


class Command(BaseCommand):
    help = "Simulasikan absen karyawan lewat API mobile (untuk demo dan benchmark)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--rate", type=float, default=5.0, help="permintaan per detik")
        parser.add_argument("--duration", type=float, default=30.0, help="lama simulasi, detik")
        parser.add_argument("--base-url", default="http://127.0.0.1:8000", help="alamat server")
        parser.add_argument(
            "--bad-ratio", type=float, default=0.3, help="bagian absen yang perlu persetujuan"
        )
        parser.add_argument(
            "--blacklisted-ratio",
            type=float,
            default=0.0,
            help="bagian absen dari ponsel dengan aplikasi terlarang",
        )
        parser.add_argument("--employees", type=int, default=40, help="jumlah karyawan yang masuk")
        parser.add_argument("--password", default=EMPLOYEE_PASSWORD, help="password aplikasi karyawan")
        parser.add_argument("--seed", type=int, default=1, help="benih acak")
        parser.add_argument("--workers", type=int, default=None, help="jumlah thread pengirim")

    def handle(self, *args: Any, **options: Any) -> None:
        rate, duration = options["rate"], options["duration"]
        if not 0 < rate <= MAX_RATE or not 0 < duration <= MAX_DURATION:
            raise CommandError(f"--rate harus 0-{MAX_RATE:g} dan --duration 0-{MAX_DURATION:g} detik.")
        for name in ("bad_ratio", "blacklisted_ratio"):
            if not 0 <= options[name] <= 1:
                raise CommandError(f"--{name.replace('_', '-')} harus antara 0 dan 1.")
        try:
            base_url = base_url_checked(options["base_url"])
        except ValueError as error:
            raise CommandError(str(error)) from None
        identifiers = self._employees(options["employees"], options["seed"])
        if not identifiers:
            raise CommandError(
                "Tidak ada karyawan aktif dengan penempatan: jalankan dulu `manage.py seed_demo`."
            )
        self.stdout.write(
            f"simulate_checkins: {len(identifiers)} karyawan, ~{rate:g} req/s "
            f"selama {duration:g} s ke {base_url}"
        )
        simulator = CheckInSimulator(
            base_url=base_url,
            identifiers=identifiers,
            password=options["password"],
            rate=rate,
            duration=duration,
            bad_ratio=options["bad_ratio"],
            blacklisted_ratio=options["blacklisted_ratio"],
            seed=options["seed"],
            workers=options["workers"],
        )
        summary = simulator.run()
        self.stdout.write(summary.line())

    def _employees(self, count: int, seed: int) -> list[str]:
        """A sample of employees who can check in (active, attendance enabled, placed, with a password)."""
        numbers = list(
            Employee.objects.filter(is_active=True, attendance_disabled=False, man_power__isnull=False)
            .exclude(mobile_password="")
            .order_by("pk")
            .values_list("employee_number", flat=True)
        )
        return random.Random(seed).sample(numbers, k=min(max(1, count), len(numbers))) if numbers else []
