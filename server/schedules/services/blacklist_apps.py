"""Blacklisted apps (the employee app refuses a check-in while one is installed)."""

from __future__ import annotations

from django.db import transaction

from server.schedules import messages as msg
from server.schedules.models import BlacklistApp
from server.schedules.services.common import (
    require_unique,
    saved_unique,
    settings_audit,
    settings_changed,
    settings_delete,
    settings_snapshot,
)


def blacklist_app_save(
    *, app: BlacklistApp | None, name: str, package_id: str, is_allow: bool
) -> BlacklistApp:
    """Create (app None) or change a listed app; package ids are unique (case-insensitive)."""
    with transaction.atomic():
        package = package_id.strip()
        require_unique(
            BlacklistApp,
            "package_id",
            package,
            msg.PACKAGE_ID_TAKEN,
            exclude=app.pk if app is not None else None,
        )
        created = app is None
        target = BlacklistApp() if app is None else BlacklistApp.objects.select_for_update().get(pk=app.pk)
        before = settings_snapshot("blacklist_app", app and target)
        target.name, target.package_id, target.is_allow = name.strip(), package, is_allow
        saved_unique(target, unique_field="package_id", message=msg.PACKAGE_ID_TAKEN)
        settings_audit("blacklist_app", "create" if created else "update", target, before)
        settings_changed("blacklist_app", "created" if created else "updated", target.hash_id)
    return target


def blacklist_app_delete(*, app: BlacklistApp) -> None:
    with transaction.atomic():
        hash_id = settings_delete("blacklist_app", app)
        settings_changed("blacklist_app", "deleted", hash_id)
