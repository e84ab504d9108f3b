"""`/api/health` names the dependency that is down: the database (503), the cache or the channel layer
(Redis: 200 "degraded", the server keeps answering without it)."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from django.db import OperationalError, connections
from rest_framework.test import APIClient

from server.realtime.publish import publish_failures

pytestmark = pytest.mark.django_db

HEALTH = "/api/health"


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_healthy(api: APIClient) -> None:
    response = api.get(HEALTH)
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "cache": "ok",
        "channel_layer": "ok",
        "publish_failures": publish_failures(),
    }


def test_unreachable_channel_layer(api: APIClient, settings: Any) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{unused_port()}/0"], "prefix": "health-down"},
        }
    }
    response = api.get(HEALTH)
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "database": "ok",
        "cache": "ok",
        "channel_layer": "error",
        "publish_failures": publish_failures(),
    }


def test_failing_database(api: APIClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection refused")

    monkeypatch.setattr(type(connections["default"]), "cursor", refuse)
    response = api.get(HEALTH)
    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "database": "error",
        "cache": "ok",
        "channel_layer": "ok",
        "publish_failures": publish_failures(),
    }


def test_unreachable_cache(api: APIClient, settings: Any) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "server.core.cache.FailOpenRedisCache",
            "LOCATION": f"redis://127.0.0.1:{unused_port()}/0",
        }
    }
    response = api.get(HEALTH)
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "database": "ok",
        "cache": "error",
        "channel_layer": "ok",
        "publish_failures": publish_failures(),
    }
