"""Writes of the people and access screens. Every write runs in a transaction and tells who must know
live after commit: the lists' topics get hints, a login's open tabs get `access` or `revoked`."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction

from server.accounts.models import User, UserLevel
from server.accounts.rights import access_rights
from server.accounts.services import (
    USER_LOGINS_TOPIC,
    employee_sign_in_account,
    sign_in_failures_clear,
    sign_in_locked_until,
    tokens_revoke,
    user_access_changed,
    user_login_update,
    user_sign_in_account,
)
from server.audit.services import ObjectAudit
from server.core.envelope import ApiError, Conflict, Unprocessable
from server.core.flags import LABELS
from server.mobile.services import EMPLOYEES_TOPIC, employee_tokens_revoke
from server.people import messages as msg
from server.people.selectors import level_flags_clean, special_rights_clean
from server.realtime.publish import publish
from server.workforce.models import Employee

USER_LEVELS_TOPIC = "user_levels"

PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
PASSWORD_LENGTH = 10

# Flags a user may not take away from the level they use themselves (they would lock themselves out).
OWN_LEVEL_KEEP = (
    "allow_user_level",
    "allow_user_level_update",
    "allow_user_login",
    "allow_user_login_update",
)
OWN_LOGIN_KEEP = ("allow_user_login", "allow_user_login_update")


# ---------------------------------------------------------------- employees


_employee_audit = ObjectAudit(
    "employee", label=lambda employee: f"{employee.employee_number_formatted} {employee.name}"
)
_level_audit = ObjectAudit("user_level", label=lambda level: level.name)
_login_audit = ObjectAudit("user_login", label=lambda user: f"{user.fullname} ({user.email})")


def _login_snapshot(user: User) -> dict[str, Any]:
    return {
        "username": user.username,
        "level": user.level.name if user.level_id and user.level else None,
        "is_active": user.is_active,
        "special_rights": _rights_text(special_rights_clean(dict(user.special_rights or {}))),
    }


def _employee_flag_set(employee: Employee, flag: str, on: bool) -> Employee:
    """Set one of the employee's own yes/no fields with its audit entry; the open employee screens
    refetch."""
    with transaction.atomic():
        before = {flag: getattr(employee, flag)}
        setattr(employee, flag, on)
        employee.save(update_fields=[flag])
        _employee_audit(employee, "update", before, {flag: on})
        publish(EMPLOYEES_TOPIC, "updated", {"hash_id": employee.hash_id})
    return employee


def employee_set_attendance_disabled(*, employee: Employee, disabled: bool) -> Employee:
    return _employee_flag_set(employee, "attendance_disabled", disabled)


def employee_set_force_approval(*, employee: Employee, force: bool) -> Employee:
    return _employee_flag_set(employee, "force_approval_permission", force)


def employee_mobile_unlock(*, employee: Employee) -> None:
    """Lift the sign-in lock of the employee's app account and forget its failed sign-ins; the open
    employee screens refetch. An account that is not locked (any more, or unlocked by another admin
    meanwhile) is a conflict."""
    _sign_in_unlock(
        employee_sign_in_account(employee.pk),
        employee,
        msg.EMPLOYEE_NOT_LOCKED,
        _employee_audit,
        EMPLOYEES_TOPIC,
    )


def _sign_in_unlock(account: str, obj: Any, not_locked: str, audit: ObjectAudit, topic: str) -> None:
    """Lift `account`'s sign-in lock for `obj` (an employee or a login): its failed sign-ins are
    forgotten, the trail records the unlock and `topic`'s screens refetch; not locked is a conflict."""
    with transaction.atomic():
        if sign_in_locked_until(accounts=[account]) is None:
            raise Conflict(not_locked)
        sign_in_failures_clear(accounts=[account])
        audit(obj, "unlock", {"locked": True}, {"locked": False})
        publish(topic, "updated", {"hash_id": obj.hash_id})


def new_password() -> str:
    return "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(PASSWORD_LENGTH))


