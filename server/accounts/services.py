"""Sign-in sessions, password changes and password reset codes."""

from __future__ import annotations

import json
import math
import re
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Generic, NoReturn, TypeVar
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from server.accounts import messages as msg
from server.accounts.models import (
    AccessToken,
    Delegation,
    PasswordResetCode,
    SignInLock,
    User,
    UserLevel,
    UserPreference,
)
from server.audit.services import audit_record
from server.core import clock, messages
from server.core.authentication import hash_secret, session_token_create
from server.core.envelope import ApiError, Unprocessable
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS, normalize
from server.core.services import rows_touch
from server.core.throttling import FailureCeiling, identifier_digest
from server.realtime.principals import SESSION_TOPIC
from server.realtime.publish import publish

# The user-login screen's list topic (people/topics.py registers it): a lock or an unlock refetches it.
USER_LOGINS_TOPIC = "user_logins"
# What a password change's audit entry keeps (never the password) and how a reset was confirmed.
PASSWORD_CHANGED = "(diubah)"
PASSWORD_VIA_CODE = "kode email"
SIGN_IN_LOCK_FAILURES = 10
SIGN_IN_LOCK_WINDOW = timedelta(minutes=15)
SIGN_IN_LOCK_DURATION = timedelta(minutes=15)
# The `SignInLock.account` of a user login and of an employee's app account: the prefix and the pk.
USER_ACCOUNT_PREFIX = "user:"
EMPLOYEE_ACCOUNT_PREFIX = "employee:"
RESET_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
# The subject of a sign-in: a user login (web) or an employee (mobile app).
S = TypeVar("S")


def user_by_email(email: str) -> User | None:
    return User.objects.select_related("level").filter(email__iexact=email.strip()).first()


def token_issue(
    *, user: User, remember: bool, client: str = "web", user_agent: str = ""
) -> tuple[AccessToken, str]:
    return session_token_create(
        AccessToken, remember=remember, user_agent=user_agent, user=user, client=client
    )


def token_lookup(raw: str) -> AccessToken | None:
    """The usable token for `raw`, touched at most once a minute; None if unknown, revoked or expired."""
    return tokens_lookup([raw]).get(raw)


def tokens_lookup(raws: Iterable[str]) -> dict[str, AccessToken]:
    """`token_lookup` for many raw tokens at once (the ticket requests of a subscribe storm): one query,
    and one update for the tokens due a touch. Unusable tokens are left out."""
    hashes = {raw: hash_secret(raw) for raw in raws if raw}
    if not hashes:
        return {}
    tokens = {
        token.key_hash: token
        for token in AccessToken.objects.select_related("user", "user__level").filter(
            key_hash__in=set(hashes.values())
        )
    }
    now = timezone.now()
    usable = {
        raw: token
        for raw, key_hash in hashes.items()
        if (token := tokens.get(key_hash)) is not None and token.is_usable(now) and token.user.is_active
    }
    rows_touch(usable.values(), field="last_used_at", now=now, interval=settings.TOKEN_TOUCH_INTERVAL)
    return usable


def tokens_revoke(
    *, user: User, tokens: Iterable[AccessToken] | None = None, keep: AccessToken | None = None
) -> list[int]:
    """Revoke `tokens` (default: all the user's live tokens but `keep`) and force those sessions out live."""
    queryset = AccessToken.objects.filter(user=user, revoked_at__isnull=True)
    if tokens is not None:
        queryset = queryset.filter(pk__in=[t.pk for t in tokens])
    if keep is not None:
        queryset = queryset.exclude(pk=keep.pk)
    ids = list(queryset.values_list("pk", flat=True))
    if ids:
        AccessToken.objects.filter(pk__in=ids).update(revoked_at=timezone.now())
        publish(SESSION_TOPIC, "revoked", {"token_ids": ids}, scope=user.pk)
    return ids


def user_sign_in(
    *, email: str, password: str, remember: bool, address: str, client: str = "web", user_agent: str = ""
) -> tuple[User, str]:
    """Sign in with email and password from the client `address` (the sign-in kit's rules)."""
    user = user_by_email(email)

    def issue(user: User) -> str:
        _, raw = token_issue(user=user, remember=remember, client=client, user_agent=user_agent)
        User.objects.filter(pk=user.pk).update(last_login=timezone.now())
        return raw

    candidates: list[SignInCandidate[User]] = []
    if user is not None:
        hash_id = user.hash_id
        candidates.append(
            SignInCandidate(
                subject=user,
                account=user_sign_in_account(user),
                verify=user.check_password,
                is_active=user.is_active,
                on_locked=lambda: publish(USER_LOGINS_TOPIC, "updated", {"hash_id": hash_id}),
            )
        )
    return sign_in_attempt(
        address=address,
        candidates=candidates,
        unknown=unknown_sign_in_account("email", email),
        password=password,
        wrong=msg.WRONG_CREDENTIALS,
        inactive=msg.INACTIVE,
        issue=issue,
    )


