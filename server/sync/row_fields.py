"""The columns of an attendance day's payroll row, one serializer for the two screens that answer it:
the sync preview (server.sync.payroll.payroll_preview) and the attendance adjustment report
(server.adjustments.attendance_rows); each adds its own id and links around them."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class EmployeeDayRow(serializers.Serializer[Any]):
    # Whose day it is (a sent sync's detail rows and the attendance adjustment rows answer these too).
    employee_number_formatted = serializers.CharField()
    employee_name = serializers.CharField()
    man_power_name = serializers.CharField()
    man_power_group_name = serializers.CharField()
    man_power_team_name = serializers.CharField()
    date = serializers.DateField()


class PayrollDayRow(EmployeeDayRow):
    check_in_time = serializers.CharField()
    check_out_time = serializers.CharField()
    lembur_workday = serializers.FloatField(help_text="jam")
    lembur_aktual = serializers.FloatField(help_text="jam")
    is_valid = serializers.IntegerField()  # type: ignore[assignment]  # a field, not the method
    sync_status = serializers.CharField()
    generated_status = serializers.CharField()
