"""The back-office sign-ins of the demo (README): four users with their levels and special rights."""

from __future__ import annotations

from typing import Any

from server.accounts.models import User, UserLevel
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS

DEMO_PASSWORD = "admin12345"

HR_FLAGS = [
    flag
    for flag in LEVEL_FLAGS
    if flag.startswith(("allow_employee", "allow_adjustment", "allow_attendance_adjustment", "allow_report"))
    or flag in ("allow_upload_manual", "allow_sync_penggajian")
]

LEVELS: dict[str, list[str]] = {
    "Administrator": list(LEVEL_FLAGS),
    "HR Personalia": HR_FLAGS,
    "Approver Izin": ["allow_permission"],
    "Tanpa Akses": [],
}

USERS: list[dict[str, Any]] = [
    {
        "email": "admin@example.com",
        "username": "admin",
        "fullname": "Administrator Sistem",
        "level": "Administrator",
        "rights": list(SPECIAL_RIGHTS),
    },
    {
        "email": "hr@example.com",
        "username": "hr",
        "fullname": "Sari Personalia",
        "level": "HR Personalia",
        "rights": ["allow_reset_attendance", "allow_disabled_attendance", "allow_force_approval_permission"],
    },
    {
        "email": "approver.office@example.com",
        "username": "approver.office",
        "fullname": "Budi Approver Kantor",
        "level": "Approver Izin",
        "rights": [
            "allow_approved_attendance",
            "allow_approved_attendance_office",
            "allow_rejected_attendance",
            "allow_rejected_attendance_office",
        ],
    },
    {
        "email": "viewer@example.com",
        "username": "viewer",
        "fullname": "Vina Pengamat",
        "level": "Tanpa Akses",
        "rights": [],
    },
]


def demo_users_seed() -> tuple[dict[str, User], int]:
    """Create or reset the demo levels and users (idempotent); the users by email and how many are new."""
    levels = {}
    for name, flags in LEVELS.items():
        level, _ = UserLevel.objects.update_or_create(name=name, defaults={"flags": {f: 1 for f in flags}})
        levels[name] = level
    created = 0
    users: dict[str, User] = {}
    for spec in USERS:
        user = User.objects.filter(email__iexact=spec["email"]).first()
        if user is None:
            user = User(email=spec["email"])
            user.set_password(DEMO_PASSWORD)
            created += 1
        user.username = spec["username"]
        user.fullname = spec["fullname"]
        user.level = levels[spec["level"]]
        user.special_rights = {r: 1 for r in spec["rights"]}
        user.is_active = True
        user.save()
        users[spec["email"]] = user
    return users, created
