"""The employee search's trigram indexes (issue 15): on PostgreSQL with pg_trgm they serve the
searches exactly as Django compiles them; elsewhere the migration does nothing and the searches
find the same rows."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.db import connection

from server.testing.factories import make_employee
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

migration = importlib.import_module("server.workforce.migrations.0002_employee_search_trigram_indexes")
NAMES = {name for name, _ in migration.INDEXES}
EDITOR = SimpleNamespace(connection=connection)


def trigram_indexes() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'workforce_employee'")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        return {row[0] for row in cursor.fetchall()} & NAMES


def test_the_indexes_exist_only_where_pg_trgm_does() -> None:
    available = migration.trigram_available(connection)
    assert available == (connection.vendor == "postgresql")  # pg_trgm ships with PostgreSQL here
    assert trigram_indexes() == (NAMES if available else set())
    migration.create_indexes(None, EDITOR)  # again: nothing changes, nothing fails
    assert trigram_indexes() == (NAMES if available else set())


@pytest.mark.parametrize(
    ("lookup", "value", "index"),
    [
        ("name__icontains", "budi", "workforce_employee_name_trgm"),
        ("employee_number_formatted__icontains", "77-0", "workforce_employee_number_trgm"),
        ("email__icontains", "SANTOSO@", "workforce_employee_email_trgm"),
    ],
)
def test_a_search_uses_its_index_and_finds_the_same_rows(lookup: str, value: str, index: str) -> None:
    budi = make_employee(
        name="Budi Santoso", employee_number_formatted="77-0123", email="budi.santoso@example.com"
    )
    make_employee(name="Andi Budiman", employee_number_formatted="88-0001", email="andi@example.com")
    make_employee(name="Citra", employee_number_formatted="99-0001", email="citra@example.com")
    found = Employee.objects.filter(**{lookup: value}).order_by("pk")
    expected = {"name": ["Budi Santoso", "Andi Budiman"]}.get(lookup.split("__")[0], [budi.name])
    assert list(found.values_list("name", flat=True)) == expected
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # Three rows: without this the planner may read them all, or walk the primary key for the
            # order (it did in the full suite); what is tested is that the index can serve the search.
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("SET LOCAL enable_indexscan = off")
        plan = found.order_by().explain()
        assert index in plan, plan


def test_reversing_drops_them_and_a_failure_leaves_the_migration_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    available = migration.trigram_available(connection)
    migration.drop_indexes(None, EDITOR)
    assert trigram_indexes() == set()
    # An index that cannot be built (as when the extension may not be created): the savepoint
    # rolls back, the migration goes on, the searches still work (sequentially).
    monkeypatch.setattr(migration, "INDEXES", (*migration.INDEXES, ("broken_trgm", "no_such_column")))
    migration.create_indexes(None, EDITOR)
    assert trigram_indexes() == set()
    assert Employee.objects.filter(name__icontains="x").count() == 0
    monkeypatch.undo()
    migration.create_indexes(None, EDITOR)
    assert trigram_indexes() == (NAMES if available else set())
