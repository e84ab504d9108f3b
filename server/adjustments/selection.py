"""Who and when a screen asks for (doc2 §4 filter cascade, doc3 §2.2): employees by number (the
'Karyawan' and 'Karyawan Sudah Resign' sections) or a man power placement (type, name, team, group and
the active toggle), plus a date range of at most 30 days (server.core.inputs.selection_read). Used by the
attendance adjustment filter and the adjustment report alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db.models import QuerySet

from server.core.inputs import PeopleSelection, employee_numbers_unknown_refuse, selection_read
from server.workforce.models import Employee
from server.workforce.selectors import employees_selected

MAX_NUMBERS = 5000


@dataclass(frozen=True)
class Selection(PeopleSelection):
    active_only: bool = False

    def employees(self) -> QuerySet[Employee]:
        queryset = employees_selected(self)
        if self.active_only:
            queryset = queryset.filter(is_active=True)
        return queryset

    def employee_ids(self) -> list[int]:
        return sorted(set(self.employees().values_list("pk", flat=True)))


def _flag(raw: Any) -> bool:
    return str(raw or "").strip().lower() in {"1", "true", "yes", "on"}


def selection_parse(
    data: Mapping[str, Any], *, list_of: Callable[[str], list[str]] | None = None
) -> Selection:
    """Validate the params (422 with an Indonesian message); `list_of(name)` reads repeated query keys;
    `man_power=1` keeps only active employees of a man power."""
    base = selection_read(data, list_of=list_of, limit=MAX_NUMBERS)
    numbers = base.employee_numbers
    fields = asdict(base)
    if numbers:
        fields["man_power_type"] = ""
    selection = Selection(**fields, active_only=not numbers and _flag(data.get("man_power")))
    if numbers:
        found = selection.employees().values_list("employee_number_formatted", "employee_number")
        employee_numbers_unknown_refuse(numbers, {n for pair in found for n in pair})
    return selection
