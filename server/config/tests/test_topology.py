"""The production topology as processes (DESIGN §19, scripts/topology.py): nginx serving
docker/nginx.conf in front of two Daphnes, a Celery worker and beat, each in a working directory of
its own and all on one media directory, on PostgreSQL and Redis. Its smoke, through nginx: sign in,
sockets on both replicas, a check-in photo stored by one replica and read from the other, a template
upload imported by the worker, an HR pull whose progress reaches a socket on the other replica, and
the healthchecks of every process. Bounded: 2 minutes in all on a loaded machine."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connections

sys.path.insert(0, str(settings.BASE_DIR))

from scripts import topology as topo

# transaction=True: no transaction holds the test database open while it is copied.
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

BOUND_S = 120.0


def database_url(name: str) -> str:
    db = settings.DATABASES["default"]
    credentials = quote(db["USER"]) + (f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else "")
    return f"postgres://{credentials}@{db['HOST']}:{db['PORT']}/{name}"


def test_the_topology_smoke_passes_through_nginx(tmp_path: Path) -> None:
    started = time.monotonic()
    # A copy of this worker's migrated test database: no migrations to run (they take a minute here).
    source = connections["default"].settings_dict["NAME"]
    url = database_url(f"{source}_topology")
    connections.close_all()
    topo.recreate_database(url, template=source)
    env = topo.base_env(url, settings.REDIS_URL, f"{settings.CHANNEL_PREFIX}-topology")
    topology = topo.Topology(tmp_path, env)
    said: list[str] = []
    try:
        topo.prepare(topology, employees=10, days=1, migrate=False)
        with topo.running(topology):
            topo.smoke(topology, say=said.append)
    finally:
        topo.drop_database(url)
    print("\n".join(said))
    assert [line.split()[0] for line in said] == ["ok"] * 7, said
    assert time.monotonic() - started < BOUND_S, f"the smoke took {time.monotonic() - started:.0f} s"


def test_compose_mounts_one_media_volume_on_web_worker_and_beat_and_checks_their_health() -> None:
    """docker/compose.yaml describes what the smoke runs: the media directory is one volume mounted
    by every process that stores or reads files, each of them checked by a healthcheck, and the
    secrets are required (compose refuses to start without them)."""
    import yaml

    compose = yaml.safe_load((settings.BASE_DIR / "docker" / "compose.yaml").read_text())
    services = compose["services"]
    for name in ("web", "worker", "beat"):
        service = services[name]
        media_root = service["environment"]["MEDIA_ROOT"]
        assert f"media:{media_root}" in service["volumes"], name
        assert service["healthcheck"]["test"], name
        for secret in ("SECRET_KEY", "HR_API_TOKEN", "PAYROLL_API_TOKEN"):
            assert service["environment"][secret].startswith(f"${{{secret}:?"), (name, secret)
        assert service["environment"]["DEBUG"] == "0"
    assert services["worker"]["healthcheck"]["test"][-2:] == ["server.config.healthcheck", "worker"]
    assert services["beat"]["healthcheck"]["test"][-2:] == ["server.config.healthcheck", "beat"]
    assert "media" in compose["volumes"]
