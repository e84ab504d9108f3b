"""Two real Daphne processes sharing PostgreSQL and Redis: a ticket issued by one is redeemed by the
other, and an event caused by a request served by one reaches a socket served by the other."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from django.conf import settings
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.testing.clients import PASSWORD

STARTUP_TIMEOUT = 40
EVENT_TIMEOUT = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url_of_tests() -> str:
    db = settings.DATABASES["default"]
    credentials = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else "")
    return f"postgres://{credentials}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def wait_until_healthy(address: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Daphne on {address} exited:\n{log.read_text()}")
        try:
            if httpx.get(f"http://{address}/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    pytest.fail(f"Daphne on {address} did not become healthy:\n{log.read_text()}")


@pytest.fixture
def two_servers(transactional_db: Any, tmp_path: Path) -> Iterator[tuple[str, str]]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "server.config.settings",
        "DATABASE_URL": database_url_of_tests(),
        "REDIS_URL": settings.REDIS_URL,
        "CHANNEL_PREFIX": settings.CHANNEL_PREFIX,
        "ALLOWED_HOSTS": "127.0.0.1",
        "FAST_PASSWORD_HASHER": "1",
    }
    daphne = Path(sys.executable).parent / "daphne"
    processes: list[subprocess.Popen[bytes]] = []
    addresses: list[str] = []
    try:
        for name in ("a", "b"):
            port = free_port()
            log = tmp_path / f"daphne-{name}.log"
            with log.open("wb") as output:
                process = subprocess.Popen(
                    [str(daphne), "-b", "127.0.0.1", "-p", str(port), "server.config.asgi:application"],
                    cwd=settings.BASE_DIR,
                    env=env,
                    stdout=output,
                    stderr=subprocess.STDOUT,
                )
            processes.append(process)
            addresses.append(f"127.0.0.1:{port}")
        for address, process, name in zip(addresses, processes, ("a", "b"), strict=True):
            wait_until_healthy(address, process, tmp_path / f"daphne-{name}.log")
        yield addresses[0], addresses[1]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def sign_in(server: str, email: str) -> str:
    response = httpx.post(
        f"http://{server}/api/web/v1/auth/", json={"email": email, "password": PASSWORD}, timeout=5
    )
    assert response.status_code == 200, response.text
    return str(response.json()["data"]["token"])


def ticket_from(server: str, token: str) -> str:
    response = httpx.post(
        f"http://{server}/api/web/v1/realtime/ticket", headers={"Authorization": token}, timeout=5
    )
    assert response.status_code == 200, response.text
    return str(response.json()["data"]["ticket"])


def open_socket(server: str, ticket: str) -> ClientConnection:
    return connect(f"ws://{server}/ws/v1/?ticket={ticket}", origin=f"http://{server}", open_timeout=5)


def exchange(ws: ClientConnection, frame: dict[str, Any]) -> Any:
    ws.send(json.dumps(frame))
    return json.loads(ws.recv(timeout=EVENT_TIMEOUT))


@pytest.mark.slow
def test_sign_out_on_one_process_closes_the_socket_on_the_other(
    two_servers: tuple[str, str], make_user: Any
) -> None:
    a, b = two_servers
    user = make_user()
    leaving_token, staying_token = sign_in(a, user.email), sign_in(a, user.email)
    with (
        open_socket(b, ticket_from(a, leaving_token)) as leaving,
        open_socket(b, ticket_from(a, staying_token)) as staying,
    ):
        assert exchange(leaving, {"op": "subscribe", "topic": "session"})["op"] == "subscribed"
        assert exchange(staying, {"op": "subscribe", "topic": "session"})["op"] == "subscribed"

        response = httpx.post(
            f"http://{a}/api/web/v1/auth/logout", headers={"Authorization": leaving_token}, timeout=5
        )
        assert response.status_code == 200

        event = json.loads(leaving.recv(timeout=EVENT_TIMEOUT))
        assert (event["op"], event["topic"], event["type"], event["data"]) == (
            "event",
            "session",
            "revoked",
            {},
        )
        with pytest.raises(ConnectionClosed) as closed:
            leaving.recv(timeout=EVENT_TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401

        with pytest.raises(TimeoutError):
            staying.recv(timeout=0.5)
        assert exchange(staying, {"op": "ping"}) == {"op": "pong"}


@pytest.mark.slow
def test_a_ticket_works_once_across_processes(two_servers: tuple[str, str], make_user: Any) -> None:
    a, b = two_servers
    ticket = ticket_from(a, sign_in(a, make_user().email))
    with open_socket(b, ticket) as first:
        assert exchange(first, {"op": "ping"}) == {"op": "pong"}
        with open_socket(a, ticket) as second, pytest.raises(ConnectionClosed) as closed:
            second.recv(timeout=EVENT_TIMEOUT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
