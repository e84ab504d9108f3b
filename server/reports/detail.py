"""The detail family of the attendance reports (doc3 §2.1 and §7.1): detail, overtime (lembur),
permission (izin) and undisciplined (late), as JSON rows grouped by employee and as downloads.

Every number comes from AttendanceDay rows read in SQL (DESIGN §7): each report reads its rows in one
ordered query and groups them in a single pass. Dates are placement-local: AttendanceDay.date is the
placement's own date already, and check-in/out times are shown in the placement's time zone (README
"Time zones"). A summary row (server.reports.summary) adds up the same days.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from typing import Any, TypedDict
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Q, QuerySet

from server.attendance.models import AttendanceDay, Keterangan
from server.izin.models import IzinCode
from server.reports.selection import Selection
from server.workforce.models import man_power_type_label

# ---------------------------------------------------------------- categories


class OvertimeCategory:
    ALL, WORKDAY, HOLIDAY = "all", "workday", "holiday"
    CHOICES = (ALL, WORKDAY, HOLIDAY)


class LateCategory:
    ALL, LATE_IN, EARLY_OUT = "all", "datang_terlambat", "pulang_cepat"
    CHOICES = (ALL, LATE_IN, EARLY_OUT)


PERMISSION_ALL = "all"

OVERTIME_FILTERS = {
    OvertimeCategory.ALL: Q(overtime_workday_minutes__gt=0) | Q(overtime_holiday_minutes__gt=0),
    OvertimeCategory.WORKDAY: Q(overtime_workday_minutes__gt=0),
    OvertimeCategory.HOLIDAY: Q(overtime_holiday_minutes__gt=0),
}
LATE_FILTERS = {
    LateCategory.ALL: Q(late_minutes__gt=0) | Q(early_out_minutes__gt=0),
    LateCategory.LATE_IN: Q(late_minutes__gt=0),
    LateCategory.EARLY_OUT: Q(early_out_minutes__gt=0),
}


def permission_filter(category: str) -> Q:
    """Employee-days covered by an approved izin (the engine links them), of one type or all."""
    if category == PERMISSION_ALL:
        return Q(izin__isnull=False)
    return Q(izin__izin_type__code=category)


# ---------------------------------------------------------------- formatting


@lru_cache(maxsize=64)
def _zone(name: str | None) -> ZoneInfo:
    return ZoneInfo(name or settings.TIME_ZONE)


def local_time(moment: datetime | None, zone: str | None) -> str:
    """A check-in/out moment as HH:MM in its placement's time zone ('' when missing)."""
    if moment is None:
        return ""
    local = moment.astimezone(_zone(zone))
    return f"{local.hour:02d}:{local.minute:02d}"


def local_clock(moment: datetime | None, zone: str | None) -> time | None:
    """A check-in/out moment as the clock time (to the minute, as `local_time` shows it) in its
    placement's time zone; None when missing."""
    if moment is None:
        return None
    return moment.astimezone(_zone(zone)).time().replace(second=0, microsecond=0)


def location(latitude: float | None, longitude: float | None) -> str:
    if latitude is None or longitude is None:
        return ""
    return f"{latitude:.6f}, {longitude:.6f}"


def distance(metres: float | None) -> int | None:
    return None if metres is None else round(metres)


KETERANGAN_LABELS = dict(Keterangan.choices)
VALID_LABEL, INVALID_LABEL = "Valid", "Tidak Valid"

# ---------------------------------------------------------------- detail family


class DayTotals(TypedDict):
    """The figures of a day that its employee's totals add up."""

    total_late_in_minutes: int
    total_early_out_minutes: int
    total_lembur_in_minutes: int
    total_lembur_workday_in_minutes: int
    total_lembur_holiday_in_minutes: int
    total_actual_lembur_in_hours: float
    total_of_working_hours_in_minutes: int


class LogEntry(DayTotals):
    job_title: str
    day: str
    shift: str
    is_shift_off: bool
    check_in: str
    check_in_location: str
    check_in_distance: int | None
    check_out: str
    check_out_location: str
    check_out_distance: int | None
    status: str
    keterangan: str
    note_check_in: str
    note_check_out: str
    permission_type: str
    permission_note: str
    approved: str
    man_power_name: str
    man_power_type: str
    man_power_team_name: str
    man_power_group_name: str


