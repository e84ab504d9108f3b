"""The workforce: man power hierarchy (type > name > team > group) and employees."""

from __future__ import annotations

from django.contrib.auth.hashers import check_password, make_password
from django.db import models

from server.core.flags import MAN_POWER_TYPES
from server.core.hashids import HashIdMixin
from server.core.records import NamedRecord


class ManPowerType(models.TextChoices):
    OFFICE = "office", "Office"
    POOL = "pool", "Pool"
    SITE = "site", "Site"
    TUG_BOAT = "tug_boat", "Tug Boat"


assert tuple(ManPowerType.values) == MAN_POWER_TYPES

MAN_POWER_TYPE_LABELS: dict[str, str] = dict(ManPowerType.choices)


def man_power_type_label(code: str | None) -> str:
    """What the screens and files show for a man power type code ('Office', 'Tug Boat')."""
    return MAN_POWER_TYPE_LABELS.get(code or "", code or "")


class ManPower(HashIdMixin, models.Model):
    """A placement (man power name): a place with coordinates and the radius check-ins must fall in."""

    type = models.CharField(max_length=16, choices=ManPowerType.choices, db_index=True)
    name = models.CharField(max_length=150)
    latitude = models.FloatField()
    longitude = models.FloatField()
    max_radius = models.PositiveIntegerField(help_text="metres")
    timezone = models.CharField(max_length=64, default="Asia/Jakarta")
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["type", "name"]
        constraints = [
            models.UniqueConstraint(fields=["type", "name"], name="workforce_man_power_type_name_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Subdivision(NamedRecord):
    """A named part of the level above it (a placement's teams, a team's groups); the name is unique
    within its parent (each subclass's constraint)."""

    class Meta(NamedRecord.Meta):
        abstract = True


class ManPowerTeam(Subdivision):
    man_power = models.ForeignKey(ManPower, on_delete=models.CASCADE, related_name="teams")

    class Meta(Subdivision.Meta):
        constraints = [models.UniqueConstraint(fields=["man_power", "name"], name="workforce_team_unique")]


class ManPowerGroup(Subdivision):
    team = models.ForeignKey(ManPowerTeam, on_delete=models.CASCADE, related_name="groups")

    class Meta(Subdivision.Meta):
        constraints = [models.UniqueConstraint(fields=["team", "name"], name="workforce_group_unique")]


class AttendanceLocationType(models.TextChoices):
    """`placement`: check-ins must fall inside the placement radius; `anywhere`: location is not checked."""

    PLACEMENT = "placement", "Lokasi penempatan"
    ANYWHERE = "anywhere", "Di mana saja"


class Employee(HashIdMixin, models.Model):
    employee_number = models.CharField(max_length=32, unique=True)
    employee_number_formatted = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=150, db_index=True)
    email = models.EmailField(blank=True, default="", db_index=True)
    photo = models.CharField(
        max_length=255, blank=True, default="", help_text="path under MEDIA_ROOT or a URL"
    )
    birth_date = models.DateField(null=True, blank=True)
    joined_date = models.DateField(null=True, blank=True)
    job_title = models.CharField(max_length=150, blank=True, default="")
    man_power = models.ForeignKey(
        ManPower, null=True, blank=True, on_delete=models.PROTECT, related_name="employees"
    )
    man_power_team = models.ForeignKey(
        ManPowerTeam, null=True, blank=True, on_delete=models.SET_NULL, related_name="employees"
    )
    man_power_group = models.ForeignKey(
        ManPowerGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="employees"
    )
    supervisor = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="subordinates"
    )
    group_head = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    shift_pattern = models.ForeignKey(
        "schedules.ShiftPattern", null=True, blank=True, on_delete=models.PROTECT, related_name="employees"
    )
    attendance_location_type = models.CharField(
        max_length=16, choices=AttendanceLocationType.choices, default=AttendanceLocationType.PLACEMENT
    )
    is_active = models.BooleanField(default=True, help_text="False once resigned")
    resigned_date = models.DateField(null=True, blank=True)
    is_owner = models.BooleanField(default=False, help_text="'Is Owner': receives forced izin approvals")
    attendance_disabled = models.BooleanField(default=False)
    force_approval_permission = models.BooleanField(default=False)
    cuti_saldo = models.IntegerField(default=0, help_text="annual leave balance, days")
    cuti_terpakai = models.IntegerField(default=0, help_text="leave used this period, days")
    cuti_hutang = models.IntegerField(default=0, help_text="leave taken beyond the balance, days")
    mobile_password = models.CharField(max_length=128, blank=True, default="")

    class Meta:
        ordering = ["name"]
        indexes = [
            models.Index(fields=["is_active", "name"]),
            models.Index(fields=["man_power", "is_active"]),
        ]

    def __str__(self) -> str:
        return f"{self.employee_number_formatted} {self.name}"

    @property
    def man_power_type(self) -> str:
        return self.man_power.type if self.man_power_id and self.man_power else ""

    def set_mobile_password(self, raw: str) -> None:
        self.mobile_password = make_password(raw)

    def check_mobile_password(self, raw: str) -> bool:
        """Without an app password yet it is False, after the same hash work as a real check (Django
        hashes a dummy for an unusable password), so the answer's time does not tell them apart."""
        return check_password(raw, self.mobile_password)


class EmployeeDayRecord(models.Model):
    """A record about one employee on one date (an uploaded day, an adjusted day); deleted with the
    employee."""

    employee = models.ForeignKey(Employee, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()

    class Meta:
        abstract = True
