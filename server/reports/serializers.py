"""Inputs of the report endpoints (shared with the dashboard widgets that open them), on the shared
inputs of server.core.inputs, and the rows they share with those widgets."""

from __future__ import annotations

from calendar import monthrange
from datetime import date

from rest_framework import serializers

from server.core.inputs import DateRangeInput
from server.core.schema import inline_serializer
from server.reports import messages as msg

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
