"""`approval.attendance` over real sockets (Redis channel layer, committed rows): who may subscribe,
the per-type snapshot, and events reaching only the approvers of the log's man power type."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from channels.db import database_sync_to_async

from server.accounts.models import User
from server.attendance import services
from server.attendance.checkin import attendance_log_record
from server.attendance.models import AttendanceLog, LogStatus
from server.attendance.selectors import attendance_queue_rows
from server.attendance.tests.approval_builders import approver_rights, log_of, placement, staff
from server.mobile.tests.helpers import photo
from server.realtime.tests.conftest import new_session, receive, socket, subscribe
from server.workforce.models import Employee, ManPowerType

pytestmark = pytest.mark.django_db(transaction=True)

TOPIC = "approval.attendance"
QUIET = 0.5


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def people(make_user: Callable[..., User]) -> Callable[[], Any]:
    def build() -> dict[str, Any]:
        office = placement(ManPowerType.OFFICE, "Kantor Pusat")
        site = placement(ManPowerType.SITE, "Site Balikpapan", latitude=-1.27, longitude=116.83)
        ani, sam = staff(office, "Ani Kantor"), staff(site, "Sam Site")
        return {
            "ani": ani,
            "sam": sam,
            "office_log": log_of(ani),
            "site_log": log_of(sam),
            "budi": make_user(rights=approver_rights("office"), fullname="Budi Kantor"),
            "sinta": make_user(rights=approver_rights("site"), fullname="Sinta Site"),
            "all": make_user(rights=approver_rights(*ManPowerType.values), fullname="Semua Tipe"),
            "hr": make_user(rights=["allow_reset_attendance"], fullname="Hana HR"),
            "nobody": make_user(fullname="Tanpa Hak"),
        }

    return database_sync_to_async(build)


async def test_subscription_rules_and_per_type_snapshots(people: Callable[[], Any]) -> None:
    world = await people()
    for name, expected in (
        ("budi", {"office": 1}),
        ("sinta", {"site": 1}),
        ("all", {"office": 1, "pool": 0, "site": 1, "tug_boat": 0}),
    ):
        _, _, ticket = await new_session(world[name])
        async with socket(ticket) as ws:
            answer = await subscribe(ws, TOPIC)
            assert answer["op"] == "subscribed" and answer["version"] == 0
            assert answer["snapshot"] == {"waiting_by_type": expected}
    for name in ("hr", "nobody"):
        _, _, ticket = await new_session(world[name])
        async with socket(ticket) as ws:
            assert await subscribe(ws, TOPIC) == {"op": "error", "topic": TOPIC, "code": "forbidden"}


async def test_a_site_decision_never_reaches_an_office_only_approver(people: Callable[[], Any]) -> None:
    world = await people()
    tickets = {name: (await new_session(world[name]))[2] for name in ("budi", "sinta", "all")}
    async with (
        socket(tickets["budi"]) as budi,
        socket(tickets["sinta"]) as sinta,
        socket(tickets["all"]) as everyone,
    ):
        for ws in (budi, sinta, everyone):
            await subscribe(ws, TOPIC)

        await database_sync_to_async(services.attendance_log_approve)(
            log=world["site_log"], approver=world["sinta"]
        )
        left = {
            "hash_id": world["site_log"].hash_id,
            "status": "manual_approved",
            "decided_by_name": "Sinta Site",
        }
        assert await receive(sinta) == {
            "op": "event",
            "topic": TOPIC,
            "version": 1,
            "type": "left",
            "data": {**left, "waiting_by_type": {"site": 0}},
        }
        seen = await receive(everyone)
        assert seen["type"] == "left", seen
        assert seen["data"] == {**left, "waiting_by_type": {"office": 1, "pool": 0, "site": 0, "tug_boat": 0}}
        assert await budi.receive_nothing(timeout=QUIET)

        # An undo of an office log is heard by office approvers only, with the row the list shows.
        await database_sync_to_async(services.attendance_log_approve)(
            log=world["office_log"], approver=world["budi"]
        )
        assert (await receive(budi))["type"] == "left"
        assert (await receive(everyone))["type"] == "left"
        await database_sync_to_async(services.attendance_log_undo)(log=world["office_log"], user=world["hr"])
        entered = await receive(budi)
        row = await database_sync_to_async(
            lambda: attendance_queue_rows(
                [
                    AttendanceLog.objects.select_related("employee", "man_power").get(
                        pk=world["office_log"].pk
                    )
                ],
                viewer=None,
            )[0]
        )()
        assert entered["type"] == "entered" and entered["version"] == 2
        assert entered["data"] == {"row": row, "waiting_by_type": {"office": 1}}
        assert (await receive(everyone))["type"] == "entered"
        assert await sinta.receive_nothing(timeout=QUIET)


def _site_check_in(employee: Employee) -> AttendanceLog:
    # Far outside the radius: the log waits for a site approver.
    return attendance_log_record(
        employee=employee, log_type="check_in", latitude=-6.2, longitude=106.8, fr_accuracy=90, photo=photo()
    )


async def test_a_waiting_check_in_enters_only_the_queues_of_its_type(people: Callable[[], Any]) -> None:
    world = await people()
    tickets = {name: (await new_session(world[name]))[2] for name in ("budi", "sinta")}
    async with socket(tickets["budi"]) as budi, socket(tickets["sinta"]) as sinta:
        await subscribe(budi, TOPIC)
        await subscribe(sinta, TOPIC)
        log = await database_sync_to_async(_site_check_in)(world["sam"])
        assert log.status == LogStatus.WAITING_APPROVAL
        event = await receive(sinta)
        assert event["type"] == "entered"
        assert event["data"]["row"]["hash_id"] == log.hash_id
        assert event["data"]["waiting_by_type"] == {"site": 2}
        assert await budi.receive_nothing(timeout=QUIET)
