"""Issue 39, finding 4: `seed_demo` creates admin@example.com with every flag and the public password,
so it refuses unless the instance is a development (DEBUG=1) or a demo (KEHADIRAN_DEMO=1) one, before
it touches the database."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.test import override_settings

from server.accounts.models import User


@pytest.mark.django_db
@override_settings(DEBUG=False, KEHADIRAN_DEMO=False)
def test_seed_demo_refuses_outside_a_development_or_demo_instance() -> None:
    with pytest.raises(CommandError, match="KEHADIRAN_DEMO=1") as refused:
        call_command("seed_demo", employees=0, days=0, stdout=StringIO())
    assert "DEBUG=1" in str(refused.value)
    assert not User.objects.exists()


def test_seed_demo_refuses_from_the_command_line() -> None:
    """What an operator sees: a clear message and a failing exit, no traceback, nothing written."""
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DEBUG", "KEHADIRAN_DEMO", "DJANGO_SETTINGS_MODULE"}
    }
    # The settings of production (DEBUG=0 by default); an unreachable database: refusing needs none.
    environment.update(
        DJANGO_SETTINGS_MODULE="server.config.settings",
        DATABASE_URL="postgres://nobody@127.0.0.1:1/none",
        DB_POOL="0",
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "seed_demo", "--employees", "0", "--days", "0"],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "KEHADIRAN_DEMO=1" in done.stderr
    assert "Traceback" not in done.stderr
