"""Connectors to the HR and payroll applications (DESIGN §12).

Each is one small interface (`HrSource`, `PayrollSink`) with an HTTP implementation on httpx:
timeouts, bounded retries with jittered exponential backoff on timeouts, dropped connections and
5xx, paging (HR) and an idempotency key per pushed batch (payroll). A real vendor's client can
replace the HTTP one behind the same interface.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
from django.conf import settings

logger = logging.getLogger(__name__)


class ConnectorError(Exception):
    """The other application could not be reached or refused; `message` is shown to the user."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class HrPage:
    employees: list[dict[str, Any]]
    page: int
    last_page: int
    total: int


class HrSource(Protocol):
    def pages(self) -> Iterator[HrPage]: ...


@dataclass(frozen=True)
class BatchReceipt:
    batch_id: str
    accepted: int
    duplicate: bool


class PayrollSink(Protocol):
    def push(
        self, *, key: str, sync_code: str, batch: int, lines: Sequence[Mapping[str, Any]]
    ) -> BatchReceipt: ...


RETRYABLE = (httpx.TimeoutException, httpx.TransportError)


@dataclass
class RetryPolicy:
    attempts: int = 4
    base_delay: float = 0.2
    max_delay: float = 3.0
    sleep: Callable[[float], None] = time.sleep

    def delay(self, attempt: int) -> float:
        """Full jitter: a random pause up to the exponential bound of this attempt."""
        bound = min(self.max_delay, self.base_delay * (2**attempt))
        return random.uniform(bound / 2, bound)


class HttpClient:
    """httpx with timeouts and bounded, jittered retries on timeouts, transport errors and 5xx."""

    def __init__(self, *, base_url: str, token: str, name: str, retry: RetryPolicy | None = None) -> None:
        self.name = name
        self.retry = retry or RetryPolicy(attempts=settings.SYNC_HTTP_ATTEMPTS)
        self.client = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
            timeout=httpx.Timeout(settings.SYNC_HTTP_TIMEOUT, connect=5.0),
        )

    def close(self) -> None:
        self.client.close()

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        last: str = ""
        for attempt in range(self.retry.attempts):
            if attempt:
                self.retry.sleep(self.retry.delay(attempt - 1))
            try:
                response = self.client.request(method, path, **kwargs)
            except RETRYABLE as error:
                last = f"{type(error).__name__}: {error}"
                logger.warning("%s %s %s failed (attempt %s): %s", self.name, method, path, attempt + 1, last)
                continue
            if response.status_code >= 500:
                last = f"HTTP {response.status_code}"
                logger.warning(
                    "%s %s %s answered %s (attempt %s)", self.name, method, path, last, attempt + 1
                )
                continue
            if response.status_code >= 400:
                raise ConnectorError(_refusal(self.name, response), status=response.status_code)
            try:
                return response.json()
            except ValueError:
                raise ConnectorError(f"Jawaban aplikasi {self.name} tidak dapat dibaca.") from None
        raise ConnectorError(
            f"Aplikasi {self.name} tidak dapat dihubungi setelah {self.retry.attempts} percobaan ({last})."
        )


def _refusal(name: str, response: httpx.Response) -> str:
    try:
        detail = str(response.json().get("message") or "")
    except (ValueError, AttributeError):
        detail = ""
    if response.status_code == 401:
        return f"Aplikasi {name} menolak kredensial (token tidak valid)."
    return detail or f"Aplikasi {name} menolak permintaan (HTTP {response.status_code})."


class HttpHrSource:
    name = "HRM"

    def __init__(self, *, base_url: str, token: str, per_page: int, retry: RetryPolicy | None = None) -> None:
        self.http = HttpClient(base_url=base_url, token=token, name=self.name, retry=retry)
        self.per_page = per_page

    def pages(self) -> Iterator[HrPage]:
        page = 1
        try:
            while True:
                body = self.http.request(
                    "GET", "/api/employees", params={"page": page, "per_page": self.per_page}
                )
                employees = body.get("data") if isinstance(body, dict) else None
                if not isinstance(employees, list):
                    raise ConnectorError("Jawaban aplikasi HRM tidak sesuai format.")
                last_page = int(body.get("last_page") or page)
                yield HrPage(
                    employees=employees, page=page, last_page=last_page, total=int(body.get("total") or 0)
                )
                if page >= last_page or not employees:
                    return
                page += 1
        finally:
            self.http.close()


class HttpPayrollSink:
    name = "penggajian"

    def __init__(self, *, base_url: str, token: str, retry: RetryPolicy | None = None) -> None:
        self.http = HttpClient(base_url=base_url, token=token, name=self.name, retry=retry)

    def push(
        self, *, key: str, sync_code: str, batch: int, lines: Sequence[Mapping[str, Any]]
    ) -> BatchReceipt:
        body = self.http.request(
            "POST",
            "/api/attendance/batches",
            json={"sync_code": sync_code, "batch": batch, "lines": list(lines)},
            headers={"Idempotency-Key": key},
        )
        return BatchReceipt(
            batch_id=str(body.get("batch_id", "")),
            accepted=int(body.get("accepted") or 0),
            duplicate=bool(body.get("duplicate")),
        )

    def close(self) -> None:
        self.http.close()


def hr_source() -> HrSource:
    return HttpHrSource(
        base_url=settings.HR_API_URL, token=settings.HR_API_TOKEN, per_page=settings.HR_PAGE_SIZE
    )


def payroll_sink() -> HttpPayrollSink:
    return HttpPayrollSink(base_url=settings.PAYROLL_API_URL, token=settings.PAYROLL_API_TOKEN)
