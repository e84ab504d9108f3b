"""Planner statistics after bulk loads (DESIGN §19).

A table PostgreSQL has just filled with many rows has no statistics until autovacuum gets to it (a
minute or more, later under load): meanwhile the planner guesses, and picks plans that cost 10-100x
(the queue answered p95 190 ms right after `seed_demo --employees 10000 --days 70`, 29 ms after
`ANALYZE`). Every bulk load ends with `analyze(<the models it filled>)`: `seed_demo`, an upload of
`BULK_ROWS` rows or more, a payroll push of as many lines. Nothing on SQLite.
"""

from __future__ import annotations

from django.db import connections, transaction
from django.db.models import Model

# From this many rows written, a load analyzes what it filled (ANALYZE samples at most 30,000 rows a
# table: tens to hundreds of milliseconds, against seconds of load).
BULK_ROWS = 1000


def analyze(*models: type[Model], using: str = "default") -> None:
    """ANALYZE the tables of `models` (every table of the database when none) once the surrounding
    transaction commits (at once outside one), on PostgreSQL; nothing on other databases."""
    connection = connections[using]
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(dict.fromkeys(connection.ops.quote_name(m._meta.db_table) for m in models))
    statement = f"ANALYZE {tables}" if tables else "ANALYZE"

    def run() -> None:
        with connections[using].cursor() as cursor:
            cursor.execute(statement)

    transaction.on_commit(run, using=using)
