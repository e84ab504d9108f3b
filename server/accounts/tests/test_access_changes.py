"""Access changes reach the user's open tabs: the services publish on the `session` topic after commit."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import TestCase

from server.accounts import services
from server.accounts.services import user_level_update
from server.testing.events import EventLog

pytestmark = pytest.mark.django_db


def test_level_update_pushes_new_access_to_each_member(make_user: Any, sent_events: EventLog) -> None:
    member = make_user(flags=["allow_report"])
    other = make_user(flags=["allow_report"])
    with TestCase.captureOnCommitCallbacks(execute=True):
        user_level_update(level=member.level, name="Pelapor", flags={"allow_report": 1, "allow_employee": 1})
    assert sent_events == [("session", "access", {"user_access": {**member.user_access}}, member.pk)]
    member.refresh_from_db()
    assert sent_events[0][2]["user_access"]["allow_employee"] == 1
    assert other.pk not in [scope for *_, scope in sent_events]


def test_login_update_pushes_access_and_deactivation_revokes(
    make_user: Any, client_for: Any, sent_events: EventLog
) -> None:
    user = make_user(flags=[])
    client_for(user)
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.user_login_update(
            user=user, level=None, special_rights={"allow_approved_attendance": 1}, is_active=True
        )
    assert [(t, k) for t, k, *_ in sent_events] == [("session", "access")]
    assert sent_events[0][2]["user_access"]["allow_approved_attendance"] == 1
    sent_events.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.user_login_update(user=user, level=None, special_rights={}, is_active=False)
    assert [(t, k) for t, k, *_ in sent_events] == [("session", "revoked")]
    assert len(sent_events[0][2]["token_ids"]) == 1


def test_nothing_is_published_when_the_transaction_rolls_back(make_user: Any, sent_events: EventLog) -> None:
    from django.db import transaction

    user = make_user(flags=["allow_report"])
    with TestCase.captureOnCommitCallbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        user_level_update(level=user.level, name="X", flags={"allow_employee": 1})
        raise RuntimeError("abort")
    assert sent_events == []
    user.level.refresh_from_db()
    assert user.level.name != "X"
