"""Inputs of the report endpoints (shared with the dashboard widgets that open them)."""

from __future__ import annotations

from calendar import monthrange
from datetime import date, timedelta
from typing import Any

from django.utils import timezone
from rest_framework import serializers

from server.reports import messages as msg

# doc1 §2.9: the absent report spans at most about one year (31,536,000,000 ms = 365 days).
MAX_RANGE = timedelta(days=365)
MAX_LIMIT = 100


def date_field(message: str) -> serializers.DateField:
    return serializers.DateField(
        input_formats=["%Y-%m-%d"],
        error_messages={"required": message, "invalid": message, "null": message, "blank": message},
    )


def limit_field(default: int) -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False,
        default=default,
        min_value=1,
        max_value=MAX_LIMIT,
        error_messages={
            "invalid": msg.LIMIT_INVALID,
            "min_value": msg.LIMIT_INVALID,
            "max_value": msg.LIMIT_INVALID,
            "max_string_length": msg.LIMIT_INVALID,
        },
    )


def end_of_month(day: date) -> date:
    return day.replace(day=monthrange(day.year, day.month)[1])


class DateRangeInput(serializers.Serializer):
    """start_date and end_date (YYYY-MM-DD): end not before start, at most a year apart."""

    start_date = date_field(msg.START_DATE_INVALID)
    end_date = date_field(msg.END_DATE_INVALID)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs["start_date"], attrs["end_date"]
        if end < start:
            raise serializers.ValidationError({"end_date": [msg.RANGE_REVERSED]})
        if end - start > MAX_RANGE:
            raise serializers.ValidationError({"end_date": [msg.RANGE_TOO_LONG]})
        return attrs


class PastMonthRangeInput(DateRangeInput):
    """A month range that has begun: the start is not after today and the end not after the end of
    the current month (the month picker snaps the end date to the last day of its month)."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        today = timezone.localdate()
        if attrs["start_date"] > today:
            raise serializers.ValidationError({"start_date": [msg.START_IN_FUTURE]})
        if attrs["end_date"] > end_of_month(today):
            raise serializers.ValidationError({"end_date": [msg.END_IN_FUTURE]})
        return attrs
