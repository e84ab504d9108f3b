"""The zero-setup default (SQLite, in-memory layer) under concurrent writes, over real HTTP to a live
Daphne: 20 approvers deciding one log at once and 20 check-ins at once never get a 5xx
("database is locked"); exactly one decision wins, the others get the 409; every check-in is stored."""

from __future__ import annotations

import io
import sqlite3
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from PIL import Image

from server.realtime.tests import live

CONCURRENT = 20
TIMEOUT = 60.0


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), "navy").save(out, format="JPEG")
    return out.getvalue()


def at_once(count: int, call: Any) -> list[Any]:
    """`call(n)` on `count` threads released together; their results (or exceptions) in order."""
    start = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(n: int) -> None:
        try:
            start.wait(timeout=TIMEOUT)
            results[n] = call(n)
        except Exception as error:  # reported by the caller's assertions
            results[n] = error

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIMEOUT * 2)
    assert not any(thread.is_alive() for thread in threads)
    return results


def test_sqlite_live_server_serialises_concurrent_decisions_and_check_ins(tmp_path: Path) -> None:
    env = live.server_env(
        DATABASE_URL=None,
        REDIS_URL=None,
        CELERY_TASK_ALWAYS_EAGER="1",
        VAR_DIR=str(tmp_path / "var"),
        MEDIA_ROOT=str(tmp_path / "media"),
    )
    seeded = live.seed(env, approvers=CONCURRENT, employees=CONCURRENT)
    database = tmp_path / "var" / "kehadiran.sqlite3"
    assert database.exists()
    with sqlite3.connect(database) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"

    with (
        live.daphne(env, tmp_path / "daphne.log") as base,
        httpx.Client(base_url=base, timeout=TIMEOUT) as http,
    ):
        tokens = []
        for email in seeded["emails"]:
            signed_in = http.post("/api/web/v1/auth/", json={"email": email, "password": seeded["password"]})
            assert signed_in.status_code == 200, signed_in.text
            tokens.append(signed_in.json()["data"]["token"])

        def decide(n: int) -> httpx.Response:
            headers = {"Authorization": tokens[n]}
            if n % 2:
                return http.patch(
                    "/api/web/v1/attendance_log/approve", json={"id": seeded["log"]}, headers=headers
                )
            body = {"id": seeded["log"], "note": f"tolak {n}"}
            return http.patch("/api/web/v1/attendance_log/reject", json=body, headers=headers)

        decisions = at_once(CONCURRENT, decide)
        assert all(isinstance(r, httpx.Response) for r in decisions), decisions
        statuses = Counter(r.status_code for r in decisions)
        assert statuses == {200: 1, 409: CONCURRENT - 1}, [(r.status_code, r.text[:200]) for r in decisions]
        conflict = next(r for r in decisions if r.status_code == 409).json()
        assert conflict["message"].startswith("Data sudah diproses oleh Approver ")
        winner = next(r for r in decisions if r.status_code == 200).json()["data"]

        phones = []
        for number in seeded["employees"]:
            signed_in = http.post(
                "/api/mobile/v1/auth/", json={"employee_number": number, "password": seeded["password"]}
            )
            assert signed_in.status_code == 200, signed_in.text
            phones.append(signed_in.json()["data"]["token"])
        photo = jpeg()

        def check_in(n: int) -> httpx.Response:
            return http.post(
                "/api/mobile/v1/attendance/",
                data={"log_type": "check_in", "latitude": "0", "longitude": "0", "fr_accuracy": "90"},
                files={"photo": ("wajah.jpg", photo, "image/jpeg")},
                headers={"Authorization": phones[n]},
            )

        check_ins = at_once(CONCURRENT, check_in)
        assert all(isinstance(r, httpx.Response) for r in check_ins), check_ins
        assert [r.status_code for r in check_ins] == [201] * CONCURRENT, [r.text[:200] for r in check_ins]
        stored = {r.json()["data"]["hash_id"] for r in check_ins}
        assert len(stored) == CONCURRENT

    with sqlite3.connect(database) as conn:
        rows = conn.execute("SELECT status, decided_by_id FROM attendance_attendancelog").fetchall()
    # The seeded log (decided once, as the winner said) and the 20 new waiting check-ins.
    assert len(rows) == CONCURRENT + 1
    decided = [row for row in rows if row[0] != "waiting_approval"]
    assert len(decided) == 1 and decided[0][1] is not None
    assert decided[0][0] == winner["status"]
