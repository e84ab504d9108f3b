"""Manual leave adjustments (doc2 §2.1-2.3, DESIGN §7): create, and the reads of the yearly list,
the daily page, the activity history and the downloads.

Decisions where the spec is open:
- The days taken are the working days of the range (a working shift that is no holiday, as for an
  approved cuti izin); an employee without a shift pattern takes every day of the range.
- The balance goes down through one ledger entry (reason `manual`, reference
  `leave_adjustment:<code>`): what saldo cannot cover becomes hutang (DESIGN §7), never a negative saldo.
- An adjustment belongs to the leave year of its start date: the previous year before 15 January.
- Dates overlapping an approved izin or another manual leave of the employee are refused.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from server.accounts.models import User
from server.adjustments import messages as msg
from server.adjustments.models import LeaveAdjustment, LeaveAdjustmentDay
from server.audit.services import audit_record
from server.core.attachments import DOCUMENT_KINDS, AttachmentRule, attachment_display_name, attachment_sniff
from server.core.days_changed import counts_changed, days_changed
from server.core.envelope import Unprocessable
from server.core.files import FileViewer, signed_file_url
from server.core.hashids import get_by_hash_id
from server.core.media import media_store
from server.izin.models import IzinRequest, IzinStatus
from server.leave.models import LeaveReason
from server.leave.selectors import leave_year_shown
from server.leave.services import leave_balance_change
from server.schedules.rules import shift_for, working_shift
from server.schedules.selectors import holiday_dates_between, shift_pattern_contents
from server.workforce.models import Employee, man_power_type_label

MAX_LEAVE_SPAN_DAYS = 31
LEAVE_TOPIC_REASON = "leave_adjustment"
# The leave letter: what an announcement takes (PDF, images, office documents, at most 10 MB).
LEAVE_ATTACHMENT = AttachmentRule(
    kinds=DOCUMENT_KINDS,
    max_bytes=10 * 1024 * 1024,
    too_big=msg.ATTACHMENT_TOO_BIG,
    invalid=msg.ATTACHMENT_INVALID,
)


@dataclass(frozen=True)
class LeaveAdjustmentInput:
    employee: Employee
    request_date: date
    start_date: date
    end_date: date
    description: str
    attachment: File[bytes]


def leave_working_days(*, employee: Employee, start: date, end: date) -> list[date]:
    """The dates of [start, end] the leave takes: working shift days that are not holidays."""
    days = [start + timedelta(days=i) for i in range((end - start).days + 1)]
    pattern = employee.shift_pattern if employee.shift_pattern_id else None
    if pattern is None:
        return days
    contents = shift_pattern_contents(pattern=pattern)
    holidays = holiday_dates_between(start=start, end=end)
    return [
        day
        for day in days
        if day not in holidays and working_shift(shift_for(pattern=pattern, day=day, contents=contents))
    ]


def _dates_text(days: list[date]) -> str:
    shown = ", ".join(f"{d:%d-%m-%Y}" for d in days[:5])
    return shown + (", ..." if len(days) > 5 else "")


def _refuse(message: str, field: str = "start_date") -> Unprocessable:
    return Unprocessable(message, errors={field: [message]})


def _check_overlaps(*, employee: Employee, start: date, end: date) -> None:
    izin = (
        IzinRequest.objects.filter(
            employee=employee, status=IzinStatus.APPROVED, start_date__lte=end, end_date__gte=start
        )
        .order_by("start_date")
        .values_list("start_date", "end_date")
    )
    clash: list[date] = []
    for first, last in izin:
        day = max(first, start)
        while day <= min(last, end):
            clash.append(day)
            day += timedelta(days=1)
    if clash:
        raise _refuse(msg.LEAVE_OVERLAP_IZIN.format(dates=_dates_text(sorted(set(clash)))))
    other = (
        LeaveAdjustment.objects.filter(employee=employee, start_date__lte=end, end_date__gte=start)
        .order_by("start_date")
        .first()
    )
    if other is not None:
        first, last = max(other.start_date, start), min(other.end_date, end)
        days = [first + timedelta(days=i) for i in range((last - first).days + 1)]
        raise _refuse(msg.LEAVE_OVERLAP_ADJUSTMENT.format(code=other.code, dates=_dates_text(days)))


def _code(adjustment: LeaveAdjustment, today: date) -> str:
    return f"CM{today:%Y%m%d}-{adjustment.pk:05d}"


def leave_adjustment_create(
    *, creator: User | None, values: LeaveAdjustmentInput, now: datetime | None = None
) -> LeaveAdjustment:
    """Book a manual leave: ledger entry, the leave days, the recomputed attendance days; all or nothing."""
    now = now or timezone.now()
    employee = values.employee
    start, end = values.start_date, values.end_date
    if end < start:
        raise _refuse(msg.LEAVE_RANGE_REVERSED, "end_date")
    if (end - start).days >= MAX_LEAVE_SPAN_DAYS:
        raise _refuse(msg.LEAVE_RANGE_TOO_LONG, "end_date")
    if not employee.is_active:
        raise _refuse(msg.EMPLOYEE_RESIGNED, "employee_number_formatted")
    days = leave_working_days(employee=employee, start=start, end=end)
    if not days:
        raise _refuse(msg.LEAVE_NO_WORKING_DAY)
    sniffed = attachment_sniff(values.attachment, LEAVE_ATTACHMENT)
    values.attachment.seek(0)
    stored = media_store(
        folder="adjustment", when=now, extension=sniffed.extension, content=values.attachment.read()
    )
    try:
        with transaction.atomic():
            # Lock the employee first: two adjustments of one employee cannot both pass the overlap check.
            locked = Employee.objects.select_for_update().get(pk=employee.pk)
            _check_overlaps(employee=locked, start=start, end=end)
            adjustment = LeaveAdjustment.objects.create(
                code=f"tmp-{secrets.token_hex(8)}",
                employee=locked,
                leave_year=leave_year_shown(today=start),
                request_date=values.request_date,
                start_date=start,
                end_date=end,
                jumlah_hari_cuti=len(days),
                description=values.description,
                attachment=stored,
                attachment_name=attachment_display_name(values.attachment.name or "", sniffed.extension),
                current_cuti_saldo=locked.cuti_saldo,
                new_cuti_saldo=locked.cuti_saldo,
                creator=creator,
            )
            adjustment.code = _code(adjustment, timezone.localdate(now))
            entry = leave_balance_change(
                employee=locked,
                reason=LeaveReason.MANUAL,
                saldo=-len(days),
                terpakai=len(days),
                date=start,
                reference=f"leave_adjustment:{adjustment.code}",
                description=values.description[:200],
                user=creator,
            )
            adjustment.ledger_entry = entry
            adjustment.new_cuti_saldo = entry.saldo_after - entry.hutang_after
            adjustment.save(update_fields=["code", "ledger_entry", "new_cuti_saldo"])
            LeaveAdjustmentDay.objects.bulk_create(
                [LeaveAdjustmentDay(adjustment=adjustment, employee=locked, date=day) for day in days]
            )
            days_changed(employee_ids=[locked.pk], dates=days, reason=LEAVE_TOPIC_REASON)
            audit_record(
                action="create",
                object_type="leave_adjustment",
                object_id=adjustment.hash_id,
                object_label=f"{adjustment.code} {locked.name}",
                after={
                    "employee": locked.name,
                    "start_date": start,
                    "end_date": end,
                    "jumlah_hari_cuti": len(days),
                    "cuti_saldo": adjustment.new_cuti_saldo,
                    "description": values.description,
                },
                before={"cuti_saldo": adjustment.current_cuti_saldo},
                actor=creator,
            )
            counts_changed(reason=LEAVE_TOPIC_REASON)
    except BaseException:
        default_storage.delete(stored)
        raise
    employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang = (
        locked.cuti_saldo,
        locked.cuti_terpakai,
        locked.cuti_hutang,
    )
    return adjustment


# --- reads ----------------------------------------------------------------------------------------


def leave_adjustments(*, year: int | None = None, code: str = "") -> QuerySet[LeaveAdjustment]:
    queryset = LeaveAdjustment.objects.select_related(
        "employee",
        "employee__man_power",
        "employee__man_power_team",
        "employee__man_power_group",
        "creator",
    ).annotate(
        employee_number_formatted=F("employee__employee_number_formatted"),
        employee_name=F("employee__name"),
        # The balance before as the screens show it: net of that time's debt (an adjustment takes
        # exactly its days off the net balance).
        net_cuti_saldo_before=F("new_cuti_saldo") + F("jumlah_hari_cuti"),
    )
    if year is not None:
        queryset = queryset.filter(leave_year=year)
    if code:
        queryset = queryset.filter(code=code)
    return queryset


def leave_adjustment_get(*, key: str) -> LeaveAdjustment:
    """By code (form number) or hash id; 404 with the leave message otherwise."""
    queryset = leave_adjustments()
    found = queryset.filter(code=key).first()
    return found if found is not None else get_by_hash_id(queryset, key, message=msg.LEAVE_NOT_FOUND)


def leave_adjustment_years(*, today: date) -> list[int]:
    years = set(LeaveAdjustment.objects.order_by().values_list("leave_year", flat=True).distinct())
    years.add(leave_year_shown(today=today))
    return sorted(years, reverse=True)


def leave_adjustment_history(*, month: int, year: int) -> list[dict[str, Any]]:
    rows = leave_adjustments().filter(created__year=year, created__month=month).order_by("-created", "-pk")
    out: list[dict[str, Any]] = []
    for row in rows[:500]:
        creator = row.creator.fullname if row.creator is not None else "Admin"
        out.append(
            {
                "id": row.hash_id,
                "code": row.code,
                "text": msg.LEAVE_HISTORY_TEXT.format(
                    creator=creator,
                    days=row.jumlah_hari_cuti,
                    employee=row.employee.name,
                    number=row.employee.employee_number_formatted,
                ),
                "date": timezone.localtime(row.created).strftime("%Y-%m-%d %H:%M:%S"),
            }
        )
    return out


def _leave_dates(row: LeaveAdjustment) -> list[str]:
    return [d.isoformat() for d in row.days.order_by("date").values_list("date", flat=True)]


def leave_adjustment_row(row: LeaveAdjustment, *, viewer: FileViewer | None = None) -> dict[str, Any]:
    """Everything doc2 §3 lists for a leave adjustment; `attachment_url` signed for `viewer`, who may
    see the adjustment ('' without one: downloads carry no file URLs)."""
    employee = row.employee
    man_power = employee.man_power
    dates = _leave_dates(row)
    return {
        "id": row.pk,
        "hash_id": row.hash_id,
        "code": row.code,
        "form_number": row.code,
        "employee_hash_id": employee.hash_id,
        "employee_number_formatted": employee.employee_number_formatted,
        "employee_name": employee.name,
        "job_title": employee.job_title,
        "jumlah_hari_cuti": row.jumlah_hari_cuti,
        "description": row.description,
        "attachment": row.attachment_name,
        "attachment_url": signed_file_url(row.attachment.name or "", viewer=viewer, name=row.attachment_name)
        if row.attachment
        else "",
        "current_cuti_saldo": row.current_cuti_saldo,
        "new_cuti_saldo": row.new_cuti_saldo,
        "request_date": row.request_date.isoformat(),
        "start_date": row.start_date.isoformat(),
        "end_date": row.end_date.isoformat(),
        "created": timezone.localtime(row.created).strftime("%Y-%m-%d %H:%M:%S"),
        "creator_user_name": row.creator.fullname if row.creator is not None else "",
        "tanggal_aktual_cuti": ", ".join(dates),
        "tanggal_aktual_cuti_list": dates,
        "man_power_name": man_power.name if man_power else "",
        "man_power_type": man_power.type if man_power else "",
        "man_power_team_name": employee.man_power_team.name if employee.man_power_team else "",
        "man_power_group_name": employee.man_power_group.name if employee.man_power_group else "",
    }


REPORT_COLUMNS = (
    ("employee_number_formatted", "ID Karyawan"),
    ("employee_name", "Nama"),
    ("job_title", "Job Title"),
    ("form_number", "Nomor Form"),
    ("created", "Tanggal Penyesuaian"),
    ("jumlah_hari_cuti", "Jumlah Hari Cuti"),
    ("tanggal_aktual_cuti", "Tanggal Aktual Cuti"),
    ("start_date", "Tanggal Mulai"),
    ("end_date", "Tanggal Selesai"),
    ("description", "Deskripsi"),
    ("attachment", "Berkas"),
    ("man_power_name", "Man Power Name"),
    ("man_power_type", "Man Power Type"),
    ("man_power_team_name", "Man Power Team"),
    ("man_power_group_name", "Man Power Group"),
)


def leave_report(*, month: int | None, year: int | None, code: str) -> QuerySet[LeaveAdjustment]:
    """The adjustments of the report: by form number, by month of creation, or by leave year."""
    queryset = leave_adjustments().prefetch_related("days")
    if code:
        queryset = queryset.filter(code=code)
    elif month is not None and year is not None:
        queryset = queryset.filter(created__year=year, created__month=month)
    elif year is not None:
        queryset = queryset.filter(leave_year=year)
    return queryset.order_by("created", "pk")


def leave_report_rows(*, month: int | None, year: int | None, code: str) -> list[dict[str, Any]]:
    """The report's rows as the screen reads them (`leave_adjustment_row`)."""
    return [leave_adjustment_row(row) for row in leave_report(month=month, year=year, code=code)]


def leave_report_lines(*, month: int | None, year: int | None, code: str) -> list[dict[str, Any]]:
    """The report's lines for the download (server.core.spreadsheets, DESIGN §13/§18): one line per
    actual leave day, its 'Tanggal Aktual Cuti' a date cell and its 'Jumlah Hari Cuti' 1, so a payroll
    clerk filters the days of a month and the totals row (SUBTOTAL, it follows the filter) sums them;
    an adjustment without days keeps one line with its own count. The form's other columns repeat on
    each of its lines: the creation time and dates as dates, the man power type's label and the
    attachment's file name (never a URL)."""
    lines = []
    for row in leave_report(month=month, year=year, code=code):
        line = leave_adjustment_row(row)
        line.update(
            created=timezone.localtime(row.created).replace(tzinfo=None, microsecond=0),
            start_date=row.start_date,
            end_date=row.end_date,
            man_power_type=man_power_type_label(line["man_power_type"]),
        )
        days = sorted(day.date for day in row.days.all())
        if not days:
            lines.append({**line, "tanggal_aktual_cuti": None})
        for day in days:
            lines.append({**line, "tanggal_aktual_cuti": day, "jumlah_hari_cuti": 1})
    return lines
