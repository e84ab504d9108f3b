"""`manage.py archive_audit [--older-than-days N]`: move old audit entries to the archive table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.audit.services import audit_archive


class Command(BaseCommand):
    help = "Pindahkan entri audit yang lebih tua dari N hari ke tabel arsip (default: AUDIT_RETENTION_DAYS)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than-days",
            type=int,
            default=None,
            help="umur entri dalam hari (default: AUDIT_RETENTION_DAYS, 3 tahun)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["older_than_days"]
        days = int(settings.AUDIT_RETENTION_DAYS) if days is None else days
        if days < 1:
            raise CommandError("--older-than-days minimal 1.")
        moved = audit_archive(older_than=timedelta(days=days))
        self.stdout.write(f"{moved} entri audit lebih tua dari {days} hari dipindahkan ke arsip.")
