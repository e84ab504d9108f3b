"""The fake HR and payroll applications as a real separate process (one per test session), reset
before each test; settings point the connectors at it, with quick retries."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.conf import settings
from django.test import override_settings

from server.demo import catalogue as cat
from server.demo.plan import build_workforce
from server.jobs.tests.conftest import job_events  # noqa: F401  (fixture)
from server.realtime.tests.test_two_processes import free_port
from server.workforce.models import ManPower

FAKE_EMPLOYEES = 40
FAKE_SEED = 7


@dataclass
class Fakes:
    hr_url: str
    payroll_url: str

    def faults(self, app: str, **faults: Any) -> None:
        url = self.hr_url if app == "hr" else self.payroll_url
        httpx.post(f"{url}/__faults", json=faults, timeout=5).raise_for_status()

    def state(self, app: str) -> dict[str, Any]:
        url = self.hr_url if app == "hr" else self.payroll_url
        answer: dict[str, Any] = httpx.get(f"{url}/__state", timeout=5).json()
        return answer

    def reset(self) -> None:
        for url in (self.hr_url, self.payroll_url):
            httpx.post(f"{url}/__reset", timeout=5).raise_for_status()


@pytest.fixture(scope="session")
def fake_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fakes]:
    hr_port, payroll_port = free_port(), free_port()
    log = Path(tmp_path_factory.mktemp("fakes")) / "fakes.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "server.fakes",
                "--hr-port",
                str(hr_port),
                "--payroll-port",
                str(payroll_port),
                "--employees",
                str(FAKE_EMPLOYEES),
                "--seed",
                str(FAKE_SEED),
            ],
            cwd=settings.BASE_DIR,
            env={**os.environ, "HR_API_TOKEN": "hr-test", "PAYROLL_API_TOKEN": "payroll-test"},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    fakes = Fakes(hr_url=f"http://127.0.0.1:{hr_port}", payroll_url=f"http://127.0.0.1:{payroll_port}")
    deadline = time.monotonic() + 30
    while True:
        try:
            fakes.state("hr")
            fakes.state("payroll")
            break
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"The fake HR/payroll servers did not start:\n{log.read_text()}")
            time.sleep(0.1)
    try:
        yield fakes
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def fakes(fake_servers: Fakes) -> Iterator[Fakes]:
    fake_servers.reset()
    with override_settings(
        HR_API_URL=fake_servers.hr_url,
        HR_API_TOKEN="hr-test",
        PAYROLL_API_URL=fake_servers.payroll_url,
        PAYROLL_API_TOKEN="payroll-test",
        SYNC_HTTP_TIMEOUT=5,
    ):
        yield fake_servers


@pytest.fixture
def demo_placements(db: Any) -> list[ManPower]:
    """The placements the fake HR application's people work at (they carry coordinates, HR does not)."""
    plan = build_workforce(seed=FAKE_SEED, employees=FAKE_EMPLOYEES)
    out = []
    for index in plan.placements:
        spec = cat.PLACEMENTS[index]
        out.append(
            ManPower.objects.create(
                type=spec.type,
                name=spec.name,
                latitude=spec.latitude,
                longitude=spec.longitude,
                max_radius=spec.max_radius,
                timezone=spec.timezone,
            )
        )
    return out
