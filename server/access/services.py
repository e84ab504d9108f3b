"""Changes to access profiles; every user whose access changes is told live (topic `session`)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from server.access.models import UserLevel
from server.accounts.models import User
from server.accounts.services import user_access_changed
from server.core.flags import LEVEL_FLAGS, normalize


def user_level_update(*, level: UserLevel, name: str, flags: Mapping[str, object]) -> UserLevel:
    with transaction.atomic():
        level.name = name
        level.flags = normalize(flags, LEVEL_FLAGS)
        level.save(update_fields=["name", "flags"])
        for user in User.objects.filter(level=level, is_active=True).select_related("level"):
            user_access_changed(user=user)
    return level
