"""Leave balance changes, always through the ledger (DESIGN §7).

Balance rules: saldo never goes below zero (what a deduction cannot take from saldo goes to hutang);
a positive saldo change first pays off hutang; terpakai and hutang never go below zero. Every change
writes one LeaveLedgerEntry with the applied changes and the balance after them.

Idempotency is by ledger reference: izin approvals book `izin:<id>`, collective leave
`collective_leave:<YYYY-MM-DD>`, the yearly refresh `yearly_refresh:<year>`. "Settle" functions bring
the net days booked under a reference to the target (deducting or reversing the difference), so
running them again changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import transaction

from server.accounts.models import User
from server.core.chunks import chunks
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.leave.selectors import leave_days_booked, leave_year_refreshed
from server.workforce.models import Employee

LOCK_CHUNK = 1000


@dataclass(frozen=True)
class BalanceRequest:
    """A wanted change; the applied one may differ (saldo floor, hutang payoff)."""

    employee_id: int
    reason: str
    date: date
    reference: str
    saldo: int = 0
    terpakai: int = 0
    hutang: int = 0
    description: str = ""
    user_id: int | None = None
    reset_terpakai: bool = False


def _lock(employee_ids: Iterable[int]) -> dict[int, Employee]:
    """Lock the employees' rows (in id order, so concurrent lockers cannot deadlock) and load balances."""
    ids = sorted(set(employee_ids))
    employees: dict[int, Employee] = {}
    for chunk in chunks(ids, LOCK_CHUNK):
        locked = (
            Employee.objects.select_for_update()
            .filter(pk__in=chunk)
            .order_by("pk")
            .only("pk", "cuti_saldo", "cuti_terpakai", "cuti_hutang")
        )
        employees.update({e.pk: e for e in locked})
    return employees


def _apply(employee: Employee, request: BalanceRequest) -> LeaveLedgerEntry:
    saldo, terpakai, hutang = employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang
    hutang_after = max(0, hutang + request.hutang)
    saldo_after = saldo
    if request.saldo < 0:
        taken = min(-request.saldo, max(saldo, 0))
        saldo_after = saldo - taken
        hutang_after += -request.saldo - taken
    elif request.saldo > 0:
        paid = min(request.saldo, hutang_after)
        hutang_after -= paid
        saldo_after = saldo + request.saldo - paid
    terpakai_after = 0 if request.reset_terpakai else max(0, terpakai + request.terpakai)
    entry = LeaveLedgerEntry(
        employee_id=employee.pk,
        date=request.date,
        reason=request.reason,
        saldo_change=saldo_after - saldo,
        terpakai_change=terpakai_after - terpakai,
        hutang_change=hutang_after - hutang,
        saldo_after=saldo_after,
        terpakai_after=terpakai_after,
        hutang_after=hutang_after,
        reference=request.reference,
        description=request.description,
        created_by_id=request.user_id,
    )
    employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang = (
        saldo_after,
        terpakai_after,
        hutang_after,
    )
    return entry


def leave_balance_change_many(*, requests: Sequence[BalanceRequest]) -> list[LeaveLedgerEntry]:
    """Apply many changes in a few queries: lock the employees, update balances, write the ledger."""
    if not requests:
        return []
    entries: list[LeaveLedgerEntry] = []
    with transaction.atomic():
        employees = _lock(r.employee_id for r in requests)
        for request in requests:
            entries.append(_apply(employees[request.employee_id], request))
        Employee.objects.bulk_update(
            list(employees.values()), ["cuti_saldo", "cuti_terpakai", "cuti_hutang"], batch_size=LOCK_CHUNK
        )
        LeaveLedgerEntry.objects.bulk_create(entries, batch_size=LOCK_CHUNK)
    return entries


def leave_balance_change(
    *,
    employee: Employee,
    reason: str,
    saldo: int = 0,
    terpakai: int = 0,
    hutang: int = 0,
    date: date,
    reference: str,
    description: str = "",
    user: User | None = None,
) -> LeaveLedgerEntry:
    """Change one employee's balance with a ledger entry; `employee` is refreshed with the result."""
    (entry,) = leave_balance_change_many(
        requests=[
            BalanceRequest(
                employee_id=employee.pk,
                reason=reason,
                date=date,
                reference=reference,
                saldo=saldo,
                terpakai=terpakai,
                hutang=hutang,
                description=description,
                user_id=user.pk if user is not None else None,
            )
        ]
    )
    employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang = (
        entry.saldo_after,
        entry.terpakai_after,
        entry.hutang_after,
    )
    return entry


