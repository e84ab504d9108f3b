"""Reads of the people and access screens: the employee directory, user levels and user logins."""

from __future__ import annotations

from typing import TypedDict

from django.db.models import Count, Exists, OuterRef, QuerySet

from server.accounts.models import User, UserLevel
from server.accounts.rights import ACTION_LABELS
from server.accounts.selectors import employees_with_sign_in_lock, users_with_sign_in_lock
from server.core.envelope import ApiError
from server.core.flags import LABELS, LEVEL_FLAGS, LIST_FLAGS, SPECIAL_RIGHTS, normalize
from server.core.hashids import get_by_hash_id
from server.leave.models import LeaveLedgerEntry
from server.people import messages as msg
from server.workforce.models import Employee

# ---------------------------------------------------------------- employees


def employee_directory() -> QuerySet[Employee]:
    """Active employees with `is_personalia` (a user login is linked to the employee) and the running
    sign-in lock of their app account (`sign_in_locked_until`)."""
    return employees_with_sign_in_lock(
        Employee.objects.filter(is_active=True)
        .select_related("man_power")
        .annotate(is_personalia=Exists(User.objects.filter(employee=OuterRef("pk"))))
    )


def filter_personalia(queryset: QuerySet[Employee], value: str) -> QuerySet[Employee]:
    """The personalia column filter: '1' personalia only, '0' the others, anything else: no filter."""
    if value == "1":
        return queryset.filter(login__isnull=False)
    if value == "0":
        return queryset.filter(login__isnull=True)
    return queryset


def employee_for_detail(*, hash_id: str) -> Employee:
    queryset = employee_directory().select_related(
        "man_power_team", "man_power_group", "supervisor", "group_head", "shift_pattern"
    )
    return get_by_hash_id(queryset, hash_id, message=msg.EMPLOYEE_NOT_FOUND)


def employee_by_number(*, number: str) -> Employee:
    employee = employee_directory().filter(employee_number_formatted=number.strip()).first()
    if employee is None:
        raise ApiError(msg.EMPLOYEE_NOT_FOUND, status_code=404)
    return employee


def leave_ledger_entries(*, employee: Employee, year: int) -> QuerySet[LeaveLedgerEntry]:
    return LeaveLedgerEntry.objects.filter(employee=employee, date__year=year).order_by("date", "pk")


# ---------------------------------------------------------------- user levels

# The groups of the 'Hak Akses' matrix (doc3 §2.6): Pengumuman, Karyawan, then Pengaturan with the
# settings flags first (holiday, annual leave, special leave, shift, pattern, system error, blacklist
# app) and the others after them.
LEVEL_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Pengumuman", ("allow_announcement",)),
    ("Karyawan", ("allow_employee",)),
    (
        "Pengaturan",
        (
            "allow_setting_holiday",
            "allow_cuti_tambahan",
            "allow_cuti_khusus",
            "allow_setting_shift",
            "allow_setting_shift_pattern",
            "allow_system_trouble",
            "allow_blacklist_app",
            "allow_report",
            "allow_permission",
            "allow_adjustment",
            "allow_attendance_adjustment",
            "allow_upload_manual",
            "allow_sync_penggajian",
            "allow_user_level",
            "allow_user_login",
            "allow_audit",
        ),
    ),
)
assert sorted(f for _, flags in LEVEL_GROUPS for f in flags) == sorted(LIST_FLAGS)


class CatalogueChild(TypedDict):
    flag: str
    action: str
    label: str


class CatalogueFlag(TypedDict):
    flag: str
    label: str
    children: list[CatalogueChild]


class CatalogueGroup(TypedDict):
    label: str
    flags: list[CatalogueFlag]


def level_catalogue() -> list[CatalogueGroup]:
    return [
        {
            "label": label,
            "flags": [
                {
                    "flag": flag,
                    "label": LABELS[flag],
                    "children": [
                        {"flag": f"{flag}_{action}", "action": action, "label": ACTION_LABELS[action]}
                        for action in LIST_FLAGS[flag]
                    ],
                }
                for flag in flags
            ],
        }
        for label, flags in LEVEL_GROUPS
    ]


def level_flags_clean(values: dict[str, object]) -> dict[str, int]:
    """Every level flag 1 or 0; a child is 0 whenever its list flag is 0 (doc3 §4)."""
    flags = normalize(values, LEVEL_FLAGS)
    for base, children in LIST_FLAGS.items():
        if not flags[base]:
            for child in children:
                flags[f"{base}_{child}"] = 0
    return flags


def user_levels() -> QuerySet[UserLevel]:
    return UserLevel.objects.select_related("creator").annotate(users_count=Count("users"))


def level_for_admin(*, hash_id: str) -> UserLevel:
    return get_by_hash_id(user_levels(), hash_id, message=msg.LEVEL_NOT_FOUND)


# ---------------------------------------------------------------- user logins


def special_rights_clean(values: dict[str, object]) -> dict[str, int]:
    """Every special right 1 or 0; an approve/reject sub-flag is 0 when its parent is 0 (doc3 §4)."""
    rights = normalize(values, SPECIAL_RIGHTS)
    for base in ("allow_approved_attendance", "allow_rejected_attendance"):
        if not rights[base]:
            for name in rights:
                if name.startswith(f"{base}_"):
                    rights[name] = 0
    return rights


def user_logins() -> QuerySet[User]:
    return users_with_sign_in_lock(User.objects.select_related("level", "employee"))


def login_for_admin(*, hash_id: str) -> User:
    return get_by_hash_id(user_logins(), hash_id, message=msg.LOGIN_NOT_FOUND)
