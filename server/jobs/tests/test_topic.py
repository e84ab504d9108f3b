"""The `jobs` topic over a real socket and the Redis channel layer: who may subscribe, the snapshot
of running and recent jobs, and progress events only for the kinds the subscriber may see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.accounts.models import User
from server.jobs.runner import job_start
from server.jobs.tests.kinds import COUNT_KIND, UPLOAD_KIND
from server.realtime.tests.conftest import new_session, receive, socket, subscribe

pytestmark = [pytest.mark.django_db(transaction=True)]


async def test_snapshot_and_events_follow_the_flags_of_each_kind(make_user: Callable[..., User]) -> None:
    make = database_sync_to_async(make_user)
    hr = await make(flags=["allow_sync_penggajian"])
    uploader = await make(flags=["allow_upload_manual"])
    nobody = await make(flags=[])
    start = database_sync_to_async(job_start)
    earlier, _ = await start(kind=COUNT_KIND, params={"n": 2}, user=hr)

    _, _, hr_ticket = await new_session(hr)
    _, _, uploader_ticket = await new_session(uploader)
    _, _, nobody_ticket = await new_session(nobody)
    async with socket(hr_ticket) as hr_ws, socket(uploader_ticket) as up_ws, socket(nobody_ticket) as no_ws:
        refused = await subscribe(no_ws, "jobs")
        assert refused["op"] == "error" and refused["topic"] == "jobs"

        subscribed = await subscribe(hr_ws, "jobs")
        assert subscribed["op"] == "subscribed"
        assert [row["job"] for row in subscribed["snapshot"]["jobs"]] == [earlier.hash_id]
        assert subscribed["snapshot"]["jobs"][0]["status"] == "succeeded"
        up_subscribed = await subscribe(up_ws, "jobs")
        assert up_subscribed["snapshot"] == {"jobs": []}

        upload, _ = await start(kind=UPLOAD_KIND, params={}, user=uploader)
        sync, _ = await start(kind=COUNT_KIND, params={"n": 3}, user=hr)

        async def statuses(ws: Any, job_id: str) -> list[str]:
            seen: list[str] = []
            while not seen or seen[-1] != "succeeded":
                message = await receive(ws)
                assert message["op"] == "event" and message["topic"] == "jobs"
                assert message["data"]["job"] == job_id, "an event of a kind this user may not see"
                seen.append(message["data"]["status"])
            return seen

        up_statuses = await statuses(up_ws, upload.hash_id)
        hr_statuses = await statuses(hr_ws, sync.hash_id)
        assert up_statuses[0] == hr_statuses[0] == "queued"
        assert "running" in hr_statuses
