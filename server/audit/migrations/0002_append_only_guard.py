"""The audit tables insert only, in the database too: triggers refuse UPDATE and DELETE of their rows
(and TRUNCATE on PostgreSQL) outside `server.audit.guard.audit_unlocked()` (archive_audit, flush).
The statements live in server/audit/guard.py; the models' base manager refuses the update paths."""

from django.db import migrations


def create_guard(apps, schema_editor):
    from server.audit import guard

    for statement in guard.trigger_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def drop_guard(apps, schema_editor):
    from server.audit import guard

    for statement in guard.drop_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0001_initial"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="auditarchive",
            options={"base_manager_name": "objects"},
        ),
        migrations.AlterModelOptions(
            name="auditentry",
            options={"base_manager_name": "objects", "ordering": ["-at", "-pk"]},
        ),
        migrations.RunPython(create_guard, drop_guard),
    ]