# ---------------------------------------------------------------- the sign-in kit (DESIGN §16, §21)


@dataclass(frozen=True)
class SignInCandidate(Generic[S]):
    """An account the typed identifier names: its lock account, how to verify a password against it,
    whether it may sign in, and how the screen that lists it learns of its lock."""

    subject: S
    account: str
    verify: Callable[[str], bool]
    is_active: bool
    on_locked: Callable[[], None]


# One address's failed sign-ins per minute, whatever the accounts (password spraying): web and mobile
# count together. The rate is settings.SIGN_IN_ADDRESS_CEILING (THROTTLE_SIGN_IN_ADDRESS, 30/min).
SIGN_IN_ADDRESS_CEILING = FailureCeiling("sign_in_address", "SIGN_IN_ADDRESS_CEILING")


def sign_in_attempt(
    *,
    address: str,
    candidates: Sequence[SignInCandidate[S]],
    unknown: str,
    password: str,
    wrong: str,
    inactive: str,
    issue: Callable[[S], str],
) -> tuple[S, str]:
    """The one sign-in of the web and the mobile app. In order:
    1. the address's ceiling: past SIGN_IN_ADDRESS_CEILING failures in its minute, 429 with the seconds
       to wait, before any password is looked at (the attempt holds its place until it proves not to
       be a failure, so a burst from one address cannot slip under the ceiling either);
    2. the lock: a locked account answers 429 with the minutes left, even with the right password.
       The guess is counted (the lock rows held, `select_for_update`) BEFORE the password is hashed, so
       N concurrent wrong passwords verify at most SIGN_IN_LOCK_FAILURES guesses: the one that reaches
       the count engages the lock and every later one is refused unverified;
    3. the password: one hash whether or not `candidates` names an account: an identifier that names
       none hashes the password as Django's ModelBackend does, so the answer's time says nothing;
    4. a wrong password: its count stays, the lock it engaged is published, 401 `wrong`. An identifier
       that names no account is counted in the cache, never in the lock table (unknown identifiers
       cannot grow it), and locks alike after as many failures;
    5. the right password: the count is cleared; an inactive account then answers 403 `inactive`
       (after the password, so a stranger learns nothing of the account's status); otherwise the
       session is issued (`issue`) in the same transaction as the clearing.
    Answers the account's subject and what `issue` answered (the raw token)."""
    release = SIGN_IN_ADDRESS_CEILING.claim(address)
    failed = False
    try:
        accounts = [candidate.account for candidate in candidates]
        engaged = _sign_in_failures_add(accounts, refuse_locked=True) if accounts else []
        if not accounts:
            _unknown_lock_check(unknown)
        found = next((candidate for candidate in candidates if candidate.verify(password)), None)
        if not candidates:
            make_password(password)  # the cost of a verification, as ModelBackend pays it
        if found is None:
            failed = True
            if not accounts:
                _unknown_failure_record(unknown)
            sign_in_locks_prune(now=clock.now())
            for candidate in candidates:
                if candidate.account in engaged:
                    candidate.on_locked()
            raise ApiError(wrong, status_code=401)
        if not found.is_active:
            sign_in_failures_clear(accounts=accounts)
            raise ApiError(inactive, status_code=403)
        with transaction.atomic():
            sign_in_failures_clear(accounts=accounts)
            issued = issue(found.subject)
        return found.subject, issued
    finally:
        if not failed:
            release()


def user_sign_in_account(user: User) -> str:
    return f"{USER_ACCOUNT_PREFIX}{user.pk}"


def employee_sign_in_account(employee_pk: int) -> str:
    """The mobile app account of an employee (its own password, apart from any user login)."""
    return f"{EMPLOYEE_ACCOUNT_PREFIX}{employee_pk}"


def unknown_sign_in_account(kind: str, identifier: str) -> str:
    """What a caller typed that matches no account (`email:`, `employee-number:`, `employee-email:` and
    the digest): counted in the cache, so it locks like a real account without a lock row."""
    return f"{kind}:{identifier_digest(identifier.strip().lower())}"


