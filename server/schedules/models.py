"""Work schedules: shifts, repeating shift patterns, holidays, and the other calendar settings."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin
from server.core.records import NamedRecord


class ShiftType(models.TextChoices):
    WORKING = "working_shift", "Jam kerja"
    NON_WORKING = "non_working_shift", "Libur"


class Shift(HashIdMixin, models.Model):
    """Working hours. time_out < time_in means the shift crosses midnight."""

    code = models.CharField(max_length=32, unique=True)
    name = models.CharField(max_length=150)
    type = models.CharField(max_length=24, choices=ShiftType.choices, default=ShiftType.WORKING)
    time_in = models.TimeField()
    time_out = models.TimeField()
    break_start = models.TimeField(null=True, blank=True)
    break_end = models.TimeField(null=True, blank=True)
    late_in_minutes = models.PositiveSmallIntegerField(default=0, help_text="late tolerance")
    early_out_minutes = models.PositiveSmallIntegerField(default=0, help_text="early-out tolerance")
    minimum_check_in_time = models.PositiveSmallIntegerField(default=2, help_text="hours before time_in")
    minimum_check_out_time = models.PositiveSmallIntegerField(default=0, help_text="hours")
    maximum_check_out_time = models.PositiveSmallIntegerField(default=6, help_text="hours after time_out")

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    @property
    def is_working(self) -> bool:
        return self.type == ShiftType.WORKING

    @property
    def crosses_midnight(self) -> bool:
        return self.is_working and self.time_out <= self.time_in


class ShiftPattern(HashIdMixin, models.Model):
    """`day_circle_number` days repeating from `starting_date`; content item k is day k of the cycle."""

    code = models.CharField(max_length=32, unique=True)
    name = models.CharField(max_length=150)
    type = models.CharField(max_length=16, default="fix")
    starting_date = models.DateField()
    day_circle_number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.code} {self.name}"


class ShiftPatternContent(HashIdMixin, models.Model):
    pattern = models.ForeignKey(ShiftPattern, on_delete=models.CASCADE, related_name="contents")
    day_number = models.PositiveSmallIntegerField()
    shift = models.ForeignKey(Shift, on_delete=models.PROTECT, related_name="pattern_contents")

    class Meta:
        ordering = ["pattern", "day_number"]
        constraints = [
            models.UniqueConstraint(fields=["pattern", "day_number"], name="schedules_pattern_day_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.pattern_id} day {self.day_number}"


class Holiday(HashIdMixin, models.Model):
    """A public holiday over a date range; some of its days may be collective leave (cuti bersama)."""

    name = models.CharField(max_length=150)
    start_date = models.DateField(db_index=True)
    end_date = models.DateField()

    class Meta:
        ordering = ["start_date"]

    def __str__(self) -> str:
        return self.name


class HolidayDate(models.Model):
    holiday = models.ForeignKey(Holiday, on_delete=models.CASCADE, related_name="dates")
    date = models.DateField(db_index=True)
    is_collective_leave = models.BooleanField(default=False)

    class Meta:
        ordering = ["date"]
        constraints = [
            models.UniqueConstraint(fields=["holiday", "date"], name="schedules_holiday_date_unique")
        ]

    def __str__(self) -> str:
        return f"{self.date}"


class BlacklistApp(HashIdMixin, models.Model):
    """A mobile app package. is_allow=False blocks check-ins from a phone that has it installed."""

    name = models.CharField(max_length=150)
    package_id = models.CharField(max_length=255, unique=True)
    is_allow = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.package_id


class LeaveKind(NamedRecord):
    """A kind of leave the settings screens name and code (codes unique)."""

    code = models.CharField(max_length=32, unique=True)

    class Meta(NamedRecord.Meta):
        abstract = True


class SpecialLeave(LeaveKind):
    """Cuti khusus (marriage, bereavement, ...): a fixed number of days that do not use the balance."""

    jumlah_hari = models.PositiveSmallIntegerField()


class AdditionalLeave(LeaveKind):
    """Cuti tambahan: an extra annual-leave category."""


class SystemTrouble(HashIdMixin, models.Model):
    """A day the check-in system was down: a missing check-in that day is not counted as absence."""

    date = models.DateField(unique=True)
    description = models.TextField()

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{self.date}"


class ApprovalSla(models.Model):
    """The deadlines of the approval queues (one row, pk 1; DESIGN §20): a waiting item older than its
    queue's hours is overdue, and the named user logins hear of it once (server/schedules/sla.py)."""

    attendance_hours = models.PositiveSmallIntegerField(default=24)
    permission_hours = models.PositiveSmallIntegerField(default=48)
    escalate_to = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"approval sla {self.attendance_hours}/{self.permission_hours}"


class SlaEscalation(models.Model):
    """One overdue item escalated: unique per (queue, item), so an item is escalated once however often
    the job runs and however many workers run it at the same time."""

    queue = models.CharField(max_length=16)
    item_id = models.BigIntegerField()
    run = models.UUIDField(db_index=True, help_text="the job run that escalated it")
    escalated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["queue", "item_id"], name="sla_escalation_once")]

    def __str__(self) -> str:
        return f"{self.queue} {self.item_id}"
