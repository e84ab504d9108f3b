"""Settings for pytest: real PostgreSQL and Redis (DESIGN §8), fast hashing, mail kept in memory."""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/kehadiran")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/1")
os.environ.setdefault("CHANNEL_PREFIX", f"kehadiran-test-{os.getpid()}")
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
# pytest-django creates and drops the test database under the test process's own connections.
os.environ.setdefault("DB_POOL", "0")
# Tasks run in-process in tests; the worker test turns this off for itself.
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")

from server.config.settings import *  # noqa: F403

EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
