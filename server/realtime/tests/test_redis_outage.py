"""Redis down for 10 s under a live Daphne (PostgreSQL, a private redis-server the test stops):
approvers stay connected and check-ins keep arriving. The API keeps answering and stores every
check-in, /api/health says the channel layer is down, the sockets are closed for a resync once Redis
is back (it restarted empty: versions start again), the clients reconnect, and every client's queue
converges to the REST queue."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

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


def test_redis_down_ten_seconds_api_answers_sockets_resync_clients_converge(
    tmp_path: Path, make_user: Callable[..., User]
) -> None:
    site = make_man_power(type=ManPowerType.SITE, name="Site Balikpapan", max_radius=100)
    employees = [with_mobile_password(make_employee(man_power=site, name=f"Karyawan {n}")) for n in range(30)]
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
    try:
        with (
            live.daphne(env, tmp_path / "daphne.log") as base,
            httpx.Client(base_url=base, timeout=60) as http,
        ):
            signed_in = http.post("/api/web/v1/auth/", json={"email": approver.email, "password": PASSWORD})
            assert signed_in.status_code == 200, signed_in.text
            token = signed_in.json()["data"]["token"]
            phones = []
            for employee in employees:
                response = http.post(
                    "/api/mobile/v1/auth/",
                    json={"employee_number": employee.employee_number, "password": MOBILE_PASSWORD},
                )
                assert response.status_code == 200, response.text
                phones.append(response.json()["data"]["token"])

            def check_in() -> httpx.Response:
                response = http.post(
                    "/api/mobile/v1/attendance/",
                    data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
                    files={"photo": ("wajah.jpg", photo, "image/jpeg")},
                    headers={"Authorization": phones[len(posted)]},
                )
                assert response.status_code == 201, response.text
                posted.append(response.json()["data"]["hash_id"])
                return response

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
            assert health.status_code == 503
            assert (health.json()["database"], health.json()["channel_layer"]) == ("ok", "error")
            before_outage = len(posted)
            # At least 10 s down, and at least three check-ins stored and answered meanwhile.
            while time.monotonic() - outage_started < OUTAGE_S or len(posted) - before_outage < 3:
                check_in()
                time.sleep(1)
            redis.start()  # empty: versions and the epoch are gone

            live.wait_for(lambda: http.get("/api/health").status_code == 200, 20, "health back to 200")
            for _ in range(3):
                check_in()

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
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
    assert sorted(log.hash_id for log in waiting) == sorted(posted)
