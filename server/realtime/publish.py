"""`publish()`: the only way services send realtime events (DESIGN §6).

Events go out after the surrounding transaction commits (nothing is sent on rollback), to one
named group per topic (and scope, e.g. a user id or a man power type), carrying the topic's
next version so clients can detect gaps.

Sending never fails the request that caused it: the write has already committed, so an unreachable
Redis (cache or channel layer) is logged and counted (`publish_failures()`, shown by /api/health) and
the event is dropped. Clients resync from REST on the version gap or on reconnect (DESIGN §6).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest
from django.http.response import HttpResponseBase

logger = logging.getLogger(__name__)

EVENT_HANDLER = "realtime.event"
# Seconds one group_send may take before the event is given up (settings: REALTIME_PUBLISH_TIMEOUT).
DEFAULT_PUBLISH_TIMEOUT = 2.0

_failures = 0
_failures_lock = threading.Lock()


def publish_failures() -> int:
    """Events this process failed to hand to the channel layer since it started."""
    return _failures


def _count_failure() -> None:
    global _failures
    with _failures_lock:
        _failures += 1


def group_name(topic: str, scope: str | int | None = None) -> str:
    """Channel-layer group of a topic: letters, digits, '-', '_' and '.' only."""
    base = topic.replace("_", "-")
    return f"rt.{base}" if scope in (None, "") else f"rt.{base}.{scope}"


def _version_key(group: str) -> str:
    return f"rt:version:{group}"


def current_version(group: str) -> int:
    return int(cache.get(_version_key(group)) or 0)


def current_versions(groups: Sequence[str]) -> dict[str, int]:
    """`current_version` of many groups, in one cache round trip."""
    stored = cache.get_many([_version_key(group) for group in groups])
    return {group: int(stored.get(_version_key(group)) or 0) for group in groups}


def next_version(group: str) -> int:
    key = _version_key(group)
    cache.add(key, 0, timeout=None)
    try:
        return int(cache.incr(key))
    except ValueError:
        cache.set(key, 1, timeout=None)
        return 1


async def _group_send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    timeout = float(getattr(settings, "REALTIME_PUBLISH_TIMEOUT", DEFAULT_PUBLISH_TIMEOUT))
    await asyncio.wait_for(layer.group_send(group, message), timeout=timeout)


def send_now(topic: str, type: str, data: dict[str, Any], *, scope: str | int | None = None) -> None:
    """Send at once (callers are after-commit callbacks). Never raises: see the module docstring."""
    group = group_name(topic, scope)
    try:
        message = {
            "type": EVENT_HANDLER,
            # Versions count per group: a consumer listening to several groups of a topic needs to know which.
            "group": group,
            "topic": topic,
            "version": next_version(group),
            "event_type": type,
            "data": data,
        }
        async_to_sync(_group_send)(group, message)
    except Exception:
        _count_failure()
        logger.exception("Realtime publish to %s failed; clients resync by version", group)


# Sends committed during an HTTP request wait here until its answer has gone out (see
# PublishAfterAnswerMiddleware): a fan-out to a thousand sockets shares the process with the request
# thread and would otherwise sit in front of the answer of the request that caused it.
_deferred: contextvars.ContextVar[list[Callable[[], None]] | None] = contextvars.ContextVar(
    "realtime_deferred_sends", default=None
)


def flush_deferred(sends: list[Callable[[], None]]) -> None:
    while sends:
        sends.pop(0)()


class PublishAfterAnswerMiddleware:
    """Holds the events a request's commits publish until its response is closed, i.e. sent (Django
    closes a response once its last byte is out, under ASGI and WSGI alike), then sends them in order.
    Outside a request (jobs, commands, tests capturing on_commit) events go out at commit."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        sends: list[Callable[[], None]] = []
        token = _deferred.set(sends)
        try:
            response = self.get_response(request)
        except BaseException:
            _deferred.reset(token)
            flush_deferred(sends)
            raise
        _deferred.reset(token)
        if sends:
            # Django runs these when the response is closed, after its body is sent.
            response._resource_closers.append(lambda: flush_deferred(sends))  # type: ignore[attr-defined]
        return response


def on_commit_send(send: Callable[[], None]) -> None:
    """Run `send` after the current transaction commits (after the answer, inside a request); an
    error in it is logged, never raised."""

    def guarded() -> None:
        try:
            send()
        except Exception:
            _count_failure()
            logger.exception("Realtime after-commit send failed; clients resync by version")

    def committed() -> None:
        sends = _deferred.get()
        if sends is None:
            guarded()
        else:
            sends.append(guarded)

    transaction.on_commit(committed, robust=True)


def publish(topic: str, type: str, data: dict[str, Any], *, scope: str | int | None = None) -> None:
    """Send `type` with `data` on `topic` (optionally scoped) once the current transaction commits."""
    on_commit_send(lambda: send_now(topic, type, data, scope=scope))
