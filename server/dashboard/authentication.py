"""`Authorization: Display <token>`: a wall display's token.

Only the views that list `DisplayTokenAuthentication` accept it (the wall snapshot and the websocket
ticket); every other view authenticates user tokens only and, since `Display <token>` is not a user
token header, answers 401. A display holds no flags.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rest_framework.request import Request

from server.core.authentication import TokenAuthentication, TokenScheme
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


class DisplayTokenAuthentication(TokenAuthentication):
    prefixes = (DISPLAY_PREFIX,)
    bare = False
    www_authenticate = "Display"

    def lookup(self, raw: str) -> tuple[SignedInDisplay, WallDisplay] | None:
        display = wall_display_lookup(raw)
        return (SignedInDisplay(display=display), display) if display is not None else None


class DisplayTokenScheme(TokenScheme):
    target_class = "server.dashboard.authentication.DisplayTokenAuthentication"
    name = "DisplayToken"
    description = "Display <token>"


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
