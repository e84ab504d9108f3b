"""Writes of announcements: save a draft, publish (now or scheduled), toggle important, delete.

A published announcement (its published date reached) is read-only (409); a scheduled one (published
date still ahead) stays editable, or can be turned back into a draft, until then. Publishing checks
the rules of spec doc1 §5 and a published date at least MIN_LEAD ahead (the web picker's minimum).
Every write tells the
`announcement` topic after commit; attachment files are written before the transaction and removed
again when it fails, and a replaced or deleted attachment is removed only after the commit.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from rest_framework.exceptions import NotFound

from server.accounts.models import User
from server.announcements import messages as msg
from server.announcements.attachments import ANNOUNCEMENT_ATTACHMENT
from server.announcements.content import content_sanitise, content_text
from server.announcements.models import Announcement
from server.announcements.selectors import PUBLISHED, announcement_get, announcement_status
from server.announcements.tags import tags_store
from server.announcements.topics import announcement_publish
from server.audit.services import ObjectAudit, audit_snapshot
from server.core.attachments import attachment_display_name, attachment_sniff
from server.core.envelope import Conflict, Unprocessable
from server.core.media import media_store

MIN_LEAD = timedelta(minutes=4)
MAX_CONTENT = 200_000


@dataclass
class AnnouncementInput:
    title: str = ""
    content: str = ""
    publish: bool = False
    is_important: bool = False
    published_date: datetime | None = None
    tags: list[str] = field(default_factory=list)
    url_title: str = ""
    url: str = ""
    attachment: File[bytes] | None = None
    remove_attachment: bool = False


def earliest_publish_date(now: datetime) -> datetime:
    """The earliest published date accepted at `now`: MIN_LEAD ahead, to the minute (as pickers choose)."""
    return (now + MIN_LEAD).replace(second=0, microsecond=0)


def _clean(values: AnnouncementInput, *, now: datetime) -> tuple[str, dict[str, list[str]]]:
    """The sanitised content and the errors of `values` (publish rules only when publishing)."""
    errors: dict[str, list[str]] = {}
    title = values.title.strip()
    if not title:
        errors["title"] = [msg.TITLE_REQUIRED]
    elif len(title) > 200:
        errors["title"] = [msg.TITLE_TOO_LONG]
    content = content_sanitise(values.content) if len(values.content) <= MAX_CONTENT else ""
    if len(values.content) > MAX_CONTENT:
        errors["content"] = [msg.CONTENT_TOO_LONG]
    if values.publish:
        if not values.tags:
            errors["tag"] = [msg.TAG_REQUIRED]
        if values.published_date is None:
            errors["published_date"] = [msg.DATE_REQUIRED]
        elif values.published_date < earliest_publish_date(now):
            errors["published_date"] = [msg.DATE_TOO_SOON.format(minutes=int(MIN_LEAD.total_seconds() // 60))]
        if "content" not in errors and not content_text(content):
            errors["content"] = [msg.CONTENT_REQUIRED]
    return content, errors


def _store_attachment(upload: File[bytes] | None, *, now: datetime) -> tuple[str, str]:
    """(stored path, display name) of a new upload, or ('', '') without one."""
    if upload is None:
        return "", ""
    sniffed = attachment_sniff(upload, ANNOUNCEMENT_ATTACHMENT)
    upload.seek(0)
    stored = media_store(folder="announcement", when=now, extension=sniffed.extension, content=upload.read())
    return stored, attachment_display_name(upload.name or "", sniffed.extension)


def _delete_file_after_commit(path: str) -> None:
    if path:
        transaction.on_commit(lambda: default_storage.delete(path))


def _apply(announcement: Announcement, values: AnnouncementInput, content: str) -> None:
    announcement.title = values.title.strip()
    announcement.content = content
    announcement.is_published = values.publish
    announcement.is_important = values.is_important
    announcement.published_date = values.published_date
    announcement.tags = tags_store(values.tags)
    announcement.url_title = values.url_title.strip()
    announcement.url = values.url


ANNOUNCEMENT_AUDIT_FIELDS = (
    "title",
    "content",
    "is_published",
    "is_important",
    "published_date",
    "tags",
    "url_title",
    "url",
    "attachment_name",
)


_audit = ObjectAudit("announcement", label=lambda announcement: announcement.title)


def _announcement_audit(announcement: Announcement, action: str, before: dict[str, Any]) -> None:
    after = audit_snapshot(announcement, ANNOUNCEMENT_AUDIT_FIELDS)
    _audit(announcement, action, before, {k: after[k] for k in before} if before else after)


def _event_type(announcement: Announcement, *, created: bool) -> str:
    if announcement.is_published:
        return "published"
    return "created" if created else "updated"


@contextmanager
def _saving(values: AnnouncementInput, *, now: datetime) -> Iterator[tuple[str, str, str]]:
    """A save of `values`: 422 with the first error unless they are valid, then the new attachment
    stored and (sanitised content, stored path, display name) for one transaction; the stored file
    is deleted again when the save fails."""
    content, errors = _clean(values, now=now)
    if errors:
        raise Unprocessable(next(iter(errors.values()))[0], errors=errors)
    stored, name = _store_attachment(values.attachment, now=now)
    try:
        with transaction.atomic():
            yield content, stored, name
    except BaseException:
        if stored:
            default_storage.delete(stored)
        raise


def announcement_create(
    *, creator: User, values: AnnouncementInput, now: datetime | None = None
) -> Announcement:
    now = now or timezone.now()
    with _saving(values, now=now) as (content, stored, name):
        announcement = Announcement(creator=creator)
        _apply(announcement, values, content)
        announcement.attachment.name = stored
        announcement.attachment_name = name
        announcement.save()
        _announcement_audit(announcement, "create", {})
        announcement_publish(_event_type(announcement, created=True), announcement)
    return announcement


def announcement_update(
    *, hash_id: str, values: AnnouncementInput, now: datetime | None = None
) -> Announcement:
    """Save changes to a draft or a scheduled announcement (and publish or schedule it when
    `values.publish`, or take it back to a draft); 409 once it is published (its date reached)."""
    now = now or timezone.now()
    if _read_only(announcement_get(hash_id), now=now):
        raise Conflict(msg.PUBLISHED_READ_ONLY)
    with _saving(values, now=now) as (content, stored, name):
        announcement = _locked(hash_id)
        if _read_only(announcement, now=now):
            raise Conflict(msg.PUBLISHED_READ_ONLY)
        previous = announcement.attachment.name or ""
        before = audit_snapshot(announcement, ANNOUNCEMENT_AUDIT_FIELDS)
        _apply(announcement, values, content)
        if stored or values.remove_attachment:
            announcement.attachment.name = stored
            announcement.attachment_name = name
            _delete_file_after_commit(previous)
        announcement.save()
        _announcement_audit(announcement, "update", before)
        announcement_publish(_event_type(announcement, created=False), announcement)
    return announcement


def _read_only(announcement: Announcement, *, now: datetime) -> bool:
    """Published and due: employees may have read it, so it no longer changes (scheduled: editable)."""
    return announcement_status(announcement, now=now) == PUBLISHED


def _locked(hash_id: str) -> Announcement:
    """The announcement, locked for this transaction; 404 when missing (or deleted meanwhile)."""
    pk = announcement_get(hash_id).pk
    announcement = Announcement.objects.select_for_update().filter(pk=pk).first()
    if announcement is None:
        raise NotFound(msg.NOT_FOUND)
    return announcement


@transaction.atomic
def announcement_important_set(*, hash_id: str, important: bool) -> Announcement:
    announcement = _locked(hash_id)
    if announcement.is_important != important:
        announcement.is_important = important
        announcement.save(update_fields=["is_important", "updated"])
        _announcement_audit(announcement, "update", {"is_important": not important})
    announcement_publish("important", announcement)
    return announcement


@transaction.atomic
def announcement_delete(*, hash_id: str) -> None:
    announcement = _locked(hash_id)
    path = announcement.attachment.name or ""
    _audit(announcement, "delete", audit_snapshot(announcement, ANNOUNCEMENT_AUDIT_FIELDS))
    announcement_publish("deleted", announcement)
    announcement.delete()
    _delete_file_after_commit(path)
