"""A private redis-server for tests that stop Redis (the shared one must keep running for others)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class PrivateRedis:
    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@contextmanager
def private_redis(startup_timeout: float = 10.0) -> Iterator[PrivateRedis]:
    """A throw-away redis-server on a free port (no persistence), stopped at the end at the latest."""
    binary = shutil.which("redis-server")
    assert binary is not None, "redis-server is not installed"
    port = unused_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = PrivateRedis(process, port)
    try:
        deadline = time.monotonic() + startup_timeout
        while not _answers(port):
            assert process.poll() is None, "redis-server exited at start"
            assert time.monotonic() < deadline, "redis-server did not answer PING"
            time.sleep(0.05)
        yield server
    finally:
        server.stop()
