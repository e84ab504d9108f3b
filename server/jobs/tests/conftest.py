from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from server.jobs.tests import kinds  # noqa: F401  (registers the test kinds)

Event = tuple[float, str, str, dict[str, Any], Any]


@pytest.fixture
def job_events(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Event]]:
    """Every event that reaches the channel layer (the `jobs` topic, and what the job's body publishes:
    dashboard hints, audit entries), with the moment it was sent; not the notification a job's end
    sends its creator on the user's own topic."""
    events: list[Event] = []

    def record(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
        if topic != "notifications":
            events.append((time.monotonic(), topic, type, data, scope))

    monkeypatch.setattr("server.realtime.publish.send_now", record)
    yield events


def wait_for(condition: Callable[[], bool], *, timeout: float = 30, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"Timed out waiting for {what}")
        time.sleep(0.05)
