"""Celery: a worker and beat in production; eager (in-process) in the zero-setup `make run`."""

import os
from pathlib import Path
from typing import Any

from celery import Celery
from celery.beat import PersistentScheduler
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")

app = Celery("kehadiran")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _refuse_insecure_settings(**kwargs: Any) -> None:
    """A worker or beat refuses the public development secrets as the server does (startup.py). Celery
    logs and ignores a receiver's exception: the process exits here instead."""
    from django.core.exceptions import ImproperlyConfigured

    from server.config.startup import refuse_insecure_settings

    try:
        refuse_insecure_settings()
    except ImproperlyConfigured as error:
        raise SystemExit(f"ImproperlyConfigured: {error}") from error


worker_init.connect(_refuse_insecure_settings)
beat_init.connect(_refuse_insecure_settings)


class HeartbeatScheduler(PersistentScheduler):  # type: ignore[misc]
    """Beat's own scheduler, touching BEAT_HEARTBEAT_FILE at every tick for the healthcheck (a beat
    that hangs or lost its broker stops ticking; the process may still run)."""

    def tick(self, *args: Any, **kwargs: Any) -> float:
        from django.conf import settings

        Path(settings.BEAT_HEARTBEAT_FILE).touch()
        interval: float = super().tick(*args, **kwargs)
        return interval
