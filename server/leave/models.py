"""The leave ledger: every change to an employee's balance (saldo, terpakai, hutang) with its reason."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class LeaveReason(models.TextChoices):
    YEARLY_REFRESH = "yearly_refresh", "Pembaruan tahunan"
    IZIN = "izin", "Izin cuti disetujui"
    IZIN_REVERSED = "izin_reversed", "Izin cuti dibatalkan"
    COLLECTIVE_LEAVE = "collective_leave", "Cuti bersama"
    MANUAL = "manual", "Penyesuaian manual"
    OPENING = "opening", "Saldo awal"


class LeaveLedgerEntry(HashIdMixin, models.Model):
    employee = models.ForeignKey("workforce.Employee", on_delete=models.CASCADE, related_name="leave_ledger")
    date = models.DateField()
    reason = models.CharField(max_length=24, choices=LeaveReason.choices)
    saldo_change = models.IntegerField(default=0)
    terpakai_change = models.IntegerField(default=0)
    hutang_change = models.IntegerField(default=0)
    saldo_after = models.IntegerField()
    terpakai_after = models.IntegerField()
    hutang_after = models.IntegerField()
    reference = models.CharField(
        max_length=64, blank=True, default="", help_text="e.g. izin:<id>, holiday:<date>"
    )
    description = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["employee", "created", "pk"]
        indexes = [models.Index(fields=["employee", "date"]), models.Index(fields=["reference"])]

    def __str__(self) -> str:
        return f"{self.employee_id} {self.reason} {self.saldo_change:+d}"
