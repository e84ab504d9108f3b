"""Reads of the workforce directory: the man power cascade, employee search, age buckets, birthdays."""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any, Protocol

from django.db.models import Case, Count, IntegerField, Q, QuerySet, Value, When

from server.core.envelope import Unprocessable
from server.core.inputs import PeopleSelection
from server.workforce.models import Employee, ManPower, ManPowerGroup, ManPowerTeam, ManPowerType

SEARCH_LIMIT = 20
BIRTHDAY_WINDOW_DAYS = 7
TYPE_UNKNOWN = "Tipe man power tidak dikenal."


def man_power_options(*, type: str = "", name: str = "", team: str = "") -> list[dict[str, Any]]:
    """The next level of the cascade type > name > team > group below the deepest value given."""
    if not type:
        return [{"value": value, "label": label} for value, label in ManPowerType.choices]
    if type not in ManPowerType.values:
        raise Unprocessable(TYPE_UNKNOWN, errors={"type": [TYPE_UNKNOWN]})
    rows: QuerySet[Any]
    if not name:
        rows = ManPower.objects.filter(type=type, is_active=True).order_by("name", "pk")
    elif not team:
        rows = ManPowerTeam.objects.filter(man_power__type=type, man_power__name=name).order_by("name", "pk")
    else:
        rows = ManPowerGroup.objects.filter(
            team__man_power__type=type, team__man_power__name=name, team__name=team
        ).order_by("name", "pk")
    return [{"value": row.name, "label": row.name, "hash_id": row.hash_id} for row in rows]


def employee_search(*, text: str, resigned: bool, limit: int = SEARCH_LIMIT) -> list[Employee]:
    """Employees (active, or resigned) whose number or name contains `text`; nothing for empty text."""
    text = text.strip()
    if not text:
        return []
    condition = (
        Q(employee_number__icontains=text)
        | Q(employee_number_formatted__icontains=text)
        | Q(name__icontains=text)
    )
    return list(
        Employee.objects.filter(condition, is_active=not resigned)
        .select_related("man_power")
        .order_by("name", "pk")[:limit]
    )


def employee_search_row(employee: Employee) -> dict[str, Any]:
    return {
        "hash_id": employee.hash_id,
        "employee_number_formatted": employee.employee_number_formatted,
        "name": employee.name,
        "man_power_name": employee.man_power.name if employee.man_power_id and employee.man_power else "",
        "cuti": leave_balance(employee),
    }


def placement_location(man_power: ManPower | None) -> dict[str, Any]:
    """Where a placement is and the radius check-ins must fall in (None each without a placement)."""
    return {
        "man_power_latitude": man_power.latitude if man_power is not None else None,
        "man_power_longitude": man_power.longitude if man_power is not None else None,
        "man_power_max_radius": man_power.max_radius if man_power is not None else None,
    }


def leave_balance(employee: Employee) -> dict[str, int]:
    """The employee's annual leave as the screens and the app show it: balance, used, owed (days)."""
    return {"saldo": employee.cuti_saldo, "terpakai": employee.cuti_terpakai, "hutang": employee.cuti_hutang}


class Attending(Protocol):
    """What decides whether an employee is expected at work on a day (an Employee or a row of it)."""

    @property
    def attendance_disabled(self) -> bool: ...
    @property
    def is_active(self) -> bool: ...
    @property
    def joined_date(self) -> date | None: ...
    @property
    def resigned_date(self) -> date | None: ...


def employee_attends(employee: Attending, day: date) -> bool:
    """Whether the employee is expected at work on `day`: attendance enabled, joined by then, and not
    resigned before it (a resignation date counts, not the active flag, once it is set)."""
    if employee.attendance_disabled:
        return False
    if employee.joined_date is not None and day < employee.joined_date:
        return False
    if employee.resigned_date is not None:
        return day <= employee.resigned_date
    return employee.is_active


