"""Collective leave (cuti bersama) settled from the engine's days: the closed days it marked
`cuti_bersama` book one annual-leave day each, through leave's ledger (leave knows no days)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from server.attendance.models import AttendanceDay, Keterangan
from server.leave.models import LeaveReason
from server.leave.services import leave_reference_settle


def collective_leave_settle(*, day: date, employee_ids: Iterable[int] | None = None) -> int:
    """Book one annual-leave day for everyone whose closed row on `day` is cuti_bersama; undo the rest.

    Someone who worked that day (or for whom the date is no longer collective leave) gets the day
    back. Returns how many ledger entries were written. Idempotent.
    """
    rows = AttendanceDay.objects.filter(date=day, keterangan=Keterangan.CUTI_BERSAMA, is_closed=True)
    ids = None if employee_ids is None else sorted(set(employee_ids))
    if ids is not None:
        rows = rows.filter(employee_id__in=ids)
    return leave_reference_settle(
        reference=f"collective_leave:{day.isoformat()}",
        day=day,
        employee_ids=ids,
        targets=lambda: rows.values_list("employee_id", flat=True),
        reason=LeaveReason.COLLECTIVE_LEAVE,
        description=f"Cuti bersama {day:%d-%m-%Y}",
    )