def employee_password_reset(*, employee: Employee) -> tuple[str, bool]:
    """A new mobile password; the employee's mobile sessions end. Answers (password, emailed): with an
    email the password goes there (and is not answered), without one it is shown once."""
    password = new_password()
    email = employee.email.strip()
    with transaction.atomic():
        employee.set_mobile_password(password)
        employee.save(update_fields=["mobile_password"])
        employee_tokens_revoke(employee=employee)
        # Never the password: only that it changed and where it went.
        _employee_audit(
            employee, "password_reset", {}, {"mobile_password": "(diubah)", "emailed": bool(email)}
        )
        if email:
            body = msg.PASSWORD_EMAIL_BODY.format(name=employee.name, password=password)
            transaction.on_commit(
                lambda: send_mail(msg.PASSWORD_EMAIL_SUBJECT, body, settings.DEFAULT_FROM_EMAIL, [email])
            )
    return password, bool(email)


def _username_taken(username: str, *, exclude: User | None = None) -> bool:
    queryset = User.objects.filter(username__iexact=username)
    if exclude is not None:
        queryset = queryset.exclude(pk=exclude.pk)
    return queryset.exists()


def employee_make_personalia(*, employee: Employee, username: str, password: str, level: UserLevel) -> User:
    """A user login for the employee (sign-in with the employee's email) at `level`."""
    if hasattr(employee, "login") or User.objects.filter(employee=employee).exists():
        raise Conflict(msg.ALREADY_PERSONALIA)
    email = employee.email.strip().lower()
    if not email:
        raise Unprocessable(msg.EMPLOYEE_EMAIL_MISSING, errors={"hash_id": [msg.EMPLOYEE_EMAIL_MISSING]})
    if User.objects.filter(email__iexact=email).exists():
        raise Unprocessable(msg.EMAIL_TAKEN, errors={"hash_id": [msg.EMAIL_TAKEN]})
    if _username_taken(username):
        raise Unprocessable(msg.USERNAME_TAKEN, errors={"username": [msg.USERNAME_TAKEN]})
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email=email,
                password=password,
                username=username,
                fullname=employee.name,
                level=level,
                employee=employee,
            )
            _login_audit(user, "create", {}, _login_snapshot(user))
            publish(EMPLOYEES_TOPIC, "updated", {"hash_id": employee.hash_id})
            publish(USER_LOGINS_TOPIC, "created", {"hash_id": user.hash_id})
    except IntegrityError as error:  # a concurrent request took the username or the employee
        raise Unprocessable(msg.USERNAME_TAKEN, errors={"username": [msg.USERNAME_TAKEN]}) from error
    return user


# ---------------------------------------------------------------- user levels


def _rights_text(access: Mapping[str, int]) -> list[str]:
    """The rights `access` grants in words, as the profile lists them ('Karyawan (Tambah, Ubah)'): an
    audit entry shows labels, not flag codes (DESIGN §18)."""
    return [
        f"{right['label']} ({', '.join(right['details'])})" if right["details"] else right["label"]
        for right in access_rights(access)
    ]


def _flags_on(flags: Mapping[str, object]) -> list[str]:
    """The rights a level holds (the audit entry lists them, not every 0)."""
    return _rights_text(level_flags_clean(dict(flags)))


def _level_name_taken(name: str, *, exclude: UserLevel | None = None) -> bool:
    queryset = UserLevel.objects.filter(name__iexact=name)
    if exclude is not None:
        queryset = queryset.exclude(pk=exclude.pk)
    return queryset.exists()


def user_level_create(*, name: str, flags: Mapping[str, object], creator: User) -> UserLevel:
    if _level_name_taken(name):
        raise Unprocessable(msg.LEVEL_NAME_TAKEN, errors={"name": [msg.LEVEL_NAME_TAKEN]})
    try:
        with transaction.atomic():
            level = UserLevel.objects.create(name=name, flags=level_flags_clean(dict(flags)), creator=creator)
            _level_audit(level, "create", {}, {"name": name, "flags": _flags_on(level.flags)})
            publish(USER_LEVELS_TOPIC, "created", {"hash_id": level.hash_id})
    except IntegrityError as error:
        raise Unprocessable(msg.LEVEL_NAME_TAKEN, errors={"name": [msg.LEVEL_NAME_TAKEN]}) from error
    return level


