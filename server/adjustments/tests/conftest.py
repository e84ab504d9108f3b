from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings


@pytest.fixture(autouse=True)
def media_root(tmp_path: Path) -> Any:
    with override_settings(MEDIA_ROOT=str(tmp_path / "media")):
        yield tmp_path / "media"
