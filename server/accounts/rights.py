"""A user's access in words: what the profile page lists under 'Hak akses'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from server.core.flags import (
    APPROVE_ATTENDANCE,
    LABELS,
    LIST_FLAGS,
    MAN_POWER_TYPES,
    REJECT_ATTENDANCE,
    SPECIAL_RIGHTS,
)

# The approval rights a delegation hands over (DESIGN §20): attendance approve/reject with their
# placement types, and izin (allow_permission). Nothing else is ever delegated.
ALLOW_PERMISSION = "allow_permission"
SCOPED_APPROVAL_FLAGS = (APPROVE_ATTENDANCE, REJECT_ATTENDANCE)
DELEGABLE_FLAGS: tuple[str, ...] = (
    *(name for base in SCOPED_APPROVAL_FLAGS for name in (base, *(f"{base}_{t}" for t in MAN_POWER_TYPES))),
    ALLOW_PERMISSION,
)


def holds(access: Mapping[str, int], flag: str, man_power_type: str | None = None) -> bool:
    """Whether `access` grants `flag`; for attendance approve/reject with `man_power_type`, on that
    placement type too."""
    if not access.get(flag):
        return False
    if man_power_type and flag in SCOPED_APPROVAL_FLAGS:
        return bool(access.get(f"{flag}_{man_power_type}"))
    return True


def delegable(access: Mapping[str, int]) -> dict[str, int]:
    """The approval rights of `access` a delegation hands over: only those held (a placement type
    only with its base flag), every other flag left out."""
    given = {flag: 1 for flag in DELEGABLE_FLAGS if access.get(flag)}
    for base in SCOPED_APPROVAL_FLAGS:
        if base not in given:
            for t in MAN_POWER_TYPES:
                given.pop(f"{base}_{t}", None)
        elif not any(f"{base}_{t}" in given for t in MAN_POWER_TYPES):
            given.pop(base)
    return given


ACTION_LABELS = {"create": "Tambah", "update": "Ubah", "delete": "Hapus"}
MAN_POWER_TYPE_LABELS = {"office": "Office", "pool": "Pool", "site": "Site", "tug_boat": "Tug Boat"}


class Right(TypedDict):
    flag: str
    label: str
    # What the right covers beyond seeing the list: actions (Tambah/Ubah/Hapus) or man power types.
    details: list[str]


def access_rights(access: Mapping[str, int]) -> list[Right]:
    """The rights `access` grants, in catalogue order: level flags, then special rights."""
    rights: list[Right] = []
    for flag, children in LIST_FLAGS.items():
        if access.get(flag):
            actions = [ACTION_LABELS[child] for child in children if access.get(f"{flag}_{child}")]
            rights.append({"flag": flag, "label": LABELS[flag], "details": actions})
    for flag in SPECIAL_RIGHTS:
        if flag not in LABELS or not access.get(flag):
            continue
        details: list[str] = []
        if flag in (APPROVE_ATTENDANCE, REJECT_ATTENDANCE):
            details = [MAN_POWER_TYPE_LABELS[t] for t in MAN_POWER_TYPES if access.get(f"{flag}_{t}")]
        rights.append({"flag": flag, "label": LABELS[flag], "details": details})
    return rights
