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


def run(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter with a production-like environment: no key, no tokens, no opt-in."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"SECRET_KEY", "HR_API_TOKEN", "PAYROLL_API_TOKEN", "KEHADIRAN_DEMO", "DEBUG"}
    }
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


REAL = {"SECRET_KEY": "k" * 50, "HR_API_TOKEN": "hr-real", "PAYROLL_API_TOKEN": "payroll-real"}


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
        ({"SECRET_KEY": "k" * 50, "HR_API_TOKEN": "hr-real"}, "PAYROLL_API_TOKEN", "SECRET_KEY"),
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
    (tmp_path / "var" / "secret_key").write_text("r" * 50 + "\n")
    done = run(
        f"{IMPORT_SERVER}\nfrom django.conf import settings\nprint(settings.SECRET_KEY)",
        tmp_path,
        KEHADIRAN_DEMO="1",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "r" * 50


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
