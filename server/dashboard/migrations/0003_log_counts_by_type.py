"""The log month counts keyed by man power type too (a scoped approver's dashboard sums its types).

The triggers are dropped, the column added, the triggers made again from server/dashboard/counters.py
and the counts rebuilt from the rows (on a new database this is where the triggers are first made)."""

from django.db import migrations, models


def drop_triggers(apps, schema_editor):
    from server.dashboard import counters

    for statement in counters.drop_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def create_triggers(apps, schema_editor):
    from server.dashboard import counters

    for statement in counters.trigger_statements(schema_editor.connection.vendor):
        schema_editor.execute(statement, params=None)


def count_existing_rows(apps, schema_editor):
    from server.dashboard import counters

    counters.rebuild(using=schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [
        ("dashboard", "0002_month_counts"),
    ]

    operations = [
        migrations.RunPython(drop_triggers, migrations.RunPython.noop),
        migrations.AddField(
            model_name="logmonthdelta",
            name="man_power_type",
            field=models.CharField(default="", max_length=16),
        ),
        migrations.AddField(
            model_name="logmonthtotal",
            name="man_power_type",
            field=models.CharField(default="", max_length=16),
        ),
        migrations.RemoveConstraint(
            model_name="logmonthtotal",
            name="dashboard_log_month_total_key",
        ),
        migrations.AddConstraint(
            model_name="logmonthtotal",
            constraint=models.UniqueConstraint(
                fields=("month", "status", "man_power_type"), name="dashboard_log_month_type_key"
            ),
        ),
        migrations.RunPython(create_triggers, drop_triggers),
        migrations.RunPython(count_existing_rows, migrations.RunPython.noop),
    ]
