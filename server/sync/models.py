"""Payroll syncs (doc2 §2.12, §3): each push has a sync code and the lines it sent; the current line
of each sent day carries a fingerprint of what was sent, so an unchanged day is never sent again and
a changed one is sent as an update."""

from __future__ import annotations

from datetime import time

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin
from server.core.records import NewestFirstRecord
from server.jobs.models import JobRecord


class SyncType(models.TextChoices):
    DEFAULT = "default", "Karyawan aktif"
    RESIGNED = "resigned-payroll", "Karyawan sudah resign"


class PayrollSync(NewestFirstRecord, JobRecord, HashIdMixin):
    sync_code = models.CharField(max_length=32, unique=True)
    type = models.CharField(max_length=20, choices=SyncType.choices, default=SyncType.DEFAULT)
    start_date = models.DateField()
    end_date = models.DateField()
    params = models.JSONField(default=dict, blank=True)
    jumlah_data = models.PositiveIntegerField(default=0, help_text="lines the payroll application accepted")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    def __str__(self) -> str:
        return self.sync_code

    @property
    def user_name(self) -> str:
        """Who sent it ('' when the user is gone)."""
        return self.user.fullname if self.user_id and self.user else ""


class PayrollSyncLine(models.Model):
    """One day one sync sent. The line of a day's last send is current: its fingerprint says what the
    payroll application holds, so an unchanged day is not sent again (a resend clears the old flag)."""

    # Both keys lead a composite index below; their own indexes would only slow the bulk inserts.
    sync = models.ForeignKey(PayrollSync, on_delete=models.CASCADE, related_name="lines", db_index=False)
    employee = models.ForeignKey(
        "workforce.Employee", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    date = models.DateField()
    is_update = models.BooleanField(default=False, help_text="the day had been sent before and changed")
    batch = models.PositiveIntegerField()
    attendance_adjustment_code = models.CharField(max_length=40, blank=True, default="")
    fingerprint = models.CharField(max_length=64, default="")
    is_current = models.BooleanField(default=True)

    class Meta:
        ordering = ["sync", "employee", "date"]
        indexes = [
            models.Index(fields=["sync", "batch"]),
            models.Index(fields=["employee", "date", "is_current"]),
        ]

    def __str__(self) -> str:
        return f"{self.sync_id} {self.employee_id} {self.date}"


class SyncSchedule(models.Model):
    """The schedule of the HR pull (one row, pk 1): off by default; when on, Celery beat starts the
    same job as 'Sinkronisasi Data' once a day at `hr_pull_time` (server time zone)."""

    hr_pull_enabled = models.BooleanField(default=False)
    hr_pull_time = models.TimeField(default=time(2, 0))
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"hr pull {'on' if self.hr_pull_enabled else 'off'} {self.hr_pull_time:%H:%M}"
