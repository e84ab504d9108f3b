"""`Authorization: <token>` (also `Bearer <token>` / `Token <token>`).

An unknown, expired or revoked token authenticates nobody; the view's policy then answers 401.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from server.accounts.models import AccessToken, User
from server.accounts.services import token_lookup

TOKEN_PREFIXES = ("bearer", "token")


def raw_token_from_header(header: str) -> str | None:
    parts = header.strip().split()
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2 and parts[0].lower() in TOKEN_PREFIXES:
        return parts[1]
    return None


class AccessTokenAuthentication(BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[User, AccessToken] | None:
        raw = raw_token_from_header(request.META.get("HTTP_AUTHORIZATION", ""))
        if not raw:
            return None
        token = token_lookup(raw)
        if token is None:
            return None
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return "Token"


class AccessTokenScheme(OpenApiAuthenticationExtension):
    target_class = "server.accounts.authentication.AccessTokenAuthentication"
    name = "AccessToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization"}
