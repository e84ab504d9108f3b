"""Back-office sessions: `Authorization: <token>` (also `Bearer <token>` / `Token <token>`)."""

from __future__ import annotations

from server.accounts.models import AccessToken, User
from server.accounts.services import token_lookup
from server.core.authentication import TokenAuthentication, TokenScheme


class AccessTokenAuthentication(TokenAuthentication):
    def lookup(self, raw: str) -> tuple[User, AccessToken] | None:
        token = token_lookup(raw)
        return (token.user, token) if token is not None else None


class AccessTokenScheme(TokenScheme):
    target_class = "server.accounts.authentication.AccessTokenAuthentication"
    name = "AccessToken"
