"""HR corrections of what the engine computed (doc2 §2.1-2.7, §3):

- LeaveAdjustment: a manual leave ("Cuti Manual") of one employee over a date range; it takes its
  working days off the balance through one leave ledger entry, and each of those days is a
  LeaveAdjustmentDay (one per employee and date, so two adjustments can never book the same day) that
  the attendance engine reads as cuti.
- AttendanceAdjustment: one submitted batch of the attendance adjustment screen (actual overtime,
  validity, standby per employee day), with its lines and the values the days held before.
"""

from __future__ import annotations

from django.db import models

from server.core.hashids import HashIdMixin
from server.core.records import CreatedByRecord
from server.workforce.models import EmployeeDayRecord


class LeaveAdjustment(CreatedByRecord, HashIdMixin):
    code = models.CharField(max_length=32, unique=True, help_text="form number, e.g. CM20260115-0001")
    employee = models.ForeignKey("workforce.Employee", on_delete=models.PROTECT, related_name="+")
    leave_year = models.PositiveIntegerField(help_text="the leave year of start_date (refresh on 15 January)")
    request_date = models.DateField()
    start_date = models.DateField()
    end_date = models.DateField()
    jumlah_hari_cuti = models.PositiveIntegerField(help_text="working days taken off the balance")
    description = models.TextField()
    attachment = models.FileField(upload_to="adjustment/%Y/%m/", max_length=255)
    attachment_name = models.CharField(max_length=255, blank=True, default="")
    current_cuti_saldo = models.IntegerField(help_text="saldo before")
    new_cuti_saldo = models.IntegerField(help_text="saldo after minus hutang after (negative: hutang)")
    ledger_entry = models.ForeignKey(
        "leave.LeaveLedgerEntry", null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta(CreatedByRecord.Meta):
        indexes = [models.Index(fields=["leave_year"]), models.Index(fields=["created"])]

    def __str__(self) -> str:
        return self.code


class LeaveAdjustmentDay(EmployeeDayRecord):
    adjustment = models.ForeignKey(LeaveAdjustment, on_delete=models.CASCADE, related_name="days")

    class Meta:
        ordering = ["employee", "date"]
        constraints = [
            models.UniqueConstraint(fields=["employee", "date"], name="adjustments_leave_day_unique")
        ]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.date}"


class AttendanceAdjustment(CreatedByRecord, HashIdMixin):
    form_number = models.CharField(max_length=32, unique=True, help_text="e.g. PK20260115-0001")
    start_date = models.DateField()
    end_date = models.DateField()
    adjustment_total = models.PositiveIntegerField()
    man_power_name = models.CharField(max_length=150, blank=True, default="", help_text="most lines")
    fingerprint = models.CharField(max_length=64, db_index=True, help_text="of the submitted lines")

    def __str__(self) -> str:
        return self.form_number

    @property
    def creator_name(self) -> str:
        """Who submitted it ('' once that user is deleted)."""
        return self.creator.fullname if self.creator is not None else ""


class AttendanceAdjustmentLine(EmployeeDayRecord):
    adjustment = models.ForeignKey(AttendanceAdjustment, on_delete=models.CASCADE, related_name="lines")
    actual_overtime_minutes = models.PositiveIntegerField()
    is_valid = models.BooleanField()
    standby = models.BooleanField()
    previous_actual_overtime_minutes = models.PositiveIntegerField(null=True, blank=True)
    previous_is_valid = models.BooleanField()
    previous_standby = models.BooleanField()

    class Meta:
        ordering = ["adjustment", "employee", "date"]
        indexes = [models.Index(fields=["employee", "date"]), models.Index(fields=["date"])]

    def __str__(self) -> str:
        return f"{self.adjustment_id} {self.employee_id} {self.date}"
