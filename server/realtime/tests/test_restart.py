"""A Daphne restart with connected tabs (the web client's reconnect: jittered backoff, fresh ticket,
resubscribe, refetch on `subscribed`): every tab subscribes again to the new process and converges to
the REST queue, including a check-in made while the server was down. Bounded in time; the bench
(bench/ws_restart.py) measures how fast, with 1,000 tabs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from django.conf import settings

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus
from server.realtime.tests import live
from server.testing.factories import jpeg_bytes

pytestmark = pytest.mark.django_db(transaction=True)

TABS = 30
BOUND = 90.0


def test_every_tab_resubscribes_after_a_restart_and_converges(
    tmp_path: Path, make_user: Callable[..., User]
) -> None:
    approver, employees = live.approval_world(make_user, employees=3)
    env = live.server_env(
        DATABASE_URL=live.database_url_of_tests(),
        REDIS_URL=settings.REDIS_URL,
        CHANNEL_PREFIX=f"{settings.CHANNEL_PREFIX}-restart",
        MEDIA_ROOT=str(tmp_path / "media"),
        DB_POOL="1",
    )
    port = live.free_port()
    photo = jpeg_bytes()
    posted: list[str] = []
    tabs: list[live.Approver] = []
    try:
        first = live.daphne(env, tmp_path / "first.log", port=port)
        with first as base, httpx.Client(base_url=base, timeout=60) as http:
            token, phones = live.sign_in(http, approver, employees)
            tabs = [live.Approver(base, token) for _ in range(TABS)]
            for tab in tabs:
                tab.start()
            live.wait_for(lambda: all(tab.connections == 1 for tab in tabs), BOUND, "every tab subscribed")
            posted.append(live.check_in(http, phones[0], photo))
            live.wait_for(lambda: all(tab.seen() == set(posted) for tab in tabs), BOUND, "the first event")

        # Down: a check-in made now is stored by the next process; the tabs keep retrying.
        with (
            live.daphne(env, tmp_path / "second.log", port=port) as base,
            httpx.Client(base_url=base, timeout=60) as http,
        ):
            posted.append(live.check_in(http, phones[1], photo))
            live.wait_for(lambda: all(tab.connections >= 2 for tab in tabs), BOUND, "every tab resubscribed")
            posted.append(live.check_in(http, phones[2], photo))
            rest = tabs[0].rest_queue()
            assert rest == set(posted)
            live.wait_for(lambda: all(tab.seen() == rest for tab in tabs), BOUND, "every tab converged")
            # Closed by the restart: the tabs reconnected after a close, none were refused.
            assert all(code in (None, 1001, 1006, 1011, 1012) for tab in tabs for code in tab.closes)
    finally:
        for tab in tabs:
            tab.stopping.set()
        for tab in tabs:
            tab.join(timeout=10)
    assert set(
        AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).values_list("id", flat=True)
    ) == {log.pk for log in AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)}
