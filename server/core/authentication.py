"""The one token authentication of the API (DESIGN §4): `Authorization: <token>` with an optional prefix.

Each kind of session (back-office user, mobile employee, wall display) subclasses `TokenAuthentication`
with the prefixes it accepts and `lookup(raw)`; an unknown, expired or revoked token authenticates
nobody, and the view's policy then answers 401. `TokenScheme` describes one in the OpenAPI schema.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from django.db import models
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request


@dataclass(frozen=True, kw_only=True)
class TokenPrincipal:
    """`request.user` of a session that is not a back-office user (a mobile employee, a wall display):
    signed in, holding no back-office flags. Subclass with the record the token stands for."""

    is_authenticated: bool = True
    user_access: Mapping[str, int] = field(default_factory=dict)


P = TypeVar("P", bound=TokenPrincipal)
T = TypeVar("T", bound=models.Model)


def token_principal(request: Request, kind: type[P]) -> P:
    """The principal of a view that authenticates `kind`'s tokens only (its authentication class
    answers nothing else, and its policy refuses an anonymous request before the view runs)."""
    principal = request.user
    assert isinstance(principal, kind), f"these views authenticate {kind.__name__} tokens only"
    return principal


def hash_secret(raw: str) -> str:
    """What is stored of a token, a ticket or a code: its SHA-256, never the secret itself."""
    return hashlib.sha256(raw.encode()).hexdigest()


def session_token_create(model: type[T], *, remember: bool, user_agent: str, **owner: Any) -> tuple[T, str]:
    """A new session token of `model` for `owner` (its owner field: user=, employee=; with any other
    field of the model it sets, as a user token's client=) and the raw secret the client gets: only
    its hash is stored."""
    raw = secrets.token_urlsafe(32)
    token = model._default_manager.create(
        key_hash=hash_secret(raw),
        remember=remember,
        user_agent=user_agent[:255],
        last_used_at=timezone.now(),
        **owner,
    )
    return token, raw


def raw_token(header: str, *, prefixes: tuple[str, ...], bare: bool) -> str | None:
    """The token of an Authorization header: `<prefix> <token>` (prefix case-insensitive) or, when
    `bare`, the token alone."""
    parts = header.strip().split()
    if bare and len(parts) == 1:
        return parts[0]
    if len(parts) == 2 and parts[0].lower() in prefixes:
        return parts[1]
    return None


class TokenAuthentication(BaseAuthentication):
    prefixes: ClassVar[tuple[str, ...]] = ("bearer", "token")
    # Whether a token without prefix is accepted.
    bare: ClassVar[bool] = True
    # The scheme named in WWW-Authenticate of a 401.
    www_authenticate: ClassVar[str] = "Token"

    def lookup(self, raw: str) -> tuple[Any, Any] | None:
        """(request.user, request.auth) of a valid token, None otherwise."""
        raise NotImplementedError

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        raw = raw_token(request.META.get("HTTP_AUTHORIZATION", ""), prefixes=self.prefixes, bare=self.bare)
        return self.lookup(raw) if raw else None

    def authenticate_header(self, request: Request) -> str:
        return self.www_authenticate


class TokenScheme(OpenApiAuthenticationExtension):
    """Subclass with `target_class` (dotted path of the authentication) and `name`."""

    description = ""

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        definition = {"type": "apiKey", "in": "header", "name": "Authorization"}
        if self.description:
            definition["description"] = self.description
        return definition
