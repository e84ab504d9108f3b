"""`publish()`: the only way services send realtime events (DESIGN §6).

Events go out after the surrounding transaction commits (nothing is sent on rollback), to one
named group per topic (and scope, e.g. a user id or a man power type), carrying the topic's
next version so clients can detect gaps.
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

EVENT_HANDLER = "realtime.event"


def group_name(topic: str, scope: str | int | None = None) -> str:
    """Channel-layer group of a topic: letters, digits, '-', '_' and '.' only."""
    base = topic.replace("_", "-")
    return f"rt.{base}" if scope in (None, "") else f"rt.{base}.{scope}"


def _version_key(group: str) -> str:
    return f"rt:version:{group}"


def current_version(group: str) -> int:
    return int(cache.get(_version_key(group)) or 0)


def next_version(group: str) -> int:
    key = _version_key(group)
    cache.add(key, 0, timeout=None)
    try:
        return int(cache.incr(key))
    except ValueError:
        cache.set(key, 1, timeout=None)
        return 1


def send_now(topic: str, type: str, data: dict[str, Any], *, scope: str | int | None = None) -> None:
    group = group_name(topic, scope)
    message = {
        "type": EVENT_HANDLER,
        # Versions count per group: a consumer listening to several groups of a topic needs to know which.
        "group": group,
        "topic": topic,
        "version": next_version(group),
        "event_type": type,
        "data": data,
    }
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        # Delivery is at-most-once by design: clients resync from REST on a version gap.
        logger.exception("Realtime publish to %s failed", group)


def publish(topic: str, type: str, data: dict[str, Any], *, scope: str | int | None = None) -> None:
    """Send `type` with `data` on `topic` (optionally scoped) once the current transaction commits."""
    transaction.on_commit(lambda: send_now(topic, type, data, scope=scope))
