from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from server.accounts.services import user_sign_out
from server.core.build import client_build
from server.realtime.models import RealtimeTicket
from server.realtime.tests.conftest import REPORT_TOPIC
from server.testing.sockets import (
    HOST,
    assert_closed_unauthenticated,
    communicator,
    new_session,
    ping,
    receive,
    socket,
    subscribe,
)

pytestmark = pytest.mark.django_db(transaction=True)


class TestSignIn:
    @pytest.mark.parametrize("query", ["", "?ticket=", "?ticket=bukan-tiket", "?other=1"])
    async def test_missing_or_bad_ticket_closes_4401(self, query: str) -> None:
        ws = communicator(query)
        connected, _ = await ws.connect()
        assert connected
        await assert_closed_unauthenticated(ws)
        await ws.disconnect()

    async def test_reused_ticket_closes_4401(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket):
            again = communicator(f"?ticket={ticket}")
            await again.connect()
            await assert_closed_unauthenticated(again)
            await again.disconnect()

    async def test_expired_ticket_closes_4401(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        await database_sync_to_async(
            lambda: RealtimeTicket.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
        )()
        ws = communicator(f"?ticket={ticket}")
        await ws.connect()
        await assert_closed_unauthenticated(ws)
        await ws.disconnect()

    async def test_ticket_of_a_session_ended_since_closes_4401(self, amake_user: Any) -> None:
        token, _, ticket = await new_session(await amake_user())
        await database_sync_to_async(user_sign_out)(token=token)
        ws = communicator(f"?ticket={ticket}")
        await ws.connect()
        await assert_closed_unauthenticated(ws)
        await ws.disconnect()

    @pytest.mark.parametrize("origin", [b"http://evil.example.com", b"http://127.0.0.1.evil.example.com"])
    async def test_foreign_origin_is_refused_before_the_handshake(
        self, amake_user: Any, origin: bytes
    ) -> None:
        _, _, ticket = await new_session(await amake_user())
        ws = communicator(f"?ticket={ticket}", headers=[(b"origin", origin), HOST])
        connected, _ = await ws.connect()
        assert not connected
        await ws.disconnect()
        used = await database_sync_to_async(lambda: RealtimeTicket.objects.get().used_at)()
        assert used is None


class TestProtocol:
    async def test_ping_pong(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            await ping(ws)
            await ping(ws)

    async def test_subscribe_session_gives_snapshot_with_user_access(self, amake_user: Any) -> None:
        user = await amake_user(flags=["allow_employee"], rights=["allow_approved_attendance"])
        _, _, ticket = await new_session(user)
        async with socket(ticket) as ws:
            answer = await subscribe(ws, "session")
            assert answer["op"] == "subscribed" and answer["topic"] == "session"
            assert answer["version"] == 0
            access = answer["snapshot"]["user_access"]
            assert access["allow_employee"] == 1 and access["allow_approved_attendance"] == 1
            assert access["allow_report"] == 0
            assert access == await database_sync_to_async(lambda: user.user_access)()

    async def test_subscribing_twice_is_harmless(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            first = await subscribe(ws, "session")
            second = await subscribe(ws, "session")
            assert first == second

    async def test_unknown_topic(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            assert await subscribe(ws, "tidak.ada") == {
                "op": "error",
                "topic": "tidak.ada",
                "code": "unknown_topic",
            }
            await ws.send_json_to({"op": "unsubscribe", "topic": "tidak.ada"})
            assert await receive(ws) == {"op": "error", "topic": "tidak.ada", "code": "unknown_topic"}

    async def test_topic_needing_a_flag_the_user_lacks_is_forbidden(
        self, amake_user: Any, report_topic: Any
    ) -> None:
        _, _, ticket = await new_session(await amake_user(flags=["allow_employee"]))
        async with socket(ticket) as ws:
            assert await subscribe(ws, REPORT_TOPIC) == {
                "op": "error",
                "topic": REPORT_TOPIC,
                "code": "forbidden",
            }

    async def test_topic_needing_a_flag_the_user_holds(self, amake_user: Any, report_topic: Any) -> None:
        _, _, ticket = await new_session(await amake_user(flags=["allow_report"]))
        async with socket(ticket) as ws:
            answer = await subscribe(ws, REPORT_TOPIC)
            assert answer == {
                "op": "subscribed",
                "topic": REPORT_TOPIC,
                "version": 0,
                "snapshot": {"reports": 3},
                "build": client_build(),
            }
            await ws.send_json_to({"op": "unsubscribe", "topic": REPORT_TOPIC})
            assert await receive(ws) == {"op": "unsubscribed", "topic": REPORT_TOPIC}

    @pytest.mark.parametrize(
        "frame",
        [
            "bukan json",
            "[1, 2]",
            "null",
            '"ping"',
            "{}",
            '{"op": "dance"}',
            '{"op": "subscribe"}',
            '{"op": "subscribe", "topic": 5}',
            '{"op": "subscribe", "topic": ""}',
            '{"op": "unsubscribe", "topic": null}',
            "[" * 100_000,
        ],
    )
    async def test_malformed_frames_get_bad_request_and_the_socket_lives_on(
        self, amake_user: Any, frame: str
    ) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            await ws.send_to(text_data=frame)
            assert await receive(ws) == {"op": "error", "topic": None, "code": "bad_request"}
            await ping(ws)

    async def test_binary_frame_gets_bad_request(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            await ws.send_to(bytes_data=b'{"op": "ping"}')
            assert await receive(ws) == {"op": "error", "topic": None, "code": "bad_request"}
            await ping(ws)

    async def test_bad_op_on_a_named_topic_names_it(self, amake_user: Any) -> None:
        _, _, ticket = await new_session(await amake_user())
        async with socket(ticket) as ws:
            await ws.send_json_to({"op": "watch", "topic": "session"})
            assert await receive(ws) == {"op": "error", "topic": "session", "code": "bad_request"}
