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
import io
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
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
NGINX_SITE = ROOT / "docker" / "nginx.conf"
STARTUP_TIMEOUT = 120.0
DEFAULT_WORKDIR = ROOT / "var" / "topology"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/kehadiran_topology"
DEFAULT_REDIS = "redis://127.0.0.1:6379/7"
# The response header naming the replica that answered (topology only, not docker/nginx.conf).
UPSTREAM_HEADER = "X-Kehadiran-Upstream"
# Daphne's listen queue (Twisted's default is 50; the kernel caps it at net.core.somaxconn). In a rolling
# restart the replica that stays takes the sockets of the stopped one: hundreds of connections from nginx
# at once. Beyond 50 waiting the kernel dropped them, and each dropped one waited for its SYN retransmit
# (1 s, then 3 s, 7 s): the storm came back in waves, tens of seconds long (issue 30, bench/HISTORY.md).
LISTEN_BACKLOG = 4096


def daphne_listen(host: str, port: int, backlog: int = LISTEN_BACKLOG) -> list[str]:
    """Daphne's arguments to listen on `host`:`port` with a listen queue of `backlog`
    (docker/Dockerfile and the Makefile spell out the same endpoint)."""
    return ["-e", f"tcp:port={port}:interface={host}:backlog={backlog}"]


