"""`python -m server.config.healthcheck worker|beat`: exit 0 when the process is healthy (compose's
healthchecks of the worker and beat, `scripts/topology.py status`).

- worker: the worker named CELERY_NODE (default `celery@<hostname>`, Celery's own default name)
  answers a ping through the broker within 10 s: it is connected and its consumer loop runs.
- beat: beat touched VAR_DIR/beat-heartbeat (server.config.celery.HeartbeatScheduler) less than
  BEAT_HEARTBEAT_MAX_AGE seconds ago (default 90; beat ticks at least every 20 s).
"""

from __future__ import annotations

import os
import socket
import sys
import time


def worker_healthy() -> tuple[bool, str]:
    from server.config.celery import app

    node = os.environ.get("CELERY_NODE") or f"celery@{socket.gethostname()}"
    answers = app.control.ping(destination=[node], timeout=10)
    ok = any(node in answer for answer in answers)
    return ok, f"worker {node}: {'pong' if ok else 'no answer'}"


def beat_healthy() -> tuple[bool, str]:
    from django.conf import settings

    limit = float(os.environ.get("BEAT_HEARTBEAT_MAX_AGE", "90"))
    try:
        age = time.time() - os.stat(settings.BEAT_HEARTBEAT_FILE).st_mtime
    except OSError:
        return False, f"beat: no heartbeat at {settings.BEAT_HEARTBEAT_FILE}"
    return age <= limit, f"beat: last tick {age:.0f} s ago (limit {limit:.0f} s)"


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")
    import django

    django.setup()
    checks = {"worker": worker_healthy, "beat": beat_healthy}
    if len(argv) != 1 or argv[0] not in checks:
        print("usage: python -m server.config.healthcheck worker|beat", file=sys.stderr)
        return 2
    ok, said = checks[argv[0]]()
    print(said)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
