"""Builders of the announcement tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from server.accounts.models import User
from server.announcements.models import Announcement

BASE = "/api/web/v1/announcement"


def later(minutes: int = 10) -> datetime:
    return timezone.now() + timedelta(minutes=minutes)


def local_text(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def form(**overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "title": "Libur Nasional",
        "content": "<p>Kantor <strong>tutup</strong> pada hari libur.</p>",
        "is_published": "0",
        "is_important": "0",
        "published_date": "",
        "tag": "office, pool",
        "url_title": "",
        "url": "",
    }
    values.update(overrides)
    return {key: value for key, value in values.items() if value is not None}


def make_announcement(
    *,
    title: str = "Pengumuman",
    tags: str = "all",
    published: bool = True,
    important: bool = False,
    published_date: datetime | None = None,
    creator: User | None = None,
    content: str = "<p>Isi pengumuman.</p>",
) -> Announcement:
    return Announcement.objects.create(
        title=title,
        content=content,
        tags=tags,
        is_published=published,
        is_important=important,
        published_date=published_date if published_date is not None else timezone.now() - timedelta(hours=1),
        creator=creator,
    )
