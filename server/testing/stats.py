"""PostgreSQL's table statistics, for the tests of bulk loads (server/core/analyze.py)."""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.db.models import Model


def last_analyze(model: type[Model]) -> datetime | None:
    """When ANALYZE (not autovacuum) last ran on the model's table, as the statistics say now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT last_analyze FROM pg_stat_user_tables WHERE relname = %s", [model._meta.db_table]
        )
        row = cursor.fetchone()
    return row[0] if row else None


def analyzed_since(before: dict[type[Model], datetime | None]) -> list[str]:
    """The models of `before` (model -> its last_analyze then) not analyzed since."""
    missing = []
    for model, then in before.items():
        now = last_analyze(model)
        if now is None or (then is not None and now <= then):
            missing.append(model.__name__)
    return missing
