"""Reads of announcements: status at a moment, list rows (web and mobile), the tag filter, and what an
employee may see (a query-time rule: published, due, and tagged with their man power type or 'all')."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from server.announcements import messages as msg
from server.announcements.content import content_snippet
from server.announcements.models import Announcement
from server.announcements.tags import ALL, tags_of
from server.core import clock
from server.core.clock import date_id
from server.core.hashids import get_by_hash_id
from server.workforce.models import Employee

DRAFT, SCHEDULED, PUBLISHED = "draft", "scheduled", "published"
WEB_ATTACHMENT_URL = "/api/web/v1/announcement/attachment/{hash_id}"
MOBILE_ATTACHMENT_URL = "/api/mobile/v1/announcement/{hash_id}/attachment"


def moment_text(value: datetime | None) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M:%S") if value is not None else ""


def moment_id(value: datetime) -> str:
    """'23 November 2026 14:05' in the server's time zone."""
    local = timezone.localtime(value)
    return f"{date_id(local.date())} {local:%H:%M}"


def announcement_status(announcement: Announcement, *, now: datetime | None = None) -> str:
    if not announcement.is_published:
        return DRAFT
    due = announcement.published_date
    if due is not None and due > (now or clock.now()):
        return SCHEDULED
    return PUBLISHED


def tag_condition(tag: str) -> Q:
    """Announcements meant for man power type `tag`: tagged with it (alone or among others) or 'all'."""
    return (
        Q(tags=ALL)
        | Q(tags=tag)
        | Q(tags__startswith=f"{tag},")
        | Q(tags__endswith=f",{tag}")
        | Q(tags__contains=f",{tag},")
    )


def announcement_row(
    announcement: Announcement, *, attachment_url: str = WEB_ATTACHMENT_URL
) -> dict[str, Any]:
    hash_id = announcement.hash_id
    return {
        "id": hash_id,
        "hash_id": hash_id,
        "title": announcement.title,
        "snippet": content_snippet(announcement.content),
        "is_published": 1 if announcement.is_published else 0,
        "is_important": 1 if announcement.is_important else 0,
        "status": announcement_status(announcement),
        "published_date": moment_text(announcement.published_date),
        "tag": tags_of(announcement.tags),
        "url_title": announcement.url_title,
        "url": announcement.url,
        "attachment": attachment_url.format(hash_id=hash_id) if announcement.attachment.name else "",
        "attachment_name": announcement.attachment_name if announcement.attachment.name else "",
        "created": moment_text(announcement.created),
        "creator_user_name": announcement.creator.fullname if announcement.creator is not None else "",
    }


def announcement_detail(announcement: Announcement) -> dict[str, Any]:
    return {**announcement_row(announcement), "content": announcement.content}


def announcement_list(*, tag: str = "", important: bool = False) -> QuerySet[Announcement]:
    """Every announcement (drafts too), newest first; `tag` empty or "all" means no filter."""
    queryset = Announcement.objects.select_related("creator")
    if tag and tag != ALL:
        queryset = queryset.filter(tag_condition(tag))
    if important:
        queryset = queryset.filter(is_important=True)
    return queryset.order_by("-created", "-pk")


def announcement_get(hash_id: str) -> Announcement:
    return get_by_hash_id(Announcement.objects.select_related("creator"), hash_id, message=msg.NOT_FOUND)


def announcements_for_employee(*, employee: Employee, now: datetime | None = None) -> QuerySet[Announcement]:
    """What the employee app lists: published and due, for the employee's man power type or everyone;
    important first, then the newest."""
    man_power_type = employee.man_power_type
    audience = tag_condition(man_power_type) if man_power_type else Q(tags=ALL)
    return (
        Announcement.objects.select_related("creator")
        .filter(audience, is_published=True, published_date__lte=now or clock.now())
        .order_by("-is_important", "-published_date", "-pk")
    )


def announcement_for_employee(*, employee: Employee, hash_id: str) -> Announcement:
    return get_by_hash_id(announcements_for_employee(employee=employee), hash_id, message=msg.NOT_FOUND)


def mobile_announcement_row(announcement: Announcement) -> dict[str, Any]:
    row = announcement_row(announcement, attachment_url=MOBILE_ATTACHMENT_URL)
    return {**row, "content": announcement.content, "url_full": f"http://{row['url']}" if row["url"] else ""}
