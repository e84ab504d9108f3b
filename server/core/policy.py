"""Access policies: every API view declares `access`; a view without one is denied (deny by default).

`access` is a Policy, or a dict of HTTP method -> Policy for a view serving more than one method.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from server.access.flags import ALL_FLAGS


def user_access_of(request: Request) -> Mapping[str, int]:
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        return {}
    access: Mapping[str, int] = user.user_access
    return access


class Policy:
    requires_sign_in = True

    def allows(self, access: Mapping[str, int]) -> bool:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


class Public(Policy):
    """Open to anyone (sign-in, password reset, health)."""

    requires_sign_in = False

    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return "public"


class SignedIn(Policy):
    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return "signed in"


def _check_known(flags: tuple[str, ...]) -> None:
    unknown = [f for f in flags if f not in ALL_FLAGS]
    if unknown:
        raise ValueError(f"Unknown flags in policy: {unknown}")


@dataclass(frozen=True, init=False)
class AllFlags(Policy):
    flags: tuple[str, ...]

    def __init__(self, *flags: str) -> None:
        _check_known(flags)
        object.__setattr__(self, "flags", flags)

    def allows(self, access: Mapping[str, int]) -> bool:
        return all(access.get(f) for f in self.flags)

    def describe(self) -> str:
        return "all of " + ", ".join(self.flags)


@dataclass(frozen=True, init=False)
class AnyFlag(Policy):
    flags: tuple[str, ...]

    def __init__(self, *flags: str) -> None:
        _check_known(flags)
        object.__setattr__(self, "flags", flags)

    def allows(self, access: Mapping[str, int]) -> bool:
        return any(access.get(f) for f in self.flags)

    def describe(self) -> str:
        return "any of " + ", ".join(self.flags)


def policy_for(view: Any, method: str) -> Policy | None:
    access = getattr(view, "access", None)
    if isinstance(access, Mapping):
        return access.get(method) or (access.get("GET") if method in ("HEAD", "OPTIONS") else None)
    return access if isinstance(access, Policy) else None


class PolicyPermission(BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        policy = policy_for(view, request.method or "GET")
        if policy is None:
            return False
        if not policy.requires_sign_in:
            return True
        if request.user is None or not request.user.is_authenticated:
            raise NotAuthenticated()
        return policy.allows(user_access_of(request))
