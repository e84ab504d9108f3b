"""`manage.py risk_backfill`: measure and score the risk of every waiting log again (logs stored
before risk was measured, or after a change to how it is measured). Safe to repeat."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from server.attendance.risk_services import attendance_risk_rescore_waiting


class Command(BaseCommand):
    help = "Hitung ulang risiko semua absen yang menunggu persetujuan (faktor diukur ulang). Aman diulang."

    def handle(self, *args: Any, **options: Any) -> None:
        changed = attendance_risk_rescore_waiting(measure=True)
        self.stdout.write(f"Risiko {changed} absen menunggu persetujuan diperbarui.")
