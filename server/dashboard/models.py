"""Wall displays: read-only boards on office walls, opened with a display token (DESIGN §10)."""

from __future__ import annotations

from django.db import models

from server.core.hashids import HashIdMixin


class WallDisplay(HashIdMixin, models.Model):
    """A named display token. Only the SHA-256 of the random token is stored; the token is shown once.

    A display token is accepted by two views only (the wall snapshot and the websocket ticket), and
    its sockets may subscribe to the `wall` topic only. Revoking closes its open sockets at once.
    """

    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        "accounts.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


# Month counts kept in the write path (server/dashboard/counters.py). Database triggers on the
# attendance logs and days append a delta row for every change that moves a count; readers add the
# month's totals and its deltas; `counters.compact` folds the deltas into the totals. Appending (not
# updating one row per month) keeps concurrent check-ins from queueing on a shared counter row.


class LogMonthTotal(models.Model):
    """Attendance logs of a month (of `log_date`, placement-local) with one status and man power type."""

    month = models.DateField(help_text="the first day of the month")
    status = models.CharField(max_length=32)
    man_power_type = models.CharField(max_length=16, default="")
    total = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["month", "status", "man_power_type"], name="dashboard_log_month_type_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} {self.status} {self.total}"


class LogMonthDelta(models.Model):
    """A change to LogMonthTotal not folded in yet (written by the triggers only)."""

    month = models.DateField()
    status = models.CharField(max_length=32)
    man_power_type = models.CharField(max_length=16, default="")
    total = models.IntegerField()

    class Meta:
        indexes = [models.Index(fields=["month"], name="dashboard_log_delta_month")]

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} {self.status} {self.total:+d}"


class DayMonthFields(models.Model):
    """One employee's AttendanceDay counts in one month: late and early-out days with their minutes,
    and the absences the dashboard counts. Per employee, so a month's distinct late (early-out)
    employees are the rows with late_days > 0 (> 0 early_days)."""

    month = models.DateField()
    employee_id = models.BigIntegerField()
    late_days = models.IntegerField(default=0)
    late_minutes = models.BigIntegerField(default=0)
    early_days = models.IntegerField(default=0)
    early_minutes = models.BigIntegerField(default=0)
    alpa = models.IntegerField(default=0, help_text="mangkir days")
    sakit = models.IntegerField(default=0)
    cuti = models.IntegerField(default=0)
    ctb = models.IntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.month:%Y-%m} employee {self.employee_id}: {self.late_days} late days"


class DayMonthTotal(DayMonthFields):
    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["month", "employee_id"], name="dashboard_day_month_total_key")
        ]


class DayMonthDelta(DayMonthFields):
    """A change to DayMonthTotal not folded in yet (written by the triggers only)."""

    class Meta:
        indexes = [models.Index(fields=["month"], name="dashboard_day_delta_month")]


class DayDateFields(models.Model):
    """The AttendanceDay counts of one date at one placement (`man_power_id` 0: days without one):
    the dashboard's "today" takes each placement's own today, so the counts are kept per placement."""

    date = models.DateField()
    man_power_id = models.BigIntegerField(help_text="0: no placement")
    checked_in = models.IntegerField(default=0)
    late = models.IntegerField(default=0)
    early_out = models.IntegerField(default=0)
    absent = models.IntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.date} placement {self.man_power_id}: {self.checked_in} checked in"


class DayDateTotal(DayDateFields):
    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["date", "man_power_id"], name="dashboard_day_date_total_key")
        ]


class DayDateDelta(DayDateFields):
    """A change to DayDateTotal not folded in yet (written by the triggers only)."""

    class Meta:
        indexes = [models.Index(fields=["date"], name="dashboard_day_date_delta_date")]
