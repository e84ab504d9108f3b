"""Inputs of the report endpoints (shared with the dashboard widgets that open them), on the shared
inputs of server.core.inputs, and the rows they share with those widgets; the attendance reports'
selection (employees, or a man power type and name) and their per-report inputs."""

from __future__ import annotations

import json
import re
from calendar import monthrange
from datetime import date, timedelta
from typing import Any, ClassVar

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from server.core.inputs import DateRangeInput
from server.core.schema import inline_serializer
from server.izin.models import IzinCode
from server.reports import messages as msg
from server.reports.detail import DETAIL_CATEGORIES, PERMISSION_ALL, LateCategory, OvertimeCategory
from server.reports.selection import Selection
from server.reports.summary import SummaryCategory
from server.workforce.models import ManPowerType

# doc1 §2.9: the absent report spans at most about one year (31,536,000,000 ms = 365 days), which is
# DateRangeInput's default span.
MAX_LIMIT = 100


def limit_field(default: int, maximum: int = MAX_LIMIT) -> serializers.IntegerField:
    message = msg.LIMIT_OUT_OF_RANGE.format(maximum=maximum)
    return serializers.IntegerField(
        required=False,
        default=default,
        min_value=1,
        max_value=maximum,
        error_messages={
            "invalid": message,
            "min_value": message,
            "max_value": message,
            "max_string_length": message,
        },
    )


def end_of_month(day: date) -> date:
    return day.replace(day=monthrange(day.year, day.month)[1])


class PastMonthRangeInput(DateRangeInput):
    """A month range that has begun: the start is not after today and the end not after the end of
    the current month (the month picker snaps the end date to the last day of its month)."""

    def latest_start(self, today: date) -> tuple[date, str]:
        return today, msg.START_IN_FUTURE

    def latest_end(self, today: date) -> tuple[date, str]:
        return end_of_month(today), msg.END_IN_FUTURE


AbsentEmployeeRowSchema = inline_serializer(
    "AbsentEmployeeRow",
    {
        "employeeNumberFormatted": serializers.CharField(),
        "employeeName": serializers.CharField(),
        "jobTitle": serializers.CharField(),
        "manPowerName": serializers.CharField(),
        "alpa": serializers.IntegerField(help_text="mangkir"),
        "sakit": serializers.IntegerField(),
        "cuti": serializers.IntegerField(),
        "ctb": serializers.IntegerField(),
        "total": serializers.IntegerField(),
    },
    many=True,
)


MAX_EMPLOYEES = 500


def _text(required_message: str = msg.INCOMPLETE_FORM) -> serializers.CharField:
    return serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=10000,
        error_messages={
            "invalid": required_message,
            "max_length": required_message,
            "null": required_message,
        },
    )


def parse_employee_ids(raw: str) -> tuple[str, ...]:
    """The employee numbers of `employee_id`: a JSON object of numbered keys, a JSON array, or one
    plain number; blanks dropped, order and duplicates normalised."""
    raw = raw.strip()
    if not raw:
        return ()
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = [raw]
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, list):
        items = value
    elif isinstance(value, (str, int)):
        items = [value]
    else:
        raise serializers.ValidationError({"employee_id": [msg.EMPLOYEES_INVALID]})
    numbers: list[str] = []
    for item in items:
        if not isinstance(item, (str, int)) or isinstance(item, bool):
            raise serializers.ValidationError({"employee_id": [msg.EMPLOYEES_INVALID]})
        text = str(item).strip()
        if text and text not in numbers:
            numbers.append(text)
    if len(numbers) > MAX_EMPLOYEES:
        raise serializers.ValidationError({"employee_id": [msg.TOO_MANY_EMPLOYEES]})
    return tuple(numbers)


class SelectionFields(serializers.Serializer[Any]):
    """The people part of the report form (doc3 §2.2, §5): employees, or a man power type and name."""

    employee_id = _text(msg.EMPLOYEES_INVALID)
    man_power = _text()
    man_power_name = _text()
    man_power_team_name = _text()
    man_power_group_name = _text()
    man_power_status = serializers.ChoiceField(
        choices=("", "0", "1"),
        required=False,
        default="",
        error_messages={"invalid_choice": msg.MAN_POWER_STATUS_INVALID, "null": msg.MAN_POWER_STATUS_INVALID},
    )

    def selection(self, attrs: dict[str, Any]) -> Selection:
        employees = parse_employee_ids(attrs.get("employee_id", ""))
        if employees:
            return Selection(employees=employees)
        man_power_type = attrs.get("man_power", "").strip()
        name = attrs.get("man_power_name", "").strip()
        if not man_power_type or not name:
            raise serializers.ValidationError({"employee_id": [msg.INCOMPLETE_FORM]})
        if man_power_type not in ManPowerType.values:
            raise serializers.ValidationError({"man_power": [msg.MAN_POWER_TYPE_INVALID]})
        return Selection(
            man_power_type=man_power_type,
            man_power_name=name,
            team=attrs.get("man_power_team_name", "").strip(),
            group=attrs.get("man_power_group_name", "").strip(),
            active_only=attrs.get("man_power_status") == "1",
        )


