"""Access policies: every API view declares `access`; a view without one is denied (deny by default).

`access` is a Policy, or a dict of HTTP method -> Policy for a view serving more than one method.
The declared policy is the whole check: a view body never refuses a caller its policy let in (object
access then goes through `*_for_user` selectors, which answer 404 for what the user may not see).
Most policies read the caller's flags (`allows(access)`); `AccessCheck` runs a named rule on the flags,
`UserCheck` on the signed-in user (e.g. a login linked to an employee), `ByQuery` picks a policy by a
query parameter (one URL serving two screens with different rights).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from server.core.flags import ALL_FLAGS, LIST_FLAGS
from server.core.request_context import acting_user_set


def user_access_of(request: Request) -> Mapping[str, int]:
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        return {}
    access: Mapping[str, int] = user.user_access
    return access


class Policy:
    requires_sign_in = True
    # The 403 message when refused (None: the generic messages.FORBIDDEN).
    denied_message: str | None = None

    def allows(self, access: Mapping[str, int]) -> bool:
        raise NotImplementedError

    def allows_request(self, request: Request) -> bool:
        return self.allows(user_access_of(request))

    def message_for(self, request: Request) -> str | None:
        return self.denied_message

    def describe(self) -> str:
        raise NotImplementedError


class Public(Policy):
    """Open to anyone (sign-in, password reset, health)."""

    requires_sign_in = False

    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return "public"


class TokenHolder(Policy):
    """Anyone the view's own token authentication signed in (a mobile employee, a wall display): such
    views authenticate one kind of token only, so being signed in is the whole check. Subclass with
    `description`, the access table's words for it."""

    description: ClassVar[str]

    def allows(self, access: Mapping[str, int]) -> bool:
        return True

    def describe(self) -> str:
        return self.description


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
class _FlagSet(Policy):
    """Named flags, allowed when all of them (AllFlags) or any of them (AnyFlag) are set."""

    flags: tuple[str, ...]
    every: ClassVar[bool]  # all of the flags, or any one

    def __init__(self, *flags: str, denied_message: str | None = None) -> None:
        _check_known(flags)
        object.__setattr__(self, "flags", flags)
        object.__setattr__(self, "denied_message", denied_message)

    def allows(self, access: Mapping[str, int]) -> bool:
        combine = all if self.every else any
        return combine(access.get(f) for f in self.flags)

    def describe(self) -> str:
        return ("all of " if self.every else "any of ") + ", ".join(self.flags)


class AllFlags(_FlagSet):
    every = True


class AnyFlag(_FlagSet):
    every = False


@dataclass(frozen=True)
class AccessCheck(Policy):
    """A named rule on the caller's flags, e.g. "approve or reject rights on some man power type"."""

    description: str
    check: Callable[[Mapping[str, int]], bool] = field(compare=False)
    denied_message: str | None = None

    def allows(self, access: Mapping[str, int]) -> bool:
        return self.check(access)

    def describe(self) -> str:
        return self.description


@dataclass(frozen=True)
class UserCheck(Policy):
    """A named rule on the signed-in user itself (not only its flags)."""

    description: str
    check: Callable[[Any], bool] = field(compare=False)
    denied_message: str | None = None

    def allows(self, access: Mapping[str, int]) -> bool:
        raise TypeError("UserCheck needs the user: use allows_request")

    def allows_request(self, request: Request) -> bool:
        return self.check(request.user)

    def describe(self) -> str:
        return self.description


@dataclass(frozen=True)
class ByQuery(Policy):
    """The policy of `cases[value of query parameter param]`, else `otherwise`."""

    param: str
    cases: Mapping[str, Policy]
    otherwise: Policy

    def _pick(self, request: Request) -> Policy:
        return self.cases.get(request.query_params.get(self.param, "").strip(), self.otherwise)

    def allows(self, access: Mapping[str, int]) -> bool:
        raise TypeError("ByQuery needs the request: use allows_request")

    def allows_request(self, request: Request) -> bool:
        return self._pick(request).allows_request(request)

    def message_for(self, request: Request) -> str | None:
        return self._pick(request).message_for(request)

    def describe(self) -> str:
        cases = "; ".join(f"{self.param}={value}: {p.describe()}" for value, p in self.cases.items())
        return f"{cases}; otherwise: {self.otherwise.describe()}"


@dataclass(frozen=True)
class FlagPolicies:
    """The policies of one list flag and its children (DESIGN §5): `read` needs the flag, `create`,
    `update` and `delete` need the flag and its `_create`/`_update`/`_delete` child. A child the
    catalogue does not define is a programming error (raised when the policy is asked for)."""

    base: str

    def __post_init__(self) -> None:
        if self.base not in LIST_FLAGS:
            raise ValueError(f"{self.base!r} is not a list flag of core/flags.py")

    def _child(self, action: str) -> AllFlags:
        if action not in LIST_FLAGS[self.base]:
            raise ValueError(f"{self.base!r} has no _{action} child in core/flags.py")
        return AllFlags(self.base, f"{self.base}_{action}")

    @property
    def read(self) -> AllFlags:
        return AllFlags(self.base)

    @property
    def create(self) -> AllFlags:
        return self._child("create")

    @property
    def update(self) -> AllFlags:
        return self._child("update")

    @property
    def delete(self) -> AllFlags:
        return self._child("delete")


def flag_policies(base: str) -> FlagPolicies:
    """`flag_policies("allow_shift").create` == AllFlags("allow_shift", "allow_shift_create")."""
    return FlagPolicies(base)


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
        if policy.allows_request(request):
            acting_user_set(request.user)
            return True
        message = policy.message_for(request)
        if message:
            self.message = message
        return False
