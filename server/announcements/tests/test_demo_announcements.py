"""The demo announcements: a dozen across every tag, some important, a draft and a scheduled one."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from server.announcements.demo import demo_announcements_seed
from server.announcements.models import Announcement
from server.announcements.selectors import DRAFT, PUBLISHED, SCHEDULED, announcement_status
from server.announcements.tags import tags_of

pytestmark = pytest.mark.django_db


def test_demo_covers_every_tag_and_state_and_runs_once(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path
    now = timezone.now()
    assert demo_announcements_seed(creator=None, now=now) == 12
    assert demo_announcements_seed(creator=None, now=now) == 0

    announcements = list(Announcement.objects.all())
    assert len(announcements) == 12
    statuses = [announcement_status(a, now=now) for a in announcements]
    assert statuses.count(DRAFT) == 1 and statuses.count(SCHEDULED) == 1 and statuses.count(PUBLISHED) == 10
    assert {tag for a in announcements for tag in tags_of(a.tags)} == {
        "all",
        "office",
        "pool",
        "site",
        "tug_boat",
    }
    assert sum(a.is_important for a in announcements) >= 2
    with_file = [a for a in announcements if a.attachment.name]
    assert len(with_file) == 1 and (tmp_path / with_file[0].attachment.name).read_bytes().startswith(b"%PDF-")
    scheduled = next(a for a in announcements if announcement_status(a, now=now) == SCHEDULED)
    assert scheduled.published_date is not None and scheduled.published_date > now + timedelta(hours=47)
