"""Celery: a worker and beat in production; eager (in-process) in the zero-setup `make run`."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.config.settings")

app = Celery("kehadiran")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
