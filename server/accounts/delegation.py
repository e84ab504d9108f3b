"""Delegation (DESIGN §20): an approver hands their own approval rights to a colleague for a date range.

The effective rights are computed in one place, `User.user_access` (models.py): the user's own plus
what the delegations active today give them. This module is the rest of the kit:

- `acting_for(user, flag=, man_power_type=)`: for a decision the user is about to take, None when
  their own rights cover it, else the delegator whose delegated right does (the audit entry names
  both: `on_behalf(...)` gives the entry's `atas_nama`);
- `approvers_for(flag=, man_power_type=, on=)`: the active users who may decide such an item on a day,
  by their own rights or by a delegation;
- the delegations' reads and writes (create, end), each audited, the delegate's open tabs told live
  (the same `access` push a level change sends) and notified in their notification centre
  ("delegation.received", "delegation.ended").

Only approval rights go (rights.DELEGABLE_FLAGS), only those the delegator holds by their own level
and special rights (never what they received: no chaining), for as long as the delegator holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet

from server.accounts import messages as msg
from server.accounts.models import Delegation, User, delegations_changed
from server.accounts.rights import DELEGABLE_FLAGS, MAN_POWER_TYPE_LABELS, delegable, holds
from server.accounts.services import user_access_changed
from server.audit.services import ObjectAudit, audit_snapshot
from server.core import clock
from server.core.clock import date_id, local_today
from server.core.envelope import Conflict, Unprocessable
from server.core.flags import LABELS, MAN_POWER_TYPES
from server.core.hashids import get_by_hash_id
from server.notifications.services import notify

# The user-login admin's flag: creates, sees and ends the delegations of anyone.
ADMIN_FLAG = "allow_user_login"
# The longest delegation (days, both ends counted).
MAX_DAYS = 90
AUDIT_FIELDS = ("delegator", "delegate", "start_date", "end_date", "note", "ended_at")
NOTIFY_RECEIVED = "delegation.received"
NOTIFY_ENDED = "delegation.ended"
# Where a delegation notification leads: the profile, whose "Delegasi" lists it.
PROFILE_LINK = "/profile"
# The audit entry's key naming the delegator a delegate decided for.
ON_BEHALF_FIELD = "atas_nama"


def user_label(user: User) -> str:
    return f"{user.fullname} ({user.username})"


_delegation_audit = ObjectAudit(
    "delegation", label=lambda d: f"{d.delegator.fullname} → {d.delegate.fullname}, {d.start_date:%Y-%m-%d}"
)


# --- the kit: who decides for whom ---------------------------------------------------------------


def _given(delegation: Delegation) -> dict[str, int]:
    """What a delegation gives today: the delegator's own approval rights."""
    return delegable(delegation.delegator.own_access)


def acting_for(user: User, *, flag: str, man_power_type: str | None) -> User | None:
    """None when the user's own rights cover the decision (`flag`, on `man_power_type` for attendance
    approve/reject), else the delegator whose delegation active today covers it (None when none
    does: the decision's own check refuses it)."""
    if holds(user.own_access, flag, man_power_type):
        return None
    for delegation in Delegation.objects.active_on(local_today()).filter(delegate_id=user.pk).order_by("pk"):
        if holds(_given(delegation), flag, man_power_type):
            return delegation.delegator
    return None


def on_behalf(user: User, *, flag: str, man_power_type: str | None) -> dict[str, str]:
    """What a decision's audit entry adds when the user decides as a delegate: `{"atas_nama":
    "<delegator>"}` (the entry's actor is the delegate), else nothing."""
    delegator = acting_for(user, flag=flag, man_power_type=man_power_type)
    return {ON_BEHALF_FIELD: user_label(delegator)} if delegator is not None else {}


def approvers_for(*, flag: str, man_power_type: str | None = None, on: date | None = None) -> list[User]:
    """The active users holding `flag` (with `man_power_type` for attendance approve/reject) on `on`
    (default local today): by their own rights or by a delegation active that day. By name."""
    day = on or local_today()
    found: dict[int, User] = {
        user.pk: user
        for user in User.objects.filter(is_active=True).select_related("level")
        if holds(user.own_access, flag, man_power_type)
    }
    delegations = (
        Delegation.objects.active_on(day).filter(delegate__is_active=True).select_related("delegate")
    )
    for delegation in delegations:
        if delegation.delegate_id not in found and holds(_given(delegation), flag, man_power_type):
            found[delegation.delegate_id] = delegation.delegate
    return sorted(found.values(), key=lambda user: (user.fullname.lower(), user.pk))


def rights_labels(access: dict[str, int]) -> list[str]:
    """The delegable rights of `access` in words ("Setujui Kehadiran (Office, Site)", ...)."""
    labels: list[str] = []
    for flag in DELEGABLE_FLAGS:
        if flag not in LABELS or not access.get(flag):
            continue
        types = [t for t in MAN_POWER_TYPES if access.get(f"{flag}_{t}")]
        names = ", ".join(MAN_POWER_TYPE_LABELS[t] for t in types)
        labels.append(f"{LABELS[flag]} ({names})" if names else LABELS[flag])
    return labels