class EmployeeTotals(DayTotals):
    days: int


class EmployeeReport(TypedDict):
    employee_number_formatted: str
    employee_name: str
    job_title: str
    man_power_name: str
    log: list[LogEntry]
    total: EmployeeTotals


DETAIL_VALUES = (
    "employee_id",
    "employee__employee_number_formatted",
    "employee__name",
    "employee__job_title",
    "employee__man_power_team__name",
    "employee__man_power_group__name",
    "date",
    "shift__name",
    "is_shift_off",
    "check_in",
    "check_out",
    "check_in_log__latitude",
    "check_in_log__longitude",
    "check_in_log__distance",
    "check_in_log__note",
    "check_out_log__latitude",
    "check_out_log__longitude",
    "check_out_log__distance",
    "check_out_log__note",
    "late_minutes",
    "early_out_minutes",
    "overtime_workday_minutes",
    "overtime_holiday_minutes",
    "actual_overtime_minutes",
    "working_minutes",
    "is_valid",
    "keterangan",
    "man_power__name",
    "man_power__type",
    "man_power__timezone",
    "izin__izin_type__name",
    "izin__description",
    "izin__decided_by__fullname",
)


def detail_days(selection: Selection, start: date, end: date, extra: Q | None = None) -> QuerySet[Any]:
    queryset = AttendanceDay.objects.filter(selection.day_filter(), date__gte=start, date__lte=end)
    if extra is not None:
        queryset = queryset.filter(extra)
    return queryset.order_by("employee__employee_number_formatted", "employee_id", "date")


def _actual_hours(row: Mapping[str, Any]) -> float:
    actual = row["actual_overtime_minutes"]
    minutes = (
        actual if actual is not None else row["overtime_workday_minutes"] + row["overtime_holiday_minutes"]
    )
    return round(float(minutes) / 60, 2)


def log_entry(row: Mapping[str, Any]) -> LogEntry:
    zone = row["man_power__timezone"]
    workday, holiday = row["overtime_workday_minutes"], row["overtime_holiday_minutes"]
    return {
        "job_title": row["employee__job_title"] or "",
        "day": row["date"].isoformat(),
        "shift": row["shift__name"] or "",
        "is_shift_off": row["is_shift_off"],
        "check_in": local_time(row["check_in"], zone),
        "check_in_location": location(row["check_in_log__latitude"], row["check_in_log__longitude"]),
        "check_in_distance": distance(row["check_in_log__distance"]),
        "check_out": local_time(row["check_out"], zone),
        "check_out_location": location(row["check_out_log__latitude"], row["check_out_log__longitude"]),
        "check_out_distance": distance(row["check_out_log__distance"]),
        "total_late_in_minutes": row["late_minutes"],
        "total_early_out_minutes": row["early_out_minutes"],
        "total_lembur_in_minutes": workday + holiday,
        "total_lembur_workday_in_minutes": workday,
        "total_lembur_holiday_in_minutes": holiday,
        "total_actual_lembur_in_hours": _actual_hours(row),
        "total_of_working_hours_in_minutes": row["working_minutes"],
        "status": VALID_LABEL if row["is_valid"] else INVALID_LABEL,
        "keterangan": KETERANGAN_LABELS.get(row["keterangan"], row["keterangan"]),
        "note_check_in": row["check_in_log__note"] or "",
        "note_check_out": row["check_out_log__note"] or "",
        "permission_type": row["izin__izin_type__name"] or "",
        "permission_note": row["izin__description"] or "",
        "approved": row["izin__decided_by__fullname"] or "",
        "man_power_name": row["man_power__name"] or "",
        "man_power_type": row["man_power__type"] or "",
        "man_power_team_name": row["employee__man_power_team__name"] or "",
        "man_power_group_name": row["employee__man_power_group__name"] or "",
    }


# The whole minutes (the overtime in hours is rounded on its own).
TOTAL_KEYS = tuple(key for key in DayTotals.__annotations__ if key != "total_actual_lembur_in_hours")


