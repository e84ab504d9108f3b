"""Deny by default: every API view declares a policy, and every non-public one refuses strangers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory, force_authenticate
from rest_framework.views import APIView

from server.core.policy import AllFlags, AnyFlag, Public, policy_for
from server.core.routes import HTTP_METHODS, api_views

__all__ = ["HTTP_METHODS", "api_views", "concrete"]

pytestmark = pytest.mark.django_db


def concrete(route: str) -> str:
    path = re.sub(r"<(?:\w+:)?\w+>", "x1", route)
    return "/" + path.replace("^", "").replace("$", "")


def test_walk_finds_the_api() -> None:
    routes = [route for route, _ in api_views()]
    assert "api/web/v1/auth/" in routes and "api/web/v1/profile" in routes
    assert len(routes) >= 9


@pytest.mark.parametrize(("route", "view_class"), api_views(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_api_view_declares_a_policy_per_method(route: str, view_class: type[APIView]) -> None:
    methods = [m for m in HTTP_METHODS if hasattr(view_class, m)]
    assert methods, route
    for method in methods:
        assert policy_for(view_class, method.upper()) is not None, (
            f"{route} {method.upper()} declares no access policy"
        )


@pytest.mark.parametrize(("route", "view_class"), api_views(), ids=lambda v: v if isinstance(v, str) else "")
def test_non_public_views_refuse_anonymous_callers(
    route: str, view_class: type[APIView], api: APIClient
) -> None:
    for method in (m for m in HTTP_METHODS if hasattr(view_class, m)):
        policy = policy_for(view_class, method.upper())
        if isinstance(policy, Public):
            continue
        response = getattr(api, method)(concrete(route), {}, format="json")
        assert response.status_code == 401, f"{method.upper()} {route} answered {response.status_code}"
        assert response.json()["http_status"] == 401


def test_view_without_policy_is_denied(make_user: Any) -> None:
    class Undeclared(APIView):
        def get(self, request: Request) -> Response:
            return Response({"secret": True})

    request = APIRequestFactory().get("/x")
    force_authenticate(request, user=make_user())
    response = Undeclared.as_view()(request)
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("policy", "flags", "rights", "allowed"),
    [
        (
            AllFlags("allow_approved_attendance", "allow_rejected_attendance"),
            [],
            ["allow_approved_attendance"],
            False,
        ),
        (
            AllFlags("allow_approved_attendance", "allow_rejected_attendance"),
            [],
            ["allow_approved_attendance", "allow_rejected_attendance"],
            True,
        ),
        (
            AnyFlag("allow_setting_shift", "allow_setting_shift_pattern"),
            ["allow_setting_shift_pattern"],
            [],
            True,
        ),
        (AnyFlag("allow_setting_shift", "allow_setting_shift_pattern"), ["allow_report"], [], False),
    ],
)
def test_flag_policies_read_level_flags_and_special_rights(
    make_user: Any, policy: Any, flags: list[str], rights: list[str], allowed: bool
) -> None:
    class Guarded(APIView):
        access = policy

        def get(self, request: Request) -> Response:
            return Response({"ok": True})

    request = APIRequestFactory().get("/x")
    force_authenticate(request, user=make_user(flags=flags, rights=rights))
    assert Guarded.as_view()(request).status_code == (200 if allowed else 403)


def test_unknown_flag_in_a_policy_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        AllFlags("allow_everything")
