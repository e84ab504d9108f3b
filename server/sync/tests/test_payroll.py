"""Payroll push against the fake payroll application in its own process: idempotent pushes, changed
days resent as updates, retried batches applied once, a refused batch, the preview and history."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.attendance.models import AttendanceDay, Keterangan
from server.attendance.tests.factories import local, make_employee, make_man_power
from server.jobs.models import Job, JobStatus
from server.jobs.tests.conftest import Event
from server.sync import messages, payroll
from server.sync.jobs import PAYROLL_PUSH_KIND
from server.sync.models import PayrollSync, PayrollSyncLine
from server.sync.tests.conftest import Fakes
from server.testing.stats import analyzed_since, last_analyze
from server.workforce.models import Employee, ManPowerGroup, ManPowerTeam

pytestmark = [pytest.mark.django_db]

START = date(2025, 3, 1)
DAYS = 7
URL = "/api/web/v1/penggajian"


@pytest.fixture
def payroll_admin(make_user: Callable[..., User]) -> User:
    return make_user(flags=["allow_sync_penggajian"], fullname="Admin Gaji")


@pytest.fixture
def workforce(db: Any) -> list[Employee]:
    """Three employees of one placement, each with a week of attendance days."""
    site = make_man_power(name="Site Balikpapan")
    team = ManPowerTeam.objects.create(man_power=site, name="Produksi")
    group = ManPowerGroup.objects.create(team=team, name="Regu A")
    people = [
        make_employee(man_power=site, man_power_team=team, man_power_group=group, name=f"Pekerja {n}")
        for n in range(3)
    ]
    for employee in people:
        for offset in range(DAYS):
            day = START + timedelta(days=offset)
            AttendanceDay.objects.create(
                employee=employee,
                date=day,
                man_power=site,
                man_power_type=site.type,
                check_in=local(day, 8),
                check_out=local(day, 18),
                working_minutes=540,
                overtime_workday_minutes=60,
                keterangan=Keterangan.HADIR,
                is_working_day=True,
                is_closed=True,
            )
    return people


def params(**extra: Any) -> dict[str, Any]:
    return {
        "start_date": START.isoformat(),
        "end_date": (START + timedelta(days=DAYS - 1)).isoformat(),
        "man_power_name": "Site Balikpapan",
        **extra,
    }


def send(
    client: Any, capture: Any, body: dict[str, Any] | None = None, path: str = "kirim", **headers: str
) -> Job:
    with capture(execute=True):
        answer = client.post(f"{URL}/{path}", body or params(), format="json", **headers)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["message"] == messages.PAYROLL_STARTED
    return Job.objects.get(
        kind=PAYROLL_PUSH_KIND, pk=Job.objects.filter(kind=PAYROLL_PUSH_KIND).latest("pk").pk
    )


def test_push_is_idempotent_and_resends_only_changed_days_as_updates(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
    job_events: list[Event],
) -> None:
    client = client_for(payroll_admin)
    with override_settings(PAYROLL_BATCH_SIZE=5):
        first = send(client, django_capture_on_commit_callbacks)
    assert first.status == JobStatus.SUCCEEDED, first.message
    sync = PayrollSync.objects.get()
    assert (first.total, first.processed, first.result["sent"], sync.jumlah_data) == (21, 21, 21, 21)
    assert first.message == messages.PAYROLL_DONE.format(count=21, code=sync.sync_code)
    assert PayrollSyncLine.objects.filter(sync=sync, is_current=True).count() == 21
    state = fakes.state("payroll")
    assert (state["applied_lines"], state["days"], len(state["batches"])) == (21, 21, 5)
    assert {b["key"] for b in state["batches"]} == {f"{sync.sync_code}-{n}" for n in range(1, 6)}
    rows = [
        data for _, topic, _, data, scope in job_events if topic == "jobs" and data["job"] == first.hash_id
    ]
    assert rows[-1]["status"] == "succeeded" and rows[-1]["result"]["sync_code"] == sync.sync_code
    processed = [row["processed"] for row in rows]
    assert processed == sorted(processed)

    second = send(client, django_capture_on_commit_callbacks)
    assert (second.status, second.total, second.message) == (JobStatus.SUCCEEDED, 0, messages.PAYROLL_NOTHING)
    assert PayrollSync.objects.count() == 1 and fakes.state("payroll")["applied_lines"] == 21

    changed = AttendanceDay.objects.get(employee=workforce[1], date=START + timedelta(days=2))
    changed.actual_overtime_minutes = 150
    changed.save(update_fields=["actual_overtime_minutes"])
    third = send(client, django_capture_on_commit_callbacks)
    assert (third.status, third.total, third.result["updates"]) == (JobStatus.SUCCEEDED, 1, 1)
    newest = PayrollSync.objects.latest("pk")
    line = PayrollSyncLine.objects.get(sync=newest)
    assert (line.employee_id, line.date, line.is_update) == (workforce[1].pk, changed.date, True)
    lines_of_day = PayrollSyncLine.objects.filter(employee=workforce[1], date=changed.date)
    assert [(x.sync_id, x.is_current) for x in lines_of_day.order_by("pk")] == [
        (sync.pk, False),
        (newest.pk, True),
    ]
    assert PayrollSyncLine.objects.filter(is_current=True).count() == 21
    assert fakes.state("payroll")["updates"] == 1


def test_retried_batches_are_applied_once(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    # Batch 1 answers 500 once; batch 2 is applied and then its connection drops, so the retry
    # carries the same idempotency key and must be answered without applying it again.
    fakes.faults("payroll", fail_batches={"1": 1}, drop_after_apply_batches={"2": 1}, drop_batches={"3": 1})
    with override_settings(PAYROLL_BATCH_SIZE=5):
        job = send(client_for(payroll_admin), django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED, job.message
    state = fakes.state("payroll")
    assert (state["applied_lines"], state["days"], state["duplicates"], len(state["batches"])) == (
        21,
        21,
        1,
        5,
    )
    assert PayrollSync.objects.get().jumlah_data == 21


def test_a_refused_batch_fails_the_job_keeping_earlier_batches_and_a_rerun_sends_the_rest(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = client_for(payroll_admin)
    fakes.faults("payroll", refuse_batches=[3])
    with override_settings(PAYROLL_BATCH_SIZE=5):
        failed = send(client, django_capture_on_commit_callbacks)
    assert failed.status == JobStatus.FAILED
    assert failed.message == messages.PAYROLL_FAILED.format(
        batch=3, reason="Batch 3 ditolak oleh aplikasi penggajian.", sent=10
    )
    assert failed.errors == [{"item": "Batch 3", "message": "Batch 3 ditolak oleh aplikasi penggajian."}]
    assert failed.result["sent"] == 10 and failed.processed == 10
    assert (
        PayrollSyncLine.objects.filter(is_current=True).count() == 10
        and PayrollSync.objects.get().jumlah_data == 10
    )

    fakes.faults("payroll")
    with override_settings(PAYROLL_BATCH_SIZE=5):
        rerun = send(client, django_capture_on_commit_callbacks)
    assert (rerun.status, rerun.total, rerun.result["sent"], rerun.result["updates"]) == (
        JobStatus.SUCCEEDED,
        11,
        11,
        0,
    )
    assert PayrollSyncLine.objects.filter(is_current=True).count() == 21
    assert fakes.state("payroll")["applied_lines"] == 21


def test_the_same_idempotency_key_starts_one_push(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = client_for(payroll_admin)
    first = send(client, django_capture_on_commit_callbacks, HTTP_IDEMPOTENCY_KEY="form-1")
    again = send(client, django_capture_on_commit_callbacks, HTTP_IDEMPOTENCY_KEY="form-1")
    assert first.pk == again.pk and Job.objects.filter(kind=PAYROLL_PUSH_KIND).count() == 1


def test_preview_validation_and_history(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    make_user: Callable[..., User],
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = client_for(payroll_admin)
    preview = client.get(f"{URL}/preview", params()).json()
    assert preview["recordsTotal"] == 21
    row = preview["data"][0]
    assert {
        k: row[k] for k in ("employee_name", "man_power_name", "man_power_team_name", "man_power_group_name")
    } == {
        "employee_name": "Pekerja 0",
        "man_power_name": "Site Balikpapan",
        "man_power_team_name": "Produksi",
        "man_power_group_name": "Regu A",
    }
    assert (row["check_in_time"], row["check_out_time"], row["lembur_workday"], row["lembur_aktual"]) == (
        "08:00:00",
        "18:00:00",
        1.0,
        1.0,
    )
    assert (row["sync_status"], row["generated_status"], row["is_valid"], row["sync_id"]) == (
        "Belum Sync",
        "Sudah Generate",
        1,
        "",
    )
    by_number = client.get(
        f"{URL}/preview", {**params(man_power_name=""), "employee_id": workforce[2].employee_number_formatted}
    ).json()
    assert {r["employee_name"] for r in by_number["data"]} == {"Pekerja 2"} and by_number["recordsTotal"] == 7

    incomplete = client.get(f"{URL}/preview", params(man_power_name=""))
    assert incomplete.status_code == 422 and incomplete.json()["message"] == messages.INCOMPLETE_FORM
    too_long = client.get(f"{URL}/preview", params(end_date="2025-04-15"))
    assert too_long.status_code == 422 and too_long.json()["message"] == messages.RANGE_TOO_LONG
    bad_date = client.get(f"{URL}/preview", params(start_date="01-03-2025"))
    assert bad_date.status_code == 422 and bad_date.json()["message"] == messages.BAD_DATE
    unknown = client.get(f"{URL}/preview", {**params(), "employee_id": "X-404"})
    assert unknown.status_code == 422 and "X-404" in unknown.json()["message"]
    not_resigned = client.post(
        f"{URL}/sync_penggajian_for_resigned_employee",
        {**params(), "employee_id": workforce[0].employee_number_formatted},
        format="json",
    )
    assert (
        not_resigned.status_code == 422
        and workforce[0].employee_number_formatted in not_resigned.json()["message"]
    )
    assert (
        client_for(make_user(flags=["allow_employee_update"])).get(f"{URL}/preview", params()).status_code
        == 403
    )

    assert client.get(f"{URL}/recent").json()["data"] == []
    send(client, django_capture_on_commit_callbacks)
    sync = PayrollSync.objects.get()
    recent = client.get(f"{URL}/recent", {"limit": 5}).json()["data"]
    assert [(r["sync_code"], r["sync_user"], r["jumlah_data"]) for r in recent] == [
        (sync.sync_code, "Admin Gaji", 21)
    ]
    created = sync.created
    listed = client.get(
        f"{URL}/get_penggajian_sync_list", {"month": created.month, "year": created.year}
    ).json()
    assert [r["sync_code"] for r in listed["data"]] == [sync.sync_code]
    other_month = 1 if created.month != 1 else 2
    assert (
        client.get(f"{URL}/get_penggajian_sync_list", {"month": other_month, "year": created.year}).json()[
            "data"
        ]
        == []
    )
    assert client.get(f"{URL}/get_penggajian_sync_list", {"month": 13}).status_code == 422
    detail = client.get(f"{URL}/detail/{sync.sync_code}").json()
    assert len(detail["data"]) == 21 and detail["sync"]["sync_code"] == sync.sync_code
    assert detail["data"][0]["sync_user"] == "Admin Gaji" and detail["data"][0]["date"] == "2025-03-01"
    assert client.get(f"{URL}/detail/TIDAK-ADA").status_code == 404
    marked = client.get(f"{URL}/preview", params()).json()["data"][0]
    assert (marked["sync_status"], marked["sync_id"]) == ("Sudah Sync", sync.sync_code)


def test_resigned_employees_go_through_their_own_endpoint(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    leaver = workforce[0]
    leaver.is_active, leaver.resigned_date = False, START + timedelta(days=3)
    leaver.save(update_fields=["is_active", "resigned_date"])
    body = {**params(man_power_name=""), "employee_id": leaver.employee_number_formatted}
    job = send(
        client_for(payroll_admin),
        django_capture_on_commit_callbacks,
        body,
        path="sync_penggajian_for_resigned_employee",
    )
    assert job.status == JobStatus.SUCCEEDED and job.total == 7
    assert PayrollSync.objects.get().type == "resigned-payroll"


def test_a_large_push_ends_with_analyze_of_the_payroll_history(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From BULK_ROWS lines (here 21 of 21) the push analyzes the payroll history it grew."""
    monkeypatch.setattr(payroll, "BULK_ROWS", 21)
    before = {PayrollSyncLine: last_analyze(PayrollSyncLine)}
    job = send(client_for(payroll_admin), django_capture_on_commit_callbacks)
    assert job.status == JobStatus.SUCCEEDED, job.message
    assert analyzed_since(before) == []


