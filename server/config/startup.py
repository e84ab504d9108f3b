"""What the server (server/config/asgi.py) and the Celery worker and beat (server/config/celery.py)
check before they start (DESIGN §16). With DEBUG=0 they refuse, with a message saying what to set:
- the public development SECRET_KEY, and any key Django's deploy check calls weak (security.W009:
  fewer than 50 characters, fewer than 5 distinct ones, or Django's `django-insecure-` prefix);
- the demo HR and payroll tokens, unless KEHADIRAN_DEMO=1 (a demo against server/fakes);
- the MD5 hasher of FAST_PASSWORD_HASHER=1, unless KEHADIRAN_DEMO=1: the tests, the e2e servers,
  `make run`, the topology script and the benchmarks are explicit demo runs and set it;
- whatever else Django's own deploy checks (`manage.py check --deploy`, security.*) report, except
  the checks listed in DEPLOY_CHECK_EXEMPTIONS with the reason they do not apply here.

Management commands, mypy and the schema tools import the settings without this check: they serve
nothing, and a bare checkout must keep building and testing.
"""

from __future__ import annotations

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

SECRET_KEY_HELP = (
    "set SECRET_KEY to a long random value, the same on every web, worker and beat process "
    "(python -c 'import secrets; print(secrets.token_urlsafe(50))'); `make run` keeps one in var/secret_key"
)
TOKEN_HELP = (
    "set HR_API_TOKEN and PAYROLL_API_TOKEN to the tokens of your HR and payroll applications "
    "(KEHADIRAN_DEMO=1 only for a demo against the fake applications of server/fakes)"
)

HASHER_HELP = (
    "unset FAST_PASSWORD_HASHER (it stores passwords with MD5, for tests and demos only: allowed with "
    "KEHADIRAN_DEMO=1)"
)
# Hashers that make a stolen password table cheap to crack: never on a real instance.
WEAK_HASHERS = {
    "django.contrib.auth.hashers.MD5PasswordHasher",
    "django.contrib.auth.hashers.UnsaltedMD5PasswordHasher",
    "django.contrib.auth.hashers.UnsaltedSHA1PasswordHasher",
    "django.contrib.auth.hashers.SHA1PasswordHasher",
}

# Django's deploy checks (security.*) that do not apply to Kehadiran, and why. Every other one refuses.
DEPLOY_CHECK_EXEMPTIONS = {
    "security.W002": (
        "no XFrameOptionsMiddleware: SecurityHeadersMiddleware (server/core/security.py) sends "
        "X-Frame-Options: DENY and frame-ancestors 'none' on every answer"
    ),
    "security.W003": (
        "no CsrfViewMiddleware: no cookie or session signs anyone in, the API takes the bearer token of "
        "AccessTokenAuthentication only, which a cross-site form cannot send"
    ),
    "security.W008": (
        "no SECURE_SSL_REDIRECT: TLS ends at the proxy in front (docker/nginx.conf), which redirects "
        "http; behind it Django would redirect its own health checks"
    ),
    "security.W005": "HSTS includeSubDomains is the domain owner's choice for the other hosts",
    "security.W021": "HSTS preload is the domain owner's choice (a preload list is hard to leave)",
}
# Served over plain http (SECURE_TLS unset: a LAN, a demo, the e2e servers): HSTS and secure cookies
# would break it. With SECURE_TLS=1 these are checked too.
PLAIN_HTTP_EXEMPTIONS = {
    "security.W004": "SECURE_TLS is unset: HSTS only over TLS",
    "security.W012": "SECURE_TLS is unset: secure cookies only over TLS",
    "security.W016": "SECURE_TLS is unset: secure cookies only over TLS",
}


def deploy_checks() -> list[checks.CheckMessage]:
    """Django's deploy checks of the security tag (`manage.py check --deploy`) that apply here."""
    exempt = set(DEPLOY_CHECK_EXEMPTIONS)
    if not settings.SECURE_TLS:
        exempt |= set(PLAIN_HTTP_EXEMPTIONS)
    found = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.security])
    return [message for message in found if message.id not in exempt and message.level >= checks.WARNING]


def insecure_settings() -> list[str]:
    """What makes this configuration unfit to serve with DEBUG=0 (empty: fit, or DEBUG=1)."""
    if settings.DEBUG:
        return []
    problems = []
    deploy = deploy_checks()
    if not settings.SECRET_KEY or settings.SECRET_KEY == settings.DEV_SECRET_KEY:
        problems.append(f"SECRET_KEY is the public development key: {SECRET_KEY_HELP}")
    elif any(message.id == "security.W009" for message in deploy):
        problems.append(
            "SECRET_KEY is weak (security.W009: fewer than 50 characters, fewer than 5 distinct ones, "
            f"or the 'django-insecure-' prefix): {SECRET_KEY_HELP}"
        )
    if not settings.KEHADIRAN_DEMO and WEAK_HASHERS & set(settings.PASSWORD_HASHERS):
        problems.append(f"FAST_PASSWORD_HASHER=1 hashes passwords with MD5: {HASHER_HELP}")
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
    # security.W009 (the key) is named above, in words.
    problems.extend(f"{m.id}: {m.msg}" for m in deploy if m.id != "security.W009")
    return problems


def refuse_insecure_settings() -> None:
    """Raise ImproperlyConfigured naming what to set, if `insecure_settings()` finds anything."""
    problems = insecure_settings()
    if problems:
        lines = "\n".join(f"- {problem}" for problem in problems)
        raise ImproperlyConfigured(
            f"Kehadiran refuses to start with DEBUG=0 on public secrets or unsafe settings (Kehadiran "
            f"menolak berjalan dengan rahasia publik atau pengaturan tidak aman):\n{lines}\n"
            f"DEBUG=1 allows them for development only."
        )
