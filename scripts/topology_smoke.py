"""The topology's smoke test (`scripts/topology.py smoke`, `make topology-smoke`): through nginx, on both
replicas: sign-in, sockets on each replica hearing a decision made on the other, a photo written by one and
read by the other, an upload and an HR pull as jobs with live progress."""

from __future__ import annotations

import contextlib
import io
import json
import time
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import httpx

from scripts.processes import UPSTREAM_HEADER

if TYPE_CHECKING:
    from scripts.topology import Topology


SMOKE_EMPLOYEE = "TOPO0001"
SMOKE_PASSWORD = "karyawan123"

# --- the smoke test -------------------------------------------------------------------------------

ADMIN = {"email": "admin@example.com", "password": "admin12345"}


class SmokeFailed(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailed(what)


def upstream(response: httpx.Response) -> str:
    return str(response.headers.get(UPSTREAM_HEADER, ""))


def on_other_replica(http: httpx.Client, method: str, url: str, than: str, **kwargs: Any) -> httpx.Response:
    """Repeat a request through nginx (round robin) until a replica other than `than` answers it."""
    for _ in range(12):
        response = http.request(method, url, **kwargs)
        if upstream(response) and upstream(response) != than:
            return response
    raise SmokeFailed(f"nginx never sent {url} to a replica other than {than}")


def websocket(base_url: str, http: httpx.Client, token: str, topic: str) -> tuple[Any, str]:
    """A tab's socket through nginx: ticket, connect, subscribe; with the replica it landed on."""
    from websockets.sync.client import connect

    netloc = urlsplit(base_url).netloc
    ticket = http.post("/api/web/v1/realtime/ticket", headers={"Authorization": token})
    check(ticket.status_code == 200, f"ticket: {ticket.status_code} {ticket.text[:200]}")
    url = f"ws://{netloc}/ws/v1/?ticket={ticket.json()['data']['ticket']}"
    # Entered here, closed by the caller (websockets 17 wants the context manager entered).
    ws = connect(url, origin=f"http://{netloc}", open_timeout=20).__enter__()  # type: ignore[call-overload]
    ws.send(json.dumps({"op": "subscribe", "topic": topic}))
    answer = json.loads(ws.recv(timeout=20))
    check(answer.get("op") == "subscribed", f"subscribe {topic}: {answer}")
    assert ws.response is not None
    return ws, str(ws.response.headers.get(UPSTREAM_HEADER, ""))


def smoke(topology: Topology, say: Callable[[str], None] = print, timeout: float = 60.0) -> None:
    """Through nginx: sign in, sockets on both replicas, a check-in photo stored by one replica read
    from the other, a template upload the worker imports, an HR pull whose progress reaches a socket
    on the replica that did not start it, every process healthy. Each step says `ok` or `FAIL`; raises
    SmokeFailed naming the failed steps at the end."""
    failed: list[str] = []

    @contextlib.contextmanager
    def step() -> Iterator[None]:
        try:
            yield
        except SmokeFailed as error:
            failed.append(str(error))
            say(f"FAIL {error}")

    base = topology.base_url
    sockets: list[tuple[Any, str]] = []
    with httpx.Client(base_url=base, timeout=30) as http:
        signed = http.post("/api/web/v1/auth/", json=ADMIN)
        check(signed.status_code == 200, f"sign-in: {signed.status_code} {signed.text[:300]}")
        token = signed.json()["data"]["token"]
        auth = {"Authorization": token}
        say(f"ok   sign-in through nginx ({upstream(signed)})")
        try:
            sockets += _sockets_on_both_replicas(base, http, token)
            say(f"ok   websockets subscribed to `jobs` on both replicas ({sockets[0][1]}, {sockets[1][1]})")
            with step():
                say(_photo_step(http, auth))
            with step():
                say(_upload_step(http, auth, topology.smoke_site, timeout))
            with step():
                for line in _hr_pull_step(http, auth, sockets, timeout):
                    say(line)
        finally:
            for ws, _ in sockets:
                ws.close()
    with step():
        health = topology.health()
        for name, state in health.items():
            check(state.get("status") == "ok", f"health of {name}: {state}")
        said = ", ".join(f"{name} {state['status']}" for name, state in health.items())
        say(f"ok   health: {said}")
    if failed:
        raise SmokeFailed(f"{len(failed)} step(s) failed: " + " | ".join(failed))


def _sockets_on_both_replicas(base: str, http: httpx.Client, token: str) -> list[tuple[Any, str]]:
    first, first_at = websocket(base, http, token, "jobs")
    for _ in range(12):
        other, other_at = websocket(base, http, token, "jobs")
        if other_at != first_at:
            return [(first, first_at), (other, other_at)]
        other.close()
        # Round robin over ticket, socket, ticket, socket... lands every socket on one replica.
        http.get("/api/health")
    first.close()
    raise SmokeFailed("nginx put every socket on one replica")


def _photo_step(http: httpx.Client, auth: dict[str, str]) -> str:
    """A check-in photo stored by one replica, read back through the other."""
    from PIL import Image

    phone = http.post(
        "/api/mobile/v1/auth/", json={"employee_number": SMOKE_EMPLOYEE, "password": SMOKE_PASSWORD}
    )
    check(phone.status_code == 200, f"mobile sign-in: {phone.status_code} {phone.text[:300]}")
    image = io.BytesIO()
    Image.new("RGB", (64, 48), "teal").save(image, format="JPEG")
    posted = http.post(
        "/api/mobile/v1/attendance/",
        data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
        files={"photo": ("wajah.jpg", image.getvalue(), "image/jpeg")},
        headers={"Authorization": phone.json()["data"]["token"]},
    )
    check(posted.status_code == 201, f"check-in: {posted.status_code} {posted.text[:300]}")
    stored_by, log_id = upstream(posted), posted.json()["data"]["hash_id"]
    queue = http.get(
        "/api/web/v1/attendance_log/list",
        params={"status": "waiting_approval", "per_page": 100},
        headers=auth,
    )
    check(queue.status_code == 200, f"queue: {queue.status_code} {queue.text[:300]}")
    rows = [row for row in queue.json()["data"] if row["hash_id"] == log_id]
    check(bool(rows) and bool(rows[0]["log_photo"]), f"check-in {log_id} not in the queue with a photo")
    read = on_other_replica(http, "GET", rows[0]["log_photo"], stored_by, headers=auth)
    check(
        read.status_code == 200 and read.headers.get("content-type") == "image/jpeg" and bool(read.content),
        f"check-in photo stored by {stored_by}, read on {upstream(read)}: "
        f"{read.status_code} {read.text[:200]}",
    )
    return f"ok   check-in photo stored by {stored_by}, read back on {upstream(read)}"


def _upload_step(http: httpx.Client, auth: dict[str, str], site: str, timeout: float) -> str:
    """A template downloaded, filled, posted; the worker reads the stored file and imports it."""
    from openpyxl import load_workbook

    start = date.today() - timedelta(days=40)
    template = http.get(
        "/api/web/v1/attendance_log/export_attendance",
        params={
            "start_date": start.isoformat(),
            "end_date": (start + timedelta(days=6)).isoformat(),
            "man_power_name": site,
        },
        headers=auth,
    )
    check(template.status_code == 200, f"template: {template.status_code} {template.text[:300]}")
    book = load_workbook(io.BytesIO(template.content))
    sheet = book["Sheet"]
    row = next(r for r in sheet.iter_rows(min_row=2) if str(r[0].value) == "TOPO-0001")
    sheet[f"D{row[0].row}"], sheet[f"E{row[0].row}"] = "08:00", "17:00"
    filled = io.BytesIO()
    book.save(filled)
    name = template.headers["Content-Disposition"].split("filename=")[1].strip('"')
    uploaded = http.post(
        "/api/web/v1/attendance_log/import_attendance",
        files={"upload_file": (name, filled.getvalue(), "application/octet-stream")},
        headers=auth,
    )
    check(uploaded.status_code == 200, f"upload: {uploaded.status_code} {uploaded.text[:300]}")
    job = _finished_job(http, auth, uploaded.json()["data"]["job"], timeout)
    check(
        job["status"] == "succeeded",
        f"upload stored by {upstream(uploaded)}, imported by the worker: {job['status']}: "
        f"{job.get('message')} {job.get('errors')}",
    )
    return f"ok   template stored by {upstream(uploaded)}, imported by the worker: {job['message']}"


def _hr_pull_step(
    http: httpx.Client, auth: dict[str, str], sockets: list[tuple[Any, str]], timeout: float
) -> list[str]:
    """An HR pull started on one replica; its progress reaches the sockets of both."""
    pulled = http.post("/api/web/v1/employee/sync_hr_data", headers=auth)
    check(pulled.status_code == 200, f"HR pull: {pulled.status_code} {pulled.text[:300]}")
    job_id, started_on = pulled.json()["data"]["job"], upstream(pulled)
    lines = []
    for ws, at in sockets:
        statuses = _progress(ws, job_id, timeout)
        check(statuses[-1:] == ["succeeded"], f"HR pull progress on {at}: {statuses}")
        where = "the other replica" if at != started_on else "the same replica"
        lines.append(
            f"ok   HR pull started on {started_on}: {len(statuses)} progress events reached the socket "
            f"on {where} ({at}), last `{statuses[-1]}`"
        )
    return lines


def _finished_job(http: httpx.Client, auth: dict[str, str], job_id: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = http.get(f"/api/web/v1/job/{job_id}", headers=auth)
        check(answer.status_code == 200, f"job {job_id}: {answer.status_code} {answer.text[:300]}")
        job: dict[str, Any] = answer.json()["data"]
        if job["status"] in ("succeeded", "failed", "cancelled"):
            return job
        time.sleep(0.3)
    raise SmokeFailed(f"job {job_id} did not finish within {timeout:.0f} s (is the worker running?)")


def _progress(ws: Any, job_id: str, timeout: float) -> list[str]:
    """The statuses of `job_id`'s progress events on `ws`, until a final one or `timeout`."""
    statuses: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            frame = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        except TimeoutError:
            break
        if frame.get("op") == "event" and frame.get("data", {}).get("job") == job_id:
            statuses.append(frame["data"]["status"])
            if frame["data"]["status"] in ("succeeded", "failed", "cancelled"):
                break
    return statuses
