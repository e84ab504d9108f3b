"""Who an attendance report covers (`Selection`), the report kinds and their file names (doc3 §5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import Q

from server.core import export_titles, file_names, spreadsheets


@dataclass(frozen=True)
class Selection:
    """Who a report covers: listed employees (by employee number), or a placement (type + name,
    optionally team and group; `active_only` is the detail form's 'Man Power Aktif' toggle)."""

    employees: tuple[str, ...] = ()
    man_power_type: str = ""
    man_power_name: str = ""
    team: str = ""
    group: str = ""
    active_only: bool = False

    def day_filter(self) -> Q:
        if self.employees:
            numbers = list(self.employees)
            return Q(employee__employee_number_formatted__in=numbers) | Q(
                employee__employee_number__in=numbers
            )
        condition = Q(man_power__type=self.man_power_type, man_power__name=self.man_power_name)
        if self.team:
            condition &= Q(employee__man_power_team__name=self.team)
        if self.group:
            condition &= Q(employee__man_power_group__name=self.group)
        if self.active_only:
            condition &= Q(employee__is_active=True)
        return condition


class ReportKind:
    DETAIL = "LAPORAN_DETAIL"
    LEMBUR = "LAPORAN_LEMBUR"
    PERMISSION = "LAPORAN_IZIN"
    LATE = "LAPORAN_TIDAK_DISIPLIN"
    SUMMARY = "LAPORAN_RANGKUMAN"


def report_file_name(kind: str, selection: Selection, start: date, end: date) -> str:
    """`{KIND}_{name}_{start}_sd_{end}` (server.core.file_names.report_file_name): the employee's name
    for one employee, 'Karyawan' for several, otherwise the man power name (the deepest of name, team and
    group chosen)."""
    from server.workforce.models import Employee

    if len(selection.employees) > 1:
        name = file_names.SEVERAL_EMPLOYEES
    elif selection.employees:
        number = selection.employees[0]
        employee = (
            Employee.objects.filter(Q(employee_number_formatted=number) | Q(employee_number=number))
            .values_list("name", flat=True)
            .first()
        )
        name = employee or number
    else:
        name = selection.group or selection.team or selection.man_power_name
    return file_names.report_file_name(kind, name, start, end)


# The report names of the title block (server.core.export_titles.TitleBlock), by file kind.
REPORT_TITLES = {
    ReportKind.DETAIL: "Laporan Detail Kehadiran",
    ReportKind.LEMBUR: "Laporan Detail Lembur",
    ReportKind.PERMISSION: "Laporan Detail Izin",
    ReportKind.LATE: "Laporan Detail Tidak Disiplin",
    ReportKind.SUMMARY: "Laporan Rangkuman Kehadiran",
}


def selection_filters(selection: Selection) -> list[tuple[str, str]]:
    """Who the report covers, as the title block's filter lines: the employees, or the placement."""
    from server.workforce.models import man_power_type_label

    if selection.employees:
        return [("Karyawan", ", ".join(selection.employees))]
    lines = [
        ("Tipe Man Power", man_power_type_label(selection.man_power_type)),
        ("Man Power", selection.man_power_name),
        ("Tim", selection.team),
        ("Grup", selection.group),
    ]
    if selection.active_only:
        lines.append(("Man Power Aktif", spreadsheets.YES))
    return lines


def report_title(
    kind: str, selection: Selection, start: date, end: date, user: object, category: str = ""
) -> export_titles.TitleBlock:
    """The title block of a report download: its name, period, selection and category."""
    filters = selection_filters(selection)
    if category:
        filters.append(("Kategori", category))
    return export_titles.TitleBlock(
        report=REPORT_TITLES[kind],
        period=(start, end),
        filters=filters,
        printed_by=export_titles.user_name(user),
    )
