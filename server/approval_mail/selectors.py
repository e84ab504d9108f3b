"""Reads of the e-mailed approval links: who is told of a request and what the mail and the link
page show of it."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from server.accounts.models import User
from server.approval_mail.models import ApprovalLink
from server.core.clock import date_id
from server.izin.models import IzinRequest
from server.izin.selectors import date_range_id, izin_label


def izin_addressed_logins(izin: IzinRequest) -> list[User]:
    """The active logins linked to the employee the request is addressed to (they decide it without
    allow_permission: server/izin/selectors.izin_visible_to)."""
    if izin.approver_id is None:
        return []
    return list(User.objects.filter(employee_id=izin.approver_id, is_active=True).order_by("pk"))


def izin_summary(izin: IzinRequest) -> dict[str, Any]:
    """The request as the mail and the link page name it (select_related employee, izin_type,
    special_leave, approver)."""
    return {
        "hash_id": izin.hash_id,
        "name": izin.employee.name,
        "employee_number_formatted": izin.employee.employee_number_formatted,
        "label": izin_label(izin),
        "date_formatted": date_range_id(izin.start_date, izin.end_date),
        "start_date": izin.start_date.isoformat(),
        "end_date": izin.end_date.isoformat(),
        "total_days": izin.total_days,
        "approval_user_name": izin.approver.name if izin.approver_id and izin.approver is not None else "",
        "description": izin.description,
        "has_attachment": bool(izin.attachment.name),
        "status": izin.status,
        "created_formatted": date_id(timezone.localtime(izin.created).date()),
    }


def approval_link_view(link: ApprovalLink) -> dict[str, Any]:
    """What the link page shows: the request as its approver may see it (whether there is an
    attachment: the file itself is opened signed in, from the queue), and the link's own facts."""
    izin = link.izin
    return {
        **izin_summary(izin),
        "cuti_saldo": izin.employee.cuti_saldo,
        "approver_name": link.approver.fullname,
        "suggested_decision": link.decision,
        "expires_at": link.expires_at.isoformat(),
    }
