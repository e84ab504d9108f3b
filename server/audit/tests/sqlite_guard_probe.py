"""Probe the audit guard on the database of the environment (the SQLite zero-setup mode), run as its
own process by test_audit_guard (`python -m server.audit.tests.sqlite_guard_probe`).

Migrates from scratch, writes an entry and an old one, tries raw UPDATE and DELETE on both tables and
a fetched entry saved as new, archives the old one and flushes. Prints one JSON line."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from typing import Any


def probe() -> dict[str, Any]:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import DatabaseError, connection, transaction
    from django.utils import timezone

    from server.audit.models import AuditArchive, AuditEntry
    from server.audit.services import audit_record

    call_command("migrate", verbosity=0, interactive=False)
    entries, archive = AuditEntry._meta.db_table, AuditArchive._meta.db_table

    def refused(sql: str) -> bool:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql)
        except DatabaseError as error:
            return "append-only" in str(error)
        return False

    def model_refused() -> bool:
        again = AuditEntry.objects.get(object_id="shA")
        again.action = "delete"
        again._state.adding = True
        try:
            with transaction.atomic():
                again.save()
        except Exception:
            return True
        return False

    entry = audit_record(action="create", object_type="shift", object_id="shA", after={"name": "Pagi"})
    assert entry is not None
    AuditEntry.objects.create(
        at=timezone.now() - timedelta(days=40), action="create", object_type="shift", object_id="old"
    )
    call_command("archive_audit", "--older-than-days", "30", stdout=io.StringIO())
    result: dict[str, Any] = {"vendor": connection.vendor, "refused": {}}
    model_first = model_refused()
    result["refused"]["update entry"] = refused(f"UPDATE {entries} SET action = 'delete'")
    result["refused"]["delete entry"] = refused(f"DELETE FROM {entries} WHERE id = {entry.pk}")
    result["refused"]["delete all entries"] = refused(f"DELETE FROM {entries}")
    result["refused"]["update archive"] = refused(f"UPDATE {archive} SET action = 'delete'")
    result["refused"]["delete archive"] = refused(f"DELETE FROM {archive}")
    result["refused"]["model save as new"] = model_first
    stored = AuditEntry.objects.get(pk=entry.pk)
    result["stored"] = [stored.action, stored.object_id]
    result["archived"] = AuditArchive.objects.count()
    call_command("flush", interactive=False, verbosity=0)
    result["after flush"] = [AuditEntry.objects.count(), AuditArchive.objects.count()]
    audit_record(action="create", object_type="shift", object_id="shB", after={"name": "Pagi"})
    result["guard after flush"] = refused(f"DELETE FROM {entries}")
    return result


if __name__ == "__main__":
    print(json.dumps(probe()), flush=True)
