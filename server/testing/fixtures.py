"""Pytest fixtures of every app's tests (loaded as a plugin by server/conftest.py), and the hypothesis
profiles: "ci" (the default) runs 100 examples per property, "dev" 10; pick with HYPOTHESIS_PROFILE."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from hypothesis import settings
from rest_framework.test import APIClient

from server.accounts.models import User, UserLevel
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS
from server.core.request_context import acting_as
from server.testing.clients import PASSWORD, user_client
from server.testing.events import EventLog, record_events

settings.register_profile("ci", max_examples=100)
settings.register_profile("dev", max_examples=10)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle counters, tickets and topic versions live in the cache: start each test clean."""
    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _nobody_acting() -> Iterator[None]:
    """Each test starts with no actor named: a view a test calls without the request middleware names
    its user in the thread's context (as `PolicyPermission` does), and that must not sign the next
    test's writes (an audit entry of a beat job showed a former test's user)."""
    with acting_as(None):
        yield


@pytest.fixture
def make_user(db: Any) -> Callable[..., User]:
    counter = {"n": 0}

    def make(
        *,
        email: str | None = None,
        flags: list[str] | None = None,
        rights: list[str] | None = None,
        password: str = PASSWORD,
        is_active: bool = True,
        fullname: str = "Pengguna Uji",
    ) -> User:
        counter["n"] += 1
        n = counter["n"]
        level = None
        if flags is not None:
            level = UserLevel.objects.create(name=f"Level {n}", flags={f: 1 for f in flags})
        return User.objects.create_user(
            email=email or f"user{n}@example.com",
            password=password,
            username=f"user{n}",
            fullname=fullname,
            is_active=is_active,
            level=level,
            special_rights={r: 1 for r in (rights or [])},
        )

    return make


@pytest.fixture
def amake_user(make_user: Callable[..., User]) -> Callable[..., Any]:
    """`make_user` for async tests (the ORM must not run on the event loop)."""
    amake: Callable[..., Any] = database_sync_to_async(make_user)
    return amake


@pytest.fixture
def flagless_user(make_user: Callable[..., User]) -> User:
    """Signed in, with a level holding no flag and no special right."""
    return make_user(flags=[], fullname="Tanpa Akses")


@pytest.fixture
def admin_user(make_user: Callable[..., User]) -> User:
    return make_user(
        email="admin@example.com", flags=list(LEVEL_FLAGS), rights=list(SPECIAL_RIGHTS), fullname="Admin"
    )


@pytest.fixture
def client_for() -> Callable[..., APIClient]:
    return user_client


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def sent_events(monkeypatch: pytest.MonkeyPatch) -> EventLog:
    """Every realtime event the test publishes (recorded, not sent); commits run callbacks as usual."""
    return record_events(monkeypatch)
