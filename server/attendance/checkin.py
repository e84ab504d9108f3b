"""Check-in and check-out from the mobile app (DESIGN §7): judge the log, store it with its photo,
recompute the employee's day and tell the approval queue and the dashboard.

A log is approved at once when it is inside the placement radius (or the employee may check in
anywhere), the face match reaches settings.FACE_MATCH_THRESHOLD and it falls inside the shift
window; otherwise it waits for an approver.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction

from server.accounts import delegation
from server.attendance.days import attendance_days_recompute
from server.attendance.engine import place_log
from server.attendance.geo import haversine_metres
from server.attendance.models import AttendanceLog, LogStatus, LogType
from server.attendance.risk_selectors import risk_factors_measure, risk_thresholds
from server.attendance.risk_services import blacklist_attempt_record, employee_device_remember, risk_apply
from server.attendance.selectors import attendance_queue_rows
from server.attendance.topics import attendance_queue_publish
from server.core import clock
from server.core.clock import local_date
from server.core.days_changed import counts_changed
from server.core.envelope import ApiError, Unprocessable
from server.core.media import image_load, jpeg_bytes, media_store
from server.notifications.queues import ATTENDANCE_QUEUE, queue_new_after_commit
from server.schedules.models import BlacklistApp
from server.workforce.models import AttendanceLocationType, Employee

ATTENDANCE_DISABLED = "Kehadiran Anda dinonaktifkan. Hubungi HR."
BLACKLISTED_APP = (
    "Aplikasi {name} terdeteksi di perangkat Anda. Hapus aplikasi tersebut untuk melakukan absen."
)
NO_PLACEMENT = "Anda belum memiliki penempatan (man power). Hubungi HR."
LOG_TYPE_INVALID = "Tipe absen harus check_in atau check_out."
COORDINATE_INVALID = "Koordinat tidak valid."
FR_ACCURACY_INVALID = "Nilai face recognition harus antara 0 dan 100."
GPS_ACCURACY_INVALID = "Akurasi GPS harus angka meter antara 0 dan 100000."
DEVICE_ID_TOO_LONG = "ID perangkat maksimal 128 karakter."
MAX_GPS_ACCURACY_M = 100_000


def coordinates_valid(latitude: float, longitude: float) -> bool:
    return (
        math.isfinite(latitude)
        and math.isfinite(longitude)
        and -90 <= latitude <= 90
        and -180 <= longitude <= 180
    )


def blacklisted_app(installed_packages: Iterable[str]) -> BlacklistApp | None:
    packages = {str(p).strip() for p in installed_packages if str(p).strip()}
    if not packages:
        return None
    return BlacklistApp.objects.filter(package_id__in=packages, is_allow=False).order_by("name").first()


def _validate(
    *,
    log_type: str,
    latitude: float,
    longitude: float,
    fr_accuracy: float,
    gps_accuracy: float | None,
    device_id: str,
) -> None:
    if log_type not in LogType.values:
        raise Unprocessable(LOG_TYPE_INVALID, errors={"log_type": [LOG_TYPE_INVALID]})
    if not coordinates_valid(latitude, longitude):
        field = "latitude" if not coordinates_valid(latitude, 0) else "longitude"
        raise Unprocessable(COORDINATE_INVALID, errors={field: [COORDINATE_INVALID]})
    if not (math.isfinite(fr_accuracy) and 0 <= fr_accuracy <= 100):
        raise Unprocessable(FR_ACCURACY_INVALID, errors={"fr_accuracy": [FR_ACCURACY_INVALID]})
    if gps_accuracy is not None and not (
        math.isfinite(gps_accuracy) and 0 <= gps_accuracy <= MAX_GPS_ACCURACY_M
    ):
        raise Unprocessable(GPS_ACCURACY_INVALID, errors={"gps_accuracy": [GPS_ACCURACY_INVALID]})
    if len(device_id) > 128:
        raise Unprocessable(DEVICE_ID_TOO_LONG, errors={"device_id": [DEVICE_ID_TOO_LONG]})


def attendance_log_record(
    *,
    employee: Employee,
    log_type: str,
    latitude: float,
    longitude: float,
    fr_accuracy: float,
    photo: File[bytes],
    note: str = "",
    when: datetime | None = None,
    installed_packages: Iterable[str] = (),
    gps_accuracy: float | None = None,
    device_id: str = "",
) -> AttendanceLog:
    """Judge and store a check-in or check-out. `gps_accuracy` (metres) and `device_id` are optional
    (older apps send neither); with them the log's risk counts a poor fix and a new phone."""
    if employee.attendance_disabled:
        raise ApiError(ATTENDANCE_DISABLED, status_code=403)
    blocked = blacklisted_app(installed_packages)
    if blocked is not None:
        blacklist_attempt_record(employee=employee, app=blocked, when=when or clock.now())
        raise ApiError(BLACKLISTED_APP.format(name=blocked.name), status_code=403)
    device_id = device_id.strip()
    _validate(
        log_type=log_type,
        latitude=latitude,
        longitude=longitude,
        fr_accuracy=fr_accuracy,
        gps_accuracy=gps_accuracy,
        device_id=device_id,
    )
    man_power = employee.man_power
    if man_power is None:
        raise Unprocessable(NO_PLACEMENT)
    image = image_load(photo, field="photo")
    when = when or clock.now()

    distance = round(haversine_metres(latitude, longitude, man_power.latitude, man_power.longitude), 2)
    is_valid_location = (
        employee.attendance_location_type == AttendanceLocationType.ANYWHERE
        or distance <= man_power.max_radius
    )
    score = Decimal(str(fr_accuracy)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    fr_is_match = score >= Decimal(str(settings.FACE_MATCH_THRESHOLD))

    path = media_store(folder="attendance", when=when, extension="jpg", content=jpeg_bytes(image))
    try:
        with transaction.atomic():
            placement = place_log(employee=employee, log_type=log_type, when=when)
            approved = is_valid_location and fr_is_match and placement.is_valid_shift
            factors = risk_factors_measure(
                employee=employee,
                man_power=man_power,
                log_type=log_type,
                when=when,
                latitude=latitude,
                longitude=longitude,
                distance=distance,
                gps_accuracy=gps_accuracy,
                face_score=float(score),
                device_id=device_id,
                shift=placement.shift,
                attendance_date=placement.attendance_date,
                is_valid_shift=placement.is_valid_shift,
            )
            log = AttendanceLog(
                employee=employee,
                log_type=log_type,
                log_datetime=when,
                log_date=local_date(when, man_power.timezone),
                attendance_date=placement.attendance_date,
                photo=path,
                latitude=latitude,
                longitude=longitude,
                distance=distance,
                is_valid_location=is_valid_location,
                man_power=man_power,
                man_power_type=man_power.type,
                fr_accuracy=score,
                fr_is_match=fr_is_match,
                shift=placement.shift,
                is_valid_shift=placement.is_valid_shift,
                note=note.strip(),
                status=LogStatus.APPROVED if approved else LogStatus.WAITING_APPROVAL,
                gps_accuracy=gps_accuracy,
                device_id=device_id,
            )
            risk_apply(log, factors, risk_thresholds())
            log.save(force_insert=True)
            employee_device_remember(employee=employee, device_id=device_id, when=when)
            attendance_days_recompute(employee_ids=[employee.pk], dates=[placement.attendance_date])
            if not approved:
                attendance_queue_publish(
                    "entered",
                    {"row": attendance_queue_rows([log], viewer=None)[0]},
                    man_power_type=man_power.type,
                )
                queue_new_after_commit(
                    ATTENDANCE_QUEUE, delegation.approvers_for, man_power_type=man_power.type
                )
            counts_changed(reason="attendance_log")
    except BaseException:
        default_storage.delete(path)
        raise
    return log
