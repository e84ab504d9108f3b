"""Reads for the risk of a check-in: its thresholds (and what unsaved ones would make of the queue),
the factors measured around a log, the row field."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import fields
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import OuterRef, Subquery

from server.attendance.engine import employee_zone
from server.attendance.geo import haversine_metres
from server.attendance.models import (
    AttendanceLog,
    BlacklistAttempt,
    EmployeeDevice,
    LogStatus,
    LogType,
    RiskLevel,
    RiskSettings,
)
from server.attendance.placements import Placement, nearest_placement, placements_near
from server.attendance.risk import (
    RULES,
    SHIFT_AFTER_OUT,
    SHIFT_BEFORE_IN,
    SHIFT_NO_SHIFT,
    RiskFactors,
    RiskThresholds,
    risk_assess,
)
from server.core.envelope import Unprocessable
from server.schedules.models import Shift
from server.schedules.rules import check_in_window, check_out_window, shift_bounds
from server.workforce.models import AttendanceLocationType, Employee, ManPower

THRESHOLD_FIELDS = tuple(f.name for f in fields(RiskThresholds))
ONE_DAY = timedelta(days=1)
PREVIEW_CHUNK = 2000

HIGH_NOT_ABOVE_MEDIUM = "Skor risiko tinggi harus lebih besar dari skor risiko sedang."


def risk_settings_get() -> RiskSettings:
    """The stored thresholds, or the defaults (unsaved) until they are first saved: a read writes
    nothing (risk_settings_update creates the row)."""
    return RiskSettings.objects.filter(pk=1).first() or RiskSettings(pk=1)


def risk_thresholds(settings: RiskSettings | None = None) -> RiskThresholds:
    settings = settings or risk_settings_get()
    return RiskThresholds(**{name: getattr(settings, name) for name in THRESHOLD_FIELDS})


def risk_rules() -> list[dict[str, str]]:
    """What each factor weighs and the level it sets at least, in words (the thresholds screen)."""
    keys = ("code", "label", "weight", "floor")
    return [dict(zip(keys, rule, strict=True)) for rule in RULES]


def risk_thresholds_from(data: Mapping[str, Any], settings: RiskSettings | None = None) -> RiskThresholds:
    """Thresholds from `data` (a missing one: the stored value); 422 when high does not lie above
    medium."""
    settings = settings or risk_settings_get()
    values = {name: data.get(name, getattr(settings, name)) for name in THRESHOLD_FIELDS}
    if values["high_from"] <= values["medium_from"]:
        raise Unprocessable(HIGH_NOT_ABOVE_MEDIUM, errors={"high_from": [HIGH_NOT_ABOVE_MEDIUM]})
    return RiskThresholds(**values)


def risk_preview(*, thresholds: RiskThresholds) -> dict[str, int]:
    """How many waiting logs each level would hold under `thresholds`, nothing written: each scored
    from its stored factors as a save would rescore it (a log stored before risk was measured keeps
    its level)."""
    levels: Counter[str] = Counter()
    waiting = AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).values_list(
        "risk_factors", "risk_level"
    )
    for factors, level in waiting.iterator(chunk_size=PREVIEW_CHUNK):
        levels[risk_assess(RiskFactors.from_json(factors), thresholds).level if factors else level] += 1
    counts = {level: levels[level] for level in RiskLevel.values}
    return {**counts, "total": sum(counts.values())}


def _shift_position(
    *, log_type: str, when: datetime, shift: Shift | None, day: date, is_valid_shift: bool, employee: Employee
) -> tuple[str, int, int]:
    """(position, minutes from time_in or time_out, minutes from the window's nearest edge)."""
    if is_valid_shift:
        return "", 0, 0
    if shift is None or not shift.is_working:
        return SHIFT_NO_SHIFT, 0, 0
    tz = employee_zone(employee)
    local = when.astimezone(tz)
    start, end = shift_bounds(shift, day, tz)
    low, high = (check_in_window if log_type == LogType.CHECK_IN else check_out_window)(shift, day, tz)
    if local < low:
        return SHIFT_BEFORE_IN, _minutes(start - local), _minutes(low - local)
    return SHIFT_AFTER_OUT, _minutes(local - end), _minutes(local - high)


def _minutes(delta: timedelta) -> int:
    return max(0, int(delta.total_seconds() // 60))


def risk_factors_measure(
    *,
    employee: Employee,
    man_power: ManPower | None,
    log_type: str,
    when: datetime,
    latitude: float,
    longitude: float,
    distance: float,
    gps_accuracy: float | None,
    face_score: float,
    device_id: str,
    shift: Shift | None,
    attendance_date: date,
    is_valid_shift: bool,
    before_log_id: int | None = None,
) -> RiskFactors:
    """The factors of a log of `employee` at `when`, from the logs, devices and refused attempts
    before it (`before_log_id`: the log itself when measuring one already stored)."""
    earlier = AttendanceLog.objects.filter(employee=employee, log_datetime__lte=when)
    if before_log_id is not None:
        earlier = earlier.exclude(pk=before_log_id)
    previous = earlier.order_by("-log_datetime", "-id").values(*_PREVIOUS_FIELDS).first()
    devices: dict[str, datetime] = {}
    if device_id:
        devices = dict(
            EmployeeDevice.objects.filter(employee=employee, first_seen__lte=when).values_list(
                "device_id", "first_seen"
            )
        )
    radius = _radius(employee, man_power)
    nearest = None
    if radius is not None and distance > radius:
        nearest = nearest_placement(latitude=latitude, longitude=longitude, own=man_power)
    return _factors(
        employee=employee,
        man_power=man_power,
        log_type=log_type,
        when=when,
        latitude=latitude,
        longitude=longitude,
        distance=distance,
        gps_accuracy=gps_accuracy,
        face_score=face_score,
        device_id=device_id,
        shift=shift,
        attendance_date=attendance_date,
        is_valid_shift=is_valid_shift,
        previous=previous,
        devices=devices,
        attempt=_last_attempt(employee.pk, when),
        radius=radius,
        nearest=nearest,
    )


_PREVIOUS_FIELDS = ("latitude", "longitude", "log_datetime")


def _last_attempt(employee_id: int, when: datetime) -> Mapping[str, Any] | None:
    return (
        BlacklistAttempt.objects.filter(employee_id=employee_id, attempted_at__lte=when)
        .order_by("-attempted_at")
        .values("app_name", "attempted_at")
        .first()
    )


def _radius(employee: Employee, man_power: ManPower | None) -> int | None:
    anywhere = employee.attendance_location_type == AttendanceLocationType.ANYWHERE
    return None if anywhere or man_power is None else int(man_power.max_radius)


def _factors(
    *,
    employee: Employee,
    man_power: ManPower | None,
    log_type: str,
    when: datetime,
    latitude: float,
    longitude: float,
    distance: float,
    gps_accuracy: float | None,
    face_score: float,
    device_id: str,
    shift: Shift | None,
    attendance_date: date,
    is_valid_shift: bool,
    previous: Mapping[str, Any] | None,
    devices: Mapping[str, datetime],
    attempt: Mapping[str, Any] | None,
    radius: int | None,
    nearest: Placement | None,
) -> RiskFactors:
    """The factors from what was read around the log: its previous log, the employee's devices first
    seen by `when`, the last refused attempt by `when`, the nearest placement when out of radius."""
    travel_km = travel_minutes = None
    if previous is not None:
        travel_km = haversine_metres(previous["latitude"], previous["longitude"], latitude, longitude) / 1000
        travel_minutes = (when - previous["log_datetime"]).total_seconds() / 60

    device_age = None
    if device_id:
        first_seen = devices.get(device_id, when)
        if any(seen < first_seen for name, seen in devices.items() if name != device_id):
            device_age = (when - first_seen).total_seconds() / 86400

    position, offset, outside = _shift_position(
        log_type=log_type,
        when=when,
        shift=shift,
        day=attendance_date,
        is_valid_shift=is_valid_shift,
        employee=employee,
    )
    approval = nearest if nearest is not None and not nearest.is_own else None
    return RiskFactors(
        distance_m=round(distance, 1),
        radius_m=radius,
        place_name=man_power.name if man_power is not None else "",
        approval_place_name=approval.man_power.name if approval else "",
        approval_distance_m=round(approval.distance_m, 1) if approval else None,
        approval_radius_m=int(approval.man_power.max_radius) if approval else None,
        gps_accuracy_m=gps_accuracy,
        face_score=float(face_score),
        travel_km=None if travel_km is None else round(travel_km, 3),
        travel_minutes=None if travel_minutes is None else round(travel_minutes, 1),
        device_age_days=None if device_age is None else round(device_age, 2),
        shift_position=position,
        shift_offset_minutes=offset,
        shift_outside_minutes=outside,
        blacklist_app=attempt["app_name"] if attempt else "",
        blacklist_days_ago=(
            round((when - attempt["attempted_at"]).total_seconds() / 86400, 2) if attempt else None
        ),
    )


def risk_factors_of_log(log: AttendanceLog) -> RiskFactors:
    """The factors of a stored log measured again (logs stored before risk was measured)."""
    return risk_factors_measure(
        employee=log.employee,
        man_power=log.man_power,
        log_type=log.log_type,
        when=log.log_datetime,
        latitude=log.latitude,
        longitude=log.longitude,
        distance=log.distance,
        gps_accuracy=log.gps_accuracy,
        face_score=float(log.fr_accuracy),
        device_id=log.device_id,
        shift=log.shift,
        attendance_date=log.attendance_date,
        is_valid_shift=log.is_valid_shift,
        before_log_id=log.pk,
    )


def risk_factors_of_logs(logs: Sequence[AttendanceLog]) -> dict[int, RiskFactors]:
    """The factors of stored logs measured again (by pk), the same as `risk_factors_of_log` of each
    but read for the whole batch at once: the previous logs in one query (a correlated subquery on
    the (employee, log_datetime, id) index), the devices and refused attempts of the batch's
    employees in one query each, the nearest placements of the out-of-radius logs in one. The logs'
    employee, man_power and shift should be select_related."""
    if not logs:
        return {}
    before = AttendanceLog.objects.filter(
        employee_id=OuterRef("employee_id"), log_datetime__lte=OuterRef("log_datetime")
    ).exclude(pk=OuterRef("pk"))
    previous_of = dict(
        AttendanceLog.objects.filter(pk__in=[log.pk for log in logs])
        .annotate(previous_id=Subquery(before.order_by("-log_datetime", "-id").values("pk")[:1]))
        .values_list("pk", "previous_id")
    )
    previous = {
        row["pk"]: row
        for row in AttendanceLog.objects.filter(
            pk__in={pk for pk in previous_of.values() if pk is not None}
        ).values("pk", *_PREVIOUS_FIELDS)
    }
    employee_ids = {log.employee_id for log in logs}
    devices: dict[int, dict[str, datetime]] = defaultdict(dict)
    device_rows = EmployeeDevice.objects.filter(employee_id__in=employee_ids).values_list(
        "employee_id", "device_id", "first_seen"
    )
    for employee_id, device_id, first_seen in device_rows:
        devices[employee_id][device_id] = first_seen
    attempts: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    attempt_rows = BlacklistAttempt.objects.filter(employee_id__in=employee_ids).values(
        "employee_id", "app_name", "attempted_at"
    )
    for row in attempt_rows:
        attempts[row["employee_id"]].append(row)
    radii = {log.pk: _radius(log.employee, log.man_power) for log in logs}
    far = [log for log in logs if (radius := radii[log.pk]) is not None and log.distance > radius]
    nearest = placements_near(far, limit=1, keep_own=False)
    measured: dict[int, RiskFactors] = {}
    for log in logs:
        when = log.log_datetime
        seen = {name: at for name, at in devices[log.employee_id].items() if at <= when}
        measured[log.pk] = _factors(
            employee=log.employee,
            man_power=log.man_power,
            log_type=log.log_type,
            when=when,
            latitude=log.latitude,
            longitude=log.longitude,
            distance=log.distance,
            gps_accuracy=log.gps_accuracy,
            face_score=float(log.fr_accuracy),
            device_id=log.device_id,
            shift=log.shift,
            attendance_date=log.attendance_date,
            is_valid_shift=log.is_valid_shift,
            previous=previous.get(previous_of[log.pk]) if previous_of[log.pk] is not None else None,
            devices=seen if log.device_id else {},
            attempt=_attempt_by(attempts.get(log.employee_id, []), log.employee_id, when),
            radius=radii[log.pk],
            nearest=next(iter(nearest.get(log.pk, [])), None),
        )
    return measured


def _attempt_by(attempts: Sequence[Mapping[str, Any]], employee_id: int, when: datetime) -> Any:
    """The employee's last refused attempt by `when` among `attempts` (all of the employee's); two
    different apps at that same instant are left to the database's order, as a single log's query."""
    by_then = [row for row in attempts if row["attempted_at"] <= when]
    if not by_then:
        return None
    last = max(row["attempted_at"] for row in by_then)
    apps = {row["app_name"] for row in by_then if row["attempted_at"] == last}
    if len(apps) > 1:
        return _last_attempt(employee_id, when)
    return {"app_name": apps.pop(), "attempted_at": last}
