"""The audit trail is immutable as a structure (DESIGN §17, §21), not by convention:

- the model API only inserts (`force_insert`): a fetched entry saved again, even marked as new
  (`_state.adding = True`), fails and leaves the stored row as it was; every update and delete path
  of the model and its queryset refuses, and the archive alike;
- the database refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL) of both tables to every writer,
  raw SQL included, except inside `server.audit.guard.audit_unlocked()`, which only `archive_audit`
  and `flush` use; a session-wide flag or one of another transaction does not open it;
- the archive command still moves old entries, and a flush (test teardown) still empties the tables.

SQLite (the zero-setup mode) is checked in a process of its own on a fresh migrated database."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import DatabaseError, connection, models, transaction
from django.db.models.sql import DeleteQuery
from django.utils import timezone

from server.audit.models import AuditArchive, AuditEntry, ImmutableEntry
from server.audit.services import audit_record

pytestmark = pytest.mark.django_db

ENTRIES = AuditEntry._meta.db_table
ARCHIVE = AuditArchive._meta.db_table


def an_entry(**kw: Any) -> AuditEntry:
    entry = audit_record(
        action=kw.pop("action", "create"),
        object_type="shift",
        object_id=kw.pop("object_id", "shA"),
        after={"name": "Pagi"},
    )
    assert entry is not None
    return entry


def old_entry(object_id: str, *, days: int) -> AuditEntry:
    return AuditEntry.objects.create(
        at=timezone.now() - timedelta(days=days),
        action="create",
        object_type="shift",
        object_id=object_id,
        after={"name": "Pagi"},
    )


class _Null:
    def write(self, *_: Any) -> None:
        pass


def stored(model: type[Any], pk: int) -> tuple[str, str, dict[str, Any]]:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT action, object_id, after FROM {model._meta.db_table} WHERE id = %s",
            [pk],
        )
        row = cursor.fetchone()
    assert row is not None, "the row is gone"
    after = row[2] if isinstance(row[2], dict) else json.loads(row[2])
    return row[0], row[1], after


# ---------------------------------------------------------------- the model API


def test_a_fetched_entry_saved_as_new_fails_and_the_stored_one_stays() -> None:
    entry = an_entry()
    again = AuditEntry.objects.get(pk=entry.pk)
    again.action = "delete"
    again.after = {"name": "Dipalsukan"}
    again._state.adding = True
    with pytest.raises(ImmutableEntry), transaction.atomic():
        again.save()
    with pytest.raises(ImmutableEntry), transaction.atomic():
        again.save(force_update=True)
    assert stored(AuditEntry, entry.pk) == ("create", "shA", {"name": "Pagi"})
    assert AuditEntry.objects.count() == 1


def test_a_new_entry_is_always_an_insert() -> None:
    entry = AuditEntry(action="create", object_type="shift", object_id="new")
    entry.save()
    assert AuditEntry.objects.filter(pk=entry.pk).exists()
    with pytest.raises(ImmutableEntry):
        entry.save()  # saved once: no longer new
    with pytest.raises(ImmutableEntry):
        AuditEntry(action="create", object_type="shift", object_id="x").save(update_fields=["action"])


def test_every_update_and_delete_path_of_the_model_and_queryset_refuses() -> None:
    entry = an_entry()
    same = AuditEntry(pk=entry.pk, action="delete", object_type="shift", object_id="shA")
    refusals: list[Callable[[], Any]] = [
        lambda: AuditEntry.objects.get(pk=entry.pk).delete(),
        lambda: AuditEntry.objects.filter(pk=entry.pk).update(action="delete"),
        lambda: AuditEntry.objects.filter(pk=entry.pk).delete(),
        lambda: AuditEntry.objects.all()._raw_delete(AuditEntry.objects.db),
        lambda: AuditEntry.objects.bulk_update([same], ["action"]),
        lambda: AuditEntry.objects.update_or_create(pk=entry.pk, defaults={"action": "delete"}),
        lambda: AuditEntry.objects.bulk_create(
            [same], update_conflicts=True, unique_fields=["id"], update_fields=["action"]
        ),
        lambda: same.save(),  # an explicit id is an overwrite, never a new entry
        lambda: AuditEntry.objects.get(pk=entry.pk).save_base(),  # below save(): the base manager
    ]
    for refusal in refusals:
        with pytest.raises(ImmutableEntry), transaction.atomic():
            refusal()
    # Past the model (the plain QuerySet's own update and delete): the database refuses.
    for below in (
        lambda: models.QuerySet.update(AuditEntry.objects.all(), action="delete"),
        lambda: DeleteQuery(AuditEntry).delete_batch([entry.pk], "default"),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            below()
    assert stored(AuditEntry, entry.pk) == ("create", "shA", {"name": "Pagi"})


def test_the_archive_is_guarded_alike() -> None:
    entry = old_entry("old", days=40)
    call_command("archive_audit", "--older-than-days", "30", stdout=_Null())
    archived = AuditArchive.objects.get()
    assert archived.pk == entry.pk and not AuditEntry.objects.exists()

    copy = AuditArchive.objects.get(pk=archived.pk)
    copy.action = "delete"
    copy._state.adding = True
    refusals: list[Callable[[], Any]] = [
        lambda: copy.save(),
        lambda: AuditArchive.objects.get(pk=archived.pk).save(),
        lambda: AuditArchive.objects.get(pk=archived.pk).delete(),
        lambda: AuditArchive.objects.filter(pk=archived.pk).update(action="delete"),
        lambda: AuditArchive.objects.all().delete(),
        lambda: AuditArchive.objects.bulk_update([copy], ["action"]),
        lambda: AuditArchive.objects.update_or_create(pk=archived.pk, defaults={"action": "delete"}),
    ]
    for refusal in refusals:
        with pytest.raises(ImmutableEntry), transaction.atomic():
            refusal()
    assert stored(AuditArchive, archived.pk)[:2] == ("create", "old")


# ---------------------------------------------------------------- the database


def refused(sql: str, params: list[Any] | None = None) -> bool:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params or [])
    except DatabaseError as error:
        assert "append-only" in str(error), error
        return True
    return False


def test_raw_sql_cannot_change_or_remove_an_entry_or_an_archived_one() -> None:
    entry = an_entry()
    kept = old_entry("shB", days=9)
    call_command("archive_audit", "--older-than-days", "5", stdout=_Null())
    archived = AuditArchive.objects.get()
    assert archived.pk == kept.pk

    for table, pk in ((ENTRIES, entry.pk), (ARCHIVE, archived.pk)):
        assert refused(f"UPDATE {table} SET action = 'delete' WHERE id = %s", [pk]), table
        assert refused(f"UPDATE {table} SET after = after", []), table
        assert refused(f"DELETE FROM {table} WHERE id = %s", [pk]), table
        assert refused(f"DELETE FROM {table}"), table
        if connection.vendor == "postgresql":
            assert refused(f"TRUNCATE {table}"), table
    assert stored(AuditEntry, entry.pk) == ("create", "shA", {"name": "Pagi"})
    assert stored(AuditArchive, archived.pk) == ("create", "shB", {"name": "Pagi"})


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_a_flag_set_by_hand_does_not_open_the_guard() -> None:
    entry = an_entry()
    attempts = [
        "SET kehadiran.audit_unlock = 'on'",  # session wide
        "SET LOCAL kehadiran.audit_unlock = 'on'",
        "SELECT set_config('kehadiran.audit_unlock', '1', true)",  # some other transaction's id
        "SELECT set_config('kehadiran.audit_unlock', (txid_current() - 1)::text, true)",
    ]
    for attempt in attempts:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(attempt)
                cursor.execute(f"DELETE FROM {ENTRIES} WHERE id = %s", [entry.pk])
        except DatabaseError as error:
            assert "append-only" in str(error)
        else:
            pytest.fail(f"{attempt} opened the guard")
    with connection.cursor() as cursor:
        cursor.execute("RESET kehadiran.audit_unlock")
    # A transaction that was unlocked does not leave the next one unlocked.
    from server.audit.guard import audit_unlocked

    with transaction.atomic(), audit_unlocked():
        pass
    assert refused(f"DELETE FROM {ENTRIES} WHERE id = %s", [entry.pk])
    assert AuditEntry.objects.filter(pk=entry.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_the_unlock_needs_a_transaction() -> None:
    from server.audit.guard import audit_unlocked

    with pytest.raises(RuntimeError), audit_unlocked():
        pass


@pytest.mark.django_db(transaction=True)
def test_flush_still_empties_the_trail_and_the_archive() -> None:
    """What pytest-django does after a transactional test (TRUNCATE on PostgreSQL)."""
    an_entry()
    old_entry("old", days=9)
    call_command("archive_audit", "--older-than-days", "5", stdout=_Null())
    assert AuditEntry.objects.count() == 1 and AuditArchive.objects.count() == 1
    call_command("flush", interactive=False, verbosity=0)
    assert not AuditEntry.objects.exists() and not AuditArchive.objects.exists()
    # The guard is back after the flush.
    an_entry()
    assert refused(f"DELETE FROM {ENTRIES}")


def test_the_zero_setup_sqlite_database_guards_alike(tmp_path: Path) -> None:
    """A fresh SQLite database migrated from scratch (make run's zero-setup mode), in its own process:
    raw UPDATE/DELETE refused on both tables, archive_audit moves, flush empties."""
    env = {
        "DJANGO_SETTINGS_MODULE": "server.config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'guard.sqlite3'}",
        "VAR_DIR": str(tmp_path / "var"),
        "MEDIA_ROOT": str(tmp_path / "media"),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "1",
        "PYTHONPATH": str(settings.BASE_DIR),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-m", "server.audit.tests.sqlite_guard_probe"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    report = json.loads(done.stdout.decode().strip().splitlines()[-1])
    assert report == {
        "vendor": "sqlite",
        "refused": {
            "update entry": True,
            "delete entry": True,
            "delete all entries": True,
            "update archive": True,
            "delete archive": True,
            "model save as new": True,
        },
        "stored": ["create", "shA"],
        "archived": 1,
        "after flush": [0, 0],
        "guard after flush": True,
    }
