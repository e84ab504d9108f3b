"""What the adjustment endpoints share: their policies, the caller and the
selection (employees or man power plus a date range, and the 'Man Power Aktif' toggle)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from server.accounts.models import User
from server.adjustments.selection import Selection, selection_parse
from server.core.inputs import SELECTION_PARAMETERS as PEOPLE_SELECTION_PARAMETERS
from server.core.policy import AnyFlag, flag_policies

LEAVE = flag_policies("allow_adjustment")
ATTENDANCE = flag_policies("allow_attendance_adjustment")
# Exactly who sees the entry: the Laporan group's flags (README "Decisions").
REPORT = AnyFlag("allow_report", "allow_reset_attendance")


def caller(request: Request) -> User | None:
    user = request.user
    return user if isinstance(user, User) else None


SELECTION_PARAMETERS = [
    *PEOPLE_SELECTION_PARAMETERS,
    OpenApiParameter("man_power", OpenApiTypes.STR, description="1: hanya karyawan aktif (Man Power Aktif)"),
]


def selection_read(request: Request) -> Selection:
    return selection_parse(request.query_params, list_of=request.query_params.getlist)