def user_level_change(*, level: UserLevel, name: str, flags: Mapping[str, object], actor: User) -> UserLevel:
    """Rename and re-flag a level; every signed-in login of the level gets its new access live."""
    if _level_name_taken(name, exclude=level):
        raise Unprocessable(msg.LEVEL_NAME_TAKEN, errors={"name": [msg.LEVEL_NAME_TAKEN]})
    clean = level_flags_clean(dict(flags))
    before = level.normalized_flags
    if actor.level_id == level.pk:
        for flag in OWN_LEVEL_KEEP:
            if before.get(flag) and not clean[flag]:
                base = flag.removesuffix("_update")
                message = msg.OWN_LEVEL_LOCKOUT.format(label=LABELS[base])
                raise Unprocessable(message, errors={flag: [message]})
    with transaction.atomic():
        old_name = level.name
        level.name = name
        level.flags = clean
        level.save(update_fields=["name", "flags"])
        _level_audit(
            level,
            "update",
            {"name": old_name, "flags": _flags_on(before)},
            {"name": name, "flags": _flags_on(clean)},
        )
        if clean != before:
            for user in User.objects.filter(level=level, is_active=True).select_related("level"):
                user_access_changed(user=user)
        publish(USER_LEVELS_TOPIC, "updated", {"hash_id": level.hash_id})
    return level


def user_level_delete(*, level: UserLevel) -> None:
    with transaction.atomic():
        in_use = User.objects.filter(level=level).count()
        if in_use:
            raise Conflict(msg.LEVEL_IN_USE.format(count=in_use))
        hash_id = level.hash_id
        _level_audit(level, "delete", {"name": level.name, "flags": _flags_on(level.flags)}, {})
        level.delete()
        publish(USER_LEVELS_TOPIC, "deleted", {"hash_id": hash_id})


# ---------------------------------------------------------------- user logins


def user_login_change(
    *,
    user: User,
    actor: User,
    username: str,
    level: UserLevel,
    is_active: bool,
    special_rights: Mapping[str, object],
) -> User:
    """Edit a login: deactivating signs its tabs out (`revoked`), a new level or rights push `access`.
    Nobody deactivates or strips user-login rights from their own login."""
    if user.pk == actor.pk:
        if not is_active:
            raise Unprocessable(msg.SELF_DEACTIVATE, errors={"is_active": [msg.SELF_DEACTIVATE]})
        flags = level.normalized_flags
        if not all(flags[f] for f in OWN_LOGIN_KEEP):
            raise Unprocessable(msg.SELF_STRIP, errors={"level_id": [msg.SELF_STRIP]})
    if _username_taken(username, exclude=user):
        raise Unprocessable(msg.USERNAME_TAKEN, errors={"username": [msg.USERNAME_TAKEN]})
    try:
        with transaction.atomic():
            before = _login_snapshot(user)
            if user.username != username:
                user.username = username
                user.save(update_fields=["username"])
            user_login_update(
                user=user,
                level=level,
                special_rights=special_rights_clean(dict(special_rights)),
                is_active=is_active,
            )
            _login_audit(user, "update", before, _login_snapshot(user))
            publish(USER_LOGINS_TOPIC, "updated", {"hash_id": user.hash_id})
    except IntegrityError as error:
        raise Unprocessable(msg.USERNAME_TAKEN, errors={"username": [msg.USERNAME_TAKEN]}) from error
    return user


def user_login_delete(*, user: User, actor: User) -> None:
    """Delete a login: its open tabs are signed out live first (`revoked`)."""
    if user.pk == actor.pk:
        raise ApiError(msg.SELF_DELETE, status_code=409)
    with transaction.atomic():
        hash_id = user.hash_id
        employee_hash = user.employee.hash_id if user.employee_id and user.employee else ""
        tokens_revoke(user=user)
        _login_audit(user, "delete", _login_snapshot(user), {})
        user.delete()
        publish(USER_LOGINS_TOPIC, "deleted", {"hash_id": hash_id})
        if employee_hash:
            publish(EMPLOYEES_TOPIC, "updated", {"hash_id": employee_hash})


def user_login_unlock(*, user: User) -> None:
    """Lift a login's sign-in lock and forget its failed sign-ins; the open user-login lists refetch.
    A login that is not locked (any more, or unlocked by another admin meanwhile) is a conflict."""
    _sign_in_unlock(user_sign_in_account(user), user, msg.LOGIN_NOT_LOCKED, _login_audit, USER_LOGINS_TOPIC)
