"""A frozen clock for tests."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.utils import timezone


def freeze(monkeypatch: pytest.MonkeyPatch, moment: datetime) -> None:
    """Every `timezone.now()` answers `moment` (tokens, check-ins and recomputes alike)."""
    monkeypatch.setattr(timezone, "now", lambda: moment)