def years_before(day: date, years: int) -> date:
    """The same calendar day `years` earlier (29 February falls back to the 28th)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def employee_age_counts(*, today: date) -> dict[str, int]:
    """Active employees by age: under 20, 20 to 30 inclusive, over 30 (one query)."""
    turned_20 = years_before(today, 20)
    turned_31 = years_before(today, 31)
    counts = Employee.objects.filter(is_active=True, birth_date__isnull=False).aggregate(
        employee_20=Count("pk", filter=Q(birth_date__gt=turned_20)),
        employee_20_30=Count("pk", filter=Q(birth_date__lte=turned_20, birth_date__gt=turned_31)),
        employee_30=Count("pk", filter=Q(birth_date__lte=turned_31)),
    )
    return {key: int(value or 0) for key, value in counts.items()}


def employees_with_birthday_soon(*, today: date, days: int = BIRTHDAY_WINDOW_DAYS) -> QuerySet[Employee]:
    """Active employees whose birthday falls today or within `days` days, annotated with `days_until`.

    Those born on 29 February celebrate on the 28th in years without one.
    """
    whens: list[When] = []
    matches = Q()
    for offset in range(days + 1):
        day = today + timedelta(days=offset)
        same_day = Q(birth_date__month=day.month, birth_date__day=day.day)
        whens.append(When(same_day, then=Value(offset)))
        matches |= same_day
        if day.month == 2 and day.day == 28 and not calendar.isleap(day.year):
            leap_day = Q(birth_date__month=2, birth_date__day=29)
            whens.append(When(leap_day, then=Value(offset)))
            matches |= leap_day
    return Employee.objects.filter(matches, is_active=True, birth_date__isnull=False).annotate(
        days_until=Case(*whens, default=Value(days + 1), output_field=IntegerField())
    )


def birthday_keterangan(days_until: int) -> str:
    return "today" if days_until == 0 else "tomorrow" if days_until == 1 else "upcoming"


# The employee columns of a list whose rows belong to an employee (its `employee` foreign key): search
# and sort by number and name (ListSpec's searchable and orderable).
EMPLOYEE_SEARCHABLE = {
    "employee_number_formatted": "employee__employee_number_formatted__icontains",
    "employee_name": "employee__name__icontains",
}
EMPLOYEE_ORDERABLE = {
    "employee_number_formatted": "employee__employee_number_formatted",
    "employee_name": "employee__name",
}


def employee_columns(row: Mapping[str, Any], *, man_power: str = "man_power__name") -> dict[str, str]:
    """The employee columns of a row read with .values() across `employee__`: number, name, placement,
    team and group ('' where missing). `man_power` is the lookup of the placement's name: the row's own
    placement (the default) or the employee's ("employee__man_power__name")."""
    return {
        "employee_number_formatted": row["employee__employee_number_formatted"],
        "employee_name": row["employee__name"],
        "man_power_name": row[man_power] or "",
        "man_power_team_name": row["employee__man_power_team__name"] or "",
        "man_power_group_name": row["employee__man_power_group__name"] or "",
    }


def employees_selected(selection: PeopleSelection) -> QuerySet[Employee]:
    """The employees of a selection: those whose number (plain or formatted) is listed, or else those
    placed on the man power named (narrowed by type, team and group where given)."""
    queryset = Employee.objects.all()
    if selection.employee_numbers:
        listed = list(selection.employee_numbers)
        return queryset.filter(employee_number_formatted__in=listed) | queryset.filter(
            employee_number__in=listed
        )
    queryset = queryset.filter(man_power__name=selection.man_power_name)
    if selection.man_power_type:
        queryset = queryset.filter(man_power__type=selection.man_power_type)
    if selection.man_power_team_name:
        queryset = queryset.filter(man_power_team__name=selection.man_power_team_name)
    if selection.man_power_group_name:
        queryset = queryset.filter(man_power_group__name=selection.man_power_group_name)
    return queryset
