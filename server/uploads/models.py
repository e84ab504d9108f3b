"""Manual attendance uploads (doc2 §2.4, §2.8, §3): one record per imported file and one line per
imported row. A line marks its employee-day as made by manual upload (one line per day at most, so
a day is never uploaded twice); the attendance itself is written as manual-approved logs (and a sick
izin for 'sakit') through the engine, and AttendanceDay is recomputed from them."""

from __future__ import annotations

from django.db import models

from server.core.hashids import HashIdMixin
from server.core.records import CreatedByRecord
from server.jobs.models import JobRecord
from server.workforce.models import EmployeeDayRecord


class UploadCode(models.TextChoices):
    HADIR = "", "Hadir"
    SAKIT = "sakit", "Sakit"
    SHIFT_OFF = "shift_off", "Masuk di hari libur shift"


class ManualUpload(CreatedByRecord, JobRecord, HashIdMixin):
    form_number = models.CharField(max_length=32, unique=True)
    man_power = models.ForeignKey("workforce.ManPower", on_delete=models.PROTECT, related_name="+")
    start_date = models.DateField()
    end_date = models.DateField()
    total_data = models.PositiveIntegerField(default=0, help_text="imported rows (employee-days)")
    file_name = models.CharField(max_length=255)

    def __str__(self) -> str:
        return self.form_number


class ManualUploadLine(EmployeeDayRecord):
    """One uploaded employee-day: what the file said and what was written for it."""

    upload = models.ForeignKey(ManualUpload, on_delete=models.CASCADE, related_name="lines")
    row_number = models.PositiveIntegerField(help_text="the row of the uploaded sheet")
    check_in = models.TimeField(null=True, blank=True)
    check_out = models.TimeField(null=True, blank=True)
    code = models.CharField(max_length=16, choices=UploadCode.choices, blank=True, default="")
    lembur_aktual = models.DecimalField(
        max_digits=5, decimal_places=2, null=True, blank=True, help_text="hours"
    )
    check_in_log = models.ForeignKey(
        "attendance.AttendanceLog", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    check_out_log = models.ForeignKey(
        "attendance.AttendanceLog", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    izin = models.ForeignKey(
        "izin.IzinRequest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["upload", "row_number"]
        constraints = [
            models.UniqueConstraint(fields=["employee", "date"], name="manual_upload_line_day_unique")
        ]

    def __str__(self) -> str:
        return f"{self.upload_id} {self.employee_id} {self.date}"
