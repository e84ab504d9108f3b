"""Live topics of the people screens: hints ({"hash_id"}) that make the open lists refetch."""

from __future__ import annotations

from typing import Any

from server.accounts.models import User, UserLevel
from server.accounts.services import USER_LOGINS_TOPIC
from server.core.policy import AllFlags
from server.mobile.services import EMPLOYEES_TOPIC
from server.people.services import USER_LEVELS_TOPIC
from server.realtime.topics import register_topic
from server.workforce.models import Employee


@register_topic(EMPLOYEES_TOPIC, allows=AllFlags("allow_employee"))
def employees_snapshot(principal: Any) -> dict[str, int]:
    return {"count": Employee.objects.filter(is_active=True).count()}


@register_topic(USER_LEVELS_TOPIC, allows=AllFlags("allow_user_level"))
def user_levels_snapshot(principal: Any) -> dict[str, int]:
    return {"count": UserLevel.objects.count()}


@register_topic(USER_LOGINS_TOPIC, allows=AllFlags("allow_user_login"))
def user_logins_snapshot(principal: Any) -> dict[str, int]:
    return {"count": User.objects.count()}
