# UserLevel now lives in accounts (accounts 0004 takes over its state); the table stays.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("access", "0002_initial"),
        ("accounts", "0004_userlevel_from_access"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="UserLevel")],
            database_operations=[],
        ),
    ]