def test_check_counts_the_rows_a_push_would_send_again_and_asks(
    fakes: Fakes,
    workforce: list[Employee],
    payroll_admin: User,
    make_user: Callable[..., User],
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = client_for(payroll_admin)
    before = client.get(f"{URL}/check", params()).json()
    assert before["data"] == {"new": 21, "resend": 0, "unchanged": 0, "question": ""}
    assert send(client, django_capture_on_commit_callbacks).status == JobStatus.SUCCEEDED
    sent = client.get(f"{URL}/check", params()).json()["data"]
    assert sent == {"new": 0, "resend": 0, "unchanged": 21, "question": ""}

    for employee in workforce[:2]:
        changed = AttendanceDay.objects.get(employee=employee, date=START + timedelta(days=3))
        changed.actual_overtime_minutes = 150
        changed.save(update_fields=["actual_overtime_minutes"])
    answer = client.get(f"{URL}/check", params())
    assert answer.status_code == 200
    assert answer.json()["data"] == {
        "new": 0,
        "resend": 2,
        "unchanged": 19,
        "question": "2 baris sudah pernah dikirim. Kirim ulang?",
    }
    # The push sends exactly those again (as updates), as the check said.
    again = send(client, django_capture_on_commit_callbacks)
    assert (again.status, again.result["sent"], again.result["updates"]) == (JobStatus.SUCCEEDED, 2, 2)

    refused = client.get(f"{URL}/check", {"start_date": START.isoformat()})
    assert refused.status_code == 422
    hr_only = make_user(flags=["allow_employee_update"])
    assert client_for(hr_only).get(f"{URL}/check", params()).status_code == 403


@pytest.mark.parametrize(
    ("field", "value"),
    [("employee_id", ["W-0", "a\x00b"]), ("employee_id", "a\x00"), ("man_power_name", "Site\x00")],
)
def test_a_nul_character_in_the_selection_body_is_422_on_its_field(
    payroll_admin: User, client_for: Callable[..., Any], field: str, value: Any
) -> None:
    """The selection of a JSON body is read by hand (core.inputs.selection_read): a NUL reached the
    employee query, a 500, before it was refused."""
    body = {**params(), field: value}
    response = client_for(payroll_admin).post(f"{URL}/kirim", body, format="json", HTTP_IDEMPOTENCY_KEY="nul")
    assert response.status_code == 422, response.content[:300]
    assert response.json()["errors"] == {field: ["Teks berisi karakter yang tidak diizinkan."]}
    assert not Job.objects.exists()
