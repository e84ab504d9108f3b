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
