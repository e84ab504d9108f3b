"""Shared builders of the mobile API tests: employees with a mobile password, signed-in clients,
uploads, a frozen clock and captured realtime events."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from PIL import Image
from rest_framework.test import APIClient

from server.mobile.services import employee_token_issue
from server.workforce.models import Employee

MOBILE_PASSWORD = "sandi-mobile-1"

Event = tuple[str, str, dict[str, Any], Any]


def with_mobile_password(employee: Employee, password: str = MOBILE_PASSWORD) -> Employee:
    employee.set_mobile_password(password)
    employee.save(update_fields=["mobile_password"])
    return employee


def employee_client(employee: Employee, *, prefix: str = "") -> APIClient:
    _, raw = employee_token_issue(employee=employee, remember=False)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{prefix}{raw}")
    return client


def jpeg_bytes(size: tuple[int, int] = (64, 48), color: str = "navy", fmt: str = "JPEG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()


def photo(
    name: str = "wajah.jpg", content: bytes | None = None, content_type: str = "image/jpeg"
) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, jpeg_bytes() if content is None else content, content_type=content_type)


def freeze(monkeypatch: pytest.MonkeyPatch, moment: datetime) -> None:
    """Every `timezone.now()` answers `moment` (tokens, check-ins and recomputes alike)."""
    monkeypatch.setattr(timezone, "now", lambda: moment)


@contextmanager
def captured_events(
    monkeypatch: pytest.MonkeyPatch, capture_on_commit: Callable[..., Any]
) -> Iterator[list[Event]]:
    """Events that `publish()` sends once the transaction commits (on_commit callbacks executed)."""
    events: list[Event] = []

    def record(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
        events.append((topic, type, data, scope))

    monkeypatch.setattr("server.realtime.publish.send_now", record)
    with capture_on_commit(execute=True):
        yield events


def topics_of(events: list[Event]) -> list[str]:
    return [topic for topic, *_ in events]
