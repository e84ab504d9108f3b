from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.core.routes import ACCESS_TABLE_FILE, access_table


class Command(BaseCommand):
    help = (
        "Write the route / method / access policy table to server/core/access_table.txt (--check: compare)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="fail when the checked-in table is stale")

    def handle(self, *args: Any, **options: Any) -> None:
        table = access_table()
        if options["check"]:
            current = ACCESS_TABLE_FILE.read_text() if ACCESS_TABLE_FILE.exists() else ""
            if current != table:
                raise CommandError("server/core/access_table.txt is stale: run `make access-table`.")
            return
        ACCESS_TABLE_FILE.write_text(table)
        self.stdout.write(f"Wrote {ACCESS_TABLE_FILE}")
