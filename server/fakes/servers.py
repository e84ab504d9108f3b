"""The fake HR and payroll applications: real HTTP servers (stdlib, one thread per connection).

HR:      GET  /api/employees?page=N&per_page=M  -> {"data", "page", "per_page", "total", "last_page"}
Payroll: POST /api/attendance/batches (header Idempotency-Key; body {"sync_code", "batch", "lines"})
         -> {"batch_id", "accepted", "duplicate"}; a key seen before is answered again, not re-applied.
Both:    Authorization: Bearer <token> (401 otherwise).

Test controls (no token): POST /__faults (JSON, replaces the faults), POST /__reset, GET /__state.
Faults: `delay_ms` on every answer; HR `fail_pages` / `drop_pages` {page: times} answer 500 or drop the
connection that many times; payroll `fail_batches` / `drop_batches` {batch: times} (before applying),
`drop_after_apply_batches` {batch: times} (applied, then the connection drops: the retry must not apply
it twice), `refuse_batches` [batch, ...] (422 every time).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from server.fakes.hr_data import hr_employees

MAX_PER_PAGE = 1000


class Drop(Exception):
    """Close the connection without an answer."""


class FakeApp:
    def __init__(self, token: str) -> None:
        self.token = token
        self.lock = threading.Lock()
        self.faults: dict[str, Any] = {}
        self.requests = 0

    def take_fault(self, name: str, key: int) -> bool:
        """Whether fault `name` fires for `key` now (each firing uses one of its times)."""
        with self.lock:
            table = self.faults.get(name) or {}
            left = int(table.get(str(key), 0))
            if left <= 0:
                return False
            table[str(key)] = left - 1
            return True

    def reset(self) -> None:
        with self.lock:
            self.faults = {}
            self.requests = 0

    def state(self) -> dict[str, Any]:
        return {"requests": self.requests}

    def handle(self, method: str, path: str, query: dict[str, list[str]], body: Any) -> tuple[int, Any]:
        raise NotImplementedError


class FakeHr(FakeApp):
    def __init__(self, token: str, employees: list[dict[str, Any]]) -> None:
        super().__init__(token)
        self.employees = employees

    def handle(self, method: str, path: str, query: dict[str, list[str]], body: Any) -> tuple[int, Any]:
        if (method, path) != ("GET", "/api/employees"):
            return 404, {"message": "not found"}
        try:
            page = max(1, int(query.get("page", ["1"])[0]))
            per_page = min(MAX_PER_PAGE, max(1, int(query.get("per_page", ["500"])[0])))
        except ValueError:
            return 400, {"message": "page and per_page must be numbers"}
        if self.take_fault("drop_pages", page):
            raise Drop()
        if self.take_fault("fail_pages", page):
            return 500, {"message": "internal error"}
        total = len(self.employees)
        start = (page - 1) * per_page
        return 200, {
            "data": self.employees[start : start + per_page],
            "page": page,
            "per_page": per_page,
            "total": total,
            "last_page": max(1, -(-total // per_page)),
        }


class FakePayroll(FakeApp):
    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.batches: dict[str, dict[str, Any]] = {}
        self.days: dict[tuple[str, str], dict[str, Any]] = {}
        self.applied_lines = 0
        self.duplicates = 0

    def reset(self) -> None:
        super().reset()
        with self.lock:
            self.batches.clear()
            self.days.clear()
            self.applied_lines = 0
            self.duplicates = 0

    def state(self) -> dict[str, Any]:
        with self.lock:
            return {
                "requests": self.requests,
                "batches": [
                    {"key": key, "sync_code": b["sync_code"], "batch": b["batch"], "lines": b["accepted"]}
                    for key, b in self.batches.items()
                ],
                "applied_lines": self.applied_lines,
                "duplicates": self.duplicates,
                "days": len(self.days),
                "updates": sum(1 for line in self.days.values() if line.get("action") == "update"),
            }

    def handle(self, method: str, path: str, query: dict[str, list[str]], body: Any) -> tuple[int, Any]:
        if (method, path) != ("POST", "/api/attendance/batches"):
            return 404, {"message": "not found"}
        key = str(query.get("__key", [""])[0])
        if not key:
            return 400, {"message": "Idempotency-Key header is required"}
        if not isinstance(body, dict) or not isinstance(body.get("lines"), list):
            return 400, {"message": "lines must be a list"}
        number = int(body.get("batch") or 0)
        if self.take_fault("drop_batches", number):
            raise Drop()
        if self.take_fault("fail_batches", number):
            return 500, {"message": "internal error"}
        if number in (self.faults.get("refuse_batches") or []):
            return 422, {"message": f"Batch {number} ditolak oleh aplikasi penggajian."}
        with self.lock:
            seen = self.batches.get(key)
            if seen is not None:
                self.duplicates += 1
                answer = {"batch_id": seen["batch_id"], "accepted": seen["accepted"], "duplicate": True}
            else:
                for line in body["lines"]:
                    self.days[(str(line.get("employee_number")), str(line.get("date")))] = line
                self.applied_lines += len(body["lines"])
                seen = {
                    "batch_id": f"B{len(self.batches) + 1:06d}",
                    "accepted": len(body["lines"]),
                    "sync_code": body.get("sync_code", ""),
                    "batch": number,
                }
                self.batches[key] = seen
                answer = {"batch_id": seen["batch_id"], "accepted": seen["accepted"], "duplicate": False}
        if self.take_fault("drop_after_apply_batches", number):
            raise Drop()
        return 200, answer


def handler_for(app: FakeApp) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _answer(self, status: int, payload: Any) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _body(self) -> Any:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            return json.loads(raw) if raw else None

        def _serve(self, method: str) -> None:
            url = urlsplit(self.path)
            query = parse_qs(url.query)
            try:
                body = self._body()
            except ValueError:
                self._answer(400, {"message": "invalid JSON"})
                return
            if url.path.startswith("/__"):
                self._control(method, url.path, body)
                return
            with app.lock:
                app.requests += 1
            delay = float(app.faults.get("delay_ms") or 0) / 1000
            if delay:
                time.sleep(delay)
            if self.headers.get("Authorization", "") != f"Bearer {app.token}":
                self._answer(401, {"message": "invalid token"})
                return
            query["__key"] = [self.headers.get("Idempotency-Key", "")]
            try:
                status, payload = app.handle(method, url.path, query, body)
            except Drop:
                self.close_connection = True
                self.connection.close()
                return
            self._answer(status, payload)

        def _control(self, method: str, path: str, body: Any) -> None:
            if (method, path) == ("POST", "/__faults"):
                with app.lock:
                    app.faults = dict(body or {})
                self._answer(200, {"faults": app.faults})
            elif (method, path) == ("POST", "/__reset"):
                app.reset()
                self._answer(200, {"reset": True})
            elif (method, path) == ("GET", "/__state"):
                self._answer(200, app.state())
            else:
                self._answer(404, {"message": "not found"})

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

    return Handler


def serve(app: FakeApp, host: str, port: int) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer((host, port), handler_for(app))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name=f"fake-{port}", daemon=True).start()
    return server


def build_apps(
    *, hr_token: str, payroll_token: str, seed: int, employees: int, days: int, today: date
) -> tuple[FakeHr, FakePayroll]:
    return (
        FakeHr(hr_token, hr_employees(seed=seed, employees=employees, days=days, today=today)),
        FakePayroll(payroll_token),
    )


Factory = Callable[[], FakeApp]
