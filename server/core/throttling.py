"""Throttles of the public sign-in and password-reset endpoints (DESIGN §16).

They count per client address and per identifier (an email, an employee number), so one noisy address
cannot lock others out. The client address is DRF's `get_ident`: with `NUM_PROXIES` = 0 (the default)
it is the peer address (REMOTE_ADDR) and X-Forwarded-For, a header any client can write, is ignored;
behind n proxies (`NUM_PROXIES=n`) it is the address the outermost of them saw, read from the end of
X-Forwarded-For, where the client cannot reach. The per-account lockout (accounts.services) sits
behind these throttles and holds whatever the address.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle


def identifier_digest(identifier: str) -> str:
    """A fixed-size cache key part for what a caller typed (any length, any character)."""
    return hashlib.sha256(identifier.encode("utf-8", "surrogatepass")).hexdigest()


class IdentifierThrottle(SimpleRateThrottle):
    """Per trusted client address and per identifier: the first non-empty body field of `fields`.
    The rate is `settings.AUTH_THROTTLE_RATES[scope]`; `key_prefix` keeps two endpoints' counters
    apart when they share a rate."""

    fields: tuple[str, ...] = ("email",)
    key_prefix = ""

    def get_rate(self) -> str:
        return str(settings.AUTH_THROTTLE_RATES[str(self.scope)])

    def identifier(self, request: Request) -> str:
        data = request.data if hasattr(request.data, "get") else {}
        return str(next((data.get(name) for name in self.fields if data.get(name)), "")).strip().lower()

    def get_cache_key(self, request: Request, view: Any) -> str:
        digest = identifier_digest(self.identifier(request))
        return f"throttle_{self.key_prefix}{self.scope}_{self.get_ident(request)}_{digest}"
