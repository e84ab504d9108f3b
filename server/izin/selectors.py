"""Reads of izin (permission) requests: their texts (label, dates, who decided), who may see which
request, the approval detail's recent requests and the waiting counts (izin/serializers.py renders them)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import Count, QuerySet
from rest_framework.exceptions import NotFound, PermissionDenied

from server.accounts.models import User
from server.core.clock import date_id, month_moments
from server.core.hashids import get_by_hash_id
from server.izin.models import IzinRequest, IzinStatus
from server.schedules.sla import PERMISSION, overdue_cutoff
from server.workforce.models import Employee

# What the list's row (serializers.IzinRowOutput) reads besides the request itself: select_related
# these for lists.
IZIN_ROW_RELATED = ("employee", "izin_type", "special_leave", "approver")

OPEN_STATUSES = (IzinStatus.WAITING_APPROVAL, IzinStatus.APPROVED)
NO_RIGHTS = "Anda tidak memiliki akses ke persetujuan izin."


def date_range_id(start: date, end: date) -> str:
    return date_id(start) if start == end else f"{date_id(start)} - {date_id(end)}"


def izin_label(izin: IzinRequest) -> str:
    if izin.special_leave_id and izin.special_leave is not None:
        return f"{izin.izin_type.name} - {izin.special_leave.name}"
    return izin.izin_type.name


def izin_of_employee(*, employee: Employee) -> QuerySet[IzinRequest]:
    return IzinRequest.objects.filter(employee=employee).select_related(*IZIN_ROW_RELATED)


def izin_overlapping(*, employee: Employee, start_date: date, end_date: date) -> QuerySet[IzinRequest]:
    """The employee's waiting or approved requests sharing a day with [start_date, end_date]."""
    return IzinRequest.objects.filter(
        employee=employee, status__in=OPEN_STATUSES, start_date__lte=end_date, end_date__gte=start_date
    )


# --- approval (back office) ------------------------------------------------------------------------

RECENT_LIMIT = 5
IZIN_DETAIL_RELATED = (*IZIN_ROW_RELATED, "decided_by")
ALLOW_PERMISSION = "allow_permission"


def izin_visible_to(*, user: User) -> QuerySet[IzinRequest] | None:
    """Requests a user may see and decide: all with allow_permission, else those addressed to the
    employee the user is linked to; None when neither applies."""
    queryset = IzinRequest.objects.all()
    if user.user_access.get(ALLOW_PERMISSION):
        return queryset
    if user.employee_id is not None:
        return queryset.filter(approver_id=user.employee_id)
    return None


def izin_may_decide(user: Any) -> bool:
    """The rule of the izin approval endpoints' policy: allow_permission or a login linked to an employee."""
    return isinstance(user, User) and izin_visible_to(user=user) is not None


def izin_requests_for_user(*, user: User) -> QuerySet[IzinRequest]:
    """Requests the user may see (403 when none: the endpoint's policy normally refused already)."""
    visible = izin_visible_to(user=user)
    if visible is None:
        raise PermissionDenied(NO_RIGHTS)
    return visible


def izin_for_user(*, user: User, hash_id: str) -> IzinRequest:
    """The request `hash_id` if the user may see it (404 otherwise)."""
    visible = izin_visible_to(user=user)
    if visible is None:
        raise NotFound()
    return get_by_hash_id(visible.select_related(*IZIN_DETAIL_RELATED), hash_id)


def izin_of_year(queryset: QuerySet[IzinRequest], *, year: int | None) -> QuerySet[IzinRequest]:
    """Requests sharing at least one day with `year` (all when None)."""
    if year is None:
        return queryset
    return queryset.filter(start_date__lte=date(year, 12, 31), end_date__gte=date(year, 1, 1))


def izin_overdue(queryset: QuerySet[IzinRequest]) -> QuerySet[IzinRequest]:
    """The requests of `queryset` waiting longer than the izin queue's deadline (setting/approval_sla)."""
    return queryset.filter(status=IzinStatus.WAITING_APPROVAL, created__lt=overdue_cutoff(PERMISSION))


def izin_waiting_count(*, approver_id: int | None = None) -> int:
    """Waiting requests of every date: all of them, or those addressed to one approver."""
    queryset = IzinRequest.objects.filter(status=IzinStatus.WAITING_APPROVAL)
    if approver_id is not None:
        queryset = queryset.filter(approver_id=approver_id)
    return queryset.count()


def izin_month_status_counts(*, month: int, year: int) -> dict[str, int]:
    """Requests submitted in one month (`created`, in the server's TIME_ZONE) by status: one grouped
    query (COUNT(*), not COUNT(id): with an index on the filter's columns and status PostgreSQL
    counts from it alone). The dashboard's approval summary reads it."""
    start, end = month_moments(month=month, year=year)
    rows = IzinRequest.objects.filter(created__gte=start, created__lt=end).order_by()
    return {row["status"]: row["total"] for row in rows.values("status").annotate(total=Count("*"))}


def izin_waiting_count_of_month(*, user: User, month: int, year: int) -> int:
    """Waiting requests submitted in one month that the user may decide (the dashboard's month bounds)."""
    if user.user_access.get(ALLOW_PERMISSION):
        return izin_month_status_counts(month=month, year=year).get(IzinStatus.WAITING_APPROVAL, 0)
    if user.employee_id is None:
        return 0
    start, end = month_moments(month=month, year=year)
    return IzinRequest.objects.filter(
        status=IzinStatus.WAITING_APPROVAL, approver_id=user.employee_id, created__gte=start, created__lt=end
    ).count()


def izin_decided_by_name(izin: IzinRequest) -> str:
    return izin.decided_by.fullname if izin.decided_by_id and izin.decided_by is not None else ""


def izin_recent(izin: IzinRequest) -> QuerySet[IzinRequest]:
    """The employee's most recent other requests (the approval detail shows them)."""
    return (
        IzinRequest.objects.filter(employee_id=izin.employee_id)
        .exclude(pk=izin.pk)
        .select_related("izin_type", "special_leave")
        .order_by("-created", "-pk")[:RECENT_LIMIT]
    )
