"""Real concurrency on PostgreSQL: many approvers deciding the same logs at once, each on its own
thread and database connection. Every log is decided exactly once; every loser gets the 409."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections

from server.accounts.models import User
from server.attendance import services
from server.attendance.models import AttendanceDay, AttendanceLog, LogStatus
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.workforce.models import ManPowerType

LOGS = 10
DECISIONS = 50


@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_decisions_on_ten_logs_decide_each_exactly_once(
    make_user: Callable[..., User], monkeypatch: Any
) -> None:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    employees = [staff(office, f"Karyawan {n}") for n in range(LOGS // 2)]
    logs = [log_of(employees[n % len(employees)]) for n in range(LOGS)]
    approvers = [make_approver(make_user, "office", fullname=f"Approver {n}") for n in range(DECISIONS)]

    events: list[tuple[str, str, dict[str, Any], Any]] = []

    def record(topic: str, type: str, data: dict[str, Any], *, scope: Any = None) -> None:
        events.append((topic, type, data, scope))

    monkeypatch.setattr("server.realtime.publish.send_now", record)

    start = threading.Barrier(DECISIONS)
    lock = threading.Lock()
    won: Counter[int] = Counter()
    conflicts: list[str] = []
    failures: list[BaseException] = []

    def decide(n: int) -> None:
        log, approver = logs[n % LOGS], approvers[n]
        try:
            start.wait(timeout=30)
            if n % 2:
                services.attendance_log_approve(log=log, approver=approver)
            else:
                services.attendance_log_reject(log=log, approver=approver, note=f"tolak {n}")
            with lock:
                won[log.pk] += 1
        except services.AttendanceLogConflict as conflict:
            with lock:
                conflicts.append(conflict.message)
        except BaseException as error:  # surfaced below with the thread's error
            with lock:
                failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=decide, args=(n,)) for n in range(DECISIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []

    assert won == dict.fromkeys((log.pk for log in logs), 1)
    assert len(conflicts) == DECISIONS - LOGS
    assert all(message.startswith("Data sudah diproses oleh Approver ") for message in conflicts)

    decided = AttendanceLog.objects.filter(pk__in=[log.pk for log in logs])
    assert set(decided.values_list("status", flat=True)) <= {LogStatus.MANUAL_APPROVED, LogStatus.REJECTED}
    assert decided.filter(decided_by__isnull=True).count() == 0
    # Each employee's day agrees with the decisions that won (recomputed inside each decision).
    for employee in employees:
        counted = decided.filter(employee=employee, status=LogStatus.MANUAL_APPROVED).exists()
        row = AttendanceDay.objects.get(employee=employee, date=logs[0].attendance_date)
        assert row.keterangan == ("hadir" if counted else "libur")

    left = [data for topic, type, data, _ in events if topic == "approval.attendance" and type == "left"]
    assert sorted(data["hash_id"] for data in left) == sorted(log.hash_id for log in logs)
    # Counts are read after each commit, so the last ones tell the final state.
    assert min(data["waiting_by_type"]["office"] for data in left) == 0
