"""Who holds an approval right today (own or delegated): asked of the one place that knows,
accounts' delegation kit (`approvers_for`); never computed here."""

from __future__ import annotations

from server.accounts.delegation import approvers_for
from server.accounts.models import User
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.izin.selectors import ALLOW_PERMISSION


def permission_approvers() -> list[User]:
    """Who decides the izin queue today: allow_permission, by their own rights or a delegation."""
    return approvers_for(flag=ALLOW_PERMISSION)


def digest_approvers() -> list[User]:
    """Everyone who decides a queue today by a right: izin, check-in approve or reject (any type)."""
    found: dict[int, User] = {}
    for flag in (ALLOW_PERMISSION, APPROVE_ATTENDANCE, REJECT_ATTENDANCE):
        for user in approvers_for(flag=flag):
            found.setdefault(user.pk, user)
    return list(found.values())
