"""Reads of check-in logs for the back office: the approval queue and history (rows, filters, counts),
the logs a decision takes and the decisions to undo. The employee's own views: own_selectors.py; the
answers' shapes: serializers.py."""

from __future__ import annotations

import functools
import operator
from calendar import monthrange
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, Exists, F, Min, OuterRef, Q, QuerySet

from server.attendance.hooks import month_log_counts
from server.attendance.log_fields import SYSTEM_NAME as SYSTEM_NAME
from server.attendance.log_fields import decided_by_name as decided_by_name
from server.attendance.log_fields import log_effective_date
from server.attendance.models import (
    AttendanceDay,
    AttendanceLog,
    DecisionBatch,
    DecisionBatchItem,
    LogStatus,
    RiskLevel,
)
from server.attendance.placements import suggested_placements
from server.attendance.reasons import risk_reasons_name
from server.attendance.serializers import AttendanceQueueRowSerializer
from server.core import clock
from server.core.clock import month_bounds
from server.core.files import FileViewer
from server.core.flags import APPROVE_ATTENDANCE, MAN_POWER_TYPES, REJECT_ATTENDANCE, approval_types
from server.core.hashids import decode_id, get_by_hash_id
from server.schedules.sla import ATTENDANCE, overdue_cutoff
from server.workforce.models import ManPower

RESET_ATTENDANCE = "allow_reset_attendance"

# SYSTEM_NAME and decided_by_name (server.attendance.log_fields) are read from here by the services.

# What attendance_queue_rows reads besides the log itself: select_related these for lists.
QUEUE_ROW_RELATED = ("employee", "man_power")


def latest_placement_today() -> date:
    """The last date any placement is on now: WIT's today (two hours ahead of WIB) or a placement's
    further east. The client bounds its date pickers the same way."""
    zones = ManPower.objects.order_by().values_list("timezone", flat=True).distinct()
    return clock.latest_localdate([clock.EASTERNMOST_INDONESIAN_ZONE, *zones])


def attendance_queue_rows(
    logs: Iterable[AttendanceLog], *, viewer: FileViewer | None
) -> list[dict[str, Any]]:
    """Logs as the approval queue lists them to `viewer`, who may see them (list pages; also the `row`
    of `approval.attendance` events, with viewer None: an event carries no photo URLs, each reader's
    refetch gets URLs signed for them). Each out-of-radius row carries `suggested_man_power`, the
    placement a bulk approve takes by default (None within the radius): one query for the page's
    suggestions, none when every row is within the radius (read with QUEUE_ROW_RELATED)."""
    logs = list(logs)
    suggested = suggested_placements(logs)
    cutoff = overdue_cutoff(ATTENDANCE)
    for log in logs:
        log.suggested_placement = suggested.get(log.pk)  # type: ignore[attr-defined]
        log.overdue = log.status == LogStatus.WAITING_APPROVAL and log.created < cutoff  # type: ignore[attr-defined]
    return list(AttendanceQueueRowSerializer(logs, many=True, context={"viewer": viewer}).data)


# --- approval queue and history (back office) ------------------------------------------------------

# What the back-office list rows read besides the log: select_related these (one query per page).
LOG_LIST_RELATED = (*QUEUE_ROW_RELATED, "employee__shift_pattern", "decided_by", "near_man_power")
LOG_DETAIL_RELATED = (
    *LOG_LIST_RELATED,
    "employee__man_power_team",
    "employee__man_power_group",
    "shift",
    "lend_employee",
    "lend_employee__man_power",
)
HISTORY_STATUSES = (LogStatus.APPROVED, LogStatus.MANUAL_APPROVED, LogStatus.REJECTED)
WINDOW_MONTHS = 2


def attendance_approver_types(access: Mapping[str, int]) -> list[str]:
    """Man power types whose waiting logs a user sees and is sent: approve or reject rights on the type."""
    held = set(approval_types(access, APPROVE_ATTENDANCE)) | set(approval_types(access, REJECT_ATTENDANCE))
    return [t for t in MAN_POWER_TYPES if t in held]


def attendance_viewer_types(access: Mapping[str, int]) -> list[str]:
    """Types whose logs a user may open: all with allow_reset_attendance, else their approver types."""
    return list(MAN_POWER_TYPES) if access.get(RESET_ATTENDANCE) else attendance_approver_types(access)


def attendance_log_for_viewer(*, access: Mapping[str, int], hash_id: str) -> AttendanceLog:
    """The log `hash_id` if the user may open it (404 otherwise: other types stay invisible)."""
    queryset = AttendanceLog.objects.select_related(*LOG_DETAIL_RELATED).filter(
        man_power_type__in=attendance_viewer_types(access)
    )
    return get_by_hash_id(queryset, hash_id)


