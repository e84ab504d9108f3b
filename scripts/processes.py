#!/usr/bin/env python
"""Processes and nginx of the local topology (scripts/topology.py) and of the benchmarks that put nginx in
front of Daphnes (bench/ws_fanout.py, bench/ws_restart.py): start, wait for, stop and reap processes; nginx
serving docker/nginx.conf with the replicas' ports, draining one for a rolling restart."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import httpx

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
NGINX_SITE = ROOT / "docker" / "nginx.conf"
STARTUP_TIMEOUT = 120.0
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
