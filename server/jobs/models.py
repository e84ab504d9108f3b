"""A background job (DESIGN §11): what runs, how far it got, what went wrong and what it produced."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Menunggu"
    RUNNING = "running", "Berjalan"
    SUCCEEDED = "succeeded", "Berhasil"
    FAILED = "failed", "Gagal"
    CANCELLED = "cancelled", "Dibatalkan"


ACTIVE_STATUSES = (JobStatus.QUEUED, JobStatus.RUNNING)


class Job(HashIdMixin, models.Model):
    kind = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=16, choices=JobStatus.choices, default=JobStatus.QUEUED)
    params = models.JSONField(default=dict, blank=True)
    processed = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0, help_text="0 while unknown")
    errors = models.JSONField(default=list, blank=True, help_text="the first errors: [{item, message}]")
    error_count = models.PositiveIntegerField(default=0, help_text="every error, also those not kept")
    result = models.JSONField(default=dict, blank=True)
    message = models.CharField(max_length=255, blank=True, default="", help_text="the final message")
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    idempotency_key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    cancel_requested = models.BooleanField(default=False)
    worker = models.CharField(max_length=200, blank=True, default="", help_text="host:pid running it")
    heartbeat = models.DateTimeField(null=True, blank=True, help_text="lease: renewed while it runs")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [
            models.Index(fields=["status", "heartbeat"]),
            models.Index(fields=["kind", "created"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.status} {self.processed}/{self.total}"

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES


class JobRecord(models.Model):
    """A record whose work runs as a background job (the job that made it, while it is kept)."""

    job = models.ForeignKey(Job, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        abstract = True
