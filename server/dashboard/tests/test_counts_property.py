"""Property: after any sequence of check-ins, decisions and izin, the counts pushed on the
`dashboard` topic equal the REST counts, which equal a direct count of the database rows."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime, time, timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.accounts.models import User
from server.attendance.checkin import attendance_log_record
from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus, LogType, RiskLevel
from server.attendance.services import attendance_log_approve, attendance_log_reject, attendance_log_undo
from server.core import clock
from server.core.envelope import ApiError
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.izin.services import izin_request_approve, izin_request_create, izin_request_reject
from server.leave.models import LeaveLedgerEntry
from server.testing.clock import freeze
from server.testing.factories import (
    izin_type,
    local,
    make_employee,
    make_man_power,
    make_pattern,
    make_shift,
    photo,
)
from server.testing.sockets import new_session, receive, socket, subscribe
from server.workforce.models import Employee, ManPower

pytestmark = pytest.mark.django_db(transaction=True)

TODAY = date(2026, 3, 4)
NEAR = (-6.2003, 106.8)
FAR = (-6.25, 106.8)
QUIET = 0.8
EMPLOYEES = 4
IZIN_CODES = (IzinCode.SAKIT, IzinCode.CUTI, IzinCode.CUTI_TIDAK_BERBAYAR)

check_ins = st.tuples(
    st.just("log"),
    st.integers(0, EMPLOYEES - 1),
    st.sampled_from([LogType.CHECK_IN, LogType.CHECK_OUT]),
    st.integers(6 * 60, 19 * 60),
    st.booleans(),
)
decisions = st.tuples(st.sampled_from(["approve", "reject", "undo"]), st.integers(0, 20))
izin_requests = st.tuples(
    st.just("izin"), st.integers(0, EMPLOYEES - 1), st.sampled_from(IZIN_CODES), st.integers(-3, 2)
)
izin_decisions = st.tuples(st.sampled_from(["izin_approve", "izin_reject"]), st.integers(0, 20))
operations = st.lists(st.one_of(check_ins, decisions, izin_requests, izin_decisions), min_size=1, max_size=10)


def nth(items: list[Any], k: int) -> Any:
    return items[k % len(items)] if items else None


def apply(operation: tuple[Any, ...], people: list[Employee], placement: ManPower, approver: User) -> None:
    kind = operation[0]
    try:
        if kind == "log":
            _, who, log_type, minute, near = operation
            latitude, longitude = NEAR if near else FAR
            attendance_log_record(
                employee=people[who],
                log_type=log_type,
                latitude=latitude,
                longitude=longitude,
                fr_accuracy=95,
                photo=photo(),
                when=local(TODAY, minute // 60, minute % 60),
            )
        elif kind in ("approve", "reject"):
            log = nth(
                list(AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).order_by("pk")),
                operation[1],
            )
            if log is None:
                return
            if kind == "approve":
                attendance_log_approve(log=log, approver=approver, near_man_power=placement)
            else:
                attendance_log_reject(log=log, approver=approver, note="Di luar lokasi")
        elif kind == "undo":
            decided = AttendanceLog.objects.filter(status__in=[LogStatus.MANUAL_APPROVED, LogStatus.REJECTED])
            log = nth(list(decided.order_by("pk")), operation[1])
            if log is not None:
                attendance_log_undo(log=log, user=approver)
        elif kind == "izin":
            _, who, code, offset = operation
            start = TODAY + timedelta(days=offset)
            izin_request_create(
                employee=people[who], izin_type_code=code, start_date=start, end_date=start, description="Uji"
            )
        else:
            izin = nth(
                list(IzinRequest.objects.filter(status=IzinStatus.WAITING_APPROVAL).order_by("pk")),
                operation[1],
            )
            if izin is None:
                return
            if kind == "izin_approve":
                izin_request_approve(izin=izin, user=approver)
            else:
                izin_request_reject(izin=izin, user=approver, note="Tidak cukup alasan")
    except ApiError:
        # Refused operations (an overlapping izin, ...) change nothing; the property still holds.
        pass


def direct_counts(today: date) -> dict[str, Any]:
    """The counts computed the slow, obvious way: every row read and counted in Python."""
    zone = timezone.get_default_timezone()

    def this_month(moment: datetime) -> bool:
        local_moment = moment.astimezone(zone)
        return (local_moment.year, local_moment.month) == (today.year, today.month)

    logs = list(AttendanceLog.objects.all())
    izin = list(IzinRequest.objects.all())
    log_status = Counter(log.status for log in logs if this_month(log.log_datetime))
    izin_status = Counter(request.status for request in izin if this_month(request.created))
    month_days = [
        d for d in AttendanceDay.objects.all() if (d.date.year, d.date.month) == (today.year, today.month)
    ]
    today_days = [d for d in AttendanceDay.objects.all() if d.date == today]
    absent = {"mangkir", "sakit", "cuti", "ctb"}
    received = {
        log.employee_id
        for log in logs
        if log.log_type == LogType.CHECK_IN and log.log_date == today and log.status != LogStatus.REJECTED
    }
    by_keterangan = Counter(d.keterangan for d in month_days)

    def late_counts(field: str) -> dict[str, int]:
        rows = [d for d in month_days if getattr(d, field) > 0]
        return {
            "total_days": len(rows),
            "total_employees": len({d.employee_id for d in rows}),
            "total_minutes": sum(getattr(d, field) for d in rows),
        }

    return {
        "date": today.isoformat(),
        "month": today.month,
        "year": today.year,
        "approval": {
            "attendance": {
                "waiting_approval": log_status["waiting_approval"],
                "approved": log_status["approved"],
                "manual_approval": log_status["manual_approved"],
                "rejected": log_status["rejected"],
            },
            "izin": {
                "waiting_approval": izin_status["waiting_approval"],
                "approved": izin_status["approved"],
                "rejected": izin_status["rejected"],
            },
        },
        "late_in": late_counts("late_minutes"),
        "early_out": late_counts("early_out_minutes"),
        "absence": {
            "alpa": by_keterangan["mangkir"],
            "sakit": by_keterangan["sakit"],
            "cuti": by_keterangan["cuti"],
            "ctb": by_keterangan["ctb"],
            "total": sum(by_keterangan[k] for k in absent),
        },
        "checked_in_today": sum(1 for d in today_days if d.check_in is not None),
        "late_today": sum(1 for d in today_days if d.late_minutes > 0),
        "early_out_today": sum(1 for d in today_days if d.early_out_minutes > 0),
        "absent_today": sum(1 for d in today_days if d.keterangan in absent),
        "attendance_waiting": sum(1 for log in logs if log.status == LogStatus.WAITING_APPROVAL),
        "waiting_low_risk": sum(
            1 for log in logs if log.status == LogStatus.WAITING_APPROVAL and log.risk_level == RiskLevel.LOW
        ),
        "izin_waiting": sum(1 for request in izin if request.status == IzinStatus.WAITING_APPROVAL),
        # Past the default deadlines (24 and 48 hours of waiting; server/schedules/sla.py).
        "attendance_overdue": sum(
            1
            for log in logs
            if log.status == LogStatus.WAITING_APPROVAL and log.created < clock.now() - timedelta(hours=24)
        ),
        "izin_overdue": sum(
            1
            for request in izin
            if request.status == IzinStatus.WAITING_APPROVAL
            and request.created < clock.now() - timedelta(hours=48)
        ),
        "attendance_types": ["office", "pool", "site", "tug_boat"],
        "queue_month": {"start": today.replace(day=1).isoformat(), "end": today.isoformat()},
        "checkins_received_today": len(received),
        # Every employee works from 08:00 (5 minutes of tolerance), the clock stands at noon: all are due.
        "absence_today": {
            "known": True,
            "absent": Employee.objects.count() - len(received),
            "sites_known": 1,
            "sites_total": 1,
        },
    }


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Any, admin_user: User) -> dict[str, Any]:
    settings.MEDIA_ROOT = tmp_path
    freeze(monkeypatch, local(TODAY, 12))
    placement = make_man_power(name="Kantor Pusat", max_radius=100)
    pattern = make_pattern([make_shift(time_in=time(8), time_out=time(17))], starting_date=date(2026, 1, 5))
    people = [
        make_employee(man_power=placement, pattern=pattern, cuti_saldo=12, joined_date=date(2020, 1, 1))
        for _ in range(EMPLOYEES)
    ]
    for code in IZIN_CODES:
        izin_type(code)
    return {"people": people, "placement": placement, "approver": admin_user}


async def pushed_counts(
    ticket: str, operations: list[tuple[Any, ...]], world: dict[str, Any]
) -> dict[str, Any]:
    """Subscribe, run the operations, and answer the last counts the socket showed once it is quiet."""
    async with socket(ticket) as ws:
        shown = (await subscribe(ws, "dashboard"))["snapshot"]
        for operation in operations:
            await database_sync_to_async(apply)(
                operation, world["people"], world["placement"], world["approver"]
            )
        while not await ws.receive_nothing(timeout=QUIET):
            message = await receive(ws)
            assert message["op"] == "event" and message["type"] == "counts", message
            shown = message["data"]
        return shown


def reset(people: list[Employee]) -> None:
    """Each example starts from the same state, so a failure replays (and shrinks) deterministically.
    The wipe publishes nothing, so the counts shared until the next publish are dropped too."""
    cache.clear()
    AttendanceDay.objects.all().delete()
    AttendanceLog.objects.all().delete()
    IzinRequest.objects.all().delete()
    LeaveLedgerEntry.objects.all().delete()
    Employee.objects.filter(pk__in=[p.pk for p in people]).update(
        cuti_saldo=12, cuti_terpakai=0, cuti_hutang=0
    )


# Each example drives a real socket (about 1.5 s), so this property runs a quarter of the CI profile's
# examples (25 with "ci"), still several times the 6 it used to run.
@settings(
    max_examples=max(6, settings.default.max_examples // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(operations=operations)
def test_pushed_counts_equal_rest_counts_equal_the_database(
    operations: list[tuple[Any, ...]], world: dict[str, Any], client_for: Any
) -> None:
    reset(world["people"])
    client = client_for(world["approver"])
    _, _, ticket = async_to_sync(new_session)(world["approver"])
    pushed = async_to_sync(pushed_counts)(ticket, operations, world)
    rest = client.get("/api/web/v1/dashboard/counts").json()["data"]
    assert pushed == rest == direct_counts(TODAY)


def test_the_oracle_sees_what_the_operations_did(world: dict[str, Any]) -> None:
    """The property is not vacuous: the operations move the counts the oracle reads."""
    people, placement, approver = world["people"], world["placement"], world["approver"]
    apply(("log", 0, LogType.CHECK_IN, 8 * 60 + 30, True), people, placement, approver)
    apply(("log", 1, LogType.CHECK_IN, 8 * 60, False), people, placement, approver)
    apply(("izin", 2, IzinCode.SAKIT, 0), people, placement, approver)
    apply(("izin_approve", 0), people, placement, approver)
    counts = direct_counts(TODAY)
    assert counts["checked_in_today"] == 1 and counts["late_today"] == 1
    assert counts["attendance_waiting"] == 1 and counts["absent_today"] == 1
    assert counts["approval"]["izin"]["approved"] == 1
    apply(("approve", 0), people, placement, approver)
    assert direct_counts(TODAY)["checked_in_today"] == 2
    assert AttendanceLog.objects.filter(status=LogStatus.MANUAL_APPROVED).count() == 1
