#!/usr/bin/env python
"""The production topology of docker/compose.yaml from the checkout, without containers (DESIGN §19).

nginx (Debian package `nginx-light`, installed when missing; its own config, prefix and free port,
serving docker/nginx.conf itself) in front of two Daphne replicas, a Celery worker and beat, on
PostgreSQL and Redis; the fake HR and payroll applications beside them. Every process has a working
directory of its own (`<workdir>/<name>`, its own VAR_DIR as a container has) and all of them mount the
one media directory `<workdir>/media` (MEDIA_ROOT), as the compose services mount the media volume.
`--separate-media` leaves MEDIA_ROOT unset, so each process keeps its files in its own VAR_DIR: the
compose file before it had a media volume.

    .venv/bin/python scripts/topology.py up          # `make topology`: migrate, seed once, serve
    .venv/bin/python scripts/topology.py status      # health: web, worker ping, beat heartbeat
    .venv/bin/python scripts/topology.py restart-one 0   # drain replica 0 at nginx, restart it, put it back
    .venv/bin/python scripts/topology.py rolling     # every replica, one at a time (a deploy)
    .venv/bin/python scripts/topology.py down
    .venv/bin/python scripts/topology.py smoke [--separate-media]   # `make topology-smoke`: fresh database

A rolling restart never leaves nginx without a replica: the one to restart is marked `down` and nginx
reloaded (new requests and sockets go to the others, requests in flight finish), then it is stopped
(its sockets close and the tabs reconnect through nginx to the others), started again on its port,
waited for (/api/health), and put back. The bench (bench/ws_restart.py --rolling) measures it with
1,000 tabs; bench/ws_fanout.py --processes 2 uses the same `Nginx`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: the checkout's scripts/

from scripts.processes import (
    BIN,
    ROOT,
    Nginx,
    alive,
    daphne_listen,
    free_port,
    log,
    reap,
    rolling_restart,
    spawn,
    terminate,
    wait_http,
)
from scripts.topology_smoke import SMOKE_EMPLOYEE, SMOKE_PASSWORD, SmokeFailed, smoke

DEFAULT_WORKDIR = ROOT / "var" / "topology"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/kehadiran_topology"
DEFAULT_REDIS = "redis://127.0.0.1:6379/7"


# --- the processes --------------------------------------------------------------------------------


@dataclass
class Service:
    """One process of the topology: its command, working directory and environment of its own."""

    name: str
    argv: list[str]
    workdir: Path
    env: dict[str, str]
    port: int = 0
    pid: int | None = None
    health_url: str = ""

    @property
    def log_path(self) -> Path:
        return self.workdir / f"{self.name}.log"

    def start(self) -> None:
        self.pid = spawn(self.argv, cwd=self.workdir, env=self.env, log_path=self.log_path)
        if self.health_url:
            wait_http(self.health_url, self.pid, self.log_path, self.name)

    def stop(self) -> None:
        # Daphne and Celery both shut down cleanly on SIGTERM (a Celery worker finishes its tasks).
        terminate(self.pid)
        self.pid = None

    def as_state(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "argv": self.argv,
            "workdir": str(self.workdir),
            "env": self.env,
            "port": self.port,
            "pid": self.pid,
            "health_url": self.health_url,
        }


def base_env(database_url: str, redis_url: str, prefix: str) -> dict[str, str]:
    """The environment every process shares (what compose's `x-app` sets)."""
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "server.config.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CHANNEL_PREFIX": prefix,
        # Tasks of this topology only: another worker on the same Redis database never takes them.
        "CELERY_QUEUE": prefix,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "NUM_PROXIES": "1",
        # 50+ characters: DEBUG=0 refuses a weak key (server/config/startup.py).
        "SECRET_KEY": os.environ.get(
            "SECRET_KEY", f"topology-only-secret-key-of-kehadiran-{prefix}-never-in-production"
        ),
        "KEHADIRAN_DEMO": "1",
        "FAST_PASSWORD_HASHER": os.environ.get("FAST_PASSWORD_HASHER", "1"),
        "DB_POOL_MAX_SIZE": os.environ.get("DB_POOL_MAX_SIZE", "10"),
    }


