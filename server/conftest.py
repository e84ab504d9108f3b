from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from server.access.flags import LEVEL_FLAGS, SPECIAL_RIGHTS
from server.access.models import UserLevel
from server.accounts.models import User
from server.accounts.services import token_issue

PASSWORD = "rahasia123"


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Throttle counters, tickets and topic versions live in the cache: start each test clean."""
    cache.clear()
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
def admin_user(make_user: Callable[..., User]) -> User:
    return make_user(
        email="admin@example.com", flags=list(LEVEL_FLAGS), rights=list(SPECIAL_RIGHTS), fullname="Admin"
    )


@pytest.fixture
def client_for() -> Callable[[User], APIClient]:
    def make(user: User, *, remember: bool = False) -> APIClient:
        _, raw = token_issue(user=user, remember=remember)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=raw)
        client.raw_token = raw  # type: ignore[attr-defined]
        return client

    return make


@pytest.fixture
def api() -> APIClient:
    return APIClient()
