"""Bulk loads leave the planner statistics of what they filled (DESIGN §19, server/core/analyze.py):
ANALYZE runs once the load commits, on the tables it names, and `seed_demo` analyzes the database."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings

from server.attendance.models import AttendanceLog
from server.core.analyze import analyze
from server.testing.stats import analyzed_since, last_analyze
from server.workforce.models import Employee, ManPower


@pytest.mark.django_db(transaction=True)
def test_analyze_runs_after_the_commit_on_the_named_tables_only() -> None:
    before_log, before_place = last_analyze(AttendanceLog), last_analyze(ManPower)
    with transaction.atomic():
        analyze(AttendanceLog)
        # Not yet: the load's rows are not committed.
        assert last_analyze(AttendanceLog) == before_log
    after = last_analyze(AttendanceLog)
    assert after is not None and (before_log is None or after > before_log)
    assert last_analyze(ManPower) == before_place


@pytest.mark.django_db(transaction=True)
def test_seed_demo_ends_with_analyze(tmp_path: Path) -> None:
    before = {model: last_analyze(model) for model in (Employee, AttendanceLog)}
    out = StringIO()
    with override_settings(MEDIA_ROOT=tmp_path / "media"):
        call_command("seed_demo", "--employees", "3", "--days", "1", stdout=out)
    assert "seed_demo: ANALYZE" in out.getvalue()
    assert analyzed_since(before) == []
