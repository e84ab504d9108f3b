"""The sync params of doc2 §3 (type, date range, man power or employees), validated once for the
preview and the push alike (server.core.inputs.selection_read plus the sync type)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db.models import QuerySet

from server.core.envelope import Unprocessable
from server.core.inputs import PeopleSelection, employee_numbers_unknown_refuse, selection_read
from server.sync import messages
from server.sync.models import SyncType
from server.workforce.models import Employee
from server.workforce.selectors import employees_selected


@dataclass(frozen=True)
class SyncSelection(PeopleSelection):
    type: str = SyncType.DEFAULT

    def as_params(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "start_date": self.start_date.isoformat(),
            "end_date": self.end_date.isoformat(),
            "employee_id": ",".join(self.employee_numbers),
            "man_power_type": self.man_power_type,
            "man_power_name": self.man_power_name,
            "man_power_team_name": self.man_power_team_name,
            "man_power_group_name": self.man_power_group_name,
        }

    def employee_ids(self) -> list[int]:
        """The selected employees' ids in employee number order (resolved once: a list of thousands of
        numbers inside every attendance query makes PostgreSQL plan badly)."""
        if self.employee_numbers:
            numbers = list(self.employee_numbers)
            rows = set(
                Employee.objects.filter(employee_number_formatted__in=numbers).values_list(
                    "employee_number", "pk"
                )
            ) | set(Employee.objects.filter(employee_number__in=numbers).values_list("employee_number", "pk"))
        else:
            rows = set(self.employees().values_list("employee_number", "pk"))
        return [pk for _, pk in sorted(rows)]

    def employees(self) -> QuerySet[Employee]:
        queryset = employees_selected(self)
        if self.employee_numbers:
            return queryset
        return queryset.filter(is_active=self.type == SyncType.DEFAULT)


def sync_selection_parse(
    data: Mapping[str, Any], *, list_of: Callable[[str], list[str]] | None = None
) -> SyncSelection:
    """Validate sync params (422 with an Indonesian message); `list_of(name)` reads repeated query keys."""
    type_ = str(data.get("type") or SyncType.DEFAULT).strip()
    if type_ not in SyncType.values:
        raise Unprocessable(messages.BAD_TYPE, errors={"type": [messages.BAD_TYPE]})
    selection = SyncSelection(**asdict(selection_read(data, list_of=list_of)), type=type_)
    numbers = selection.employee_numbers
    if numbers:
        found = list(
            selection.employees().values_list("employee_number_formatted", "employee_number", "is_active")
        )
        known = {n for formatted, number, _ in found for n in (formatted, number)}
        employee_numbers_unknown_refuse(numbers, known)
        if type_ == SyncType.RESIGNED:
            active = [formatted for formatted, _, is_active in found if is_active]
            if active:
                text = messages.NOT_RESIGNED.format(numbers=", ".join(active[:5]))
                raise Unprocessable(text, errors={"employee_id": [text]})
    return selection


def sync_selection_from_params(params: Mapping[str, Any]) -> SyncSelection:
    """The selection a job was started with (already validated)."""
    return sync_selection_parse(params)