class DayRangeReportInput(SelectionFields, DateRangeInput):
    """Detail and lembur: a day range of at most 30 days (2,592,000,000 ms)."""

    max_span: ClassVar[timedelta | None] = timedelta(days=30)
    max_span_message: ClassVar[str] = msg.RANGE_TOO_LONG_30

    def validate(self, attrs: Any) -> dict[str, Any]:
        selection = self.selection(attrs)
        data = super().validate(attrs)
        data["selection"] = selection
        return data


class MonthRangeReportInput(SelectionFields, PastMonthRangeInput):
    """Permission, late and the summary: a month range that has begun, at most 365 days."""

    def validate(self, attrs: Any) -> dict[str, Any]:
        selection = self.selection(attrs)
        data = super().validate(attrs)
        data["selection"] = selection
        return data


def category_field(choices: tuple[str, ...]) -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=choices,
        required=False,
        default="all",
        error_messages={"invalid_choice": msg.CATEGORY_INVALID, "null": msg.CATEGORY_INVALID},
    )


class DetailInput(DayRangeReportInput):
    category = category_field(DETAIL_CATEGORIES)


class LemburInput(DayRangeReportInput):
    category = category_field(OvertimeCategory.CHOICES)


class PermissionInput(MonthRangeReportInput):
    category = category_field((PERMISSION_ALL, *IzinCode.values))


class LateInput(MonthRangeReportInput):
    category = category_field(LateCategory.CHOICES)


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# doc3 §7.1's reportType: 'kehadiran' is the whole summary; the category names are taken as well.
REPORT_TYPES = {"kehadiran": SummaryCategory.ALL, **{c: c for c in SummaryCategory.CHOICES}}
MAN_POWER_KEYS = {
    "man_power": ("type", "man_power"),
    "man_power_name": ("name", "man_power_name"),
    "man_power_team_name": ("team", "man_power_team_name"),
    "man_power_group_name": ("group", "man_power_group_name"),
    "man_power_status": ("status", "man_power_status"),
}


def _json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return None


def _date_range(raw: str) -> tuple[str, str]:
    """`dateRange`: a JSON array [start, end], a JSON object {start_date|start, end_date|end}, or a text
    holding the two dates ('2026-03-01,2026-03-31', '2026-03-01 - 2026-03-31')."""
    value = _json(raw)
    if isinstance(value, list) and len(value) == 2:
        return str(value[0]), str(value[1])
    if isinstance(value, dict):
        start = value.get("start_date", value.get("startDate", value.get("start")))
        end = value.get("end_date", value.get("endDate", value.get("end")))
        if start is not None and end is not None:
            return str(start), str(end)
    found = DATE.findall(raw)
    if len(found) == 2:
        return found[0], found[1]
    raise serializers.ValidationError({"dateRange": [msg.DATE_RANGE_INVALID]})


def _man_power(raw: str) -> dict[str, str]:
    """`manPower`: a JSON object {type, name, team, group, status} (the snake names too), or the type."""
    value = _json(raw)
    if value is None or isinstance(value, str):
        return {"man_power": raw if value is None else value}
    if not isinstance(value, dict):
        raise serializers.ValidationError({"manPower": [msg.MAN_POWER_INVALID]})
    out: dict[str, str] = {}
    for name, keys in MAN_POWER_KEYS.items():
        for key in keys:
            item = value.get(key)
            if item is not None and not isinstance(item, (dict, list)):
                out[name] = str(item)
                break
    return out


class SummaryInput(MonthRangeReportInput):
    """The summary takes the other reports' names and doc3 §7.1's own: `reportType` (kehadiran or a
    category), `employeeId` (as employee_id), `dateRange` and `manPower`; a name of the first set wins."""

    category = category_field(SummaryCategory.CHOICES)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        merged: dict[str, Any] = {key: data.get(key) for key in data}
        spec: dict[str, Any] = {}
        report_type = str(merged.get("reportType") or "").strip()
        if report_type:
            if report_type not in REPORT_TYPES:
                raise serializers.ValidationError({"reportType": [msg.REPORT_TYPE_INVALID]})
            spec["category"] = REPORT_TYPES[report_type]
        if merged.get("employeeId"):
            spec["employee_id"] = merged["employeeId"]
        if merged.get("dateRange"):
            spec["start_date"], spec["end_date"] = _date_range(str(merged["dateRange"]))
        if merged.get("manPower"):
            spec.update(_man_power(str(merged["manPower"])))
        for key, value in spec.items():
            if merged.get(key) in (None, ""):
                merged[key] = value
        values: dict[str, Any] = super().to_internal_value(merged)
        return values


SELECTION_PARAMETERS = [
    OpenApiParameter(
        "employee_id",
        OpenApiTypes.STR,
        description='JSON: {"0": "nomor karyawan", ...} atau ["nomor", ...]; atau pilih man power',
    ),
    OpenApiParameter("man_power", OpenApiTypes.STR, description="tipe: office, pool, site, tug_boat"),
    OpenApiParameter("man_power_name", OpenApiTypes.STR),
    OpenApiParameter("man_power_team_name", OpenApiTypes.STR),
    OpenApiParameter("man_power_group_name", OpenApiTypes.STR),
    OpenApiParameter("man_power_status", OpenApiTypes.STR, description="1: hanya karyawan aktif"),
    OpenApiParameter("start_date", OpenApiTypes.DATE, required=True),
    OpenApiParameter("end_date", OpenApiTypes.DATE, required=True),
]
