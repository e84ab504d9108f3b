"""Simulated phones: employees sign in to the mobile API and check in and out at a steady rate.

Everything goes through the real HTTP API of one base URL, so the approval queue, the dashboard
counts and the wall display move as they would with real traffic. Random choices are made on the
calling thread from one seeded generator; worker threads only send.
"""

from __future__ import annotations

import json
import math
import random
import threading
import time
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from server.demo import catalogue as cat
from server.demo.images import portrait

SIGN_IN_PATH = "/api/mobile/v1/auth/"
CHECK_IN_PATH = "/api/mobile/v1/attendance/"
EARTH_METRES_PER_DEGREE = 111_320.0
PHOTO_VARIANTS = 8


@dataclass
class Phone:
    """A signed-in employee: token, placement and which log comes next."""

    identifier: str
    token: str
    latitude: float
    longitude: float
    radius: float
    next_log_type: str = "check_in"


@dataclass
class Summary:
    sent: int = 0
    approved: int = 0
    waiting: int = 0
    errors: int = 0
    signed_in: int = 0
    sign_in_errors: int = 0
    sign_in_seconds: float = 0.0
    elapsed: float = 0.0  # of the sending phase
    error_kinds: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        rate = self.sent / self.elapsed if self.elapsed else 0.0
        text = (
            f"simulate_checkins: {self.sent} terkirim, {self.approved} disetujui, {self.waiting} menunggu, "
            f"{self.errors} galat dalam {self.elapsed:.1f} s "
            f"({rate:.1f} req/s; {self.signed_in} karyawan masuk dalam {self.sign_in_seconds:.1f} s"
        )
        if self.sign_in_errors:
            text += f", {self.sign_in_errors} gagal masuk"
        text += ")"
        if self.error_kinds:
            text += " galat: " + ", ".join(
                f"{kind} x{count}" for kind, count in sorted(self.error_kinds.items())
            )
        return text


def base_url_checked(base_url: str) -> str:
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"Base URL tidak valid: {base_url!r} (contoh: http://127.0.0.1:8000)")
    return base_url.rstrip("/")


class CheckInSimulator:
    def __init__(
        self,
        *,
        base_url: str,
        identifiers: list[str],
        password: str,
        rate: float,
        duration: float,
        bad_ratio: float,
        blacklisted_ratio: float = 0.0,
        seed: int = 1,
        workers: int | None = None,
        timeout: float = 10.0,
    ) -> None:
        self.base_url = base_url_checked(base_url)
        self.identifiers = identifiers
        self.password = password
        self.rate = rate
        self.duration = duration
        self.bad_ratio = bad_ratio
        self.blacklisted_ratio = blacklisted_ratio
        self.rng = random.Random(seed)
        self.workers = workers or max(4, min(32, math.ceil(rate)))
        self.timeout = timeout
        self.summary = Summary()
        self.lock = threading.Lock()
        self.photos = [portrait(self.rng, rows=20, columns=15) for _ in range(PHOTO_VARIANTS)]

    def run(self) -> Summary:
        limits = httpx.Limits(max_connections=self.workers, max_keepalive_connections=self.workers)
        with (
            httpx.Client(base_url=self.base_url, timeout=self.timeout, limits=limits) as client,
            ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="simulate") as pool,
        ):
            started = time.monotonic()
            phones = self._sign_in_all(client, pool)
            self.summary.sign_in_seconds = time.monotonic() - started
            if phones:
                started = time.monotonic()
                self._send_all(client, pool, phones)
                self.summary.elapsed = time.monotonic() - started
        return self.summary

    def _sign_in_all(self, client: httpx.Client, pool: ThreadPoolExecutor) -> list[Phone]:
        futures = [pool.submit(self._sign_in, client, identifier) for identifier in self.identifiers]
        phones = [phone for phone in (f.result() for f in futures) if phone is not None]
        self.summary.signed_in = len(phones)
        return phones

    def _sign_in(self, client: httpx.Client, identifier: str) -> Phone | None:
        key = "email" if "@" in identifier else "employee_number"
        try:
            response = client.post(SIGN_IN_PATH, json={key: identifier, "password": self.password})
            body = response.json()
            data = body["data"]
            profile = data["employee"]
            return Phone(
                identifier=identifier,
                token=str(data["token"]),
                latitude=float(profile["man_power_latitude"]),
                longitude=float(profile["man_power_longitude"]),
                radius=float(profile["man_power_max_radius"] or 100),
            )
        except (httpx.HTTPError, ValueError, KeyError, TypeError):
            with self.lock:
                self.summary.sign_in_errors += 1
            return None

    def _send_all(self, client: httpx.Client, pool: ThreadPoolExecutor, phones: list[Phone]) -> None:
        total = max(1, round(self.rate * self.duration))
        interval = 1.0 / self.rate
        start = time.monotonic()
        deadline = start + self.duration
        futures: list[Future[None]] = []
        for index in range(total):
            due = start + index * interval
            if due >= deadline:
                break
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            payload, files, token = self._next_request(self.rng.choice(phones))
            futures.append(pool.submit(self._send, client, payload, files, token))
        # Bounded: what has not finished shortly after the deadline is dropped, not waited for.
        wait(futures, timeout=self.timeout)
        pool.shutdown(wait=True, cancel_futures=True)

    def _next_request(self, phone: Phone) -> tuple[dict[str, str], dict[str, Any], str]:
        rng = self.rng
        log_type = phone.next_log_type
        phone.next_log_type = "check_out" if log_type == "check_in" else "check_in"
        bad = rng.random() < self.bad_ratio
        far = bad and rng.random() < 0.6
        low_face = bad and (not far or rng.random() < 0.2)
        distance = phone.radius * (rng.uniform(3, 20) if far else 0.6 * math.sqrt(rng.random()))
        bearing = rng.random() * 2 * math.pi
        latitude = phone.latitude + distance * math.cos(bearing) / EARTH_METRES_PER_DEGREE
        longitude = phone.longitude + distance * math.sin(bearing) / (
            EARTH_METRES_PER_DEGREE * max(0.01, math.cos(math.radians(phone.latitude)))
        )
        packages = list(rng.sample(cat.ALLOWED_PACKAGES, k=2))
        if rng.random() < self.blacklisted_ratio:
            packages.append(rng.choice(cat.BLOCKED_PACKAGES))
        payload = {
            "log_type": log_type,
            "latitude": f"{latitude:.6f}",
            "longitude": f"{longitude:.6f}",
            "fr_accuracy": f"{rng.uniform(40, 70) if low_face else rng.uniform(82, 99.5):.2f}",
            "note": "Simulasi" if not bad else "Simulasi (sinyal lemah)",
            "installed_packages": json.dumps(packages),
        }
        files = {"photo": ("selfie.jpg", rng.choice(self.photos), "image/jpeg")}
        return payload, files, phone.token

    def _send(self, client: httpx.Client, payload: dict[str, str], files: dict[str, Any], token: str) -> None:
        kind = ""
        status = ""
        try:
            response = client.post(CHECK_IN_PATH, data=payload, files=files, headers={"Authorization": token})
            if response.status_code == 201:
                status = str(response.json()["data"]["status"])
            else:
                kind = f"HTTP {response.status_code}"
        except httpx.HTTPError as error:
            kind = type(error).__name__
        except (ValueError, KeyError, TypeError):
            kind = "jawaban tidak dikenal"
        with self.lock:
            self.summary.sent += 1
            if kind:
                self.summary.errors += 1
                self.summary.error_kinds[kind] += 1
            elif status == "approved":
                self.summary.approved += 1
            else:
                self.summary.waiting += 1
