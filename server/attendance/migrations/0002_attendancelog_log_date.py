"""AttendanceLog.log_date: the log's date in its placement's time zone (README "Time zones"), filled for
the rows that exist."""

from typing import Any

from django.conf import settings
from django.db import migrations, models

BATCH = 5000


def fill_log_dates(apps: Any, schema_editor: Any) -> None:
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE attendance_attendancelog AS log SET log_date = (log.log_datetime AT TIME ZONE "
                "COALESCE(NULLIF(mp.timezone, ''), %s))::date "
                "FROM workforce_manpower AS mp WHERE mp.id = log.man_power_id",
                [settings.TIME_ZONE],
            )
            cursor.execute(
                "UPDATE attendance_attendancelog SET log_date = (log_datetime AT TIME ZONE %s)::date "
                "WHERE log_date IS NULL",
                [settings.TIME_ZONE],
            )
        return
    from server.core.clock import local_date

    AttendanceLog = apps.get_model("attendance", "AttendanceLog")
    ManPower = apps.get_model("workforce", "ManPower")
    zones = dict(ManPower.objects.values_list("pk", "timezone"))
    pending = []
    for log in AttendanceLog.objects.only("pk", "log_datetime", "man_power_id").iterator(chunk_size=BATCH):
        log.log_date = local_date(log.log_datetime, zones.get(log.man_power_id))
        pending.append(log)
        if len(pending) >= BATCH:
            AttendanceLog.objects.bulk_update(pending, ["log_date"])
            pending = []
    if pending:
        AttendanceLog.objects.bulk_update(pending, ["log_date"])


class Migration(migrations.Migration):
    dependencies = [
        ("attendance", "0001_initial"),
        ("workforce", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="attendancelog",
            name="log_date",
            field=models.DateField(null=True),
        ),
        migrations.RunPython(fill_log_dates, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="attendancelog",
            name="log_date",
            field=models.DateField(
                help_text="the date of log_datetime in its placement's time zone (filled on write; every "
                "date filter and count selects by it)"
            ),
        ),
        migrations.AddIndex(
            model_name="attendancelog",
            index=models.Index(fields=["status", "man_power_type", "log_date"], name="attendance_log_status_date"),
        ),
        migrations.AddIndex(
            model_name="attendancelog",
            index=models.Index(fields=["log_date"], name="attendance_log_date"),
        ),
    ]
