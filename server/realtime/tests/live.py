"""Real server processes for the fault tests: Daphne (and a private redis-server) on free ports, with
the environment the test gives them, stopped on exit."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from django.conf import settings
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage
from websockets.sync.client import connect

STARTUP_TIMEOUT = 120.0  # Daphne starts slowly on a loaded machine
APPROVAL_TOPIC = "approval.attendance"
QUEUE_PATH = "/api/web/v1/attendance_log/list"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env(**overrides: str | None) -> dict[str, str]:
    """The test process's environment for a server process; a None override removes the variable."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "server.config.settings",
        "ALLOWED_HOSTS": "127.0.0.1",
        "FAST_PASSWORD_HASHER": "1",
        "THROTTLE_SIGN_IN": "10000/min",
        "PYTHONPATH": str(settings.BASE_DIR),
    }
    for name, value in overrides.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def seed(env: dict[str, str], approvers: int, employees: int) -> dict[str, Any]:
    """Migrate and seed the server's database (see live_seed) in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "server.realtime.tests.live_seed", str(approvers), str(employees)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return dict(json.loads(done.stdout.decode().strip().splitlines()[-1]))


def wait_until_healthy(
    base_url: str, process: subprocess.Popen[bytes], log: Path, *, ok: bool = True
) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"Daphne at {base_url} exited:\n{log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            status = httpx.get(f"{base_url}/api/health", timeout=2).status_code
            if status == 200 or (not ok and status == 503):
                return
        time.sleep(0.2)
    pytest.fail(f"Daphne at {base_url} did not become healthy:\n{log.read_text()[-3000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@contextlib.contextmanager
def daphne(env: dict[str, str], log: Path, *, port: int | None = None) -> Iterator[str]:
    """One Daphne on a free port (or `port`); yields its base URL once /api/health answers 200."""
    port = port or free_port()
    binary = Path(sys.executable).parent / "daphne"
    with log.open("ab") as output:
        process = subprocess.Popen(
            [str(binary), "-b", "127.0.0.1", "-p", str(port), "server.config.asgi:application"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base_url, process, log)
        yield base_url
    finally:
        stop(process)


class RedisServer:
    """A private redis-server (no persistence) on a free port, which a test may stop and start again."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (Debian package redis-server)")
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=self.workdir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s,
            ):
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            time.sleep(0.05)
        pytest.fail(f"redis-server on {self.port} did not start")

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None


def database_url_of_tests() -> str:
    db = settings.DATABASES["default"]
    credentials = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else "")
    return f"postgres://{credentials}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


class Approver(threading.Thread):
    """A browser tab as the client does it: ticket, socket, subscribe; on `subscribed` refetch the queue
    from REST, then apply `entered`/`left` events; on any close reconnect after a jittered pause."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(daemon=True)
        self.base, self.token = base, token
        self.queue: set[str] = set()
        # The logs this tab learnt of from an `entered` event (not from a refetch).
        self.evented: set[str] = set()
        self.connections = 0
        self.closes: list[int | None] = []
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def rest_queue(self) -> set[str]:
        response = httpx.get(
            f"{self.base}{QUEUE_PATH}",
            params={"status": "waiting_approval", "per_page": 100},
            headers={"Authorization": self.token},
            timeout=10,
        )
        response.raise_for_status()
        return {row["hash_id"] for row in response.json()["data"]}

    def run(self) -> None:
        netloc = self.base.removeprefix("http://")
        while not self.stopping.is_set():
            try:
                ticket = httpx.post(
                    f"{self.base}/api/web/v1/realtime/ticket",
                    headers={"Authorization": self.token},
                    timeout=10,
                )
                ticket.raise_for_status()
                url = f"ws://{netloc}/ws/v1/?ticket={ticket.json()['data']['ticket']}"
                with connect(url, origin=f"http://{netloc}", open_timeout=10) as ws:  # type: ignore[arg-type]
                    ws.send(json.dumps({"op": "subscribe", "topic": APPROVAL_TOPIC}))
                    while not self.stopping.is_set():
                        try:
                            frame = json.loads(ws.recv(timeout=0.5))
                        except TimeoutError:
                            continue
                        self.apply(frame)
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)
            except (OSError, httpx.HTTPError, InvalidHandshake, InvalidMessage, TimeoutError):
                pass
            self.stopping.wait(0.2 + random.random() * 0.8)

    def apply(self, frame: dict[str, Any]) -> None:
        if frame.get("op") == "subscribed":
            self.connections += 1
            fresh = self.rest_queue()
            with self.lock:
                self.queue = fresh
        elif frame.get("op") == "event" and frame.get("type") == "entered":
            with self.lock:
                self.queue.add(frame["data"]["row"]["hash_id"])
                self.evented.add(frame["data"]["row"]["hash_id"])
        elif frame.get("op") == "event" and frame.get("type") == "left":
            with self.lock:
                self.queue.discard(frame["data"]["hash_id"])

    def seen(self) -> set[str]:
        with self.lock:
            return set(self.queue)

    def seen_live(self) -> set[str]:
        with self.lock:
            return set(self.evented)


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def approval_world(make_user: Callable[..., Any], employees: int) -> tuple[Any, list[Any]]:
    """An approver of site logs and `employees` site employees with mobile passwords (committed rows)."""
    from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
    from server.testing.clients import with_mobile_password
    from server.testing.factories import make_employee, make_man_power
    from server.workforce.models import ManPowerType

    site = make_man_power(type=ManPowerType.SITE, name="Site Balikpapan", max_radius=100)
    people = [
        with_mobile_password(make_employee(man_power=site, name=f"Karyawan {n}")) for n in range(employees)
    ]
    rights = [
        APPROVE_ATTENDANCE,
        f"{APPROVE_ATTENDANCE}_site",
        REJECT_ATTENDANCE,
        f"{REJECT_ATTENDANCE}_site",
    ]
    return make_user(rights=rights, fullname="Sinta Site"), people


def sign_in(http: httpx.Client, approver: Any, employees: list[Any]) -> tuple[str, list[str]]:
    """The approver's web token and each employee's mobile token."""
    from server.testing.clients import MOBILE_PASSWORD, PASSWORD

    signed_in = http.post("/api/web/v1/auth/", json={"email": approver.email, "password": PASSWORD})
    assert signed_in.status_code == 200, signed_in.text
    phones = []
    for employee in employees:
        response = http.post(
            "/api/mobile/v1/auth/",
            json={"employee_number": employee.employee_number, "password": MOBILE_PASSWORD},
        )
        assert response.status_code == 200, response.text
        phones.append(response.json()["data"]["token"])
    return signed_in.json()["data"]["token"], phones


def check_in(http: httpx.Client, phone: str, photo: bytes) -> str:
    """A check-in far from the placement (it waits for approval); its hash id."""
    response = http.post(
        "/api/mobile/v1/attendance/",
        data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
        files={"photo": ("wajah.jpg", photo, "image/jpeg")},
        headers={"Authorization": phone},
    )
    assert response.status_code == 201, response.text
    return str(response.json()["data"]["hash_id"])
