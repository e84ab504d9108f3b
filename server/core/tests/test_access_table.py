"""Who may call what: the route / method / policy table is checked in (a change shows in review), and a
signed-in user without any flag gets 401/403/404 and never data from every route outside the short
list of pages every signed-in user has (dashboard, profile, directory look-ups)."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.settings import api_settings
from rest_framework.test import APIClient

from server.accounts.models import User
from server.core.policy import ByQuery, Public, policy_for
from server.core.routes import ACCESS_TABLE_FILE, access_table, api_views, view_methods
from server.core.tests.test_access_policy_walk import concrete

pytestmark = pytest.mark.django_db

# Open to every signed-in user by design (doc1 §6.1: the dashboard needs no flag; profile; look-ups
# the forms of every screen use). A new route here is a decision: add it knowingly.
OPEN_TO_EVERY_USER = {
    ("POST", "api/web/v1/auth/logout"),
    ("GET", "api/web/v1/profile"),
    ("POST", "api/web/v1/profile/change_password"),
    # The user's own screen preferences (only ever the caller's own rows).
    ("GET", "api/web/v1/preference/<str:key>"),
    ("PUT", "api/web/v1/preference/<str:key>"),
    ("DELETE", "api/web/v1/preference/<str:key>"),
    # The caller's own notifications (only ever their own rows; issue 41).
    ("GET", "api/web/v1/notification/list"),
    ("PATCH", "api/web/v1/notification/read"),
    # The caller's own delegations (given, received; issue 41) and the colleagues' names to pick a
    # delegate from; creating one needs approval rights (or the user-login admin's flag).
    ("GET", "api/web/v1/delegation/list"),
    ("GET", "api/web/v1/delegation/candidates"),
    ("POST", "api/web/v1/realtime/ticket"),
    ("GET", "api/web/v1/permission/type_list"),
    ("GET", "api/web/v1/cuti_khusus/rule"),
    ("GET", "api/web/v1/cuti_tambahan/rule"),
    ("GET", "api/web/v1/man_power"),
    ("GET", "api/web/v1/employee/search"),
    ("GET", "api/web/v1/employee/count"),
    ("GET", "api/web/v1/employee/list_birth_day"),
    # A signed file URL: the endpoint that issued it checked the object's policy (core/files.py).
    ("GET", "api/web/v1/file/<str:token>"),
    ("GET", "api/web/v1/dashboard/counts"),
    ("GET", "api/web/v1/dashboard/undisciplined_employee"),
    ("GET", "api/web/v1/dashboard/unattendance_employee"),
    ("GET", "api/web/v1/attendance_log/count_late_in"),
    ("GET", "api/web/v1/attendance_log/count_early_out"),
    ("GET", "api/web/v1/attendance_log/count_absence"),
}


def test_checked_in_access_table_is_current() -> None:
    assert ACCESS_TABLE_FILE.read_text() == access_table(), (
        "server/core/access_table.txt is stale: run `make access-table` and review the diff"
    )


def _calls() -> list[tuple[str, str, dict[str, str]]]:
    calls = []
    for route, view_class in api_views():
        for method in view_methods(view_class):
            policy = policy_for(view_class, method.upper())
            if isinstance(policy, Public) or (method.upper(), route) in OPEN_TO_EVERY_USER:
                continue
            calls.append((method, route, {}))
            if isinstance(policy, ByQuery):
                calls.extend((method, route, {policy.param: value}) for value in policy.cases)
    return calls


def test_open_routes_exist() -> None:
    routes = {(m.upper(), route) for route, view in api_views() for m in view_methods(view)}
    assert routes >= OPEN_TO_EVERY_USER


@pytest.mark.parametrize(
    ("method", "route", "query"), _calls(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_flagless_user_gets_no_data(
    method: str, route: str, query: dict[str, str], flagless_user: User, client_for: Any
) -> None:
    client: APIClient = client_for(flagless_user)
    path = concrete(route)
    if query:
        path += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    response = getattr(client, method)(path, {}, format="json")
    # Views authenticating another kind of token (mobile employees, wall displays) do not know the user.
    own_tokens = (
        dict(api_views())[route].authentication_classes != api_settings.DEFAULT_AUTHENTICATION_CLASSES
    )
    allowed = (401, 403, 404) if own_tokens else (403, 404)
    assert response.status_code in allowed, f"{method.upper()} {path} answered {response.status_code}"
    body = response.json()
    assert body["http_status"] == response.status_code
    assert body.get("data") is None, f"{method.upper()} {path} leaked data"
