from typing import Any

from django.apps import AppConfig
from django.db import connections
from django.db.models.signals import post_migrate


def recount_after_flush(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """SQLite's `flush` deletes rows one by one, so the triggers leave deltas of rows whose totals
    it also deleted; it emits post_migrate after, and the month counts are recounted from the rows.
    (PostgreSQL's flush truncates, which fires no trigger and leaves nothing to recount.)"""
    if connections[using].vendor == "sqlite":
        from server.dashboard import counters

        counters.rebuild(using=using)


class DashboardConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "server.dashboard"
    label = "dashboard"

    def ready(self) -> None:
        from server.attendance.hooks import register_month_log_counts
        from server.core.days_changed import register_counts_hint
        from server.dashboard.selectors import month_log_counts
        from server.dashboard.services import dashboard_hint

        post_migrate.connect(recount_after_flush, sender=self)
        register_month_log_counts(month_log_counts)
        register_counts_hint(dashboard_hint)
