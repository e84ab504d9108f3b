"""`manage.py refresh_leave [--year N]`: the 15 January annual leave refresh, by hand."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from server.leave.tasks import refresh_year


class Command(BaseCommand):
    help = "Perbarui saldo cuti tahunan (15 Januari). Karyawan yang sudah diperbarui dilewati."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--year", type=int, default=None, help="tahun (default: tahun cuti berjalan)")

    def handle(self, *args: Any, **options: Any) -> None:
        result = refresh_year(year=options["year"])
        self.stdout.write(f"Cuti tahunan {result['year']}: {result['refreshed']} karyawan diperbarui.")
