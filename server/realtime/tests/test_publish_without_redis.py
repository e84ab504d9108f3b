"""Defect: with Redis unreachable after the commit, the write still answers 2xx, its row is stored
once, and the lost event is logged and counted (shown by /api/health); clients resync by version."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from server.attendance.models import AttendanceLog, LogStatus
from server.realtime.publish import publish_failures
from server.testing.clients import employee_client, user_client
from server.testing.clock import freeze
from server.testing.factories import local, make_employee, make_man_power, make_pattern, make_shift, photo
from server.testing.redis import PrivateRedis, private_redis
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db(transaction=True)

MONDAY = date(2026, 3, 2)
FAR = (-6.21, 106.8)  # about 1.1 km from the placement: the check-in waits for approval


@pytest.fixture
def redis(settings: Any, tmp_path: Path) -> Iterator[PrivateRedis]:
    """Cache and channel layer on a private redis-server the test may stop."""
    settings.MEDIA_ROOT = tmp_path
    with private_redis() as server:
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [server.url], "prefix": "publish-down"},
            }
        }
        settings.CACHES = {
            "default": {"BACKEND": "server.core.cache.FailOpenRedisCache", "LOCATION": server.url}
        }
        settings.REALTIME_PUBLISH_TIMEOUT = 1
        yield server


def check_in(client: APIClient) -> Any:
    body = {
        "log_type": "check_in",
        "latitude": FAR[0],
        "longitude": FAR[1],
        "fr_accuracy": "92.5",
        "photo": photo(),
    }
    return client.post("/api/mobile/v1/attendance/", body, format="multipart")


def test_check_in_and_approval_succeed_once_while_redis_is_down(
    redis: PrivateRedis, make_user: Any, api: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, local(MONDAY, 7, 50))
    site = make_man_power(type=ManPowerType.SITE, name="Site Balikpapan", max_radius=100)
    pattern = make_pattern([make_shift(time_in=local(MONDAY, 8).time(), time_out=local(MONDAY, 17).time())])
    employee = make_employee(man_power=site, pattern=pattern, name="Siti Aminah")
    other = make_employee(man_power=site, pattern=pattern, name="Rudi Hartono")
    approver = make_user(
        rights=["allow_approved_attendance", "allow_approved_attendance_site"], fullname="Sinta Site"
    )
    web = user_client(approver)

    # Redis up: the write publishes without a failure.
    before = publish_failures()
    assert check_in(employee_client(other)).status_code == 201
    assert publish_failures() == before

    redis.stop()

    response = check_in(employee_client(employee))
    assert response.status_code == 201, response.json()
    assert AttendanceLog.objects.filter(employee=employee).count() == 1
    after_check_in = publish_failures()
    assert after_check_in > before

    log = AttendanceLog.objects.get(employee=employee)
    assert log.status == LogStatus.WAITING_APPROVAL
    response = web.patch(
        "/api/web/v1/attendance_log/approve",
        {"id": log.hash_id, "near_man_power": site.hash_id},
        format="json",
    )
    assert response.status_code == 200, response.json()
    log.refresh_from_db()
    assert log.status == LogStatus.MANUAL_APPROVED
    assert AttendanceLog.objects.filter(employee=employee).count() == 1
    assert publish_failures() > after_check_in

    health = api.get("/api/health")
    assert health.status_code == 200
    assert health.json()["status"] == "degraded"
    assert health.json()["channel_layer"] == "error"
    assert health.json()["publish_failures"] == publish_failures()
