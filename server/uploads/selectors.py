"""Reads of manual uploads (doc2 §2.4 list, §2.8 detail)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound

from server.attendance.models import AttendanceLog, LogStatus
from server.core.hashids import get_by_hash_id
from server.izin.models import IzinRequest, IzinStatus
from server.uploads import messages as msg
from server.uploads.models import ManualUpload, ManualUploadLine


def manual_uploads() -> QuerySet[ManualUpload]:
    return ManualUpload.objects.select_related("creator", "man_power")


def manual_upload_by_code(code: str) -> ManualUpload:
    """By form number (what the list links to) or hash id; 404 otherwise."""
    upload = manual_uploads().filter(form_number=code).first()
    if upload is None:
        try:
            upload = get_by_hash_id(manual_uploads(), code, message=msg.NOT_FOUND)
        except NotFound:
            raise NotFound(msg.NOT_FOUND) from None
    return upload


def manual_upload_lines(upload: ManualUpload) -> QuerySet[ManualUploadLine]:
    return ManualUploadLine.objects.filter(upload=upload).select_related("employee")


# The days the app already holds (doc2 §5: 'the system rejects rows already filled through the app'):
# read once for the template (marked and locked there) and for the validation (refused there), so
# both name the same days.


class HeldKind(StrEnum):
    ATTENDANCE = "attendance"
    IZIN = "izin"
    UPLOADED = "uploaded"


@dataclass(frozen=True)
class HeldDay:
    kind: HeldKind
    # The upload's form number when the day came from an earlier upload.
    form_number: str = ""


def held_days(*, employee_ids: Collection[int], start: date, end: date) -> dict[tuple[int, date], HeldDay]:
    """(employee id, date) → what the app holds on it: an earlier upload, else an attendance log that
    is not rejected, else an approved izin."""
    held: dict[tuple[int, date], HeldDay] = {}
    if not employee_ids:
        return held
    ids = list(employee_ids)
    for emp, first, last in IzinRequest.objects.filter(
        employee_id__in=ids, status=IzinStatus.APPROVED, start_date__lte=end, end_date__gte=start
    ).values_list("employee_id", "start_date", "end_date"):
        day = max(first, start)
        while day <= min(last, end):
            held[(emp, day)] = HeldDay(HeldKind.IZIN)
            day += timedelta(days=1)
    for emp, day in (
        AttendanceLog.objects.filter(employee_id__in=ids, attendance_date__range=(start, end))
        .exclude(status=LogStatus.REJECTED)
        .values_list("employee_id", "attendance_date")
        .distinct()
    ):
        held[(emp, day)] = HeldDay(HeldKind.ATTENDANCE)
    for emp, day, form in ManualUploadLine.objects.filter(
        employee_id__in=ids, date__range=(start, end)
    ).values_list("employee_id", "date", "upload__form_number"):
        held[(emp, day)] = HeldDay(HeldKind.UPLOADED, form)
    return held
