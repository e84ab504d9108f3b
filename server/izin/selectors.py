"""Reads of izin (permission) requests: the list row shared by the approval list and its live events."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import QuerySet

from server.izin.models import IzinRequest, IzinStatus
from server.workforce.media import media_url
from server.workforce.models import Employee

MONTHS_ID = (
    "Januari",
    "Februari",
    "Maret",
    "April",
    "Mei",
    "Juni",
    "Juli",
    "Agustus",
    "September",
    "Oktober",
    "November",
    "Desember",
)

# What izin_list_row reads besides the request itself: select_related these for lists.
IZIN_ROW_RELATED = ("employee", "izin_type", "special_leave", "approver")

OPEN_STATUSES = (IzinStatus.WAITING_APPROVAL, IzinStatus.APPROVED)


def date_id(day: date) -> str:
    """'5 Januari 2026'."""
    return f"{day.day} {MONTHS_ID[day.month - 1]} {day.year}"


def date_range_id(start: date, end: date) -> str:
    return date_id(start) if start == end else f"{date_id(start)} - {date_id(end)}"


def izin_label(izin: IzinRequest) -> str:
    if izin.special_leave_id and izin.special_leave is not None:
        return f"{izin.izin_type.name} - {izin.special_leave.name}"
    return izin.izin_type.name


def izin_list_row(izin: IzinRequest) -> dict[str, Any]:
    """A request as the permission list shows it (also the `row` of `approval.izin` events)."""
    return {
        "hash_id": izin.hash_id,
        "name": izin.employee.name,
        "employee_number_formatted": izin.employee.employee_number_formatted,
        "label": izin_label(izin),
        "date_formatted": date_range_id(izin.start_date, izin.end_date),
        "total_days": izin.total_days,
        "approval_user_name": izin.approver.name if izin.approver_id and izin.approver is not None else "",
        "status": izin.status,
    }


def own_izin_row(izin: IzinRequest) -> dict[str, Any]:
    """A request as its employee sees it in the app."""
    return {
        **izin_list_row(izin),
        "izin_type": izin.izin_type.code,
        "special_leave": izin.special_leave.code if izin.special_leave_id and izin.special_leave else "",
        "start_date": izin.start_date.isoformat(),
        "end_date": izin.end_date.isoformat(),
        "description": izin.description,
        "attachment_url": media_url(izin.attachment.name or ""),
        "decision_note": izin.decision_note,
        "created": izin.created.isoformat(),
    }


def izin_of_employee(*, employee: Employee) -> QuerySet[IzinRequest]:
    return IzinRequest.objects.filter(employee=employee).select_related(*IZIN_ROW_RELATED)


def izin_overlapping(*, employee: Employee, start_date: date, end_date: date) -> QuerySet[IzinRequest]:
    """The employee's waiting or approved requests sharing a day with [start_date, end_date]."""
    return IzinRequest.objects.filter(
        employee=employee, status__in=OPEN_STATUSES, start_date__lte=end_date, end_date__gte=start_date
    )
