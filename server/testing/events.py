"""The one way tests capture realtime events: what `publish()` hands to the channel layer.

    with capture_events(monkeypatch) as events:
        client.patch(...)
    assert events.topics() == ["approval.attendance", "dashboard"]

Each event is a `SentEvent(topic, type, data, scope)`, equal to the plain tuple of those four.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import Any, NamedTuple

import pytest
from django.test import TestCase


class SentEvent(NamedTuple):
    topic: str
    type: str
    data: dict[str, Any]
    scope: Any


class EventLog(list[SentEvent]):
    def topics(self) -> list[str]:
        return [event.topic for event in self]

    def of(self, topic: str, type: str | None = None) -> list[SentEvent]:
        return [e for e in self if e.topic == topic and (type is None or e.type == type)]


def record_events(monkeypatch: pytest.MonkeyPatch) -> EventLog:
    """From now on until the test ends, events are recorded instead of sent (thread-safe appends)."""
    events = EventLog()

    def record(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
        events.append(SentEvent(topic, type, data, scope))

    monkeypatch.setattr("server.realtime.publish.send_now", record)
    return events


@contextmanager
def capture_events(monkeypatch: pytest.MonkeyPatch, *, run_on_commit: bool = True) -> Iterator[EventLog]:
    """Events published inside the block. With `run_on_commit` the block's on-commit callbacks run at
    its end, as a real commit would run them (needed inside a test's rolled-back transaction)."""
    events = record_events(monkeypatch)
    runner = TestCase.captureOnCommitCallbacks(execute=True) if run_on_commit else nullcontext()
    with runner:
        yield events


def topics_of(events: list[SentEvent]) -> list[str]:
    return [event.topic for event in events]


def audit_event(*objects: tuple[str, str]) -> SentEvent:
    """What the `audit` topic is sent after a write appended entries on `objects` ((object type, public
    id) pairs, in order)."""
    return SentEvent("audit", "created", {"count": len(objects), "objects": [list(o) for o in objects]}, None)
