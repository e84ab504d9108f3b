"""Trigram indexes for the employee columns the lists search (issue 15), PostgreSQL only.

A list search is `UPPER(column::text) LIKE UPPER('%text%')` (Django's icontains on PostgreSQL): no
btree serves a leading wildcard, so finding the employees named '%budi%' was a sequential scan of
every employee on every searched page (10 ms at 10,000 employees). A GIN index over that same
expression with pg_trgm's operator class answers it in under a millisecond.

Only on PostgreSQL with pg_trgm available (and creatable): SQLite (the zero-setup mode) and a server
without the extension keep the sequential scan, with the same results. Reversing drops the indexes;
the extension stays (other databases objects may use it, and it costs nothing unused).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, migrations, transaction

logger = logging.getLogger(__name__)

TABLE = "workforce_employee"
# (index name, column): the expression must be exactly the one Django's icontains compiles to.
INDEXES = (
    ("workforce_employee_name_trgm", "name"),
    ("workforce_employee_number_trgm", "employee_number_formatted"),
    ("workforce_employee_email_trgm", "email"),
)


def trigram_available(connection: Any) -> bool:
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")
        return cursor.fetchone() is not None


def create_indexes(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if not trigram_available(connection):
        return
    try:
        # A savepoint: a failure (no right to create the extension) must not abort the migration.
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            for name, column in INDEXES:
                cursor.execute(
                    f'CREATE INDEX IF NOT EXISTS "{name}" ON "{TABLE}" '
                    f'USING gin ((UPPER("{column}"::text)) gin_trgm_ops)'
                )
    except DatabaseError as error:
        logger.warning("pg_trgm tidak dapat dipasang; pencarian tanpa indeks trigram: %s", error)


def drop_indexes(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for name, _ in INDEXES:
            cursor.execute(f'DROP INDEX IF EXISTS "{name}"')


class Migration(migrations.Migration):
    dependencies = [
        ("workforce", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(create_indexes, drop_indexes, elidable=False),
    ]
