"""Old import path of shared test helpers, kept for existing imports; new tests import from
server.testing (clients, clock, events, factories)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from server.testing.clients import MOBILE_PASSWORD, employee_client, with_mobile_password
from server.testing.clock import freeze
from server.testing.events import EventLog, capture_events, topics_of
from server.testing.events import SentEvent as Event
from server.testing.factories import jpeg_bytes, photo

__all__ = [
    "MOBILE_PASSWORD",
    "Event",
    "captured_events",
    "employee_client",
    "freeze",
    "jpeg_bytes",
    "photo",
    "topics_of",
    "with_mobile_password",
]


def captured_events(
    monkeypatch: pytest.MonkeyPatch, capture_on_commit: Callable[..., Any] | None = None
) -> AbstractContextManager[EventLog]:
    """Old name of `server.testing.events.capture_events`."""
    return capture_events(monkeypatch)