def totals_of(log: list[LogEntry]) -> EmployeeTotals:
    totals: dict[str, Any] = {key: sum(entry[key] for entry in log) for key in TOTAL_KEYS}  # type: ignore[literal-required]
    totals["days"] = len(log)
    totals["total_actual_lembur_in_hours"] = round(sum(e["total_actual_lembur_in_hours"] for e in log), 2)
    return totals  # type: ignore[return-value]


def employee_reports(queryset: QuerySet[Any]) -> Iterator[EmployeeReport]:
    """The rows of one ordered query grouped by employee in a single pass, each with its totals."""
    rows: Iterable[Mapping[str, Any]] = queryset.values(*DETAIL_VALUES).iterator(chunk_size=5000)
    for _, group in itertools.groupby(rows, key=lambda row: row["employee_id"]):
        first: Mapping[str, Any] | None = None
        log: list[LogEntry] = []
        for row in group:
            first = first or row
            log.append(log_entry(row))
        assert first is not None
        yield {
            "employee_number_formatted": first["employee__employee_number_formatted"],
            "employee_name": first["employee__name"],
            "job_title": first["employee__job_title"] or "",
            "man_power_name": log[-1]["man_power_name"],
            "log": log,
            "total": totals_of(log),
        }


class DetailKind:
    """The detail family: which rows each report keeps and which columns its document and export show."""

    DETAIL = "detail"
    LEMBUR = "lembur"
    PERMISSION = "permission"
    LATE = "late"


PERMISSION_CATEGORY = "permission"
DETAIL_FILTERS: dict[str, Q] = {
    "overtime": OVERTIME_FILTERS[OvertimeCategory.ALL],
    OvertimeCategory.WORKDAY: OVERTIME_FILTERS[OvertimeCategory.WORKDAY],
    OvertimeCategory.HOLIDAY: OVERTIME_FILTERS[OvertimeCategory.HOLIDAY],
    "late": LATE_FILTERS[LateCategory.ALL],
    LateCategory.LATE_IN: LATE_FILTERS[LateCategory.LATE_IN],
    LateCategory.EARLY_OUT: LATE_FILTERS[LateCategory.EARLY_OUT],
    PERMISSION_CATEGORY: permission_filter(PERMISSION_ALL),
    **{code: permission_filter(code) for code in IzinCode.values},
}
# The detail report's `category` (doc3 §7.1 names it without values): every category doc3 names narrows
# the rows as its own report does: overtime (all, workday, holiday), undisciplined ('late' for both,
# datang_terlambat, pulang_cepat) and permission (all types, or one izin type code).
DETAIL_CATEGORIES = ("all", *DETAIL_FILTERS)


def detail_filter(kind: str, category: str) -> Q | None:
    if kind == DetailKind.DETAIL:
        return DETAIL_FILTERS.get(category)
    if kind == DetailKind.LEMBUR:
        return OVERTIME_FILTERS[category]
    if kind == DetailKind.LATE:
        return LATE_FILTERS[category]
    if kind == DetailKind.PERMISSION:
        return permission_filter(category)
    return None


def detail_report(
    kind: str, selection: Selection, start: date, end: date, category: str = "all"
) -> Iterator[EmployeeReport]:
    return employee_reports(detail_days(selection, start, end, detail_filter(kind, category)))