# --- reads -------------------------------------------------------------------------------------------

STATUS_ACTIVE, STATUS_UPCOMING, STATUS_ENDED = "active", "upcoming", "ended"
STATUS_LABELS = {STATUS_ACTIVE: "Aktif", STATUS_UPCOMING: "Akan datang", STATUS_ENDED: "Berakhir"}
SCOPES = ("mine", "given", "received", "all")
ROW_RELATED = ("delegator", "delegator__level", "delegate", "creator", "ended_by")


def is_admin(user: User) -> bool:
    return bool(user.own_access.get(ADMIN_FLAG))


def delegation_status(delegation: Delegation, today: date | None = None) -> str:
    today = today or local_today()
    if delegation.ended_at is not None or delegation.end_date < today:
        return STATUS_ENDED
    return STATUS_UPCOMING if delegation.start_date > today else STATUS_ACTIVE


def delegations_for(*, user: User, scope: str = "mine", status: str = "") -> QuerySet[Delegation]:
    """The delegations `user` may see in `scope`: given by them, received by them, both ("mine"), or
    every one ("all", the user-login admin only: others get their own), narrowed by `status`."""
    queryset = Delegation.objects.select_related(*ROW_RELATED)
    mine = Q(delegator=user) | Q(delegate=user)
    if scope == "given":
        queryset = queryset.filter(delegator=user)
    elif scope == "received":
        queryset = queryset.filter(delegate=user)
    elif scope != "all" or not is_admin(user):
        queryset = queryset.filter(mine)
    today = local_today()
    running = Q(ended_at__isnull=True, end_date__gte=today)
    if status == STATUS_ACTIVE:
        queryset = queryset.filter(running, start_date__lte=today)
    elif status == STATUS_UPCOMING:
        queryset = queryset.filter(running, start_date__gt=today)
    elif status == STATUS_ENDED:
        queryset = queryset.exclude(running)
    return queryset


def delegation_for_user(*, user: User, hash_id: str) -> Delegation:
    """A delegation its delegator, its delegate or the user-login admin may see (404 otherwise)."""
    queryset = Delegation.objects.select_related(*ROW_RELATED)
    if not is_admin(user):
        queryset = queryset.filter(Q(delegator=user) | Q(delegate=user))
    return get_by_hash_id(queryset, hash_id)


def delegation_candidates(*, user: User) -> QuerySet[User]:
    """Active user logins one may delegate to (not oneself)."""
    return User.objects.filter(is_active=True).exclude(pk=user.pk)


# --- writes ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DelegationInput:
    delegator: User
    delegate: User
    start_date: date
    end_date: date
    note: str = ""


def _refuse(message: str, field: str) -> Unprocessable:
    return Unprocessable(message, errors={field: [message]})


def _validate(data: DelegationInput, today: date) -> None:
    delegator, delegate = data.delegator, data.delegate
    if delegate.pk == delegator.pk:
        raise _refuse(msg.DELEGATION_SELF, "delegate")
    if not delegate.is_active:
        raise _refuse(msg.DELEGATION_DELEGATE_INACTIVE, "delegate")
    if not delegator.is_active:
        raise _refuse(msg.DELEGATION_DELEGATOR_INACTIVE, "delegator")
    if data.end_date < data.start_date:
        raise _refuse(msg.DELEGATION_END_BEFORE_START, "end_date")
    if data.start_date < today:
        raise _refuse(msg.DELEGATION_START_PAST, "start_date")
    if (data.end_date - data.start_date).days + 1 > MAX_DAYS:
        raise _refuse(msg.DELEGATION_TOO_LONG.format(days=MAX_DAYS), "end_date")
    if not delegable(delegator.own_access):
        # Nothing of its own to give: what it received (if anything) does not go onward.
        received = delegator.delegated_access(data.start_date) or delegator.delegated_access(today)
        message = msg.DELEGATION_NO_CHAINING if received else msg.DELEGATION_NOTHING_TO_GIVE
        raise _refuse(message.format(name=delegator.fullname), "delegate")
    overlapping = Delegation.objects.filter(
        delegator=delegator,
        delegate=delegate,
        ended_at__isnull=True,
        start_date__lte=data.end_date,
        end_date__gte=data.start_date,
    )
    if overlapping.exists():
        raise _refuse(msg.DELEGATION_OVERLAP.format(name=delegate.fullname), "start_date")


def _notify(*, delegation: Delegation, kind: str, title: str, body: str, key: str) -> None:
    """Tell the delegate in the notification centre (one notification per delegation and event)."""
    notify(
        user_ids=[delegation.delegate_id],
        kind=kind,
        title=title,
        body=body,
        link=PROFILE_LINK,
        data={"delegation": delegation.hash_id},
        dedupe_key=key,
    )


def _period(delegation: Delegation) -> str:
    start, end = delegation.start_date, delegation.end_date
    return date_id(start) if start == end else f"{date_id(start)} - {date_id(end)}"