def _settle_requests(
    *,
    targets: dict[int, int],
    booked: dict[int, int],
    reference: str,
    day: date,
    reason: str,
    reverse_reason: str,
    description: str,
    user_id: int | None = None,
) -> list[BalanceRequest]:
    requests: list[BalanceRequest] = []
    for employee_id in sorted(set(targets) | set(booked)):
        delta = targets.get(employee_id, 0) - booked.get(employee_id, 0)
        if delta == 0:
            continue
        requests.append(
            BalanceRequest(
                employee_id=employee_id,
                reason=reason if delta > 0 else reverse_reason,
                date=day,
                reference=reference,
                saldo=-delta,
                terpakai=delta,
                description=description if delta > 0 else f"Pembatalan: {description}",
                user_id=user_id,
            )
        )
    return requests


def leave_employee_settle(
    *,
    employee_id: int,
    reference: str,
    days: int,
    day: date,
    reason: str,
    reverse_reason: str,
    description: str,
    user: User | None = None,
) -> LeaveLedgerEntry | None:
    """Bring the days one employee has booked under `reference` to `days` (0 gives them all back):
    the difference is deducted under `reason` or given back under `reverse_reason`. Returns the
    ledger entry written, if any. Idempotent (izin's leave books its requests with it)."""
    with transaction.atomic():
        _lock([employee_id])
        booked = leave_days_booked(reference=reference, employee_ids=[employee_id])
        requests = _settle_requests(
            targets={employee_id: days} if days else {},
            booked=booked,
            reference=reference,
            day=day,
            reason=reason,
            reverse_reason=reverse_reason,
            description=description,
            user_id=user.pk if user is not None else None,
        )
        entries = leave_balance_change_many(requests=requests)
    return entries[0] if entries else None


def leave_reference_settle(
    *,
    reference: str,
    day: date,
    employee_ids: Iterable[int] | None,
    targets: Callable[[], Iterable[int]],
    reason: str,
    description: str,
) -> int:
    """Book one leave day under `reference` for each of `targets()`; undo it for the others booked
    under it (within `employee_ids`, None = all). `targets` is read once to lock and again under the
    locks, so a concurrent settle that just committed is counted. Returns the ledger entries written.
    Idempotent (server.attendance.collective settles collective leave with it)."""
    ids = None if employee_ids is None else sorted(set(employee_ids))
    with transaction.atomic():
        wanted = dict.fromkeys(targets(), 1)
        _lock(set(wanted) | set(leave_days_booked(reference=reference, employee_ids=ids)))
        # Read again under the locks: a concurrent settle that just committed is counted.
        wanted = dict.fromkeys(targets(), 1)
        booked = leave_days_booked(reference=reference, employee_ids=ids)
        requests = _settle_requests(
            targets=wanted,
            booked=booked,
            reference=reference,
            day=day,
            reason=reason,
            reverse_reason=reason,
            description=description,
        )
        return len(leave_balance_change_many(requests=requests))


def leave_refresh_year(*, year: int, user: User | None = None) -> int:
    """The 15 January refresh: add the annual allowance (hutang is paid from it first) and reset terpakai.

    Applies to active employees not resigned before the 15th who have not been refreshed for `year`
    yet; returns how many were.
    """
    day = date(year, 1, 15)
    eligible = Employee.objects.filter(is_active=True).exclude(resigned_date__lt=day)
    with transaction.atomic():
        employees = _lock(eligible.values_list("pk", flat=True))
        done = leave_year_refreshed(year=year)
        requests = [
            BalanceRequest(
                employee_id=pk,
                reason=LeaveReason.YEARLY_REFRESH,
                date=day,
                reference=f"yearly_refresh:{year}",
                saldo=settings.ANNUAL_LEAVE_DAYS,
                reset_terpakai=True,
                description=f"Cuti tahunan {year}",
                user_id=user.pk if user is not None else None,
            )
            for pk in sorted(employees)
            if pk not in done
        ]
        return len(leave_balance_change_many(requests=requests))
