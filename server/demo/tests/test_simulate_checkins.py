"""simulate_checkins against a live server: the logs it causes arrive through the real mobile HTTP API."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from server.attendance.models import AttendanceLog, LogStatus
from server.demo.simulate import CheckInSimulator, base_url_checked


@pytest.mark.slow
def test_simulated_phones_check_in_through_http(
    transactional_db: Any, live_server: Any, settings: Any, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = str(tmp_path)
    call_command("seed_demo", employees=12, days=0, seed=3, stdout=StringIO())
    out = StringIO()
    call_command(
        "simulate_checkins",
        rate=8,
        duration=2,
        base_url=live_server.url,
        employees=5,
        bad_ratio=0.5,
        stdout=out,
    )
    summary = out.getvalue().strip().splitlines()[-1]
    match = re.search(r"(\d+) terkirim, (\d+) disetujui, (\d+) menunggu, (\d+) galat", summary)
    assert match, summary
    sent, approved, waiting, errors = map(int, match.groups())
    assert errors == 0, summary
    assert sent >= 8 and sent == approved + waiting
    assert AttendanceLog.objects.count() == sent
    # Half the traffic is far away or has a low face score: those wait for an approver.
    assert AttendanceLog.objects.filter(status=LogStatus.WAITING_APPROVAL).count() == waiting > 0
    assert AttendanceLog.objects.filter(is_valid_location=False).exists()
    assert AttendanceLog.objects.filter(fr_is_match=False).exists()
    assert all((tmp_path / log.photo).is_file() for log in AttendanceLog.objects.all())


def test_refuses_what_is_not_an_http_address() -> None:
    with pytest.raises(ValueError):
        base_url_checked("ftp://example.com")
    with pytest.raises(ValueError):
        CheckInSimulator(
            base_url="127.0.0.1:8000", identifiers=["1"], password="x", rate=1, duration=1, bad_ratio=0
        )


def test_command_checks_its_bounds(db: Any) -> None:
    with pytest.raises(CommandError):
        call_command("simulate_checkins", rate=0, duration=1, stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("simulate_checkins", rate=1, duration=1, bad_ratio=2, stdout=StringIO())
    with pytest.raises(CommandError, match="seed_demo"):
        call_command("simulate_checkins", rate=1, duration=1, stdout=StringIO())
