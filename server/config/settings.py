"""Settings, driven by the environment.

Zero-setup default (no DATABASE_URL / REDIS_URL): SQLite under var/, in-memory channel layer and
eager Celery. With DATABASE_URL and REDIS_URL set it runs on PostgreSQL, channels-redis and a real
Celery broker, which is what tests and production use.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from redis.backoff import NoBackoff
from redis.retry import Retry

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
CLIENT_DIST = Path(os.environ.get("CLIENT_DIST", BASE_DIR / "client" / "dist"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Public values that must never serve production: with DEBUG=0 the server and the Celery worker refuse
# to start on them (server/config/startup.py).
DEV_SECRET_KEY = "dev-only-insecure-kehadiran-secret-change-me"
DEMO_HR_API_TOKEN = "hr-demo-token"
DEMO_PAYROLL_API_TOKEN = "payroll-demo-token"
# The key `make run` creates once (random) when SECRET_KEY is not set.
LOCAL_SECRET_KEY_FILE = VAR_DIR / "secret_key"


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    if LOCAL_SECRET_KEY_FILE.is_file():
        return LOCAL_SECRET_KEY_FILE.read_text().strip() or DEV_SECRET_KEY
    return DEV_SECRET_KEY


SECRET_KEY = _secret_key()
DEBUG = env_bool("DEBUG", False)
# A demo instance (`make run`, e2e, tests): the HR and payroll applications are the fakes of
# server/fakes, so their demo tokens are allowed with DEBUG=0.
KEHADIRAN_DEMO = env_bool("KEHADIRAN_DEMO")
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]
# Served over TLS (a proxy in front terminates it and sends X-Forwarded-Proto): HSTS on every answer,
# cookies only over https, and Django reads the scheme from the proxy (server/core/security.py).
SECURE_TLS = env_bool("SECURE_TLS")
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", "31536000")) if SECURE_TLS else 0
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_TLS
if SECURE_TLS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "server.core",
    "server.access",
    "server.workforce",
    "server.notifications",
    "server.accounts",
    "server.realtime",
    "server.schedules",
    "server.izin",
    "server.leave",
    "server.attendance",
    "server.mobile",
    "server.demo",
    "server.dashboard",
    "server.reports",
    "server.jobs",
    "server.sync",
    "server.uploads",
    "server.announcements",
    "server.people",
    "server.adjustments",
    "server.audit",
    "server.approval_mail",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Outermost of what changes a body: JSON, html and csv answers gzip-compressed (issue 42).
    "server.core.middleware.CompressedAnswersMiddleware",
    # Before whitenoise, so the client's index and static files get the headers too.
    "server.core.middleware.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.common.CommonMiddleware",
    "server.core.middleware.RejectNulCharactersMiddleware",
    "server.core.request_context.RequestIdMiddleware",
    "server.realtime.publish.PublishAfterAnswerMiddleware",
]

ROOT_URLCONF = "server.config.urls"
ASGI_APPLICATION = "server.config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]

VAR_DIR.mkdir(parents=True, exist_ok=True)
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'kehadiran.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Zero-setup SQLite under concurrent requests: WAL lets readers run beside the one writer, a busy
    # timeout makes writers queue instead of failing with "database is locked", and IMMEDIATE
    # transactions take the write lock at BEGIN (a deferred transaction that reads and then writes
    # cannot wait for the lock and fails at once).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": int(os.environ.get("SQLITE_BUSY_TIMEOUT", "30")),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DB_POOL", True):
    # A connection pool per process (Django 5.1+, psycopg_pool). Under ASGI every request runs on a
    # thread of its own, so without a pool each request (and each websocket batch) opened a new
    # PostgreSQL connection: the largest cost of a reconnect storm (bench/README.md).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "2")),
        # A request waits for a free connection up to `timeout` seconds, then fails: a 5,000-socket
        # storm on a loaded machine exhausted 10 connections for 10 s (bench/README.md).
        "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", "20")),
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "30")),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
PASSWORD_HASHERS = (
    ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if env_bool("FAST_PASSWORD_HASHER")
    else ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
)

LANGUAGE_CODE = "id"
TIME_ZONE = os.environ.get("TIME_ZONE", "Asia/Jakarta")
USE_I18N = True
# Indonesian for the REST framework messages its own catalog leaves in English (server/locale).
LOCALE_PATHS = [BASE_DIR / "server" / "locale"]
USE_TZ = True
# Start the server clock at another moment (ISO 8601 with offset) for demos and e2e: server/core/clock.py.
CLOCK_START = os.environ.get("CLOCK_START", "")

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_ROOT = CLIENT_DIST if CLIENT_DIST.exists() else None
WHITENOISE_INDEX_FILE = False
WHITENOISE_USE_FINDERS = True
# The client build's assets carry Vite's content hash in their names (index-C8r8zuOz.js): cached for good;
# index.html and the rest keep the short max-age (a new build is seen within a minute).
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/assets/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
MEDIA_URL = "/media/"

REDIS_URL = os.environ.get("REDIS_URL", "")
CHANNEL_PREFIX = os.environ.get("CHANNEL_PREFIX", "kehadiran")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": CHANNEL_PREFIX},
        }
    }
    # Fails open to this process's memory while Redis is away (server/core/cache.py); short timeouts
    # and one quick retry, so a dead Redis costs a request milliseconds.
    CACHES = {
        "default": {
            "BACKEND": "server.core.cache.FailOpenRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CHANNEL_PREFIX,
            "OPTIONS": {
                "socket_connect_timeout": float(os.environ.get("REDIS_CONNECT_TIMEOUT", "0.5")),
                "socket_timeout": float(os.environ.get("REDIS_TIMEOUT", "2")),
                "retry": Retry(NoBackoff(), 1),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The queue the web processes and beat send to and the worker takes from: one per deployment sharing
# a Redis database (scripts/topology.py gives each topology its own).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# Beat touches VAR_DIR/beat-heartbeat at every tick (at least every 20 s: reap-jobs); its healthcheck
# (`python -m server.config.healthcheck beat`) reads the file's age.
CELERY_BEAT_SCHEDULER = "server.config.celery:HeartbeatScheduler"
BEAT_HEARTBEAT_FILE = VAR_DIR / "beat-heartbeat"
# Both jobs are idempotent, so a missed or repeated run is harmless; run them by hand with
# `manage.py close_day` / `manage.py refresh_leave`.
CELERY_BEAT_SCHEDULE = {
    "close-yesterday": {
        "task": "attendance.close_day",
        "schedule": crontab(hour=0, minute=30),
    },
    "leave-yearly-refresh": {
        "task": "leave.refresh_year",
        "schedule": crontab(hour=0, minute=10, day_of_month=15, month_of_year=1),
    },
}
# Background jobs (server/jobs): a Celery task with a broker; a thread of the server without one.
JOBS_RUNNER = os.environ.get("JOBS_RUNNER", "celery" if REDIS_URL else "thread")
# Each server process reaps lost jobs in a thread (server/jobs/reaper.py); the tests reap by hand.
JOBS_REAPER_THREAD = env_bool("JOBS_REAPER_THREAD", default=True)
JOBS_LEASE_SECONDS = float(os.environ.get("JOBS_LEASE_SECONDS", "30"))
CELERY_BEAT_SCHEDULE["reap-jobs"] = {"task": "jobs.reap", "schedule": 20.0}
# The dashboard's kept counts: deltas folded into their totals off the request path.
CELERY_BEAT_SCHEDULE["compact-dashboard-counts"] = {"task": "dashboard.compact_counts", "schedule": 30.0}
# The scheduled HR pull (server/sync/services.py): beat asks every minute, the time is a setting.
CELERY_BEAT_SCHEDULE["hr-pull-scheduled"] = {"task": "sync.hr_pull_scheduled", "schedule": 60.0}
# The approvers' daily digest (server/approval_mail): beat asks every minute, sent once a day per
# approver from APPROVAL_DIGEST_TIME (local HH:MM). E-mailed approval links live APPROVAL_LINK_HOURS.
CELERY_BEAT_SCHEDULE["approval-digest"] = {"task": "approval_mail.digest_due", "schedule": 60.0}
APPROVAL_DIGEST_TIME = os.environ.get("APPROVAL_DIGEST_TIME", "07:00")
APPROVAL_LINK_HOURS = int(os.environ.get("APPROVAL_LINK_HOURS", "72"))
# Overdue approval items escalated once each (server/schedules/sla_escalation.py); idempotent.
CELERY_BEAT_SCHEDULE["sla-escalate"] = {"task": "schedules.sla_escalate", "schedule": 120.0}
# Delegations starting today or ended yesterday: the delegates' tabs get their rights (accounts).
CELERY_BEAT_SCHEDULE["delegations-day"] = {
    "task": "accounts.delegations_day_push",
    "schedule": crontab(hour=0, minute=1),
}
# The HR and payroll applications (server/sync); `make run` serves fakes on these defaults.
HR_API_URL = os.environ.get("HR_API_URL", "http://127.0.0.1:8101")
HR_API_TOKEN = os.environ.get("HR_API_TOKEN", DEMO_HR_API_TOKEN)
PAYROLL_API_URL = os.environ.get("PAYROLL_API_URL", "http://127.0.0.1:8102")
PAYROLL_API_TOKEN = os.environ.get("PAYROLL_API_TOKEN", DEMO_PAYROLL_API_TOKEN)
SYNC_HTTP_TIMEOUT = float(os.environ.get("SYNC_HTTP_TIMEOUT", "10"))
SYNC_HTTP_ATTEMPTS = int(os.environ.get("SYNC_HTTP_ATTEMPTS", "4"))
HR_PAGE_SIZE = int(os.environ.get("HR_PAGE_SIZE", "500"))
PAYROLL_BATCH_SIZE = int(os.environ.get("PAYROLL_BATCH_SIZE", "1000"))
# Audit entries older than this move to the archive table (`manage.py archive_audit`): 3 years.
AUDIT_RETENTION_DAYS = int(os.environ.get("AUDIT_RETENTION_DAYS", str(3 * 365)))
ANNUAL_LEAVE_DAYS = int(os.environ.get("ANNUAL_LEAVE_DAYS", "12"))

EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.filebased.EmailBackend"
    if EMAIL_FILE_PATH
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Kehadiran <no-reply@kehadiran.local>")

PRODUCT_NAME = "Kehadiran"
# Empty: /panduan shows the guide built into the client; a URL sends the browser there instead.
GUIDE_URL = os.environ.get("GUIDE_URL", "")
MAP_TILE_URL = os.environ.get("MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
MOBILE_DEEP_LINK = os.environ.get("MOBILE_DEEP_LINK", "kehadiran://login")
MOBILE_MIN_APP_VERSION = int(os.environ.get("MOBILE_MIN_APP_VERSION", "1000000"))
WEB_BASE_URL = os.environ.get("WEB_BASE_URL", "http://127.0.0.1:8000")

TOKEN_IDLE_TIMEOUT = timedelta(hours=12)
TOKEN_REMEMBER_TIMEOUT = timedelta(days=30)
TOKEN_TOUCH_INTERVAL = timedelta(minutes=1)
RESET_CODE_TTL = timedelta(minutes=15)
RESET_CODE_MAX_TRIES = 5
REALTIME_TICKET_TTL = timedelta(seconds=30)
HASHID_MIN_LENGTH = 10
FACE_MATCH_THRESHOLD = float(os.environ.get("FACE_MATCH_THRESHOLD", "75"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["server.accounts.authentication.AccessTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["server.core.policy.PolicyPermission"],
    "DEFAULT_RENDERER_CLASSES": ["server.core.envelope.EnvelopeRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "rest_framework.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "server.core.envelope.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "server.core.schema.ApiSchema",
    "UNAUTHENTICATED_USER": None,
    # The proxies in front of Daphne (nginx = 1): throttles read the client address from the end of
    # X-Forwarded-For that those proxies wrote; 0 = the peer address, the header is ignored.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}

# Per client address and email; e2e raises them because one browser signs in many times.
AUTH_THROTTLE_RATES = {
    "sign_in": os.environ.get("THROTTLE_SIGN_IN", "10/min"),
    "forgot_password": os.environ.get("THROTTLE_FORGOT_PASSWORD", "5/min"),
    "reset_password": os.environ.get("THROTTLE_RESET_PASSWORD", "10/min"),
    "approval_link": os.environ.get("THROTTLE_APPROVAL_LINK", "20/min"),
}
# Failed sign-ins (web and mobile together) from one client address a minute, whatever the accounts:
# past it the address waits for the next minute (password spraying; server/accounts/services.py).
SIGN_IN_ADDRESS_CEILING = os.environ.get("THROTTLE_SIGN_IN_ADDRESS", "30/min")

SPECTACULAR_SETTINGS = {
    "TITLE": "Kehadiran API",
    "DESCRIPTION": "API v1 untuk back-office kehadiran (web) dan aplikasi karyawan (mobile).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "server.core.schema.no_nul_in_request_text",
        # The realtime topics' snapshot and event payloads (server.realtime.event_schemas).
        "server.realtime.event_schemas.realtime_event_components",
    ],
    # Every PATCH of the API is an action validating its whole body (none reads a partial update):
    # its body is documented with its required fields, not as a "Patched" all-optional copy.
    "COMPONENT_SPLIT_PATCH": False,
    # One component per choice set shared by several fields or bodies (a 0/1 flag as a number and as
    # form text; a shift's type in its create and update bodies), not one per field name.
    "ENUM_NAME_OVERRIDES": {
        "ZeroOneEnum": [(0, 0), (1, 1)],
        "ZeroOneTextEnum": [("0", "0"), ("1", "1")],
        "ShiftTypeEnum": [("working_shift", "working_shift"), ("non_working_shift", "non_working_shift")],
        # A job's status keeps its name when other "status" choice sets join the schema.
        "StatusEnum": [(s, s) for s in ("queued", "running", "succeeded", "failed", "cancelled")],
        # A check-in's risk level: the row's `risk.level` and the queue's `risk` filter are one set.
        "LevelEnum": [(s, s) for s in ("low", "medium", "high")],
        # A risk factor code: the queue's `factor` filter and a bulk approve's `exclude_factors` are one set.
        "RiskFactorEnum": "server.attendance.reasons.FACTOR_CODES",
        # A decision: the last decision's `action` (undo) and an e-mailed link's `decision` are one set.
        "DecisionEnum": [(s, s) for s in ("approve", "reject")],
    },
    "APPEND_COMPONENTS": {
        "securitySchemes": {
            "AccessToken": {"type": "apiKey", "in": "header", "name": "Authorization"},
        }
    },
    "SECURITY": [{"AccessToken": []}],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