def log(text: str) -> None:
    print(f"topology: {text}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def alive(pid: int | None) -> bool:
    """The process runs (a zombie, exited but not yet reaped by its parent, does not)."""
    if not pid:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def terminate(pid: int | None, sig: int = signal.SIGTERM, timeout: float = 20.0) -> None:
    """Signal `pid`, wait for it to end, kill it after `timeout`."""
    if not alive(pid):
        return
    assert pid is not None
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)
    deadline = time.monotonic() + timeout
    while alive(pid) and time.monotonic() < deadline:
        reap()
        time.sleep(0.05)
    if alive(pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        while alive(pid):
            reap()
            time.sleep(0.05)
    reap()


_children: dict[int, subprocess.Popen[bytes]] = {}


def reap() -> None:
    """Collect this process's exited children (a restarted replica's predecessor)."""
    for pid, child in list(_children.items()):
        if child.poll() is not None:
            del _children[pid]


def spawn(argv: Sequence[str], *, cwd: Path, env: dict[str, str], log_path: Path) -> int:
    """Start a process in a session of its own (it outlives a CLI call that started it)."""
    cwd.mkdir(parents=True, exist_ok=True)
    with log_path.open("ab") as output:
        child = subprocess.Popen(
            list(argv), cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    _children[child.pid] = child
    return child.pid


def wait_http(url: str, pid: int | None, log_path: Path, what: str, timeout: float = STARTUP_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pid is not None and not alive(pid):
            raise RuntimeError(f"{what} exited:\n{tail(log_path)}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not answer {url} within {timeout:.0f} s:\n{tail(log_path)}")


def tail(path: Path, size: int = 3000) -> str:
    with contextlib.suppress(OSError):
        return path.read_text(errors="replace")[-size:]
    return ""


# --- nginx ----------------------------------------------------------------------------------------


def nginx_binary() -> str:
    """nginx from the Debian package, installed (nginx-light) when missing."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if Path(binary).exists():
        return binary
    log("nginx is missing: installing the Debian package nginx-light")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx-light"], check=True, env=env)
    if not Path("/usr/sbin/nginx").exists():
        raise SystemExit("topology: nginx could not be installed (apt-get install nginx-light)")
    return "/usr/sbin/nginx"


NGINX_MAIN = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections {connections}; }}
worker_rlimit_nofile {files};
http {{
  log_format topology '$msec $status $request_method $uri $upstream_addr $upstream_status';
  access_log {dir}/access.log topology;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  # Which replica answered: the smoke test reads it to reach both (not in production).
  add_header {upstream_header} $upstream_addr always;
  include {dir}/site.conf;
}}
"""


def render_site(ports: Sequence[int], listen: int, down: frozenset[int] = frozenset()) -> str:
    """docker/nginx.conf with the replicas on `ports` (those in `down` drained) and a local port."""
    site = NGINX_SITE.read_text()
    match = re.search(r"^\s*server web:8000([^;]*);", site, flags=re.M)
    parameters = match.group(1) if match else ""
    servers = " ".join(f"server 127.0.0.1:{p}{parameters}{' down' if p in down else ''};" for p in ports)
    rendered, upstreams = re.subn(r"^(\s*)server web:8000[^;]*;", rf"\g<1>{servers}", site, flags=re.M)
    rendered, listens = re.subn(
        r"^(\s*)listen 80;", rf"\g<1>listen 127.0.0.1:{listen};", rendered, flags=re.M
    )
    if (upstreams, listens) != (1, 1):
        raise SystemExit(f"topology: {NGINX_SITE} lacks one `server web:8000...;` and one `listen 80;`")
    return rendered


@dataclass
class Nginx:
    """nginx on a free local port (or `port`), balancing over the replicas on `ports`."""

    workdir: Path
    ports: list[int]
    connections: int = 4096
    port: int = 0
    pid: int | None = None
    down: set[int] = field(default_factory=set)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def write_config(self) -> Path:
        self.workdir.mkdir(parents=True, exist_ok=True)
        (self.workdir / "site.conf").write_text(render_site(self.ports, self.port, frozenset(self.down)))
        conf = self.workdir / "nginx.conf"
        conf.write_text(
            NGINX_MAIN.format(
                dir=self.workdir,
                connections=self.connections * 2 + 1024,
                files=self.connections * 4 + 2048,
                upstream_header=UPSTREAM_HEADER,
            )
        )
        return conf

    def start(self) -> None:
        self.port = self.port or free_port()
        conf = self.write_config()
        argv = [nginx_binary(), "-c", str(conf), "-p", str(self.workdir), "-g", "daemon off;"]
        self.pid = spawn(argv, cwd=self.workdir, env=dict(os.environ), log_path=self.workdir / "stderr.log")
        wait_http(f"{self.base_url}/api/health", self.pid, self.workdir / "error.log", "nginx")

    def reload(self) -> None:
        """Apply the config: new workers take new connections, the old ones finish what they serve."""
        self.write_config()
        generation = self._workers()
        assert self.pid is not None
        os.kill(self.pid, signal.SIGHUP)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (self._workers() - generation):
            time.sleep(0.05)

    def _workers(self) -> set[int]:
        assert self.pid is not None
        children: set[int] = set()
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{self.pid}/task").iterdir():
                children |= {int(c) for c in (task / "children").read_text().split()}
        return children

    def drain(self, port: int) -> None:
        self.down.add(port)
        self.reload()

    def undrain(self, port: int) -> None:
        self.down.discard(port)
        self.reload()

    def stop(self) -> None:
        # SIGQUIT: graceful; the sockets it still proxies end with it.
        terminate(self.pid, signal.SIGQUIT, timeout=5)
        self.pid = None

    def statuses(self, since: float = 0.0) -> Counter[int]:
        """Answers logged since `since` (epoch seconds) by status (101 = a websocket that ended)."""
        counts: Counter[int] = Counter()
        with contextlib.suppress(OSError), (self.workdir / "access.log").open() as lines:
            for line in lines:
                fields = line.split()
                if len(fields) >= 2 and float(fields[0]) >= since:
                    counts[int(fields[1])] += 1
        return counts


class Replica(Protocol):
    port: int

    def stop(self) -> None: ...

    def start(self) -> None: ...


def rolling_restart(
    nginx: Nginx,
    replicas: Sequence[Replica],
    *,
    settle: float = 1.0,
    on_ready: Callable[[int], None] | None = None,
) -> None:
    """Restart `replicas` one at a time behind `nginx` (drain, stop, start, wait healthy, put back)."""
    for index, replica in enumerate(replicas):
        nginx.drain(replica.port)
        # Requests that reached the replica before the reload finish before it stops.
        time.sleep(settle)
        replica.stop()
        replica.start()
        if on_ready is not None:
            on_ready(index)
        nginx.undrain(replica.port)


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


SMOKE_EMPLOYEE = "TOPO0001"
SMOKE_PASSWORD = "karyawan123"


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


# --- the smoke test -------------------------------------------------------------------------------

ADMIN = {"email": "admin@example.com", "password": "admin12345"}


class SmokeFailed(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailed(what)


def upstream(response: httpx.Response) -> str:
    return str(response.headers.get(UPSTREAM_HEADER, ""))


def on_other_replica(http: httpx.Client, method: str, url: str, than: str, **kwargs: Any) -> httpx.Response:
    """Repeat a request through nginx (round robin) until a replica other than `than` answers it."""
    for _ in range(12):
        response = http.request(method, url, **kwargs)
        if upstream(response) and upstream(response) != than:
            return response
    raise SmokeFailed(f"nginx never sent {url} to a replica other than {than}")


def websocket(base_url: str, http: httpx.Client, token: str, topic: str) -> tuple[Any, str]:
    """A tab's socket through nginx: ticket, connect, subscribe; with the replica it landed on."""
    from websockets.sync.client import connect

    netloc = urlsplit(base_url).netloc
    ticket = http.post("/api/web/v1/realtime/ticket", headers={"Authorization": token})
    check(ticket.status_code == 200, f"ticket: {ticket.status_code} {ticket.text[:200]}")
    url = f"ws://{netloc}/ws/v1/?ticket={ticket.json()['data']['ticket']}"
    # Entered here, closed by the caller (websockets 17 wants the context manager entered).
    ws = connect(url, origin=f"http://{netloc}", open_timeout=20).__enter__()  # type: ignore[call-overload]
    ws.send(json.dumps({"op": "subscribe", "topic": topic}))
    answer = json.loads(ws.recv(timeout=20))
    check(answer.get("op") == "subscribed", f"subscribe {topic}: {answer}")
    assert ws.response is not None
    return ws, str(ws.response.headers.get(UPSTREAM_HEADER, ""))


def smoke(topology: Topology, say: Callable[[str], None] = print, timeout: float = 60.0) -> None:
    """Through nginx: sign in, sockets on both replicas, a check-in photo stored by one replica read
    from the other, a template upload the worker imports, an HR pull whose progress reaches a socket
    on the replica that did not start it, every process healthy. Each step says `ok` or `FAIL`; raises
    SmokeFailed naming the failed steps at the end."""
    failed: list[str] = []

    @contextlib.contextmanager
    def step() -> Iterator[None]:
        try:
            yield
        except SmokeFailed as error:
            failed.append(str(error))
            say(f"FAIL {error}")

    base = topology.base_url
    sockets: list[tuple[Any, str]] = []
    with httpx.Client(base_url=base, timeout=30) as http:
        signed = http.post("/api/web/v1/auth/", json=ADMIN)
        check(signed.status_code == 200, f"sign-in: {signed.status_code} {signed.text[:300]}")
        token = signed.json()["data"]["token"]
        auth = {"Authorization": token}
        say(f"ok   sign-in through nginx ({upstream(signed)})")
        try:
            sockets += _sockets_on_both_replicas(base, http, token)
            say(f"ok   websockets subscribed to `jobs` on both replicas ({sockets[0][1]}, {sockets[1][1]})")
            with step():
                say(_photo_step(http, auth))
            with step():
                say(_upload_step(http, auth, topology.smoke_site, timeout))
            with step():
                for line in _hr_pull_step(http, auth, sockets, timeout):
                    say(line)
        finally:
            for ws, _ in sockets:
                ws.close()
    with step():
        health = topology.health()
        for name, state in health.items():
            check(state.get("status") == "ok", f"health of {name}: {state}")
        said = ", ".join(f"{name} {state['status']}" for name, state in health.items())
        say(f"ok   health: {said}")
    if failed:
        raise SmokeFailed(f"{len(failed)} step(s) failed: " + " | ".join(failed))


def _sockets_on_both_replicas(base: str, http: httpx.Client, token: str) -> list[tuple[Any, str]]:
    first, first_at = websocket(base, http, token, "jobs")
    for _ in range(12):
        other, other_at = websocket(base, http, token, "jobs")
        if other_at != first_at:
            return [(first, first_at), (other, other_at)]
        other.close()
        # Round robin over ticket, socket, ticket, socket... lands every socket on one replica.
        http.get("/api/health")
    first.close()
    raise SmokeFailed("nginx put every socket on one replica")


def _photo_step(http: httpx.Client, auth: dict[str, str]) -> str:
    """A check-in photo stored by one replica, read back through the other."""
    from PIL import Image

    phone = http.post(
        "/api/mobile/v1/auth/", json={"employee_number": SMOKE_EMPLOYEE, "password": SMOKE_PASSWORD}
    )
    check(phone.status_code == 200, f"mobile sign-in: {phone.status_code} {phone.text[:300]}")
    image = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(image, format="JPEG")
    posted = http.post(
        "/api/mobile/v1/attendance/",
        data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
        files={"photo": ("wajah.jpg", image.getvalue(), "image/jpeg")},
        headers={"Authorization": phone.json()["data"]["token"]},
    )
    check(posted.status_code == 201, f"check-in: {posted.status_code} {posted.text[:300]}")
    stored_by, log_id = upstream(posted), posted.json()["data"]["hash_id"]
    queue = http.get(
        "/api/web/v1/attendance_log/list",
        params={"status": "waiting_approval", "per_page": 100},
        headers=auth,
    )
    check(queue.status_code == 200, f"queue: {queue.status_code} {queue.text[:300]}")
    rows = [row for row in queue.json()["data"] if row["hash_id"] == log_id]
    check(bool(rows) and bool(rows[0]["log_photo"]), f"check-in {log_id} not in the queue with a photo")
    read = on_other_replica(http, "GET", rows[0]["log_photo"], stored_by, headers=auth)
    check(
        read.status_code == 200 and read.headers.get("content-type") == "image/jpeg" and bool(read.content),
        f"check-in photo stored by {stored_by}, read on {upstream(read)}: "
        f"{read.status_code} {read.text[:200]}",
    )
    return f"ok   check-in photo stored by {stored_by}, read back on {upstream(read)}"


def _upload_step(http: httpx.Client, auth: dict[str, str], site: str, timeout: float) -> str:
    """A template downloaded, filled, posted; the worker reads the stored file and imports it."""
    from openpyxl import load_workbook

    start = date.today() - timedelta(days=40)
    template = http.get(
        "/api/web/v1/attendance_log/export_attendance",
        params={
            "start_date": start.isoformat(),
            "end_date": (start + timedelta(days=6)).isoformat(),
            "man_power_name": site,
        },
        headers=auth,
    )
    check(template.status_code == 200, f"template: {template.status_code} {template.text[:300]}")
    book = load_workbook(io.BytesIO(template.content))
    sheet = book["Sheet"]
    row = next(r for r in sheet.iter_rows(min_row=2) if str(r[0].value) == "TOPO-0001")
    sheet[f"D{row[0].row}"], sheet[f"E{row[0].row}"] = "08:00", "17:00"
    filled = io.BytesIO()
    book.save(filled)
    name = template.headers["Content-Disposition"].split("filename=")[1].strip('"')
    uploaded = http.post(
        "/api/web/v1/attendance_log/import_attendance",
        files={"upload_file": (name, filled.getvalue(), "application/octet-stream")},
        headers=auth,
    )
    check(uploaded.status_code == 200, f"upload: {uploaded.status_code} {uploaded.text[:300]}")
    job = _finished_job(http, auth, uploaded.json()["data"]["job"], timeout)
    check(
        job["status"] == "succeeded",
        f"upload stored by {upstream(uploaded)}, imported by the worker: {job['status']}: "
        f"{job.get('message')} {job.get('errors')}",
    )
    return f"ok   template stored by {upstream(uploaded)}, imported by the worker: {job['message']}"


def _hr_pull_step(
    http: httpx.Client, auth: dict[str, str], sockets: list[tuple[Any, str]], timeout: float
) -> list[str]:
    """An HR pull started on one replica; its progress reaches the sockets of both."""
    pulled = http.post("/api/web/v1/employee/sync_hr_data", headers=auth)
    check(pulled.status_code == 200, f"HR pull: {pulled.status_code} {pulled.text[:300]}")
    job_id, started_on = pulled.json()["data"]["job"], upstream(pulled)
    lines = []
    for ws, at in sockets:
        statuses = _progress(ws, job_id, timeout)
        check(statuses[-1:] == ["succeeded"], f"HR pull progress on {at}: {statuses}")
        where = "the other replica" if at != started_on else "the same replica"
        lines.append(
            f"ok   HR pull started on {started_on}: {len(statuses)} progress events reached the socket "
            f"on {where} ({at}), last `{statuses[-1]}`"
        )
    return lines


def _finished_job(http: httpx.Client, auth: dict[str, str], job_id: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = http.get(f"/api/web/v1/job/{job_id}", headers=auth)
        check(answer.status_code == 200, f"job {job_id}: {answer.status_code} {answer.text[:300]}")
        job: dict[str, Any] = answer.json()["data"]
        if job["status"] in ("succeeded", "failed", "cancelled"):
            return job
        time.sleep(0.3)
    raise SmokeFailed(f"job {job_id} did not finish within {timeout:.0f} s (is the worker running?)")


def _progress(ws: Any, job_id: str, timeout: float) -> list[str]:
    """The statuses of `job_id`'s progress events on `ws`, until a final one or `timeout`."""
    statuses: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            frame = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        except TimeoutError:
            break
        if frame.get("op") == "event" and frame.get("data", {}).get("job") == job_id:
            statuses.append(frame["data"]["status"])
            if frame["data"]["status"] in ("succeeded", "failed", "cancelled"):
                break
    return statuses


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