def delegation_create(*, data: DelegationInput, creator: User) -> Delegation:
    """Create a delegation (validated: see `_validate`); the delegate's open tabs get their new rights
    live when it starts today (a later start reaches them at that day's first push, see
    `delegations_day_push`)."""
    today = local_today()
    with transaction.atomic():
        # One delegator's delegations are written one at a time (the overlap check holds).
        User.objects.select_for_update().filter(pk=data.delegator.pk).first()
        _validate(data, today)
        delegation = Delegation.objects.create(
            delegator=data.delegator,
            delegate=data.delegate,
            start_date=data.start_date,
            end_date=data.end_date,
            note=data.note.strip(),
            creator=creator,
        )
        delegations_changed()
        _delegation_audit(delegation, "create", {}, audit_snapshot(delegation, AUDIT_FIELDS))
        if delegation.start_date <= today:
            user_access_changed(
                user=User.objects.select_related("level").get(pk=delegation.delegate_id), delegates_too=False
            )
        _notify(
            delegation=delegation,
            kind=NOTIFY_RECEIVED,
            title=msg.DELEGATION_RECEIVED_TITLE.format(name=delegation.delegator.fullname),
            body=msg.DELEGATION_RECEIVED_BODY.format(
                period=_period(delegation), rights=", ".join(rights_labels(_given(delegation)))
            ),
            key=f"delegation:{delegation.pk}:received",
        )
    return delegation


def delegation_end(*, delegation: Delegation, user: User) -> Delegation:
    """End a running or upcoming delegation now: the rights leave the delegate at once (every check
    reads the effective rights per request) and their open tabs follow live. 409 when it had ended."""
    today = local_today()
    with transaction.atomic():
        locked = (
            Delegation.objects.select_for_update()
            .select_related("delegator", "delegate")
            .get(pk=delegation.pk)
        )
        if delegation_status(locked, today) == STATUS_ENDED:
            raise Conflict(msg.DELEGATION_ALREADY_ENDED)
        was_running = locked.start_date <= today
        before = audit_snapshot(locked, AUDIT_FIELDS)
        locked.ended_at = clock.now()
        locked.ended_by = user
        locked.save(update_fields=["ended_at", "ended_by"])
        delegations_changed()
        _delegation_audit(locked, "end", before, audit_snapshot(locked, AUDIT_FIELDS))
        if was_running:
            user_access_changed(
                user=User.objects.select_related("level").get(pk=locked.delegate_id), delegates_too=False
            )
        _notify(
            delegation=locked,
            kind=NOTIFY_ENDED,
            title=msg.DELEGATION_ENDED_TITLE.format(name=locked.delegator.fullname),
            body=msg.DELEGATION_ENDED_BODY.format(period=_period(locked), name=user.fullname),
            key=f"delegation:{locked.pk}:ended",
        )
    return locked


def delegations_day_push(*, day: date | None = None) -> int:
    """The delegates whose delegation starts on `day` (default local today) or ended with the day
    before get their new rights pushed live (beat runs it just after midnight; idempotent). Answers
    how many users were told."""
    day = day or local_today()
    starting = Q(start_date=day, end_date__gte=day)
    finished = Q(end_date=day - timedelta(days=1))
    delegate_ids = set(
        Delegation.objects.filter(starting | finished, ended_at__isnull=True).values_list(
            "delegate_id", flat=True
        )
    )
    with transaction.atomic():
        for user in User.objects.filter(pk__in=delegate_ids, is_active=True).select_related("level"):
            user_access_changed(user=user, delegates_too=False)
        if delegate_ids:
            for delegation in Delegation.objects.filter(finished, ended_at__isnull=True).select_related(
                "delegator"
            ):
                _notify(
                    delegation=delegation,
                    kind=NOTIFY_ENDED,
                    title=msg.DELEGATION_ENDED_TITLE.format(name=delegation.delegator.fullname),
                    body=msg.DELEGATION_EXPIRED_BODY.format(period=_period(delegation)),
                    key=f"delegation:{delegation.pk}:ended",
                )
    return len(delegate_ids)


def delegation_row(delegation: Delegation, *, viewer: User, today: date | None = None) -> dict[str, Any]:
    """One delegation as the list and the detail show it."""
    status = delegation_status(delegation, today)
    return {
        "hash_id": delegation.hash_id,
        "delegator": _person(delegation.delegator),
        "delegate": _person(delegation.delegate),
        "start_date": delegation.start_date,
        "end_date": delegation.end_date,
        "note": delegation.note,
        "status": status,
        "status_label": STATUS_LABELS[status],
        "rights": rights_labels(_given(delegation)) if status != STATUS_ENDED else [],
        "created": delegation.created,
        "creator_name": delegation.creator.fullname if delegation.creator else "",
        "ended_at": delegation.ended_at,
        "ended_by_name": delegation.ended_by.fullname if delegation.ended_by else "",
        "can_end": status != STATUS_ENDED
        and (viewer.pk in (delegation.delegator_id, delegation.delegate_id) or is_admin(viewer)),
    }


def _person(user: User) -> dict[str, str]:
    return {"hash_id": user.hash_id, "fullname": user.fullname, "username": user.username}
