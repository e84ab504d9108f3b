"""With DEBUG=0 the server and the Celery worker refuse the public development SECRET_KEY and the demo
HR and payroll tokens, naming what to set (DESIGN §16); a real key and real tokens start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

# The server's entry point, imported as Daphne imports it.
IMPORT_SERVER = "import server.config.asgi"


# What a production environment does not set (the test process sets several of them for itself).
PRODUCTION_UNSET = {
    "SECRET_KEY",
    "HR_API_TOKEN",
    "PAYROLL_API_TOKEN",
    "KEHADIRAN_DEMO",
    "DEBUG",
    "FAST_PASSWORD_HASHER",
    "ALLOWED_HOSTS",
    "SECURE_TLS",
    "HSTS_SECONDS",
}


def run(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter with a production-like environment: no key, no tokens, no opt-in."""
    environment = {name: value for name, value in os.environ.items() if name not in PRODUCTION_UNSET}
    environment.update(
        DJANGO_SETTINGS_MODULE="server.config.settings",
        PYTHONPATH=str(settings.BASE_DIR),
        VAR_DIR=str(tmp_path / "var"),
        DB_POOL="0",
        **env,
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# A key as `make secret-key` makes one (50+ characters, many distinct).
STRONG_KEY = "Xq3v9LrT0pWc8ZsYb1NkHe6UjMa4GdFo2iRtVx7QyEw5BnCl_-"
REAL = {"SECRET_KEY": STRONG_KEY, "HR_API_TOKEN": "hr-real", "PAYROLL_API_TOKEN": "payroll-real"}


def test_the_server_refuses_the_development_key_and_the_demo_tokens(tmp_path: Path) -> None:
    done = run(IMPORT_SERVER, tmp_path)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr
    assert "SECRET_KEY is the public development key" in done.stderr
    assert "HR_API_TOKEN and PAYROLL_API_TOKEN are the public demo token" in done.stderr


@pytest.mark.parametrize(
    ("env", "named", "not_named"),
    [
        (
            {**REAL, "SECRET_KEY": "dev-only-insecure-kehadiran-secret-change-me"},
            "SECRET_KEY",
            "HR_API_TOKEN",
        ),
        ({**REAL, "HR_API_TOKEN": "hr-demo-token"}, "HR_API_TOKEN", "SECRET_KEY"),
        ({"SECRET_KEY": STRONG_KEY, "HR_API_TOKEN": "hr-real"}, "PAYROLL_API_TOKEN", "SECRET_KEY"),
    ],
)
def test_each_public_value_is_named(tmp_path: Path, env: dict[str, str], named: str, not_named: str) -> None:
    done = run(IMPORT_SERVER, tmp_path, **env)
    assert done.returncode != 0
    message = done.stderr.split("ImproperlyConfigured:")[-1]
    assert named in message
    assert not_named not in message


def test_a_real_key_and_tokens_start(tmp_path: Path) -> None:
    done = run(IMPORT_SERVER, tmp_path, **REAL)
    assert done.returncode == 0, done.stderr


def test_the_key_make_run_created_in_var_starts_a_demo(tmp_path: Path) -> None:
    (tmp_path / "var").mkdir()
    (tmp_path / "var" / "secret_key").write_text(STRONG_KEY + "\n")
    done = run(
        f"{IMPORT_SERVER}\nfrom django.conf import settings\nprint(settings.SECRET_KEY)",
        tmp_path,
        KEHADIRAN_DEMO="1",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == STRONG_KEY


def test_debug_allows_the_development_values(tmp_path: Path) -> None:
    assert run(IMPORT_SERVER, tmp_path, DEBUG="1").returncode == 0


def test_the_celery_worker_refuses_too(tmp_path: Path) -> None:
    worker = "from celery.__main__ import main\nmain()"
    args = "import sys\nsys.argv = ['celery', '-A', 'server.config', 'worker', '--pool=solo']\n"
    done = run(args + worker, tmp_path, REDIS_URL="")
    assert done.returncode != 0
    assert "SECRET_KEY is the public development key" in done.stderr
    # With real values the start goes on (the signal alone: a worker would then run until stopped).
    starting = (
        "from celery.signals import worker_init\n"
        "from server.config import celery_app\n"
        "worker_init.send(sender=None)"
    )
    assert run(starting, tmp_path, REDIS_URL="", **REAL).returncode == 0


# Issue 39, finding 4: with DEBUG=0 the server booted on the MD5 hasher and on a 13-character key.


def refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The refusal's message (what follows `ImproperlyConfigured:`); fails when the start went on."""
    assert done.returncode != 0, "started, should have refused"
    assert "ImproperlyConfigured" in done.stderr, done.stderr
    return done.stderr.split("ImproperlyConfigured:")[-1]


@pytest.mark.parametrize(
    "key",
    [
        "short-13chars",  # too short
        "ab" * 40,  # long, 2 distinct characters
        "abcd" * 13,  # 52 characters, 4 distinct
        "django-insecure-" + STRONG_KEY,  # Django's generated development prefix
    ],
)
def test_a_weak_secret_key_is_refused(tmp_path: Path, key: str) -> None:
    message = refusal(run(IMPORT_SERVER, tmp_path, **{**REAL, "SECRET_KEY": key}))
    assert "SECRET_KEY is weak" in message
    assert "security.W009" in message
    assert "HR_API_TOKEN" not in message


def test_a_key_of_50_characters_and_5_distinct_starts(tmp_path: Path) -> None:
    key = "abcde" * 10
    assert len(key) == 50
    done = run(IMPORT_SERVER, tmp_path, **{**REAL, "SECRET_KEY": key})
    assert done.returncode == 0, done.stderr


def test_the_md5_hasher_is_refused_outside_a_demo(tmp_path: Path) -> None:
    message = refusal(run(IMPORT_SERVER, tmp_path, **REAL, FAST_PASSWORD_HASHER="1"))
    assert "FAST_PASSWORD_HASHER" in message
    assert "MD5" in message
    assert "SECRET_KEY" not in message


def test_the_md5_hasher_is_allowed_in_an_explicit_demo_or_test_run(tmp_path: Path) -> None:
    """The e2e servers, `make run`, the topology and the benchmarks: DEBUG unset, KEHADIRAN_DEMO=1."""
    done = run(IMPORT_SERVER, tmp_path, SECRET_KEY=STRONG_KEY, FAST_PASSWORD_HASHER="1", KEHADIRAN_DEMO="1")
    assert done.returncode == 0, done.stderr


def test_the_demo_does_not_allow_a_weak_key(tmp_path: Path) -> None:
    message = refusal(run(IMPORT_SERVER, tmp_path, SECRET_KEY="short-13chars", KEHADIRAN_DEMO="1"))
    assert "SECRET_KEY is weak" in message


def test_djangos_deploy_checks_refuse_where_they_apply(tmp_path: Path) -> None:
    # No host allowed (security.W020).
    message = refusal(run(IMPORT_SERVER, tmp_path, **REAL, ALLOWED_HOSTS=","))
    assert "security.W020" in message
    # Declared as served over TLS, but HSTS turned off (security.W004).
    message = refusal(run(IMPORT_SERVER, tmp_path, **REAL, SECURE_TLS="1", HSTS_SECONDS="0"))
    assert "security.W004" in message
    # Over TLS with its defaults: HSTS, secure cookies: starts.
    done = run(IMPORT_SERVER, tmp_path, **REAL, SECURE_TLS="1")
    assert done.returncode == 0, done.stderr


def test_every_deploy_check_exemption_has_its_reason() -> None:
    from server.config.startup import DEPLOY_CHECK_EXEMPTIONS

    assert DEPLOY_CHECK_EXEMPTIONS
    for check_id, reason in DEPLOY_CHECK_EXEMPTIONS.items():
        assert check_id.startswith("security."), check_id
        assert len(reason) > 20, check_id
    # Never exempt: the key, the hosts, DEBUG.
    assert not {"security.W009", "security.W018", "security.W020"} & set(DEPLOY_CHECK_EXEMPTIONS)


def test_the_celery_worker_refuses_a_weak_key_and_md5(tmp_path: Path) -> None:
    starting = (
        "from celery.signals import worker_init\n"
        "from server.config import celery_app\n"
        "worker_init.send(sender=None)"
    )
    weak = run(starting, tmp_path, REDIS_URL="", **{**REAL, "SECRET_KEY": "short-13chars"})
    assert weak.returncode != 0
    assert "SECRET_KEY is weak" in weak.stderr
    md5 = run(starting, tmp_path, REDIS_URL="", FAST_PASSWORD_HASHER="1", **REAL)
    assert md5.returncode != 0
    assert "FAST_PASSWORD_HASHER" in md5.stderr