def months_before(day: date, months: int) -> date:
    """The same day `months` calendar months earlier (clamped to the end of a shorter month)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def attendance_log_window(today: date) -> tuple[date, date]:
    """The dates the approval queue and the history may be filtered on: two months back up to today."""
    return months_before(today, WINDOW_MONTHS), today


@dataclass(frozen=True)
class LogFilters:
    """The filters of the approval queue and the history lists ('' / None = not filtered)."""

    statuses: Sequence[str]
    start_date: date | None = None
    end_date: date | None = None
    man_power: ManPower | None = None
    man_power_type: str = ""
    man_power_name: str = ""
    man_power_team_name: str = ""
    man_power_group_name: str = ""
    log_type: str = ""
    location: bool | None = None
    face_recognition: bool | None = None
    risk: str = ""
    # A risk factor code (reasons.FACTOR_CODES): only logs whose risk reasons name it.
    factor: str = ""
    # Only logs received before this moment (the queue's overdue filter, server/schedules/sla.py).
    waiting_before: datetime | None = None


def attendance_logs_filtered(*, types: Sequence[str], filters: LogFilters) -> QuerySet[AttendanceLog]:
    """Logs of `types` matching `filters`; the lists' rows are read with LOG_LIST_RELATED."""
    queryset = AttendanceLog.objects.filter(status__in=list(filters.statuses))
    if not set(types) >= set(MAN_POWER_TYPES):  # every type: no filter (index-only counts stay possible)
        queryset = queryset.filter(man_power_type__in=list(types))
    lookups = {
        "log_date__gte": filters.start_date,
        "log_date__lte": filters.end_date,
        "man_power": filters.man_power,
        "man_power_type": filters.man_power_type,
        "man_power__name": filters.man_power_name,
        "employee__man_power_team__name": filters.man_power_team_name,
        "employee__man_power_group__name": filters.man_power_group_name,
        "log_type": filters.log_type,
        "is_valid_location": filters.location,
        "fr_is_match": filters.face_recognition,
        "risk_level": filters.risk,
        "created__lt": filters.waiting_before,
    }
    # '' / None: not filtered (False is a filter: out of spot, face not matched).
    queryset = queryset.filter(**{k: v for k, v in lookups.items() if v is not None and v != ""})
    if filters.factor:
        queryset = queryset.filter(risk_reasons_name(filters.factor))
    return queryset.select_related(*LOG_LIST_RELATED)


@dataclass(frozen=True)
class WaitingElsewhere:
    """Waiting logs matching a queue's filters on any date: how many, and the oldest one's date."""

    count: int
    since: date


def attendance_waiting_on_any_date(logs: QuerySet[AttendanceLog]) -> WaitingElsewhere | None:
    """`logs` (a queue with its filters but no date limit) counted, with their oldest date: one
    aggregate on the (status, man_power_type, log_date) index. None when there are none."""
    found = logs.select_related(None).order_by().aggregate(count=Count("*"), since=Min("log_date"))
    if not found["count"]:
        return None
    return WaitingElsewhere(count=found["count"], since=found["since"])


def attendance_logs_with_days(logs: Sequence[AttendanceLog]) -> Sequence[AttendanceLog]:
    """`logs`, each with the computed day it counts for as `counted_day` (None before it is computed;
    the v2 list's columns): one query for the page, matching the exact (employee, date) pairs on the
    day's unique key (employees x dates would load up to per_page² days for a page of different people
    on different dates)."""
    keys = {(log.employee_id, log_effective_date(log)) for log in logs}
    days: dict[tuple[int, date], AttendanceDay] = {}
    if keys:
        pairs = functools.reduce(operator.or_, (Q(employee_id=e, date=d) for e, d in sorted(keys)))
        found = AttendanceDay.objects.filter(pairs).only(
            "employee_id", "date", "keterangan", "late_minutes", "early_out_minutes", "working_minutes"
        )
        days = {(d.employee_id, d.date): d for d in found}
    for log in logs:
        log.counted_day = days.get((log.employee_id, log_effective_date(log)))  # type: ignore[attr-defined]
    return logs


def attendance_waiting_by_type() -> dict[str, int]:
    """Waiting logs per man power type, all dates (one grouped query on the status index)."""
    counts = dict.fromkeys(MAN_POWER_TYPES, 0)
    # COUNT(*), not COUNT(id): the (status, man_power_type, ...) index answers it without the table.
    rows = (
        AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL)
        .order_by()
        .values_list("man_power_type")
        .annotate(total=Count("*"))
    )
    for man_power_type, total in rows:
        if man_power_type in counts:
            counts[man_power_type] = total
    return counts


