"""The flag catalogue: the single source of every access flag (spec doc3 §3, DESIGN §5).

Level flags belong to a user level; special rights belong to one user login. A user's
`user_access` is both merged, every flag present with 1 or 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

MAN_POWER_TYPES: Final = ("office", "pool", "site", "tug_boat")

# List-level flags and which of the _create/_update/_delete children each one has.
_CRUD = ("create", "update", "delete")
LIST_FLAGS: Final[dict[str, tuple[str, ...]]] = {
    "allow_announcement": _CRUD,
    "allow_employee": _CRUD,
    "allow_report": (),
    "allow_setting_holiday": _CRUD,
    "allow_cuti_tambahan": _CRUD,
    "allow_cuti_khusus": _CRUD,
    "allow_setting_shift": _CRUD,
    "allow_setting_shift_pattern": _CRUD,
    "allow_user_level": _CRUD,
    "allow_user_login": _CRUD,
    "allow_audit": (),
    "allow_adjustment": ("create",),
    "allow_attendance_adjustment": ("create",),
    "allow_permission": (),
    "allow_system_trouble": _CRUD,
    "allow_sync_penggajian": (),
    "allow_upload_manual": (),
    "allow_blacklist_app": _CRUD,
}

LEVEL_FLAGS: Final[tuple[str, ...]] = tuple(
    name for base, children in LIST_FLAGS.items() for name in (base, *(f"{base}_{c}" for c in children))
)

APPROVE_ATTENDANCE: Final = "allow_approved_attendance"
REJECT_ATTENDANCE: Final = "allow_rejected_attendance"

SPECIAL_RIGHTS: Final[tuple[str, ...]] = (
    APPROVE_ATTENDANCE,
    *(f"{APPROVE_ATTENDANCE}_{t}" for t in MAN_POWER_TYPES),
    REJECT_ATTENDANCE,
    *(f"{REJECT_ATTENDANCE}_{t}" for t in MAN_POWER_TYPES),
    "allow_reset_attendance",
    "allow_delete_attendance",
    "allow_disabled_attendance",
    "allow_reject_valid_attendance",
    "allow_force_approval_permission",
)

ALL_FLAGS: Final[tuple[str, ...]] = LEVEL_FLAGS + SPECIAL_RIGHTS

# Indonesian labels for the user-level matrix and the special-rights section.
LABELS: Final[dict[str, str]] = {
    "allow_announcement": "Pengumuman",
    "allow_employee": "Karyawan",
    "allow_report": "Laporan",
    "allow_setting_holiday": "Hari Libur",
    "allow_cuti_tambahan": "Cuti Tahunan Tambahan",
    "allow_cuti_khusus": "Cuti Khusus",
    "allow_setting_shift": "Jam Kerja",
    "allow_setting_shift_pattern": "Pola Kerja",
    "allow_user_level": "User Level",
    "allow_user_login": "User Login",
    "allow_audit": "Audit",
    "allow_adjustment": "Cuti Manual",
    "allow_attendance_adjustment": "Penyesuaian Kehadiran",
    "allow_permission": "Persetujuan Izin",
    "allow_system_trouble": "Gangguan Sistem",
    "allow_sync_penggajian": "Sinkronisasi ke Penggajian",
    "allow_upload_manual": "Unggah Manual",
    "allow_blacklist_app": "Blacklist App",
    APPROVE_ATTENDANCE: "Setujui Kehadiran",
    REJECT_ATTENDANCE: "Tolak Kehadiran",
    "allow_reset_attendance": "Riwayat Kehadiran (Undo)",
    "allow_delete_attendance": "Hapus Kehadiran",
    "allow_disabled_attendance": "Nonaktifkan Kehadiran",
    "allow_reject_valid_attendance": "Tolak Kehadiran Valid",
    "allow_force_approval_permission": "Izin selalu ke Is Owner",
}


def normalize(values: Mapping[str, object] | None, catalogue: Iterable[str]) -> dict[str, int]:
    """Every flag of `catalogue` with 1 or 0; unknown keys are dropped."""
    values = values or {}
    return {name: 1 if _truthy(values.get(name)) else 0 for name in catalogue}


def unknown_flags(values: Mapping[str, object], catalogue: Iterable[str]) -> list[str]:
    known = set(catalogue)
    return sorted(k for k in values if k not in known)


def _truthy(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "on"}
    return bool(value)


def merge_access(
    level_flags: Mapping[str, object] | None, special_rights: Mapping[str, object] | None
) -> dict[str, int]:
    access = normalize(level_flags, LEVEL_FLAGS)
    access.update(normalize(special_rights, SPECIAL_RIGHTS))
    return access


def approval_types(access: Mapping[str, int], base: str) -> list[str]:
    """Man power types on which `base` (approve or reject) is held, base flag included."""
    if not access.get(base):
        return []
    return [t for t in MAN_POWER_TYPES if access.get(f"{base}_{t}")]
