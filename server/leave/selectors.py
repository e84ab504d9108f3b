"""Reads of the leave ledger."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from django.db.models import F, Sum
from django.db.models.query import QuerySet

from server.leave.models import LeaveLedgerEntry
from server.workforce.models import Employee


def leave_ledger_for(*, employee: Employee) -> QuerySet[LeaveLedgerEntry]:
    return LeaveLedgerEntry.objects.filter(employee=employee).order_by("created", "pk")


def leave_days_booked(*, reference: str, employee_ids: Iterable[int] | None = None) -> dict[int, int]:
    """Employee → net days taken off the balance under `reference` (deductions minus reversals).

    A deduction takes from saldo and puts the rest on hutang, a reversal does the opposite, so the
    days an entry books are its hutang change minus its saldo change.
    """
    qs = LeaveLedgerEntry.objects.filter(reference=reference)
    if employee_ids is not None:
        qs = qs.filter(employee_id__in=list(employee_ids))
    rows = qs.values("employee_id").annotate(net=Sum(F("hutang_change") - F("saldo_change")))
    return {r["employee_id"]: int(r["net"] or 0) for r in rows}


def leave_year_refreshed(*, year: int) -> set[int]:
    """Employees whose balance was already refreshed for `year`."""
    return set(
        LeaveLedgerEntry.objects.filter(reference=f"yearly_refresh:{year}").values_list(
            "employee_id", flat=True
        )
    )


def leave_year_shown(*, today: date) -> int:
    """The leave year a list shows: the previous year before 15 January, else this year (doc2)."""
    return today.year - 1 if (today.month, today.day) < (1, 15) else today.year
