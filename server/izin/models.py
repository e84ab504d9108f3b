"""Izin (permission) types and requests: leave, sick, forgotten check-in/out, special leave."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class IzinCode(models.TextChoices):
    CUTI = "cuti", "Cuti"
    CUTI_TIDAK_BERBAYAR = "cuti_tidak_berbayar", "Cuti Tidak Berbayar"
    SAKIT = "sakit", "Sakit"
    LUPA_ABSEN_DATANG = "lupa_absen_datang", "Lupa Absen Datang"
    LUPA_ABSEN_PULANG = "lupa_absen_pulang", "Lupa Absen Pulang"
    CUTI_KHUSUS = "cuti_khusus", "Cuti Khusus"
    IZIN = "izin", "Izin"


class IzinType(HashIdMixin, models.Model):
    code = models.CharField(max_length=32, choices=IzinCode.choices, unique=True)
    name = models.CharField(max_length=100)
    deducts_leave = models.BooleanField(default=False, help_text="approved days come off the annual balance")
    requires_attachment = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class IzinStatus(models.TextChoices):
    WAITING_APPROVAL = "waiting_approval", "Menunggu Persetujuan"
    APPROVED = "approved", "Disetujui"
    REJECTED = "rejected", "Ditolak"


class IzinRequest(HashIdMixin, models.Model):
    employee = models.ForeignKey("workforce.Employee", on_delete=models.CASCADE, related_name="izin_requests")
    izin_type = models.ForeignKey(IzinType, on_delete=models.PROTECT, related_name="requests")
    special_leave = models.ForeignKey(
        "schedules.SpecialLeave", null=True, blank=True, on_delete=models.PROTECT, related_name="requests"
    )
    start_date = models.DateField()
    end_date = models.DateField()
    total_days = models.PositiveSmallIntegerField()
    description = models.TextField(blank=True, default="")
    attachment = models.FileField(upload_to="permission/%Y/%m/", blank=True, default="")
    status = models.CharField(max_length=20, choices=IzinStatus.choices, default=IzinStatus.WAITING_APPROVAL)
    approver = models.ForeignKey(
        "workforce.Employee",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="izin_to_approve",
        help_text="the addressed approver: the supervisor, or the owner when forced",
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.TextField(blank=True, default="")
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["status", "created"]),
            models.Index(fields=["employee", "start_date"]),
            models.Index(fields=["approver", "status"]),
        ]

    def __str__(self) -> str:
        return f"{self.izin_type_id} {self.employee_id} {self.start_date}"

    def dates(self) -> list[date]:
        """Every date the request covers, start to end."""
        return [
            self.start_date + timedelta(days=i) for i in range((self.end_date - self.start_date).days + 1)
        ]
