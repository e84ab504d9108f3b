"""The database's own guard of the audit trail (DESIGN §17, §21): triggers refuse UPDATE and DELETE of
`AuditEntry` and `AuditArchive` rows (and TRUNCATE of their tables on PostgreSQL) for every writer,
the ORM, raw SQL and a database shell alike. Made by migration audit 0002 from the statements here.

One door: `audit_unlocked()`, opened for one transaction by `manage.py archive_audit` (moving old
entries to the archive) and by `manage.py flush` (emptying the whole database: tests, demo resets).

- PostgreSQL: the trigger function passes only when the transaction-local setting
  `kehadiran.audit_unlock` holds the id of the running transaction (`set_config(..., true)` inside
  the transaction). A session-wide `SET`, a value left by another transaction or a constant like
  'on' does not open it, and it closes with the transaction.
- SQLite: the triggers call `kehadiran_audit_unlocked()`, a function only Django's own connections
  have (registered when they open, see `server.audit.apps`), answering 1 only inside
  `audit_unlocked()` on that connection. Any other client (the sqlite3 shell) has no such function,
  so its UPDATE or DELETE fails too.

Django's SQLite schema editor remakes a table to alter it, which drops its triggers: a migration that
alters these tables must make them again (`trigger_statements`); test_audit_guard checks the
migrated database.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

TABLES = ("audit_auditentry", "audit_auditarchive")
UNLOCK_SETTING = "kehadiran.audit_unlock"
PG_FUNCTION = "kehadiran_audit_append_only"
SQLITE_FUNCTION = "kehadiran_audit_unlocked"
MESSAGE = "audit trail is append-only"
_SQLITE_FLAG = "_kehadiran_audit_unlocked"


def trigger_statements(vendor: str) -> list[str]:
    if vendor == "postgresql":
        statements = [
            f"""
            CREATE OR REPLACE FUNCTION {PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF coalesce(current_setting('{UNLOCK_SETTING}', true), '') = txid_current()::text THEN
                    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
                    RETURN NEW;
                END IF;
                RAISE EXCEPTION '{MESSAGE}: % on % refused (manage.py archive_audit moves old entries)',
                    TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
            END
            $$
            """
        ]
        for table in TABLES:
            statements += [
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION {PG_FUNCTION}()",
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {PG_FUNCTION}()",
            ]
        return statements
    if vendor == "sqlite":
        return [
            f"CREATE TRIGGER {table}_no_{op.lower()} BEFORE {op} ON {table} "
            f"WHEN coalesce({SQLITE_FUNCTION}(), 0) = 0 "
            f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}: {op} on {table} refused'); END"
            for table in TABLES
            for op in ("UPDATE", "DELETE")
        ]
    raise NotImplementedError(f"no audit guard for {vendor}")


def drop_statements(vendor: str) -> list[str]:
    if vendor == "postgresql":
        return [
            *(
                f"DROP TRIGGER IF EXISTS {table}_{name} ON {table}"
                for table in TABLES
                for name in ("append_only", "no_truncate")
            ),
            f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()",
        ]
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {table}_no_{op}" for table in TABLES for op in ("update", "delete")]
    raise NotImplementedError(f"no audit guard for {vendor}")


def register_sqlite_function(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """`connection_created`: give a Django SQLite connection the function its triggers ask."""
    if connection.vendor != "sqlite":
        return

    def unlocked() -> int:
        return 1 if getattr(connection, _SQLITE_FLAG, False) else 0

    connection.connection.create_function(SQLITE_FUNCTION, 0, unlocked)


@contextmanager
def audit_unlocked(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Let this transaction change or remove audit rows (archive_audit and flush only). Must run
    inside `transaction.atomic()`; closes when the block ends (and with the transaction)."""
    connection = connections[using]
    if not connection.in_atomic_block:
        raise RuntimeError("audit_unlocked() needs a transaction (transaction.atomic)")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config(%s, txid_current()::text, true)", [UNLOCK_SETTING])
        failed = False
        try:
            yield
        except BaseException:
            failed = True  # the transaction may be aborted: it rolls back, taking the setting along
            raise
        finally:
            if not failed:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT set_config(%s, '', true)", [UNLOCK_SETTING])
        return
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        setattr(connection, _SQLITE_FLAG, True)
        try:
            yield
        finally:
            setattr(connection, _SQLITE_FLAG, False)
        return
    raise NotImplementedError(f"no audit guard for {connection.vendor}")
