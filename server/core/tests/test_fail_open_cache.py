"""The cache fails open (DESIGN §16): with its Redis stopped every operation answers from the process's
memory, fast; the sign-in throttles keep a per-process limit (429, never a 500); once Redis is back
the cache uses it again."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache, caches
from redis.exceptions import ConnectionError as RedisConnectionError
from rest_framework.test import APIClient

from server.core import cache as fail_open
from server.core.cache import FailOpenRedisCache, cache_down, strict_cache
from server.realtime.tests.live import RedisServer

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis(settings: Any, tmp_path: Path) -> Iterator[RedisServer]:
    """The cache on a private redis-server the test may stop and start again on the same port."""
    server = RedisServer(tmp_path)
    server.start()
    settings.CACHES = {
        "default": {
            **settings.CACHES["default"],
            "BACKEND": "server.core.cache.FailOpenRedisCache",
            "LOCATION": server.url,
        }
    }
    settings.AUTH_THROTTLE_RATES = {**settings.AUTH_THROTTLE_RATES, "sign_in": "3/min"}
    try:
        yield server
    finally:
        server.stop()


def test_every_operation_answers_while_redis_is_down_and_redis_serves_again_after(
    redis: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fail_open, "RETRY_SECONDS", 0.2)
    default = caches["default"]
    assert isinstance(default, FailOpenRedisCache)
    cache.set("before", 1)
    assert strict_cache().get("before") == 1  # in Redis

    redis.stop()
    began = time.monotonic()
    assert cache.get("before") is None  # the memory of this process does not have it
    assert cache.add("counter", 0) is True
    assert cache.incr("counter") == 1
    cache.set_many({"a": 1, "b": 2})
    assert cache.get_many(["a", "b"]) == {"a": 1, "b": 2}
    assert cache.has_key("a")
    cache.delete("a")
    assert cache.get_or_set("c", 3) == 3
    assert time.monotonic() - began < 2.0
    assert cache_down()
    with pytest.raises(RedisConnectionError):
        strict_cache().get("before")

    redis.start()
    time.sleep(0.3)
    cache.set("after", 2)
    assert not cache_down()
    assert strict_cache().get("after") == 2


def test_sign_in_keeps_a_per_process_limit_while_redis_is_down(redis: RedisServer, api: APIClient) -> None:
    redis.stop()
    statuses = [
        api.post(
            "/api/web/v1/auth/", {"email": "siapa@example.com", "password": "salah"}, format="json"
        ).status_code
        for _ in range(5)
    ]
    assert all(status < 500 for status in statuses), statuses
    assert statuses[:3] != [429] * 3
    assert statuses[3:] == [429, 429]


def test_mobile_sign_in_answers_while_redis_is_down(redis: RedisServer, api: APIClient) -> None:
    redis.stop()
    response = api.post(
        "/api/mobile/v1/auth/", {"employee_number": "000", "password": "salah"}, format="json"
    )
    assert response.status_code < 500, response.content
