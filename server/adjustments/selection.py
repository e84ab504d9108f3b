"""Who and when a screen asks for (doc2 §4 filter cascade, doc3 §2.2): employees by number (the
'Karyawan' and 'Karyawan Sudah Resign' sections) or a man power placement (type, name, team, group and
the active toggle), plus a date range of at most 30 days. Used by the attendance adjustment filter and
the adjustment report alike."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import QuerySet

from server.adjustments import messages as msg
from server.core.envelope import Unprocessable
from server.workforce.models import Employee

MAX_RANGE_DAYS = 30
MAX_NUMBERS = 5000


@dataclass(frozen=True)
class Selection:
    start_date: date
    end_date: date
    employee_numbers: tuple[str, ...] = ()
    man_power_type: str = ""
    man_power_name: str = ""
    man_power_team_name: str = ""
    man_power_group_name: str = ""
    active_only: bool = False

    def employees(self) -> QuerySet[Employee]:
        queryset = Employee.objects.all()
        if self.employee_numbers:
            numbers = list(self.employee_numbers)
            return queryset.filter(employee_number_formatted__in=numbers) | queryset.filter(
                employee_number__in=numbers
            )
        queryset = queryset.filter(man_power__name=self.man_power_name)
        if self.man_power_type:
            queryset = queryset.filter(man_power__type=self.man_power_type)
        if self.man_power_team_name:
            queryset = queryset.filter(man_power_team__name=self.man_power_team_name)
        if self.man_power_group_name:
            queryset = queryset.filter(man_power_group__name=self.man_power_group_name)
        if self.active_only:
            queryset = queryset.filter(is_active=True)
        return queryset

    def employee_ids(self) -> list[int]:
        return sorted(set(self.employees().values_list("pk", flat=True)))


def _incomplete(field: str) -> Unprocessable:
    return Unprocessable(msg.INCOMPLETE_FORM, errors={field: [msg.INCOMPLETE_FORM]})


def parse_numbers(raw: Any) -> tuple[str, ...]:
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
                return parse_numbers(json.loads(text))
            except ValueError:
                raise _incomplete("employee_id") from None
        values = text.split(",")
    out: list[str] = []
    for value in values:
        if isinstance(value, list | tuple | Mapping):
            out.extend(parse_numbers(value))
        elif str(value).strip():
            out.append(str(value).strip()[:40])
    return tuple(dict.fromkeys(out))[:MAX_NUMBERS]


def _date(raw: Any, field: str) -> date:
    text = str(raw or "").strip()
    if not text:
        raise _incomplete(field)
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Unprocessable(msg.BAD_DATE, errors={field: [msg.BAD_DATE]}) from None


def _flag(raw: Any) -> bool:
    return str(raw or "").strip().lower() in {"1", "true", "yes", "on"}


def selection_parse(
    data: Mapping[str, Any], *, list_of: Callable[[str], list[str]] | None = None
) -> Selection:
    """Validate the params (422 with an Indonesian message); `list_of(name)` reads repeated query keys."""
    start, end = _date(data.get("start_date"), "start_date"), _date(data.get("end_date"), "end_date")
    if end < start:
        raise Unprocessable(msg.RANGE_REVERSED, errors={"end_date": [msg.RANGE_REVERSED]})
    if (end - start).days > MAX_RANGE_DAYS:
        raise Unprocessable(msg.RANGE_TOO_LONG, errors={"end_date": [msg.RANGE_TOO_LONG]})
    raw: Any = data.get("employee_id", "")
    if list_of is not None:
        repeated = list_of("employee_id") or list_of("employee_id[]")
        if len(repeated) > 1:
            raw = repeated
    numbers = parse_numbers(raw)
    name = str(data.get("man_power_name") or "").strip()
    if not numbers and not name:
        raise _incomplete("employee_id")
    selection = Selection(
        start_date=start,
        end_date=end,
        employee_numbers=numbers,
        man_power_type="" if numbers else str(data.get("man_power_type") or "").strip(),
        man_power_name="" if numbers else name,
        man_power_team_name="" if numbers else str(data.get("man_power_team_name") or "").strip(),
        man_power_group_name="" if numbers else str(data.get("man_power_group_name") or "").strip(),
        active_only=not numbers and _flag(data.get("man_power")),
    )
    if numbers:
        found = selection.employees().values_list("employee_number_formatted", "employee_number")
        known = {n for pair in found for n in pair}
        missing = [n for n in numbers if n not in known]
        if missing:
            text = msg.UNKNOWN_EMPLOYEES.format(numbers=", ".join(missing[:5]))
            raise Unprocessable(text, errors={"employee_id": [text]})
    return selection