def sign_in_locked_until(*, accounts: Iterable[str]) -> datetime | None:
    """When the latest lock of `accounts` ends; None when none is locked."""
    until: datetime | None = SignInLock.objects.filter(
        account__in=list(accounts), locked_until__gt=clock.now()
    ).aggregate(until=Max("locked_until"))["until"]
    return until


def sign_in_lock_minutes(until: datetime) -> int:
    """The whole minutes left of a lock, rounded up (a lock ending in 20 s still has 1 minute)."""
    return max(1, math.ceil((until - clock.now()) / timedelta(minutes=1)))


def _locked(until: datetime) -> ApiError:
    return ApiError(msg.ACCOUNT_LOCKED.format(minutes=sign_in_lock_minutes(until)), status_code=429)


def _failures_after(failures: list[str], now: datetime) -> tuple[list[str], datetime | None]:
    """One more failure at `now` on top of `failures` (ISO times): the failures within the window and
    the lock it engages (the SIGN_IN_LOCK_FAILURES-th within SIGN_IN_LOCK_WINDOW), if any."""
    window_start = now - SIGN_IN_LOCK_WINDOW
    recent = [moment for moment in failures if datetime.fromisoformat(moment) > window_start]
    recent.append(now.isoformat())
    if len(recent) >= SIGN_IN_LOCK_FAILURES:
        return [], now + SIGN_IN_LOCK_DURATION
    return recent, None


def _sign_in_failures_add(accounts: Iterable[str], *, refuse_locked: bool) -> list[str]:
    """Count a failure against each of `accounts` in one transaction, their rows held: created if
    missing (an insert that ignores a concurrent one), then locked in a fixed order, so concurrent
    attempts count one after another and each sees the others' counts. With `refuse_locked` a running
    lock refuses the attempt (429, nothing counted); without it a locked account is skipped. Answers
    the accounts whose lock this failure engaged."""
    now = clock.now()
    ordered = sorted(set(accounts))
    locked: list[str] = []
    with transaction.atomic():
        SignInLock.objects.bulk_create(
            [SignInLock(account=account, last_failed_at=now) for account in ordered], ignore_conflicts=True
        )
        locks = list(SignInLock.objects.select_for_update().filter(account__in=ordered).order_by("account"))
        running = [lock.locked_until for lock in locks if lock.locked_until and lock.locked_until > now]
        if running and refuse_locked:
            raise _locked(max(running))
        for lock in locks:
            if lock.locked_until is not None and lock.locked_until > now:
                continue
            lock.failures, lock.locked_until = _failures_after(lock.failures, now)
            if lock.locked_until is not None:
                locked.append(lock.account)
            lock.last_failed_at = now
            lock.save(update_fields=["failures", "locked_until", "last_failed_at"])
    return locked


def sign_in_failure_record(*, accounts: Iterable[str]) -> list[str]:
    """Count a failed sign-in against each of `accounts` (a locked one is skipped): the 10th failure
    within 15 minutes locks the account for 15 minutes. Answers the accounts it locked. Committed at
    once: the request's error answer does not roll it back."""
    locked = _sign_in_failures_add(accounts, refuse_locked=False)
    sign_in_locks_prune(now=clock.now())
    return locked


def _unknown_key(unknown: str) -> str:
    return f"sign_in_unknown_{unknown}"


def _unknown_lock_check(unknown: str) -> None:
    """The cache's lock of an identifier that names no account (see `sign_in_attempt`, step 4)."""
    state = cache.get(_unknown_key(unknown))
    until = datetime.fromisoformat(state["until"]) if state and state.get("until") else None
    if until is not None and until > clock.now():
        raise _locked(until)


def _unknown_failure_record(unknown: str) -> None:
    """A failure of an identifier that names no account, counted in the cache (expiring with the
    window and the lock; per process while Redis is down), never in the lock table."""
    now = clock.now()
    state = cache.get(_unknown_key(unknown)) or {}
    failures, until = _failures_after(list(state.get("failures", [])), now)
    timeout = int((SIGN_IN_LOCK_WINDOW + SIGN_IN_LOCK_DURATION).total_seconds())
    cache.set(
        _unknown_key(unknown), {"failures": failures, "until": until.isoformat() if until else None}, timeout
    )


