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

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
CLIENT_DIST = Path(os.environ.get("CLIENT_DIST", BASE_DIR / "client" / "dist"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-kehadiran-secret-change-me")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.common.CommonMiddleware",
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
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
WHITENOISE_ROOT = CLIENT_DIST if CLIENT_DIST.exists() else None
WHITENOISE_INDEX_FILE = False
WHITENOISE_USE_FINDERS = True
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
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CHANNEL_PREFIX,
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
GUIDE_URL = os.environ.get("GUIDE_URL", "https://kehadiran.example.com/panduan")
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
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}

# Per client address and email; e2e raises them because one browser signs in many times.
AUTH_THROTTLE_RATES = {
    "sign_in": os.environ.get("THROTTLE_SIGN_IN", "10/min"),
    "forgot_password": os.environ.get("THROTTLE_FORGOT_PASSWORD", "5/min"),
    "reset_password": os.environ.get("THROTTLE_RESET_PASSWORD", "10/min"),
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Kehadiran API",
    "DESCRIPTION": "API v1 untuk back-office kehadiran (web) dan aplikasi karyawan (mobile).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
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
