"""The `session` topic: sign-outs, password changes and deactivations close the affected sockets live;
access changes are pushed."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from server.accounts.models import User, UserLevel
from server.accounts.services import user_access_changed, user_change_password, user_set_active
from server.testing.clients import PASSWORD
from server.testing.sockets import (
    assert_closed_unauthenticated,
    new_session,
    ping,
    receive,
    socket,
    subscribe,
)

pytestmark = pytest.mark.django_db(transaction=True)

REVOKED = {"op": "event", "topic": "session", "version": 1, "type": "revoked", "data": {}}


def sign_out_over_http(raw_token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=raw_token)
    return client.post("/api/web/v1/auth/logout").status_code


@pytest.mark.parametrize("subscribed", [True, False])
async def test_sign_out_closes_that_sessions_socket_only(amake_user: Any, subscribed: bool) -> None:
    user = await amake_user()
    _, raw_leaving, ticket_leaving = await new_session(user)
    _, _, ticket_staying = await new_session(user)
    async with socket(ticket_leaving) as leaving, socket(ticket_staying) as staying:
        if subscribed:
            await subscribe(leaving, "session")
            await subscribe(staying, "session")
        assert await database_sync_to_async(sign_out_over_http)(raw_leaving) == 200
        assert await receive(leaving) == REVOKED
        await assert_closed_unauthenticated(leaving)
        assert await staying.receive_nothing(timeout=0.5)
        await ping(staying)


async def test_password_change_closes_the_other_sessions(amake_user: Any) -> None:
    user = await amake_user()
    current, _, ticket_current = await new_session(user)
    _, _, ticket_other = await new_session(user)
    async with socket(ticket_current) as here, socket(ticket_other) as elsewhere:
        await subscribe(here, "session")
        await subscribe(elsewhere, "session")
        await database_sync_to_async(user_change_password)(
            user=user, current_token=current, old_password=PASSWORD, new_password="rahasia-baru-456"
        )
        assert await receive(elsewhere) == REVOKED
        await assert_closed_unauthenticated(elsewhere)
        assert await here.receive_nothing(timeout=0.5)
        await ping(here)


async def test_deactivation_closes_every_session(amake_user: Any) -> None:
    user = await amake_user()
    _, _, first_ticket = await new_session(user)
    _, _, second_ticket = await new_session(user)
    async with socket(first_ticket) as first, socket(second_ticket) as second:
        await database_sync_to_async(user_set_active)(user=user, is_active=False)
        for ws in (first, second):
            assert await receive(ws) == REVOKED
            await assert_closed_unauthenticated(ws)


async def test_other_users_sockets_hear_nothing(amake_user: Any) -> None:
    leaving, staying = await amake_user(), await amake_user()
    _, _, ticket = await new_session(staying)
    async with socket(ticket) as ws:
        await subscribe(ws, "session")
        await database_sync_to_async(user_set_active)(user=leaving, is_active=False)
        assert await ws.receive_nothing(timeout=0.5)


def grant_level_flags(user: User, flags: list[str]) -> dict[str, int]:
    UserLevel.objects.filter(pk=user.level_id).update(flags={flag: 1 for flag in flags})
    fresh = User.objects.select_related("level").get(pk=user.pk)
    user_access_changed(user=fresh)
    return fresh.user_access


async def test_access_change_is_pushed(amake_user: Any) -> None:
    user = await amake_user(flags=["allow_employee"])
    _, _, ticket = await new_session(user)
    async with socket(ticket) as ws:
        await subscribe(ws, "session")
        access = await database_sync_to_async(grant_level_flags)(user, ["allow_employee", "allow_report"])
        event = await receive(ws)
        assert event == {
            "op": "event",
            "topic": "session",
            "version": 1,
            "type": "access",
            "data": {"user_access": access},
        }
        assert event["data"]["user_access"]["allow_report"] == 1
        assert (await subscribe(ws, "session"))["snapshot"] == {"user_access": access}