@dataclass
class Topology:
    workdir: Path
    env: dict[str, str]
    replicas: int = 2
    shared_media: bool = True
    fakes: bool = True
    hr_employees: int = 60
    # The placement of the smoke test's employee (set by `prepare`).
    smoke_site: str = ""
    services: list[Service] = field(default_factory=list)
    nginx: Nginx | None = None

    @property
    def media(self) -> Path:
        return self.workdir / "media"

    @property
    def base_url(self) -> str:
        assert self.nginx is not None
        return self.nginx.base_url

    @property
    def web(self) -> list[Service]:
        return [s for s in self.services if s.name.startswith("web-")]

    def service(self, name: str) -> Service:
        return next(s for s in self.services if s.name == name)

    def env_of(self, name: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        own = self.workdir / name
        env = {**self.env, "VAR_DIR": str(own / "var"), **(extra or {})}
        if self.shared_media:
            env["MEDIA_ROOT"] = str(self.media)
        else:
            # What compose did before the media volume: every container kept files in its own VAR_DIR.
            env.pop("MEDIA_ROOT", None)
        return env

    def plan(self) -> None:
        self.media.mkdir(parents=True, exist_ok=True)
        extra: dict[str, str] = {}
        if self.fakes:
            hr, payroll = free_port(), free_port()
            extra = {
                "HR_API_URL": f"http://127.0.0.1:{hr}",
                "PAYROLL_API_URL": f"http://127.0.0.1:{payroll}",
                "HR_PAGE_SIZE": "10",
            }
            self.env.update(extra)
            self.services.append(
                Service(
                    "fakes",
                    [
                        sys.executable,
                        "-m",
                        "server.fakes",
                        "--hr-port",
                        str(hr),
                        "--payroll-port",
                        str(payroll),
                        "--employees",
                        str(self.hr_employees),
                    ],
                    self.workdir / "fakes",
                    self.env_of("fakes"),
                )
            )
        for n in range(self.replicas):
            port = free_port()
            name = f"web-{n}"
            self.services.append(
                Service(
                    name,
                    [
                        str(BIN / "daphne"),
                        *daphne_listen("127.0.0.1", port),
                        "--proxy-headers",
                        "--access-log",
                        os.devnull,
                        "server.config.asgi:application",
                    ],
                    self.workdir / name,
                    self.env_of(name),
                    port=port,
                    health_url=f"http://127.0.0.1:{port}/api/health",
                )
            )
        prefix = self.env["CHANNEL_PREFIX"]
        self.services.append(
            Service(
                "worker",
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "server.config",
                    "worker",
                    "-n",
                    f"{prefix}@%h",
                    "--pool",
                    "threads",
                    "--concurrency",
                    "2",
                    "--without-gossip",
                    "--without-mingle",
                    "-l",
                    "warning",
                ],
                self.workdir / "worker",
                self.env_of("worker", {"CELERY_NODE": f"{prefix}@{socket.gethostname()}"}),
            )
        )
        self.services.append(
            Service(
                "beat",
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "server.config",
                    "beat",
                    "-l",
                    "warning",
                    "-s",
                    str(self.workdir / "beat" / "celerybeat-schedule"),
                ],
                self.workdir / "beat",
                self.env_of("beat"),
            )
        )

    def start(self) -> None:
        """Start every process (web replicas in parallel, each waited for), then nginx in front."""
        if not self.services:
            self.plan()
        try:
            started = time.monotonic()
            others = [s for s in self.services if not s.name.startswith("web-")]
            for service in others:
                service.start()
            errors: list[BaseException] = []

            def start_one(service: Service) -> None:
                try:
                    service.start()
                except BaseException as error:
                    errors.append(error)

            threads = [threading.Thread(target=start_one, args=(s,)) for s in self.web]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            if errors:
                raise errors[0]
            self.nginx = Nginx(self.workdir / "nginx", [s.port for s in self.web])
            self.nginx.start()
            log(
                f"up in {time.monotonic() - started:.1f} s: {self.base_url} "
                f"(replicas {', '.join(str(s.port) for s in self.web)}; media {self.media_note()})"
            )
        except BaseException:
            self.stop()
            raise

    def media_note(self) -> str:
        return str(self.media) if self.shared_media else "separate: each process's VAR_DIR/media"

    def stop(self) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        for service in reversed(self.services):
            service.stop()

    def restart_replica(self, index: int) -> None:
        assert self.nginx is not None
        rolling_restart(self.nginx, [self.web[index]])

    def rolling(self, on_ready: Callable[[int], None] | None = None) -> None:
        assert self.nginx is not None
        rolling_restart(self.nginx, self.web, on_ready=on_ready)

    def health(self) -> dict[str, Any]:
        """Each web replica's /api/health, and the worker's and beat's own healthcheck."""
        answer: dict[str, Any] = {}
        for service in self.web:
            try:
                answer[service.name] = httpx.get(service.health_url, timeout=5).json()
            except (httpx.HTTPError, ValueError) as error:
                answer[service.name] = {"status": f"down: {error!r}"}
        for name in ("worker", "beat"):
            done = subprocess.run(
                [sys.executable, "-m", "server.config.healthcheck", name],
                cwd=self.workdir / name,
                env=self.service(name).env,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            answer[name] = {
                "status": "ok" if done.returncode == 0 else "down",
                "said": (done.stdout + done.stderr).strip()[-300:],
            }
        return answer

    # The CLI keeps the topology between calls in <workdir>/state.json.

    def save(self) -> None:
        state = {
            "env": self.env,
            "replicas": self.replicas,
            "shared_media": self.shared_media,
            "smoke_site": self.smoke_site,
            "services": [s.as_state() for s in self.services],
            "nginx": None
            if self.nginx is None
            else {"port": self.nginx.port, "pid": self.nginx.pid, "ports": self.nginx.ports},
        }
        (self.workdir / "state.json").write_text(json.dumps(state, indent=1))

    @classmethod
    def load(cls, workdir: Path) -> Topology:
        path = workdir / "state.json"
        if not path.exists():
            raise SystemExit(f"topology: nothing runs from {workdir} (start it with `make topology`)")
        state = json.loads(path.read_text())
        topology = cls(
            workdir,
            state["env"],
            replicas=state["replicas"],
            shared_media=state["shared_media"],
            smoke_site=state.get("smoke_site", ""),
        )
        topology.services = [
            Service(s["name"], s["argv"], Path(s["workdir"]), s["env"], s["port"], s["pid"], s["health_url"])
            for s in state["services"]
        ]
        if state["nginx"]:
            nginx = state["nginx"]
            topology.nginx = Nginx(workdir / "nginx", nginx["ports"], port=nginx["port"], pid=nginx["pid"])
        return topology


# --- the database ---------------------------------------------------------------------------------


def admin_sql(database_url: str, statement: str) -> None:
    import psycopg

    admin = urlsplit(database_url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(statement)


def database_name(database_url: str) -> str:
    name = urlsplit(database_url).path.lstrip("/")
    if not re.fullmatch(r"[A-Za-z0-9_]+", name):
        raise SystemExit(f"topology: refusing unusual database name {name!r}")
    return name


def recreate_database(database_url: str, template: str = "") -> None:
    """A fresh database; a copy of `template` (a migrated database nobody is connected to) if given."""
    name = database_name(database_url)
    admin_sql(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    copy = f' TEMPLATE "{database_name("/" + template)}"' if template else ""
    admin_sql(database_url, f'CREATE DATABASE "{name}"{copy}')


def drop_database(database_url: str) -> None:
    admin_sql(database_url, f'DROP DATABASE IF EXISTS "{database_name(database_url)}" WITH (FORCE)')


def ensure_database(database_url: str) -> None:
    import psycopg

    try:
        psycopg.connect(database_url, connect_timeout=3).close()
    except psycopg.OperationalError:
        admin_sql(database_url, f'CREATE DATABASE "{database_name(database_url)}"')


def manage(env: dict[str, str], *args: str, workdir: Path) -> str:
    """`manage.py <args>` in the topology's environment (MEDIA_ROOT the shared directory)."""
    workdir.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(
            f"topology: manage.py {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
        )
    return done.stdout


def prepare(topology: Topology, *, employees: int = 300, days: int = 30, migrate: bool = True) -> None:
    """Migrate, seed the demo once, and add the smoke test's employee (idempotent)."""
    env = topology.env_of("setup")
    if migrate:
        manage(env, "migrate", "--noinput", "-v0", workdir=topology.workdir / "setup")
    manage(
        env,
        "seed_demo",
        "--once",
        "--employees",
        str(employees),
        "--days",
        str(days),
        workdir=topology.workdir / "setup",
    )
    code = f"""
from datetime import date, time
from server.schedules.models import Shift, ShiftPattern, ShiftPatternContent
from server.workforce.models import Employee, ManPower
site = ManPower.objects.filter(type="site").order_by("pk").first()
shift, _ = Shift.objects.get_or_create(code="TOPO", defaults=dict(name="Shift Topologi", time_in=time(8),
    time_out=time(17), break_start=time(12), break_end=time(13)))
# Every day a working day: any day of the smoke's upload range takes 08:00-17:00 without a code.
pattern, made = ShiftPattern.objects.get_or_create(code="TOPO", defaults=dict(name="Pola Topologi",
    starting_date=date(2025, 1, 6), day_circle_number=1))
if made:
    ShiftPatternContent.objects.create(pattern=pattern, day_number=1, shift=shift)
employee, _ = Employee.objects.get_or_create(
    employee_number="{SMOKE_EMPLOYEE}",
    defaults=dict(employee_number_formatted="TOPO-0001", name="Karyawan Topologi", man_power=site,
                  shift_pattern=pattern),
)
employee.set_mobile_password("{SMOKE_PASSWORD}")
employee.save()
print("SITE=" + employee.man_power.name)
"""
    said = manage(env, "shell", "-c", code, workdir=topology.workdir / "setup")
    topology.smoke_site = said.strip().splitlines()[-1].removeprefix("SITE=")


# --- the command line -----------------------------------------------------------------------------


@contextlib.contextmanager
def running(topology: Topology) -> Iterator[Topology]:
    try:
        topology.start()
        yield topology
    finally:
        topology.stop()


def smoke_run(args: argparse.Namespace) -> int:
    """A fresh database, the topology, the smoke; everything stopped and dropped at the end."""
    started = time.monotonic()
    workdir = Path(tempfile.mkdtemp(prefix="topology-smoke-")) if args.workdir is None else Path(args.workdir)
    prefix = args.prefix or f"topology-smoke-{os.getpid()}"
    topology = Topology(
        workdir, base_env(args.database_url, args.redis_url, prefix), shared_media=not args.separate_media
    )
    recreate_database(args.database_url)
    try:
        prepare(topology, employees=20, days=2)
        log(f"database ready in {time.monotonic() - started:.1f} s")
        with running(topology):
            try:
                smoke(topology)
            except SmokeFailed as failed:
                print(f"topology smoke FAILED: {failed}", flush=True)
                return 1
    finally:
        if not args.keep:
            drop_database(args.database_url)
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"topology smoke passed in {time.monotonic() - started:.1f} s", flush=True)
    return 0


def up(args: argparse.Namespace) -> int:
    workdir = Path(args.workdir or DEFAULT_WORKDIR)
    if (workdir / "state.json").exists() and any(alive(s.pid) for s in Topology.load(workdir).services):
        raise SystemExit(f"topology: already running from {workdir} (`scripts/topology.py down` first)")
    topology = Topology(
        workdir,
        base_env(args.database_url, args.redis_url, args.prefix or "kehadiran-topology"),
        shared_media=not args.separate_media,
    )
    ensure_database(args.database_url)
    prepare(topology)
    topology.start()
    topology.save()
    print(
        f"Kehadiran topology: {topology.base_url}  (admin@example.com / admin12345); Ctrl-C stops it",
        flush=True,
    )
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    state = workdir / "state.json"
    # Until Ctrl-C, or `scripts/topology.py down` from another terminal (it removes the state).
    while not stop.wait(1) and state.exists():
        reap()
    if state.exists():
        Topology.load(workdir).stop()
        state.unlink(missing_ok=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=["up", "status", "restart-one", "rolling", "down", "smoke"])
    parser.add_argument("replica", nargs="?", type=int, default=0, help="restart-one: the replica (0, 1)")
    parser.add_argument("--workdir", default=None, help=f"default {DEFAULT_WORKDIR} (smoke: a temporary one)")
    parser.add_argument("--database-url", default=os.environ.get("TOPOLOGY_DATABASE_URL", DEFAULT_DATABASE))
    parser.add_argument("--redis-url", default=os.environ.get("TOPOLOGY_REDIS_URL", DEFAULT_REDIS))
    parser.add_argument("--prefix", default="", help="channel prefix and Celery queue of this topology")
    parser.add_argument(
        "--separate-media", action="store_true", help="no shared media (compose before the fix)"
    )
    parser.add_argument("--keep", action="store_true", help="smoke: keep the database and working directory")
    args = parser.parse_args(argv)
    for url in (args.database_url, args.redis_url):
        if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
            parser.error(f"localhost only: {url}")
    if args.command == "smoke":
        return smoke_run(args)
    if args.command == "up":
        return up(args)
    topology = Topology.load(Path(args.workdir or DEFAULT_WORKDIR))
    if args.command == "status":
        print(json.dumps(topology.health(), indent=1))
    elif args.command == "restart-one":
        topology.restart_replica(args.replica)
        topology.save()
    elif args.command == "rolling":
        topology.rolling(on_ready=lambda n: log(f"web-{n} is back"))
        topology.save()
    elif args.command == "down":
        topology.stop()
        (topology.workdir / "state.json").unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
