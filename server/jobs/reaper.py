"""Each server process reaps lost jobs in a thread of its own (DESIGN §11): reads never write.

Celery beat runs `jobs.reap` every 20 s where beat runs; the zero-setup `make run` (no beat, jobs in
threads of the server) and a server whose beat is away rely on this thread instead. Reaping is a
conditional update, so several processes (replicas, beat) doing it at once fail a job once.
"""

from __future__ import annotations

import logging
import threading

from django.db import close_old_connections

from server.jobs.runner import jobs_reap

logger = logging.getLogger(__name__)

REAP_INTERVAL_SECONDS = 20.0

_started = threading.Event()
_stop = threading.Event()


def _loop(interval: float) -> None:
    while not _stop.wait(interval):
        try:
            jobs_reap()
        except Exception:  # a database hiccup must not end the thread: the next round tries again
            logger.exception("Reaping lost jobs failed")
        finally:
            close_old_connections()


def reaper_start(interval: float = REAP_INTERVAL_SECONDS) -> bool:
    """Start this process's reaper thread once; False when it already runs."""
    if _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_loop, args=(interval,), name="jobs-reaper", daemon=True).start()
    return True
