"""Throttles of the public sign-in and password-reset endpoints (DESIGN §16).

They count per client address and per identifier (an email, an employee number), so one noisy address
cannot lock others out. The client address is DRF's `get_ident`: with `NUM_PROXIES` = 0 (the default)
it is the peer address (REMOTE_ADDR) and X-Forwarded-For, a header any client can write, is ignored;
behind n proxies (`NUM_PROXIES=n`) it is the address the outermost of them saw, read from the end of
X-Forwarded-For, where the client cannot reach. The per-account lockout (accounts.services) sits
behind these throttles and holds whatever the address; `FailureCeiling` caps one address's failed
sign-ins across every identifier (password spraying).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from server.core import clock


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


def client_address(request: Request) -> str:
    """The client address the deployment trusts (`NUM_PROXIES`), read as the throttles read it."""
    return str(BaseThrottle().get_ident(request))


RATE_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class FailureCeiling:
    """At most `limit` failures of one key (a client address) per clock window of `period` seconds,
    counted in the cache: an atomic add-and-increment, so concurrent attempts cannot all slip under
    it. An attempt claims its place before the slow work (a password hash) and gives it back when it
    turns out not to be a failure. With Redis down the fail-open cache counts per process (DESIGN §16).
    The rate is read from `settings.<setting>` ('30/min') at each claim, so tests may override it."""

    def __init__(self, scope: str, setting: str) -> None:
        self.scope = scope
        self.setting = setting

    def rate(self) -> tuple[int, int]:
        number, _, unit = str(getattr(settings, self.setting)).partition("/")
        return int(number), RATE_PERIODS[unit[:1]]

    def claim(self, key: str) -> Callable[[], None]:
        """Count one attempt of `key`; raise Throttled (429 with the seconds to wait) when its window is
        full. Answers the release: call it when the attempt was not a failure after all."""
        limit, period = self.rate()
        moment = clock.now().timestamp()
        window = int(moment // period)
        cache_key = f"ceiling_{self.scope}_{window}_{identifier_digest(key)}"
        cache.add(cache_key, 0, timeout=period + 5)
        try:
            count = int(cache.incr(cache_key))
        except ValueError:  # expired between the two calls
            cache.add(cache_key, 1, timeout=period + 5)
            count = 1
        if count > limit:
            raise Throttled(wait=max(1, math.ceil((window + 1) * period - moment)))

        def release() -> None:
            with contextlib.suppress(ValueError):
                cache.decr(cache_key)

        return release
