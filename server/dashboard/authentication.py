"""`Authorization: Display <token>`: a wall display's token.

Only the views that list `DisplayTokenAuthentication` accept it (the wall snapshot and the websocket
ticket); every other view authenticates user tokens only and, since `Display <token>` is not a user
token header, answers 401. A display holds no flags.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from server.core.policy import Policy
from server.dashboard.models import WallDisplay
from server.dashboard.services import wall_display_lookup

DISPLAY_PREFIX = "display"


@dataclass(frozen=True)
class SignedInDisplay:
    """`request.user` of a request carrying a display token."""

    display: WallDisplay
    is_authenticated: bool = True
    user_access: Mapping[str, int] = field(default_factory=dict)


def raw_display_token(header: str) -> str | None:
    parts = header.strip().split()
    if len(parts) == 2 and parts[0].lower() == DISPLAY_PREFIX:
        return parts[1]
    return None


class DisplayTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[SignedInDisplay, WallDisplay] | None:
        raw = raw_display_token(request.META.get("HTTP_AUTHORIZATION", ""))
        if not raw:
            return None
        display = wall_display_lookup(raw)
        if display is None:
            return None
        return SignedInDisplay(display=display), display

    def authenticate_header(self, request: Request) -> str:
        return "Display"


class DisplayTokenScheme(OpenApiAuthenticationExtension):
    target_class = "server.dashboard.authentication.DisplayTokenAuthentication"
    name = "DisplayToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "Display <token>",
        }


class DisplaySignedIn(Policy):
    """A wall display (views with this policy authenticate display tokens only)."""

    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return "wall display"


def signed_in_display(request: Request) -> WallDisplay:
    principal = request.user
    assert isinstance(principal, SignedInDisplay), "display views authenticate display tokens only"
    return principal.display