MAN_POWER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("man_power_type", "Tipe Man Power"),
    ("man_power_name", "Man Power"),
    ("man_power_team_name", "Tim"),
    ("man_power_group_name", "Grup"),
)
DETAIL_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    DetailKind.DETAIL: (
        ("day", "Tanggal"),
        ("shift", "Jam Kerja"),
        ("check_in", "Absen Datang"),
        ("check_in_location", "Lokasi Datang"),
        ("check_in_distance", "Jarak Datang (m)"),
        ("check_out", "Absen Pulang"),
        ("check_out_location", "Lokasi Pulang"),
        ("check_out_distance", "Jarak Pulang (m)"),
        ("total_late_in_minutes", "Terlambat"),
        ("total_early_out_minutes", "Pulang Cepat"),
        ("total_lembur_workday_in_minutes", "Lembur HK"),
        ("total_lembur_holiday_in_minutes", "Lembur HL"),
        ("total_actual_lembur_in_hours", "Lembur Aktual (jam)"),
        ("total_of_working_hours_in_minutes", "Jam Kerja Total"),
        ("status", "Status"),
        ("keterangan", "Keterangan"),
        ("note_check_in", "Catatan Datang"),
        ("note_check_out", "Catatan Pulang"),
        *MAN_POWER_COLUMNS,
    ),
    DetailKind.LEMBUR: (
        ("day", "Tanggal"),
        ("shift", "Jam Kerja"),
        ("check_in", "Absen Datang"),
        ("check_out", "Absen Pulang"),
        ("total_lembur_workday_in_minutes", "Lembur HK"),
        ("total_lembur_holiday_in_minutes", "Lembur HL"),
        ("total_lembur_in_minutes", "Total Lembur"),
        ("total_actual_lembur_in_hours", "Lembur Aktual (jam)"),
        ("keterangan", "Keterangan"),
        *MAN_POWER_COLUMNS,
    ),
    DetailKind.PERMISSION: (
        ("day", "Tanggal"),
        ("permission_type", "Jenis Izin"),
        ("permission_note", "Keterangan"),
        ("approved", "Disetujui Oleh"),
        *MAN_POWER_COLUMNS,
    ),
    DetailKind.LATE: (
        ("day", "Tanggal"),
        ("shift", "Jam Kerja"),
        ("check_in", "Absen Datang"),
        ("check_out", "Absen Pulang"),
        ("total_late_in_minutes", "Terlambat"),
        ("total_early_out_minutes", "Pulang Cepat"),
        ("keterangan", "Keterangan"),
        *MAN_POWER_COLUMNS,
    ),
}
DURATION_KEYS = frozenset(
    {
        "total_late_in_minutes",
        "total_early_out_minutes",
        "total_lembur_in_minutes",
        "total_lembur_workday_in_minutes",
        "total_lembur_holiday_in_minutes",
        "total_of_working_hours_in_minutes",
    }
)
EMPLOYEE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("employee_number_formatted", "ID Karyawan"),
    ("employee_name", "Nama Karyawan"),
)
# The totals row sums these besides the durations (server.core.spreadsheets.xlsx_file).
EXPORT_TOTALS = ("total_actual_lembur_in_hours",)
# What the title block prints for a report's `category` (labels, never the codes).
CATEGORY_LABELS: dict[str, str] = {
    "all": "Semua",
    "overtime": "Lembur",
    OvertimeCategory.WORKDAY: "Lembur Hari Kerja",
    OvertimeCategory.HOLIDAY: "Lembur Hari Libur",
    "late": "Tidak Disiplin",
    LateCategory.LATE_IN: "Datang Terlambat",
    LateCategory.EARLY_OUT: "Pulang Cepat",
    PERMISSION_CATEGORY: "Izin",
    **{str(code): str(label) for code, label in IzinCode.choices},
}


def detail_export_columns(kind: str) -> tuple[tuple[str, str], ...]:
    return EMPLOYEE_COLUMNS + DETAIL_COLUMNS[kind]


def export_entry(row: Mapping[str, Any]) -> dict[str, Any]:
    """A log entry as the files write it (DESIGN §18): the date, the check-in/out clock times (minutes,
    in the placement's zone) and the man power type label instead of their text and code."""
    entry: dict[str, Any] = dict(log_entry(row))
    zone = row["man_power__timezone"]
    entry["day"] = row["date"]
    entry["check_in"] = local_clock(row["check_in"], zone)
    entry["check_out"] = local_clock(row["check_out"], zone)
    entry["man_power_type"] = man_power_type_label(row["man_power__type"])
    return entry


