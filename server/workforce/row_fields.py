"""The answer fields of what `server.workforce.selectors` reads, for the rows of other apps that carry
them: a placement's location (`placement_location`) and an employee's leave balance (`leave_balance`)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

PLACEMENT_LOCATION_FIELDS: dict[str, Any] = {
    "man_power_latitude": serializers.FloatField(allow_null=True),
    "man_power_longitude": serializers.FloatField(allow_null=True),
    "man_power_max_radius": serializers.IntegerField(allow_null=True),
}


class EmployeeLeaveBalance(serializers.Serializer[Any]):
    # server.workforce.selectors.leave_balance.
    saldo = serializers.IntegerField()
    terpakai = serializers.IntegerField()
    hutang = serializers.IntegerField()


LEAVE_BALANCE_FIELDS: dict[str, Any] = dict(EmployeeLeaveBalance._declared_fields)
