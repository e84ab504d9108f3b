"""Settings for pytest: real PostgreSQL and Redis (DESIGN §8), fast hashing, mail kept in memory."""

import os
import re

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/kehadiran")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/1")
os.environ.setdefault("CHANNEL_PREFIX", f"kehadiran-test-{os.getpid()}")
# Under pytest-xdist (`make pytest` runs two workers) pytest-django gives each worker a test database
# of its own (test_<name>_gw<n>). Each needs a Redis database of its own too, because a test starts by
# clearing the cache (FLUSHDB) and the Celery broker shares it: gw0 keeps REDIS_URL, gw1..gw4 take
# databases 12..15 of the same server (the e2e servers use 2 and 9..11, the benchmarks 5 and 6). And a
# channel prefix of its own: Redis pub/sub channels are not per database, and the workers inherit the
# controller's environment, CHANNEL_PREFIX included.
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _xdist_worker:
    os.environ["CHANNEL_PREFIX"] = f"{os.environ['CHANNEL_PREFIX']}-{_xdist_worker}"
if _xdist_worker not in ("", "gw0"):
    _n = int(_xdist_worker.removeprefix("gw"))
    if not 1 <= _n <= 4:
        raise SystemExit(f"test_settings: at most 5 pytest-xdist workers share one Redis ({_xdist_worker})")
    os.environ["REDIS_URL"] = re.sub(r"/\d*$", "", os.environ["REDIS_URL"]) + f"/{11 + _n}"
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
# The servers the tests start run with DEBUG=0, which refuses the public development key and the demo
# tokens (server/config/startup.py): a key of the tests' own, and the fake HR and payroll applications.
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-of-the-kehadiran-suite-never-in-production")
os.environ.setdefault("KEHADIRAN_DEMO", "1")
# pytest-django creates and drops the test database under the test process's own connections.
os.environ.setdefault("DB_POOL", "0")
# Tasks run in-process in tests; the worker test turns this off for itself.
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")
# Lost jobs are reaped by hand in the tests (jobs_reap), not by a server process's thread racing them;
# the servers the tests start inherit this.
os.environ.setdefault("JOBS_REAPER_THREAD", "0")

from server.config.settings import *  # noqa: E402, F403  (after the environment above)

EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
