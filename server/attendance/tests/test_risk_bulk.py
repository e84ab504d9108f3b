"""The waiting logs measured again in bulk (the seed, the backfill) give exactly the factors, and so
the scores, of each log measured on its own: the previous log (ties at one instant, an employee's
first log), the devices first seen by then, the last refused attempt, the nearest placement."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from server.attendance.models import AttendanceLog, BlacklistAttempt, EmployeeDevice, LogStatus, LogType
from server.attendance.risk_selectors import risk_factors_of_log, risk_factors_of_logs, risk_thresholds
from server.attendance.risk_services import attendance_risk_rescore, risk_apply
from server.attendance.tests.approval_builders import log_of, placement, staff
from server.workforce.models import AttendanceLocationType, Employee, ManPowerType

pytestmark = pytest.mark.django_db

SITE = (-0.5, 117.5)
NEAR_SITE = (-0.51, 117.52)  # another placement about 2.5 km away


def logs_of_several_employees() -> list[AttendanceLog]:
    site = placement(ManPowerType.SITE, "Site Sangatta", latitude=SITE[0], longitude=SITE[1], max_radius=200)
    placement(
        ManPowerType.SITE, "Site Bengalon", latitude=NEAR_SITE[0], longitude=NEAR_SITE[1], max_radius=200
    )
    ana, budi = staff(site, "Ana"), staff(site, "Budi")
    cici = staff(site, "Cici", attendance_location_type=AttendanceLocationType.ANYWHERE)
    start = timezone.now().replace(microsecond=0) - timedelta(days=3)

    def at(hours: float) -> datetime:
        return start + timedelta(hours=hours)

    def log(
        employee: Employee, hours: float, point: tuple[float, float] = SITE, **fields: object
    ) -> AttendanceLog:
        fields.setdefault("distance", 10.0)
        return log_of(employee, at(hours), latitude=point[0], longitude=point[1], **fields)

    made = [
        log(ana, 0, device_id="hp-1"),  # Ana's first log
        log(ana, 9, log_type=LogType.CHECK_OUT, status=LogStatus.APPROVED, device_id="hp-1"),
        # Three logs at one instant: each one's previous is another of them (the highest id but itself).
        log(ana, 24, NEAR_SITE, distance=2_500.0, is_valid_location=False, device_id="hp-2"),
        log(ana, 24, device_id="hp-2"),
        log(ana, 24, (-0.52, 117.6), distance=11_000.0, is_valid_location=False, device_id="hp-2"),
        log(ana, 24.5, (-0.9, 118.5), distance=120_000.0, is_valid_location=False, fr_accuracy=60),
        log(budi, 1, device_id="hp-b"),  # Budi's first log, a refused attempt before it
        log(budi, 2, (-0.5011, 117.5), distance=240.0, is_valid_location=False, gps_accuracy=150.0),
        log(budi, 2, device_id="hp-b2"),  # the later twin of a tie, on a device first seen then
        log(budi, 30, device_id="hp-b"),
        log(cici, 5),  # anywhere: no radius
        log(cici, 6, (1.0, 119.0), distance=300_000.0),
    ]
    EmployeeDevice.objects.create(employee=ana, device_id="hp-1", first_seen=at(-100), last_seen=at(9))
    EmployeeDevice.objects.create(employee=ana, device_id="hp-2", first_seen=at(20), last_seen=at(24))
    EmployeeDevice.objects.create(employee=budi, device_id="hp-b", first_seen=at(-50), last_seen=at(30))
    EmployeeDevice.objects.create(employee=budi, device_id="hp-b2", first_seen=at(2), last_seen=at(2))
    for employee, hours, app in (
        (budi, 0.5, "Fake GPS"),
        (ana, 23, "Mock Location"),
        (ana, 23, "Mock Location"),
    ):
        BlacklistAttempt.objects.create(
            employee=employee, app_name=app, package_id="x.y", attempted_at=at(hours)
        )
    return made


def stored(pks: list[int]) -> list[AttendanceLog]:
    return list(
        AttendanceLog.objects.filter(pk__in=pks)
        .select_related("employee", "man_power", "shift")
        .order_by("pk")
    )


def test_the_bulk_measure_gives_each_log_the_factors_it_is_given_alone() -> None:
    logs = stored([log.pk for log in logs_of_several_employees()])
    alone = {log.pk: risk_factors_of_log(log) for log in logs}

    with CaptureQueriesContext(connection) as queries:
        bulk = risk_factors_of_logs(logs)

    assert bulk == alone
    # The fixture reaches every factor read around a log (else the comparison proves little).
    factors = list(alone.values())
    assert sum(f.travel_km is None for f in factors) == 3  # the first log of each employee
    assert any(f.travel_minutes == 0 for f in factors)  # ties at one instant
    assert any(f.device_age_days is not None for f in factors)
    assert {f.blacklist_app for f in factors} == {"", "Fake GPS", "Mock Location"}
    assert {f.approval_place_name for f in factors} == {"", "Site Bengalon"}
    assert any(f.radius_m is None for f in factors)
    # A few queries for the batch, not a few per log (the one per log with a shift is the shift's zone).
    assert len(queries) <= 6


def test_rescoring_in_bulk_gives_the_scores_of_each_log_measured_alone() -> None:
    pks = [log.pk for log in logs_of_several_employees()]
    thresholds = risk_thresholds()
    expected = {}
    for log in stored(pks):
        risk_apply(log, risk_factors_of_log(log), thresholds)
        expected[log.pk] = (log.risk_score, log.risk_level, log.risk_reasons, log.risk_factors)

    attendance_risk_rescore(log_ids=pks, thresholds=thresholds, measure=True)

    got = {
        log.pk: (log.risk_score, log.risk_level, log.risk_reasons, log.risk_factors)
        for log in AttendanceLog.objects.filter(pk__in=pks)
    }
    assert got == expected
    assert len({score for score, *_ in got.values()}) > 3
