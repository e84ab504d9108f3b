"""`manage.py close_day [--date YYYY-MM-DD]`: close a day by hand (what the nightly job does)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.attendance.tasks import close_day, default_close_date


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise CommandError(f"Tanggal tidak valid: {value} (format YYYY-MM-DD).") from exc


class Command(BaseCommand):
    help = "Tutup hari kehadiran (default kemarin): hitung mangkir dan potong cuti bersama. Aman diulang."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (default: kemarin)")

    def handle(self, *args: Any, **options: Any) -> None:
        day = options["date"] or default_close_date()
        try:
            result = close_day(date_iso=day.isoformat())
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Hari {result['date']} ditutup: {result['rows']} baris kehadiran, "
            f"{result['absent']} mangkir, {result['collective_leave_entries']} entri cuti bersama."
        )
