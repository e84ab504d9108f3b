"""Redis down for 10 s under a live Daphne (PostgreSQL, a private redis-server the test stops):
approvers stay connected while check-ins and web and mobile sign-ins keep arriving. Redis is an
optimisation, never a gate (DESIGN §16): no answer is a 5xx, every check-in is stored, /api/health
says the cache and the channel layer are down (200 "degraded": the replica stays in the balancer),
the sockets are closed for a resync once Redis is back (it restarted empty: versions start again),
the clients reconnect, events reach every approver again within 15 s of Redis returning, and every
client's queue converges to the REST queue."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.realtime.tests import live
from server.testing.clients import MOBILE_PASSWORD, PASSWORD, with_mobile_password
from server.testing.factories import jpeg_bytes, make_employee, make_man_power
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db(transaction=True)

APPROVERS = 3
OUTAGE_S = 10.0
CONVERGE_TIMEOUT = 45.0
LIVE_AGAIN_S = 15.0


def test_redis_down_ten_seconds_api_answers_sockets_resync_clients_converge(
    tmp_path: Path, make_user: Callable[..., User]
) -> None:
    site = make_man_power(type=ManPowerType.SITE, name="Site Balikpapan", max_radius=100)
    employees = [with_mobile_password(make_employee(man_power=site, name=f"Karyawan {n}")) for n in range(60)]
    rights = [
        APPROVE_ATTENDANCE,
        f"{APPROVE_ATTENDANCE}_site",
        REJECT_ATTENDANCE,
        f"{REJECT_ATTENDANCE}_site",
    ]
    approver = make_user(rights=rights, fullname="Sinta Site")
    redis = live.RedisServer(tmp_path)
    redis.start()
    env = live.server_env(
        DATABASE_URL=live.database_url_of_tests(),
        REDIS_URL=redis.url,
        CHANNEL_PREFIX="kh-outage",
        MEDIA_ROOT=str(tmp_path / "media"),
        DB_POOL="1",
        REALTIME_WATCH_INTERVAL="0.5",
    )
    photo = jpeg_bytes()
    posted: list[str] = []
    tabs: list[live.Approver] = []
    server_errors: list[str] = []

    def no_5xx(response: httpx.Response) -> None:
        if response.status_code >= 500:
            server_errors.append(
                f"{response.request.method} {response.request.url.path} {response.status_code}"
            )

    try:
        with (
            live.daphne(env, tmp_path / "daphne.log") as base,
            httpx.Client(base_url=base, timeout=60, event_hooks={"response": [no_5xx]}) as http,
        ):

            def web_sign_in() -> str:
                response = http.post(
                    "/api/web/v1/auth/", json={"email": approver.email, "password": PASSWORD}
                )
                assert response.status_code == 200, response.text
                return str(response.json()["data"]["token"])

            def mobile_sign_in(employee: Any) -> str:
                response = http.post(
                    "/api/mobile/v1/auth/",
                    json={"employee_number": employee.employee_number, "password": MOBILE_PASSWORD},
                )
                assert response.status_code == 200, response.text
                return str(response.json()["data"]["token"])

            token = web_sign_in()
            phones = [mobile_sign_in(employee) for employee in employees]

            def check_in() -> str:
                response = http.post(
                    "/api/mobile/v1/attendance/",
                    data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
                    files={"photo": ("wajah.jpg", photo, "image/jpeg")},
                    headers={"Authorization": phones[len(posted)]},
                )
                assert response.status_code == 201, response.text
                posted.append(response.json()["data"]["hash_id"])
                return str(posted[-1])

            tabs = [live.Approver(base, token) for _ in range(APPROVERS)]
            for tab in tabs:
                tab.start()
            live.wait_for(lambda: all(tab.connections >= 1 for tab in tabs), 30, "the first subscriptions")
            for _ in range(3):
                check_in()
            live.wait_for(
                lambda: all(tab.seen() == set(posted) for tab in tabs), 15, "live events with Redis up"
            )

            redis.stop()
            outage_started = time.monotonic()
            health = http.get("/api/health")
            assert health.status_code == 200, health.text
            assert {k: health.json()[k] for k in ("status", "database", "cache", "channel_layer")} == {
                "status": "degraded",
                "database": "ok",
                "cache": "error",
                "channel_layer": "error",
            }
            before_outage = len(posted)
            signed_in = 0
            # At least 10 s down, and at least three check-ins and sign-ins answered meanwhile.
            while time.monotonic() - outage_started < OUTAGE_S or len(posted) - before_outage < 3:
                check_in()
                web_sign_in()
                mobile_sign_in(employees[signed_in % len(employees)])
                signed_in += 1
                time.sleep(0.5)
            # Every read of the approver's screen keeps answering too.
            assert tabs[0].rest_queue() == set(posted)
            redis.start()  # empty: versions and the epoch are gone
            back = time.monotonic()

            # Live again: a check-in made now reaches every connected (or reconnected) approver as an
            # event, within 15 s of Redis returning.
            after: list[str] = []
            while not all(tab.seen_live() & set(after) for tab in tabs):
                assert time.monotonic() - back < LIVE_AGAIN_S, (
                    f"events did not reach every approver within {LIVE_AGAIN_S} s of Redis returning"
                )
                after.append(check_in())
                web_sign_in()
                time.sleep(0.5)

            live.wait_for(lambda: http.get("/api/health").json()["status"] == "ok", 20, "health back to ok")
            rest = tabs[0].rest_queue()
            assert rest == set(posted)
            live.wait_for(
                lambda: all(tab.seen() == rest for tab in tabs), CONVERGE_TIMEOUT, "every tab to converge"
            )
            # Every tab was told to resync (or lost its socket) and subscribed again.
            assert all(tab.connections >= 2 for tab in tabs), [tab.connections for tab in tabs]
    finally:
        for tab in tabs:
            tab.stopping.set()
        for tab in tabs:
            tab.join(timeout=10)
        redis.stop()
    assert server_errors == []
    assert signed_in >= 3
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
    assert sorted(log.hash_id for log in waiting) == sorted(posted)
