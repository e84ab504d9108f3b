"""One scope everywhere (issue 44): a scoped approver's dashboard counts are exactly its lists with the
same filters, REST and live alike; the izin counts are the izin queue's."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus, RiskLevel
from server.izin.models import IzinStatus
from server.realtime.publish import send_now
from server.testing.clock import freeze
from server.testing.factories import local, make_employee, make_izin_created, make_log_at, make_man_power
from server.testing.sockets import new_session, receive, socket, subscribe

TODAY = date(2026, 3, 4)
OFFICE_RIGHTS = [
    "allow_approved_attendance",
    "allow_approved_attendance_office",
    "allow_rejected_attendance",
    "allow_rejected_attendance_office",
]
LIST = "/api/web/v1/attendance_log/list"


def _world() -> dict[str, Any]:
    """Office and site logs of several dates, statuses and risks: the company-wide counts differ from
    an office approver's in every field."""
    office, site = make_man_power(type="office"), make_man_power(type="site", name="Site Tambang")
    ani, budi = make_employee(man_power=office), make_employee(man_power=office)
    sam, tono = make_employee(man_power=site), make_employee(man_power=site)
    for person, hours in ((ani, (7, 8)), (budi, (9,)), (sam, (7, 8, 9)), (tono, (10,))):
        for hour in hours:
            make_log_at(person, local(TODAY, hour))
    make_log_at(ani, local(date(2026, 1, 20), 8))  # an older month, still waiting
    make_log_at(sam, local(date(2026, 2, 10), 8))
    make_log_at(budi, local(TODAY, 7), LogStatus.APPROVED)
    make_log_at(sam, local(TODAY, 6), LogStatus.MANUAL_APPROVED)
    make_log_at(tono, local(TODAY, 6), LogStatus.REJECTED)
    # Medium and high risk among the waiting ones of both types.
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).order_by("pk")
    AttendanceLog.objects.filter(pk=waiting.filter(man_power_type="office")[0].pk).update(
        risk_level=RiskLevel.MEDIUM, risk_score=40
    )
    AttendanceLog.objects.filter(pk=waiting.filter(man_power_type="site")[0].pk).update(
        risk_level=RiskLevel.HIGH, risk_score=80
    )
    return {"office": office, "site": site}


def _total(client: Any, **params: str) -> int:
    body = client.get(LIST, {"status": "waiting_approval", **params}).json()
    assert body["http_status"] == 200, body
    return int(body["recordsTotal"])


@pytest.mark.django_db
def test_a_scoped_approvers_counts_equal_its_queue_with_the_same_filters(
    client_for: Any, make_user: Callable[..., User], monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, local(TODAY, 12))
    _world()
    office_approver = client_for(make_user(rights=OFFICE_RIGHTS))
    counts = office_approver.get("/api/web/v1/dashboard/counts").json()["data"]

    assert counts["attendance_types"] == ["office"]
    assert counts["queue_month"] == {"start": "2026-03-01", "end": "2026-03-04"}
    # Each count = the queue's recordsTotal with the filters "Buka" opens (contracts item 2).
    assert counts["attendance_waiting"] == _total(office_approver) == 4
    assert counts["waiting_low_risk"] == _total(office_approver, risk="low") == 3
    month = counts["approval"]["attendance"]
    queue_month = {"start_date": "2026-03-01", "end_date": "2026-03-04"}
    assert month["waiting_approval"] == _total(office_approver, **queue_month) == 3
    assert (month["approved"], month["manual_approval"], month["rejected"]) == (1, 0, 0)

    # Someone deciding every type sees the company-wide counts, again equal to its own queue.
    admin = client_for(make_user(rights=[*OFFICE_RIGHTS, "allow_approved_attendance_site"]))
    everything = client_for(make_user(flags=[]))  # no approval right: the company-wide board
    whole = everything.get("/api/web/v1/dashboard/counts").json()["data"]
    assert whole["attendance_types"] == ["office", "pool", "site", "tug_boat"]
    assert (whole["attendance_waiting"], whole["waiting_low_risk"]) == (9, 7)
    assert whole["approval"]["attendance"] == {
        "waiting_approval": 7,
        "approved": 1,
        "manual_approval": 1,
        "rejected": 1,
    }
    both = admin.get("/api/web/v1/dashboard/counts").json()["data"]
    assert both["attendance_types"] == ["office", "site"]
    assert both["attendance_waiting"] == _total(admin) == 9
    assert both["waiting_low_risk"] == _total(admin, risk="low") == 7
    assert "by_type" not in both and "by_type" not in counts


@pytest.mark.django_db
def test_the_izin_counts_equal_the_izin_queue(
    client_for: Any, make_user: Callable[..., User], monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, local(TODAY, 12))
    ani = make_employee()
    make_izin_created(ani, local(TODAY, 9))
    make_izin_created(ani, local(date(2025, 12, 30), 9))  # another year, still waiting
    make_izin_created(ani, local(TODAY, 10), IzinStatus.APPROVED)
    deciding = client_for(make_user(flags=["allow_permission"]))
    counts = deciding.get("/api/web/v1/dashboard/counts").json()["data"]
    waiting = deciding.get(
        "/api/web/v1/permission/list", {"search": json.dumps({"status": "waiting_approval"})}
    ).json()
    assert counts["izin_waiting"] == waiting["recordsFiltered"] == 2
    assert counts["approval"]["izin"]["waiting_approval"] == 1  # submitted this month


pytestmark_live = pytest.mark.django_db(transaction=True)


async def _pushes(ws: Any) -> list[dict[str, Any]]:
    pushes = []
    while not await ws.receive_nothing(timeout=1.0):
        message = await receive(ws)
        assert message["op"] == "event" and message["type"] == "counts", message
        pushes.append(message["data"])
    return pushes


@pytestmark_live
async def test_a_scoped_approvers_live_dashboard_counts_its_types(
    make_user: Callable[..., User], monkeypatch: pytest.MonkeyPatch
) -> None:
    freeze(monkeypatch, timezone.now())
    world = await database_sync_to_async(_world)()
    office_user = await database_sync_to_async(make_user)(rights=OFFICE_RIGHTS)
    other_user = await database_sync_to_async(make_user)(flags=[])
    _, _, office_ticket = await new_session(office_user)
    _, _, other_ticket = await new_session(other_user)
    async with socket(office_ticket) as office, socket(other_ticket) as other:
        scoped = (await subscribe(office, "dashboard"))["snapshot"]
        whole = (await subscribe(other, "dashboard"))["snapshot"]
        assert (scoped["attendance_waiting"], scoped["attendance_types"]) == (4, ["office"])
        assert (whole["attendance_waiting"], whole["attendance_types"][0]) == (9, "office")

        def site_then_office(kind: str) -> None:
            person = make_employee(man_power=world[kind])
            make_log_at(person, timezone.now())
            send_now("dashboard", "changed", {"reason": "attendance_log"})

        await database_sync_to_async(site_then_office)("site")
        assert [p["attendance_waiting"] for p in await _pushes(other)] == [10]
        # The site check-in is not the office approver's: its approval counts did not move (the
        # company-wide today counts beside them may have).
        assert {(p["attendance_waiting"], p["waiting_low_risk"]) for p in await _pushes(office)} <= {(4, 3)}
        await database_sync_to_async(site_then_office)("office")
        pushed = await _pushes(office)
        assert [(p["attendance_waiting"], p["waiting_low_risk"], p["attendance_types"]) for p in pushed] == [
            (5, 4, ["office"])
        ]
        assert "by_type" not in pushed[0]
        assert [p["attendance_waiting"] for p in await _pushes(other)] == [11]
