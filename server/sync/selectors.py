"""Reads of the sync history (doc2 §3: sync history/list item, sync detail row)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from rest_framework.exceptions import NotFound

from server.core.hashids import get_by_hash_id
from server.sync import messages
from server.sync.models import PayrollSync, PayrollSyncLine, SyncSchedule
from server.workforce.selectors import employee_columns


def _local(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def payroll_syncs() -> QuerySet[PayrollSync]:
    return PayrollSync.objects.select_related("user").filter(jumlah_data__gt=0)


def payroll_syncs_recent(*, limit: int) -> list[PayrollSync]:
    return list(payroll_syncs().order_by("-created", "-pk")[:limit])


def payroll_syncs_of_month(*, year: int, month: int) -> list[PayrollSync]:
    return list(payroll_syncs().filter(created__year=year, created__month=month).order_by("-created", "-pk"))


def payroll_sync_by_code(code: str) -> PayrollSync:
    sync = PayrollSync.objects.select_related("user").filter(sync_code=code).first()
    if sync is None:
        try:
            sync = get_by_hash_id(
                PayrollSync.objects.select_related("user"), code, message=messages.SYNC_NOT_FOUND
            )
        except NotFound:
            raise NotFound(messages.SYNC_NOT_FOUND) from None
    return sync


def payroll_sync_detail_rows(sync: PayrollSync) -> list[dict[str, Any]]:
    user = sync.user.fullname if sync.user_id and sync.user else ""
    when = _local(sync.created)
    lines = (
        PayrollSyncLine.objects.filter(sync=sync)
        .order_by("employee__employee_number", "date")
        .values(
            "employee__employee_number_formatted",
            "employee__name",
            "employee__man_power__name",
            "employee__man_power_group__name",
            "employee__man_power_team__name",
            "date",
            "attendance_adjustment_code",
            "is_update",
        )
    )
    return [
        {
            **employee_columns(line, man_power="employee__man_power__name"),
            "date": line["date"].isoformat(),
            "attendance_adjustment_code": line["attendance_adjustment_code"],
            "is_update": line["is_update"],
            "sync_user": user,
            "sync_date": when,
        }
        for line in lines
    ]


def sync_schedule_get() -> SyncSchedule:
    """The stored schedule, or the default (unsaved) until it is first saved: a read writes nothing
    (sync_schedule_update creates the row)."""
    return SyncSchedule.objects.filter(pk=1).first() or SyncSchedule(pk=1)
