"""Fixtures of the settings endpoint tests: signed-in clients by flags and the captured realtime events."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.core.flags import LEVEL_FLAGS
from server.mobile.tests.helpers import Event, captured_events

WEB = "/api/web/v1/"


@pytest.fixture
def admin(make_user: Callable[..., Any], client_for: Callable[..., APIClient]) -> APIClient:
    return client_for(make_user(flags=list(LEVEL_FLAGS), fullname="Admin Pengaturan"))


@pytest.fixture
def viewer(make_user: Callable[..., Any], client_for: Callable[..., APIClient]) -> APIClient:
    return client_for(make_user(flags=[]))


@pytest.fixture
def client_with(
    make_user: Callable[..., Any], client_for: Callable[..., APIClient]
) -> Callable[..., APIClient]:
    def make(*flags: str) -> APIClient:
        return client_for(make_user(flags=list(flags)))

    return make


@pytest.fixture
def capture(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> Callable[[], AbstractContextManager[list[Event]]]:
    """`with capture() as sent:` collects what `publish()` sends once the block's writes commit."""
    return lambda: captured_events(monkeypatch, django_capture_on_commit_callbacks)


def settings_events(sent: list[Event]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(topic, kind, data) for topic, kind, data, _ in sent if topic.startswith("settings.")]


def dashboard_hints(sent: list[Event]) -> int:
    return sum(1 for topic, kind, _, _ in sent if topic == "dashboard" and kind == "changed")