def attendance_waiting_count(*, month: int, year: int, types: Sequence[str]) -> int:
    """Waiting logs of `types` made in one month (by their placement-local date, as the dashboard)."""
    if set(types) >= set(MAN_POWER_TYPES):
        return month_log_counts(month=month, year=year).get(LogStatus.WAITING_APPROVAL, 0)
    first, following = month_bounds(month=month, year=year)
    return AttendanceLog.objects.filter(
        status=LogStatus.WAITING_APPROVAL,
        man_power_type__in=list(types),
        log_date__gte=first,
        log_date__lt=following,
    ).count()


def attendance_filter_man_powers(*, types: Sequence[str], type: str = "") -> QuerySet[ManPower]:
    """The placements a user may filter the lists on: active ones of the types they see."""
    queryset = ManPower.objects.filter(is_active=True, type__in=list(types))
    if type:
        queryset = queryset.filter(type=type)
    return queryset.order_by("type", "name", "pk")


BULK_NOT_FOUND = "Absen tidak ditemukan atau tidak dapat Anda lihat."


def attendance_logs_for_bulk(
    *, access: Mapping[str, int], hash_ids: Sequence[str]
) -> list[AttendanceLog | str]:
    """The logs of a bulk decision, in the order to decide them (ascending id, so two bulk requests
    take their row locks in one order); a hash id the user may not see stays as the id."""
    label = AttendanceLog._meta.label
    pks = {hash_id: decode_id(label, hash_id) for hash_id in dict.fromkeys(hash_ids)}
    found = (
        AttendanceLog.objects.select_related("man_power")
        .filter(
            pk__in=[pk for pk in pks.values() if pk is not None],
            man_power_type__in=attendance_viewer_types(access),
        )
        .in_bulk()
    )
    known: list[AttendanceLog | str] = [found[pk] for pk in sorted(found)]
    missing: list[AttendanceLog | str] = [h for h, pk in pks.items() if pk is None or pk not in found]
    return known + missing


LOW_RISK_LIMIT = 500
BATCH_NOT_FOUND = "Keputusan tidak ditemukan."


def attendance_logs_oldest_low_risk(*, logs: QuerySet[AttendanceLog], limit: int) -> list[AttendanceLog]:
    """The oldest `limit` waiting low-risk logs of `logs` (a filtered queue), in the order to decide
    them (ascending id, as attendance_logs_for_bulk)."""
    pks = list(
        logs.filter(status=LogStatus.WAITING_APPROVAL, risk_level=RiskLevel.LOW)
        .order_by("log_datetime", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    return list(AttendanceLog.objects.select_related("man_power").filter(pk__in=pks).order_by("pk"))


def decision_batch_for(hash_id: str) -> DecisionBatch:
    """A decision (single or bulk) by its hash id (404 when unknown)."""
    return get_by_hash_id(
        DecisionBatch.objects.select_related("decided_by"), hash_id, message=BATCH_NOT_FOUND
    )


# How long the approver who made a decision (single or bulk) may undo it (allow_reset_attendance: any
# time, by the batch's id).
UNDO_WINDOW = timedelta(minutes=10)


def _items_as_left(batch: Any) -> QuerySet[DecisionBatchItem]:
    """The items of `batch` (a DecisionBatch or an OuterRef to one) whose log is still as the batch
    left it: what undoing it would send back to the queue."""
    return DecisionBatchItem.objects.filter(
        batch=batch,
        log__status=F("status"),
        log__decided_at=F("decided_at"),
        log__decided_by=F("batch__decided_by"),
    )


@dataclass(frozen=True)
class LastDecision:
    """A decider's most recent decision they may still undo: `count` of its `total` logs are still
    as it left them; `employee_name` names the log of a decision of one."""

    batch: DecisionBatch
    count: int
    total: int
    employee_name: str

    @property
    def undo_until(self) -> datetime:
        return self.batch.created + UNDO_WINDOW


def decision_last_for(user: Any) -> LastDecision | None:
    """The user's "last action": their newest decision not undone yet, made within UNDO_WINDOW, with
    at least one log still as it left it (one changed by someone since is passed over)."""
    batch = (
        DecisionBatch.objects.filter(
            decided_by=user, undone_at__isnull=True, created__gte=clock.now() - UNDO_WINDOW
        )
        .filter(Exists(_items_as_left(OuterRef("pk"))))
        .order_by("-created", "-pk")
        .first()
    )
    if batch is None:
        return None
    total = batch.items.count()
    name = ""
    if total == 1:
        name = batch.items.values_list("log__employee__name", flat=True).get()
    return LastDecision(batch=batch, count=_items_as_left(batch).count(), total=total, employee_name=name)
