"""The sync params of doc2 §3 (type, date range, man power or employees), validated once for the
preview and the push alike."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import QuerySet

from server.core.envelope import Unprocessable
from server.sync import messages
from server.sync.models import SyncType
from server.workforce.models import Employee

MAX_RANGE_DAYS = 30


@dataclass(frozen=True)
class SyncSelection:
    type: str
    start_date: date
    end_date: date
    employee_numbers: tuple[str, ...] = ()
    man_power_type: str = ""
    man_power_name: str = ""
    man_power_team_name: str = ""
    man_power_group_name: str = ""

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
        queryset = Employee.objects.all()
        if self.employee_numbers:
            return queryset.filter(employee_number_formatted__in=self.employee_numbers) | queryset.filter(
                employee_number__in=self.employee_numbers
            )
        queryset = queryset.filter(man_power__name=self.man_power_name)
        if self.man_power_type:
            queryset = queryset.filter(man_power__type=self.man_power_type)
        if self.man_power_team_name:
            queryset = queryset.filter(man_power_team__name=self.man_power_team_name)
        if self.man_power_group_name:
            queryset = queryset.filter(man_power_group__name=self.man_power_group_name)
        return queryset.filter(is_active=self.type == SyncType.DEFAULT)


def _numbers(raw: Any) -> tuple[str, ...]:
    """Employee numbers as a list, a comma-joined text, or a JSON list / object keyed 1..n."""
    values: list[Any]
    if isinstance(raw, list | tuple):
        values = list(raw)
    elif isinstance(raw, Mapping):
        values = list(raw.values())
    else:
        text = str(raw or "").strip()
        if text.startswith(("[", "{")):
            try:
                return _numbers(json.loads(text))
            except ValueError:
                raise Unprocessable(
                    messages.INCOMPLETE_FORM, errors={"employee_id": [messages.INCOMPLETE_FORM]}
                ) from None
        values = text.split(",")
    out: list[str] = []
    for value in values:
        if isinstance(value, list | tuple | Mapping):
            out.extend(_numbers(value))
        elif str(value).strip():
            out.append(str(value).strip()[:40])
    return tuple(dict.fromkeys(out))


def _date(raw: Any, field: str) -> date:
    text = str(raw or "").strip()
    if not text:
        raise Unprocessable(messages.INCOMPLETE_FORM, errors={field: [messages.INCOMPLETE_FORM]})
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Unprocessable(messages.BAD_DATE, errors={field: [messages.BAD_DATE]}) from None


def sync_selection_parse(data: Mapping[str, Any], *, list_of: Any = None) -> SyncSelection:
    """Validate sync params (422 with an Indonesian message); `list_of(name)` reads repeated query keys."""
    type_ = str(data.get("type") or SyncType.DEFAULT).strip()
    if type_ not in SyncType.values:
        raise Unprocessable(messages.BAD_TYPE, errors={"type": [messages.BAD_TYPE]})
    start, end = _date(data.get("start_date"), "start_date"), _date(data.get("end_date"), "end_date")
    if end < start:
        raise Unprocessable(messages.RANGE_REVERSED, errors={"end_date": [messages.RANGE_REVERSED]})
    if (end - start).days > MAX_RANGE_DAYS:
        raise Unprocessable(messages.RANGE_TOO_LONG, errors={"end_date": [messages.RANGE_TOO_LONG]})
    raw_numbers: Any = data.get("employee_id", "")
    if list_of is not None:
        repeated = list_of("employee_id") or list_of("employee_id[]")
        if len(repeated) > 1:
            raw_numbers = repeated
    numbers = _numbers(raw_numbers)
    name = str(data.get("man_power_name") or "").strip()
    if not numbers and not name:
        raise Unprocessable(messages.INCOMPLETE_FORM, errors={"employee_id": [messages.INCOMPLETE_FORM]})
    selection = SyncSelection(
        type=type_,
        start_date=start,
        end_date=end,
        employee_numbers=numbers,
        man_power_type=str(data.get("man_power_type") or "").strip(),
        man_power_name="" if numbers else name,
        man_power_team_name="" if numbers else str(data.get("man_power_team_name") or "").strip(),
        man_power_group_name="" if numbers else str(data.get("man_power_group_name") or "").strip(),
    )
    if numbers:
        found = list(
            selection.employees().values_list("employee_number_formatted", "employee_number", "is_active")
        )
        known = {n for formatted, number, _ in found for n in (formatted, number)}
        missing = [n for n in numbers if n not in known]
        if missing:
            text = messages.UNKNOWN_EMPLOYEES.format(numbers=", ".join(missing[:5]))
            raise Unprocessable(text, errors={"employee_id": [text]})
        if type_ == SyncType.RESIGNED:
            active = [formatted for formatted, _, is_active in found if is_active]
            if active:
                text = messages.NOT_RESIGNED.format(numbers=", ".join(active[:5]))
                raise Unprocessable(text, errors={"employee_id": [text]})
    return selection


def sync_selection_from_params(params: Mapping[str, Any]) -> SyncSelection:
    """The selection a job was started with (already validated)."""
    return sync_selection_parse(params)
