"""What other apps register with izin, so that izin imports none of them (DESIGN §15; registered from
their `AppConfig.ready()`):

- manual leave overlap: the first manual leave (HR's leave adjustment) of an employee sharing a day
  with a range; those days are leave already, an izin on them would count them twice.
- izin created: told of each new request inside its transaction (e.g. the approvers' e-mail, which
  the listener sends after commit).
"""

from __future__ import annotations

from datetime import date
from typing import Protocol

from server.izin.models import IzinRequest
from server.workforce.models import Employee


class ManualLeave(Protocol):
    @property
    def code(self) -> str: ...
    @property
    def start_date(self) -> date: ...
    @property
    def end_date(self) -> date: ...


class ManualLeaveOverlap(Protocol):
    def __call__(self, *, employee: Employee, start_date: date, end_date: date) -> ManualLeave | None: ...


_manual_leave_overlap: list[ManualLeaveOverlap] = []


def register_manual_leave_overlap(source: ManualLeaveOverlap) -> None:
    if source not in _manual_leave_overlap:
        _manual_leave_overlap.append(source)


def manual_leave_overlapping(*, employee: Employee, start_date: date, end_date: date) -> ManualLeave | None:
    """The first registered manual leave of the employee sharing a day with [start_date, end_date]."""
    for source in _manual_leave_overlap:
        leave = source(employee=employee, start_date=start_date, end_date=end_date)
        if leave is not None:
            return leave
    return None


class IzinCreated(Protocol):
    def __call__(self, *, izin: IzinRequest) -> None: ...


_izin_created: list[IzinCreated] = []


def register_izin_created(listener: IzinCreated) -> None:
    if listener not in _izin_created:
        _izin_created.append(listener)


def izin_created_announce(*, izin: IzinRequest) -> None:
    """Tell every registered listener of a new request (inside the transaction that made it)."""
    for listener in _izin_created:
        listener(izin=izin)
