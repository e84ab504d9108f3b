"""Throttles of the sign-in and password-reset endpoints (the back-office's and the employee app's)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle


def identifier_digest(identifier: str) -> str:
    """A fixed-size cache key part for what a caller typed (any length, any character)."""
    return hashlib.sha256(identifier.encode("utf-8", "surrogatepass")).hexdigest()


class EmailThrottle(SimpleRateThrottle):
    """Per client address and per email, so one noisy address cannot lock others out."""

    def get_rate(self) -> str:
        return str(settings.AUTH_THROTTLE_RATES[str(self.scope)])

    def get_cache_key(self, request: Request, view: Any) -> str:
        email = str(request.data.get("email", "") if hasattr(request.data, "get") else "").strip().lower()
        return f"throttle_{self.scope}_{self.get_ident(request)}_{identifier_digest(email)}"
