"""Our server under the benchmarks: a bench database migrated and seeded, one or more Daphne processes
(nginx in front of several), each waited for and stopped; bench/ws_fanout.py, ws_restart.py, lists.py and
reports.py time against it."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ws_clients import (  # noqa: E402  (the checkout's bench/)
    EMPLOYEES,
    PASSWORD,
    STARTUP_TIMEOUT,
    cpu_seconds,
    free_port,
    log,
)
from scripts.processes import LISTEN_BACKLOG, Nginx, daphne_listen  # noqa: E402  (the checkout's scripts/)


@dataclass
class Target:
    base_url: str
    email: str
    password: str
    employees: list[str]
    employee_password: str
    servers: list[ServerProcess] = field(default_factory=list)
    # With more than one server: the nginx in front of them.
    nginx: Nginx | None = None

    @property
    def pid(self) -> int | None:
        return self.servers[0].pid if len(self.servers) == 1 else None

    def cpu(self) -> list[float]:
        return [cpu_seconds(server.pid) for server in self.servers]


def django_prepare(env: dict[str, str]) -> Target:
    """Migrate and seed the bench database (in this process, before any event loop runs)."""
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from server.accounts.models import User
    from server.core.flags import MAN_POWER_TYPES
    from server.workforce.models import Employee, ManPower, ManPowerType

    call_command("migrate", verbosity=0, interactive=False)
    rights = {
        f"allow_{action}_attendance{suffix}": 1
        for action in ("approved", "rejected")
        for suffix in ("", *(f"_{t}" for t in MAN_POWER_TYPES))
    }
    User.objects.create_user(
        email="bench.approver@example.com",
        password=PASSWORD,
        username="bench.approver",
        fullname="Bench Approver",
        special_rights=rights,
    )
    site = ManPower.objects.create(
        type=ManPowerType.SITE, name="Bench Site", latitude=-1.27, longitude=116.83, max_radius=100
    )
    numbers = []
    for i in range(EMPLOYEES):
        employee = Employee(
            employee_number=f"BENCH{i:04d}",
            employee_number_formatted=f"BENCH-{i:04d}",
            name=f"Karyawan Bench {i}",
            man_power=site,
        )
        employee.set_mobile_password(PASSWORD)
        employee.save()
        numbers.append(employee.employee_number)
    connections.close_all()
    return Target("", "bench.approver@example.com", PASSWORD, numbers, PASSWORD)


def admin_sql(admin_url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(statement)


# The benchmarks' own key (DEBUG=0 refuses the development key and keys under 50 characters).
BENCH_SECRET_KEY = "bench-only-secret-key-of-kehadiran-never-in-production"


@dataclass
class ServerProcess:
    """One Daphne of the bench on its own port (restartable, optionally under py-spy or the sampler)."""

    port: int
    env: dict[str, str]
    profile: str = ""
    process: subprocess.Popen[bytes] | None = None
    backlog: int = LISTEN_BACKLOG

    @property
    def log_path(self) -> Path:
        return Path(tempfile.gettempdir()) / f"ws_bench_daphne_{self.port}.log"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def start(self, *, wait: bool = True) -> None:
        daphne = Path(sys.executable).parent / "daphne"
        server = [
            str(daphne),
            *daphne_listen("127.0.0.1", self.port, self.backlog),
            "server.config.asgi:application",
        ]
        command = server
        py_spy = Path(sys.executable).parent / "py-spy"
        if self.profile and py_spy.exists():
            # py-spy (pip install py-spy) samples Daphne's threads; collapsed stacks for flame graphs.
            command = [str(py_spy), "record", "--format", "raw", "--threads", "--nonblocking", "-r", "50"]
            command += ["-o", self.profile, "--", *server]
        elif self.profile:
            # Without py-spy: the in-process sampler, same raw format, appended over restarts.
            sampler = Path(__file__).resolve().parent / "stack_sampler.py"
            command = [sys.executable, str(sampler), self.profile, "--", *server]
        with self.log_path.open("ab") as output:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env={**os.environ, **self.env}, stdout=output, stderr=subprocess.STDOUT
            )
        if wait:
            wait_healthy(f"http://127.0.0.1:{self.port}", self.process, self.log_path)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None

    def established(self) -> int:
        """Open TCP connections to this process's port (sockets it serves, plus keep-alive HTTP)."""
        return established_connections(self.port)


def established_connections(port: int) -> int:
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                    count += 1
    return count


@contextlib.contextmanager
def nginx(ports: list[int], sockets: int) -> Iterator[Nginx]:
    """nginx in front of `ports`: the one launcher of scripts/topology.py (docker/nginx.conf itself)."""
    server = Nginx(Path(tempfile.mkdtemp(prefix="ws_bench_nginx_")), ports, connections=sockets)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.workdir, ignore_errors=True)


@contextlib.contextmanager
def own_server(args: argparse.Namespace) -> Iterator[Target]:
    """A fresh database and `--processes` Daphnes on free ports (behind nginx when more than one)."""
    database_url = urlsplit(args.postgres)._replace(path=f"/{args.database_name}").geturl()
    drop = f'DROP DATABASE IF EXISTS "{args.database_name}" WITH (FORCE)'
    admin_sql(args.postgres, drop)
    admin_sql(args.postgres, f'CREATE DATABASE "{args.database_name}"')
    settings_module = "server.config.settings"
    if getattr(args, "channel_layer", "") == "pubsub":
        settings_module = "bench.settings_pubsub"
    env = {
        "DJANGO_SETTINGS_MODULE": settings_module,
        "PYTHONPATH": str(ROOT),
        "DATABASE_URL": database_url,
        "REDIS_URL": args.redis,
        "CHANNEL_PREFIX": args.channel_prefix,
        "ALLOWED_HOSTS": "127.0.0.1",
        "FAST_PASSWORD_HASHER": "1",
        "THROTTLE_SIGN_IN": "10000/min",
        # DEBUG=0 refuses the public development key and the demo tokens (server/config/startup.py).
        "SECRET_KEY": os.environ.get("SECRET_KEY", BENCH_SECRET_KEY),
        "KEHADIRAN_DEMO": "1",
    }
    servers: list[ServerProcess] = []
    try:
        started = time.perf_counter()
        target = django_prepare(env)
        log(f"basis data {args.database_name} siap dalam {time.perf_counter() - started:.1f} s")
        profile = getattr(args, "profile", "")
        for n in range(args.processes):
            server = ServerProcess(free_port(), env, f"{profile}.{n}" if profile and n else profile)
            server.backlog = getattr(args, "listen_backlog", LISTEN_BACKLOG)
            server.start()
            servers.append(server)
        target.servers = servers
        if len(servers) == 1:
            target.base_url = f"http://127.0.0.1:{servers[0].port}"
            yield target
        else:
            with nginx([server.port for server in servers], args.sockets) as balancer:
                target.base_url, target.nginx = balancer.base_url, balancer
                yield target
    finally:
        for server in servers:
            server.stop()
        if not args.keep_database:
            with contextlib.suppress(Exception):
                admin_sql(args.postgres, drop)


def wait_healthy(base_url: str, process: subprocess.Popen[bytes], server_log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"ws_fanout: Daphne berhenti:\n{server_log.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base_url}/api/health", timeout=1).status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit(f"ws_fanout: Daphne tidak siap:\n{server_log.read_text()[-3000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    # SIGINT: Daphne shuts down cleanly and py-spy (with --profile) writes its samples.
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
