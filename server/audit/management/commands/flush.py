"""`manage.py flush`, Django's own, with the audit guard opened for its statements only.

Emptying the whole database (the transactional tests' teardown, a demo reset) must empty the audit
tables too, which their triggers otherwise refuse (server/audit/guard.py): SQLite's flush deletes row
by row, PostgreSQL's truncates. The guard is opened in the flush's own transaction and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.management.commands import flush
from django.db import connections, transaction

from server.audit.guard import audit_unlocked


class Command(flush.Command):
    def handle(self, **options: Any) -> None:
        connection = connections[options["database"]]
        ops = connection.ops
        plain = ops.execute_sql_flush

        def execute_sql_flush(sql_list: Iterable[str]) -> None:
            with transaction.atomic(using=connection.alias), audit_unlocked(connection.alias):
                plain(sql_list)

        ops.execute_sql_flush = execute_sql_flush  # type: ignore[method-assign]
        try:
            super().handle(**options)
        finally:
            del ops.execute_sql_flush
