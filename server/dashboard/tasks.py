"""Background work of the dashboard: Celery beat folds the kept counts' deltas into their totals every
30 s, off the request path (server/dashboard/counters.py; a reader still compacts past COMPACT_AFTER,
which covers the zero-setup mode without beat)."""

from __future__ import annotations

from celery import shared_task

from server.dashboard import counters


@shared_task(name="dashboard.compact_counts")
def compact_counts() -> int:
    """Fold every waiting delta into the totals; the deltas moved."""
    return counters.compact()
