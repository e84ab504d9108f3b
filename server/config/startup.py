"""What the server (server/config/asgi.py) and the Celery worker and beat (server/config/celery.py)
check before they start (DESIGN §16): with DEBUG=0 they refuse the public development SECRET_KEY and
the demo HR and payroll tokens, with a message saying what to set.

Management commands, mypy and the schema tools import the settings without this check: they serve
nothing, and a bare checkout must keep building and testing.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

SECRET_KEY_HELP = (
    "set SECRET_KEY to a long random value, the same on every web, worker and beat process "
    "(python -c 'import secrets; print(secrets.token_urlsafe(50))'); `make run` keeps one in var/secret_key"
)
TOKEN_HELP = (
    "set HR_API_TOKEN and PAYROLL_API_TOKEN to the tokens of your HR and payroll applications "
    "(KEHADIRAN_DEMO=1 only for a demo against the fake applications of server/fakes)"
)


def insecure_settings() -> list[str]:
    """What makes this configuration unfit to serve with DEBUG=0 (empty: fit, or DEBUG=1)."""
    if settings.DEBUG:
        return []
    problems = []
    if not settings.SECRET_KEY or settings.SECRET_KEY == settings.DEV_SECRET_KEY:
        problems.append(f"SECRET_KEY is the public development key: {SECRET_KEY_HELP}")
    if not settings.KEHADIRAN_DEMO:
        demo = [
            name
            for name, value, public in (
                ("HR_API_TOKEN", settings.HR_API_TOKEN, settings.DEMO_HR_API_TOKEN),
                ("PAYROLL_API_TOKEN", settings.PAYROLL_API_TOKEN, settings.DEMO_PAYROLL_API_TOKEN),
            )
            if not value or value == public
        ]
        if demo:
            verb = "is" if len(demo) == 1 else "are"
            problems.append(f"{' and '.join(demo)} {verb} the public demo token: {TOKEN_HELP}")
    return problems


def refuse_insecure_settings() -> None:
    """Raise ImproperlyConfigured naming what to set, if `insecure_settings()` finds anything."""
    problems = insecure_settings()
    if problems:
        lines = "\n".join(f"- {problem}" for problem in problems)
        raise ImproperlyConfigured(
            f"Kehadiran refuses to start with DEBUG=0 on public secrets (Kehadiran menolak berjalan "
            f"dengan rahasia publik):\n{lines}\nDEBUG=1 allows them for development only."
        )