def sign_in_locks_prune(*, now: datetime) -> None:
    """Drop the rows that no longer matter: no failure within the window and no running lock."""
    SignInLock.objects.filter(last_failed_at__lte=now - SIGN_IN_LOCK_WINDOW).filter(
        Q(locked_until__isnull=True) | Q(locked_until__lte=now)
    ).delete()


def sign_in_failures_clear(*, accounts: Iterable[str]) -> int:
    """Forget the failures and lock of `accounts` (a successful sign-in, an admin's unlock)."""
    deleted, _ = SignInLock.objects.filter(account__in=list(accounts)).delete()
    return deleted


def user_sign_out(*, token: AccessToken) -> None:
    with transaction.atomic():
        tokens_revoke(user=token.user, tokens=[token])


def _password_audit(user: User, action: str, **extra: str) -> None:
    """A login's password changed: the entry says so (never the password), made by the user."""
    audit_record(
        action=action,
        object_type="user_login",
        object_id=user.hash_id,
        object_label=f"{user.fullname} ({user.email})",
        after={"password": PASSWORD_CHANGED, **extra},
        actor=user,
    )


def user_change_password(
    *, user: User, current_token: AccessToken | None, old_password: str, new_password: str
) -> None:
    if not user.check_password(old_password):
        raise Unprocessable(msg.OLD_PASSWORD_WRONG, errors={"old_password": [msg.OLD_PASSWORD_WRONG]})
    if old_password == new_password:
        raise Unprocessable(msg.PASSWORD_SAME_AS_OLD, errors={"new_password": [msg.PASSWORD_SAME_AS_OLD]})
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        tokens_revoke(user=user, keep=current_token)
        _password_audit(user, "password_change")


def user_access_changed(*, user: User, delegates_too: bool = True) -> None:
    """Push the user's new access to their open tabs (level or special rights changed, a delegation
    started or ended). With `delegates_too`, the delegates to whom the user's own rights go today are
    told too (their effective rights follow the delegator's own)."""
    publish(SESSION_TOPIC, "access", {"user_access": user.user_access}, scope=user.pk)
    if not delegates_too:
        return
    running = Delegation.objects.active_on(clock.local_today()).filter(delegator=user)
    delegate_ids = running.values("delegate_id")
    for delegate in User.objects.filter(pk__in=delegate_ids, is_active=True).select_related("level"):
        publish(SESSION_TOPIC, "access", {"user_access": delegate.user_access}, scope=delegate.pk)


def user_level_update(*, level: UserLevel, name: str, flags: Mapping[str, object]) -> UserLevel:
    """Change an access profile; every active user on it is told live (topic `session`)."""
    with transaction.atomic():
        level.name = name
        level.flags = normalize(flags, LEVEL_FLAGS)
        level.save(update_fields=["name", "flags"])
        for user in User.objects.filter(level=level, is_active=True).select_related("level"):
            user_access_changed(user=user)
    return level


def user_login_update(
    *, user: User, level: UserLevel | None, special_rights: Mapping[str, object], is_active: bool
) -> User:
    """Change a login's level, special rights and status; its open tabs follow live."""
    with transaction.atomic():
        access_before = user.user_access
        user.level = level
        user.special_rights = normalize(special_rights, SPECIAL_RIGHTS)
        user.save(update_fields=["level", "special_rights"])
        if user.is_active != is_active:
            user_set_active(user=user, is_active=is_active)
        if is_active and user.user_access != access_before:
            user_access_changed(user=user)
    return user


def user_set_active(*, user: User, is_active: bool) -> None:
    with transaction.atomic():
        user.is_active = is_active
        user.save(update_fields=["is_active"])
        if not is_active:
            tokens_revoke(user=user)


def _new_code() -> str:
    return "".join(secrets.choice(RESET_CODE_ALPHABET) for _ in range(6))


def password_reset_request(*, email: str) -> None:
    """Email a fresh code to a known, active user; unknown emails get the same silent success."""
    user = user_by_email(email)
    if user is None or not user.is_active:
        return
    code = _new_code()
    now = timezone.now()
    with transaction.atomic():
        PasswordResetCode.objects.filter(user=user, used_at__isnull=True).update(used_at=now)
        PasswordResetCode.objects.create(
            user=user, code_hash=hash_secret(code), expires_at=now + settings.RESET_CODE_TTL
        )
        minutes = int(settings.RESET_CODE_TTL / timedelta(minutes=1))
        link = (
            f"{settings.WEB_BASE_URL}/mobile/reset-password?{urlencode({'email': user.email, 'code': code})}"
        )
        body = msg.RESET_EMAIL_BODY.format(name=user.fullname, code=code, minutes=minutes, link=link)
        transaction.on_commit(
            lambda: send_mail(msg.RESET_EMAIL_SUBJECT, body, settings.DEFAULT_FROM_EMAIL, [user.email])
        )


