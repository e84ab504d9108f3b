"""Announcements (Pengumuman): sanitised rich text for the workforce by man power type (doc1 §2.10)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from server.core.hashids import HashIdMixin


class Announcement(HashIdMixin, models.Model):
    title = models.CharField(max_length=200)
    content = models.TextField(
        blank=True, default="", help_text="sanitised HTML (server.announcements.content)"
    )
    is_published = models.BooleanField(default=False)
    is_important = models.BooleanField(default=False)
    published_date = models.DateTimeField(
        null=True, blank=True, help_text="visible to employees from this moment once published"
    )
    tags = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="'all' or man power types joined by ',' (canonical order)",
    )
    url_title = models.CharField(max_length=200, blank=True, default="")
    url = models.CharField(max_length=500, blank=True, default="", help_text="without the scheme")
    attachment = models.FileField(upload_to="announcement/%Y/%m/", blank=True, default="", max_length=255)
    attachment_name = models.CharField(max_length=255, blank=True, default="", help_text="name as uploaded")
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="announcements",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [
            models.Index(fields=["-created"], name="announcement_created"),
            models.Index(fields=["is_published", "published_date"], name="announcement_visible"),
        ]

    def __str__(self) -> str:
        return self.title
