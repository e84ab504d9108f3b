from __future__ import annotations

import itertools
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.db import models

from server.accounts.rights import delegable
from server.core.clock import local_today
from server.core.flags import LEVEL_FLAGS, SPECIAL_RIGHTS, merge_access, normalize
from server.core.hashids import HashIdMixin

# Bumped by every delegation written in this process: a User instance forgets the delegated rights
# it read before (another process reads them afresh with the user of each request).
_delegations_generation = itertools.count()
_generation = [next(_delegations_generation)]


def delegations_changed() -> None:
    _generation[0] = next(_delegations_generation)


class UserManager(BaseUserManager["User"]):
    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        email = self.normalize_email(email).lower()
        fields.setdefault("username", email.split("@")[0])
        user = self.model(email=email, **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)


class UserLevel(HashIdMixin, models.Model):
    """An access profile: a name and the level flags of the catalogue. Moved here from the former
    `access` app; its table keeps its name."""

    name = models.CharField(max_length=100, unique=True)
    flags = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "access_userlevel"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def normalized_flags(self) -> dict[str, int]:
        return normalize(self.flags, LEVEL_FLAGS)


class User(HashIdMixin, AbstractBaseUser):
    """A back-office sign-in (user login). Signs in with email; access = level flags + special rights."""

    email = models.EmailField(max_length=254, unique=True)
    username = models.CharField(max_length=150, unique=True)
    fullname = models.CharField(max_length=150)
    is_active = models.BooleanField(default=True)
    level = models.ForeignKey(
        UserLevel, null=True, blank=True, on_delete=models.PROTECT, related_name="users"
    )
    special_rights = models.JSONField(default=dict, blank=True)
    employee = models.OneToOneField(
        "workforce.Employee", null=True, blank=True, on_delete=models.SET_NULL, related_name="login"
    )
    date_joined = models.DateTimeField(auto_now_add=True)

    objects = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS = ["username", "fullname"]

    class Meta:
        ordering = ["fullname"]

    def __str__(self) -> str:
        return self.email

    @property
    def own_access(self) -> dict[str, int]:
        """The rights of the user's level and special rights, without any delegation."""
        level_flags = self.level.flags if self.level_id and self.level else {}
        return merge_access(level_flags, self.special_rights)

    @property
    def user_access(self) -> dict[str, int]:
        """The effective rights (the one place they are computed, DESIGN §20): the user's own, plus
        the approval rights delegated to them by the delegations active today."""
        access = self.own_access
        for flag in self.delegated_access():
            access[flag] = 1
        return access

    def delegated_access(self, on: date | None = None) -> dict[str, int]:
        """The approval rights delegations active on `on` (default local today) give the user: each
        delegator's own approval rights (never what the delegator received: no chaining)."""
        day = on or local_today()
        cached = self.__dict__.get("_delegated")
        if cached is not None and cached[0] == (day, _generation[0]):
            return dict(cached[1])
        given: dict[str, int] = {}
        if self.pk is not None and self.is_active:
            for delegation in Delegation.objects.active_on(day).filter(delegate_id=self.pk):
                given.update(delegable(delegation.delegator.own_access))
        self.__dict__["_delegated"] = ((day, _generation[0]), given)
        return dict(given)

    @property
    def normalized_special_rights(self) -> dict[str, int]:
        return normalize(self.special_rights, SPECIAL_RIGHTS)


class TokenBase(models.Model):
    """A sign-in session: only the SHA-256 of the random token is stored; idle expiry, revocable."""

    key_hash = models.CharField(max_length=64, unique=True)
    remember = models.BooleanField(default=False)
    user_agent = models.CharField(max_length=255, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def idle_timeout(self) -> Any:
        return settings.TOKEN_REMEMBER_TIMEOUT if self.remember else settings.TOKEN_IDLE_TIMEOUT

    def expires_at(self) -> datetime:
        expires: datetime = self.last_used_at + self.idle_timeout
        return expires

    def is_usable(self, now: datetime) -> bool:
        return self.revoked_at is None and now < self.expires_at()


class AccessToken(TokenBase):
    """A back-office session of a user login."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="access_tokens")
    client = models.CharField(max_length=16, default="web")

    class Meta:
        indexes = [models.Index(fields=["user", "revoked_at"])]

    def __str__(self) -> str:
        return f"token #{self.pk} of {self.user_id}"


class PasswordResetCode(models.Model):
    """A 6-character code sent by email; single use, short-lived, limited tries."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="reset_codes")
    code_hash = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["user", "used_at"])]

    def __str__(self) -> str:
        return f"reset code #{self.pk} of {self.user_id}"


class SignInLock(models.Model):
    """The recent failed sign-ins of one account and its lock (DESIGN §16): 10 failures within 15
    minutes lock the account for 15 minutes, whatever the address. Kept in the database, not the
    cache, so the lockout holds while Redis is down. `account` names a user login (`user:<pk>`) or an
    employee's app account (`employee:<pk>`), never an identifier that matches no account: those are
    counted in the cache (they lock alike, and random identifiers cannot grow this table), and cost
    the same password hash (accounts.services.sign_in_attempt), so the answer, its status and its
    time, does not tell a known account from an unknown one. A guess is counted here before its
    password is hashed (the row held), so concurrent guesses never exceed the count. A row lives only
    while it matters: it is pruned once its failures are old and its lock has passed."""

    account = models.CharField(max_length=80, unique=True)
    # ISO times of the failures within the window, oldest first (at most the limit).
    failures = models.JSONField(default=list, blank=True)
    last_failed_at = models.DateTimeField()
    locked_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["last_failed_at"])]

    def __str__(self) -> str:
        return f"sign-in lock of {self.account}"


class UserPreference(models.Model):
    """A user's own setting of a screen (e.g. the approval queue's filters and order), kept on the
    server so it follows the user to another browser. Read and written only by that user; a UI
    preference, not business data: no audit entry (DESIGN §17 covers business data)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="preferences")
    key = models.CharField(max_length=64)
    value = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="accounts_preference_user_key")]

    def __str__(self) -> str:
        return f"preference {self.key} of {self.user_id}"


class DelegationQuerySet(models.QuerySet["Delegation"]):
    def active_on(self, day: date) -> DelegationQuerySet:
        """Delegations running on `day`: not ended, the day in their range, the delegator active."""
        return self.filter(
            ended_at__isnull=True, start_date__lte=day, end_date__gte=day, delegator__is_active=True
        ).select_related("delegator", "delegator__level")


class Delegation(HashIdMixin, models.Model):
    """A delegator hands their own approval rights (attendance approve/reject with their placement
    types, izin) to a delegate for a date range (DESIGN §20). Ending it (`ended_at`) takes the rights
    away at once; the row stays as history."""

    delegator = models.ForeignKey(User, on_delete=models.CASCADE, related_name="delegations_given")
    delegate = models.ForeignKey(User, on_delete=models.CASCADE, related_name="delegations_received")
    start_date = models.DateField()
    end_date = models.DateField()
    note = models.CharField(max_length=255, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    creator = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    objects = DelegationQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "-pk"]
        indexes = [
            models.Index(fields=["delegate", "start_date", "end_date"]),
            models.Index(fields=["delegator", "start_date", "end_date"]),
        ]

    def __str__(self) -> str:
        return f"delegation #{self.pk} {self.delegator_id} -> {self.delegate_id}"