def password_reset_confirm(*, email: str, code: str, new_password: str) -> None:
    """Set a new password with the emailed code. A wrong code still counts as a try."""
    user = user_by_email(email)
    if user is None or not user.is_active:
        raise Unprocessable(msg.CODE_INVALID, errors={"verification_code": [msg.CODE_INVALID]})
    failure = ""
    with transaction.atomic():
        reset = (
            PasswordResetCode.objects.select_for_update()
            .filter(user=user, used_at__isnull=True)
            .order_by("-created")
            .first()
        )
        now = timezone.now()
        if reset is None or reset.expires_at <= now:
            failure = msg.CODE_INVALID
        elif reset.attempts >= settings.RESET_CODE_MAX_TRIES:
            failure = msg.CODE_TOO_MANY_TRIES
        elif not secrets.compare_digest(reset.code_hash, hash_secret(code.strip().upper())):
            reset.attempts += 1
            reset.save(update_fields=["attempts"])
            failure = msg.CODE_INVALID
        else:
            reset.used_at = now
            reset.save(update_fields=["used_at"])
            user.set_password(new_password)
            user.save(update_fields=["password"])
            tokens_revoke(user=user)
            _password_audit(user, "password_reset", via=PASSWORD_VIA_CODE)
    if failure:
        raise Unprocessable(failure, errors={"verification_code": [failure]})


# --- preferences (a user's own screen settings; UI state, not business data: no audit entry) --------

PREFERENCE_KEY = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")
PREFERENCE_MAX_BYTES = 4096
PREFERENCE_MAX_DEPTH = 6
PREFERENCES_PER_USER = 50


def preference_key_check(key: str) -> None:
    if not PREFERENCE_KEY.fullmatch(key):
        raise Unprocessable(msg.PREFERENCE_KEY_INVALID, errors={"key": [msg.PREFERENCE_KEY_INVALID]})


def _preference_value_check(value: dict[str, Any]) -> None:
    """A JSON object of at most PREFERENCE_MAX_BYTES, PREFERENCE_MAX_DEPTH levels deep, without a NUL
    character (PostgreSQL's jsonb cannot hold one): walked without recursion."""

    def refuse(message: str) -> NoReturn:
        raise Unprocessable(message, errors={"value": [message]})

    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if depth > PREFERENCE_MAX_DEPTH:
            refuse(msg.PREFERENCE_TOO_DEEP.format(depth=PREFERENCE_MAX_DEPTH))
        if isinstance(item, dict):
            if any("\x00" in str(name) for name in item):
                refuse(messages.NUL_CHARACTER)
            pending.extend((member, depth + 1) for member in item.values())
        elif isinstance(item, list):
            pending.extend((member, depth + 1) for member in item)
        elif isinstance(item, str) and "\x00" in item:
            refuse(messages.NUL_CHARACTER)
    if len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()) > PREFERENCE_MAX_BYTES:
        refuse(msg.PREFERENCE_TOO_LARGE.format(limit=PREFERENCE_MAX_BYTES))


@transaction.atomic
def user_preference_set(*, user: User, key: str, value: dict[str, Any]) -> UserPreference:
    """Store the signed-in user's own preference `key` (created or replaced)."""
    preference_key_check(key)
    _preference_value_check(value)
    found = UserPreference.objects.select_for_update().filter(user=user, key=key).first()
    if found is not None:
        found.value = value
        found.save(update_fields=["value", "updated_at"])
        return found
    if UserPreference.objects.filter(user=user).count() >= PREFERENCES_PER_USER:
        message = msg.PREFERENCE_TOO_MANY.format(limit=PREFERENCES_PER_USER)
        raise Unprocessable(message, errors={"key": [message]})
    preference, _ = UserPreference.objects.update_or_create(user=user, key=key, defaults={"value": value})
    return preference


def user_preference_delete(*, user: User, key: str) -> None:
    """Forget the user's preference `key` (the screen falls back to its defaults)."""
    preference_key_check(key)
    UserPreference.objects.filter(user=user, key=key).delete()
