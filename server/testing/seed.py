"""A module's demo seed: `seed_demo` run once inside a transaction rolled back when the module ends."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.db import transaction
from django.test import override_settings


@contextlib.contextmanager
def seeded_demo(django_db_blocker: Any, media: Path, **options: Any) -> Iterator[str]:
    """Run `seed_demo` with `options` (media files under `media`); yields what it printed."""
    with override_settings(MEDIA_ROOT=str(media)), django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            out = StringIO()
            call_command("seed_demo", stdout=out, **options)
            yield out.getvalue()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
