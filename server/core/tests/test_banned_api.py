"""Every xlsx and csv is written by server/core/spreadsheets.py and every file answered by
server/core/files.py (issue 39): ruff's banned-api rule (TID251, pyproject.toml) refuses
`openpyxl.Workbook`, `csv.writer` and `django.http.FileResponse` anywhere else in the server, and the
server passes it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

RUFF = Path(sys.executable).parent / "ruff"
ROOT = Path(settings.BASE_DIR)


def ruff(*args: str, source: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(RUFF), "check", "--no-cache", "--select", "TID251", *args],
        cwd=ROOT,
        input=source,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


OFFENDERS = {
    "openpyxl.Workbook": "from openpyxl import Workbook\n\nWorkbook()\n",
    "csv.writer": "import csv\nimport io\n\ncsv.writer(io.StringIO())\n",
    "django.http.FileResponse": "from django.http import FileResponse\n\nFileResponse(b'')\n",
}


@pytest.mark.parametrize("banned", sorted(OFFENDERS))
def test_an_app_may_not_write_files_itself(banned: str) -> None:
    done = ruff("--stdin-filename", "server/reports/exports.py", "-", source=OFFENDERS[banned])
    assert done.returncode == 1, done.stdout
    assert f"`{banned}` is banned" in done.stdout


@pytest.mark.parametrize("module", ["server/core/spreadsheets.py", "server/core/files.py"])
def test_the_core_writer_and_file_answer_may(module: str) -> None:
    for source in OFFENDERS.values():
        done = ruff("--stdin-filename", module, "-", source=source)
        assert done.returncode == 0, done.stdout


def test_the_server_has_no_offender() -> None:
    done = ruff("server", "bench", "scripts")
    assert done.returncode == 0, done.stdout