def detail_export_rows(kind: str, queryset: QuerySet[Any]) -> Iterator[dict[str, Any]]:
    """One line per day (data rows only: the writer puts the totals under the table, DESIGN §21),
    typed for the writer (server.core.spreadsheets): dates, times, durations (timedelta) and hours
    (float)."""
    keys = [key for key, _ in DETAIL_COLUMNS[kind]]
    durations = [key for key in keys if key in DURATION_KEYS]
    rows: Iterable[Mapping[str, Any]] = queryset.values(*DETAIL_VALUES).iterator(chunk_size=5000)
    for row in rows:
        entry = export_entry(row)
        line: dict[str, Any] = {
            "employee_number_formatted": row["employee__employee_number_formatted"],
            "employee_name": row["employee__name"],
        }
        for key in keys:
            line[key] = entry[key]
        for key in durations:
            line[key] = timedelta(minutes=entry[key])
        yield line


def detail_export(
    kind: str, selection: Selection, start: date, end: date, category: str = "all"
) -> Iterator[dict[str, Any]]:
    """The lines of a detail-family download (`detail_export_rows` of the report's days)."""
    return detail_export_rows(kind, detail_days(selection, start, end, detail_filter(kind, category)))


# ---------------------------------------------------------------- lean answer

# The lean answer of the detail family (`…/lean` routes, issue [5/7]): the document's columns only, each
# log entry an array of numbers (`columns` names them), every text once in `labels` (the entry holds its
# index), the day as its offset from start_date and the check-in/out clock times as minutes of the day in
# the placement's zone (None when missing); the client formats them as the v1 answer shows them.
LEAN_CLOCK_KEYS = frozenset({"check_in", "check_out"})
LEAN_NUMBER_KEYS = frozenset(
    {*DURATION_KEYS, "total_actual_lembur_in_hours", "check_in_distance", "check_out_distance"}
)


def lean_columns(kind: str) -> tuple[str, ...]:
    """The keys of a lean log entry of `kind`: whether the day is a day off, then the document's columns."""
    return ("is_shift_off", *(key for key, _ in DETAIL_COLUMNS[kind]))


class LabelTable:
    """Each distinct text once, in order of first use; '' is index 0."""

    def __init__(self) -> None:
        self.labels: list[str] = [""]
        self._index: dict[str, int] = {"": 0}

    def key(self, text: str) -> int:
        index = self._index.get(text)
        if index is None:
            index = self._index[text] = len(self.labels)
            self.labels.append(text)
        return index


def _clock_minutes(text: str) -> int | None:
    """'HH:MM' as minutes of the day; None for '' (no check-in/out)."""
    if not text:
        return None
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def lean_entry(
    entry: LogEntry, fields: tuple[str, ...], start: date, labels: LabelTable
) -> list[int | float | None]:
    values: list[int | float | None] = []
    for key in fields:
        if key == "day":
            values.append((date.fromisoformat(entry["day"]) - start).days)
        elif key == "is_shift_off":
            values.append(1 if entry["is_shift_off"] else 0)
        elif key in LEAN_CLOCK_KEYS:
            values.append(_clock_minutes(entry[key]))  # type: ignore[literal-required]
        elif key in LEAN_NUMBER_KEYS:
            values.append(entry[key])  # type: ignore[literal-required]
        else:
            values.append(labels.key(entry[key]))  # type: ignore[literal-required]
    return values


LEAN_TOTAL_COLUMNS: tuple[str, ...] = ("days", *DayTotals.__annotations__)


def lean_report(
    kind: str, selection: Selection, start: date, end: date, category: str = "all"
) -> dict[str, Any]:
    """The lean answer's `columns`, `labels`, `total_columns` and `employees`: the employees of
    `detail_report`, each log entry as an array of the values of `columns` and the totals as an array
    of the values of `total_columns`."""
    fields = lean_columns(kind)
    labels = LabelTable()
    employees = [
        {
            **report,
            "log": [lean_entry(entry, fields, start, labels) for entry in report["log"]],
            "total": [report["total"][key] for key in LEAN_TOTAL_COLUMNS],  # type: ignore[literal-required]
        }
        for report in detail_report(kind, selection, start, end, category)
    ]
    return {
        "columns": list(fields),
        "labels": labels.labels,
        "total_columns": list(LEAN_TOTAL_COLUMNS),
        "employees": employees,
    }
