"""The OpenAPI schema tells the truth: every GET operation of /api/schema/ is called on a world with
data, and its real 200 answer must match the documented schema exactly (no undocumented field, no
missing required one, the documented types and nulls). The writes (POST/PUT/PATCH) likewise: each
is called with a valid body, and its success answer must match what the schema documents for that
status; a write is either checked here or listed with the reason it is not."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from server.accounts.models import Delegation, User
from server.attendance.models import LogStatus
from server.core import clock
from server.dashboard.services import wall_display_create
from server.jobs.models import Job, JobStatus
from server.notifications.services import notify
from server.schedules.models import SystemTrouble
from server.sync.jobs import PAYROLL_PUSH_KIND
from server.sync.models import PayrollSync, PayrollSyncLine
from server.testing.clients import employee_client, user_client
from server.testing.factories import check_in
from server.uploads.models import ManualUpload, ManualUploadLine
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

# Not JSON (files) or outside the envelope contract.
NOT_JSON = {
    "/api/web/v1/file/{token}",
    "/api/mobile/v1/file/{token}",
    "/api/web/v1/report/unattendance_employee/export",
    "/api/web/v1/report/export",
    "/api/web/v1/report/late/export",
    "/api/web/v1/report/lembur/export",
    "/api/web/v1/report/permission/export",
    "/api/web/v1/report/report_summary/export",
    "/api/web/v1/announcement/attachment/{hash_id}",
    "/api/mobile/v1/announcement/{hash_id}/attachment",
    "/api/web/v1/adjustment/report/export",
    "/api/web/v1/report/attendance_adjustment/export",
    "/api/web/v1/attendance_log/export_attendance",
    "/api/web/v1/attendance_log/import_attendance/{hash_id}/errors",
    "/api/web/v1/audit/export",
}


def _nullable_to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0 → JSON Schema: `nullable: true` becomes a null alternative; objects with declared
    properties refuse undocumented ones (the schema must list every field the server answers)."""
    if isinstance(node, list):
        return [_nullable_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _nullable_to_json_schema(value) for key, value in node.items()}
    if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        node["additionalProperties"] = False
    if node.pop("nullable", False):
        if "enum" in node:
            node["enum"] = [*node["enum"], None]
        if "type" in node and isinstance(node["type"], str):
            node["type"] = [node["type"], "null"]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


@pytest.fixture(scope="module")
def schema(django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    document: dict[str, Any] = response.json()
    return document


def validator_for(
    schema: dict[str, Any], path: str, method: str = "get", status: int = 200
) -> Draft202012Validator:
    operation = schema["paths"][path][method]
    assert str(status) in operation["responses"], f"{method.upper()} {path} answered {status}: undocumented"
    content = operation["responses"][str(status)]["content"]
    body_schema = next(iter(content.values()))["schema"]
    root = {**copy.deepcopy(body_schema), "components": schema["components"]}
    return Draft202012Validator(_nullable_to_json_schema(root))


@pytest.fixture(scope="module")
def world(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """The demo seed (every screen has rows), built once in a transaction rolled back at the end."""
    media = tmp_path_factory.mktemp("media")
    with override_settings(MEDIA_ROOT=str(media)), django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            call_command("seed_demo", employees=12, days=5, seed=7, stdout=StringIO())
            yield _clients()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


# What `_clients` made that a write below needs by its id.
MADE: dict[str, str] = {}


def _clients() -> dict[str, Any]:
    admin = User.objects.get(email="admin@example.com")
    employee = Employee.objects.filter(is_active=True).order_by("pk").first()
    assert employee is not None
    employee.set_mobile_password("sandi-mobile-1")
    employee.save(update_fields=["mobile_password"])
    _, display_token = wall_display_create(name="Lobi", created_by=admin)
    display_client = APIClient()
    display_client.credentials(HTTP_AUTHORIZATION=f"Display {display_token}")
    # What the seed does not make: a log waiting for approval, a finished payroll push (its job,
    # sync and one line), a system trouble day.
    waiting = check_in(employee, clock.now() - timedelta(minutes=30), status=LogStatus.WAITING_APPROVAL)
    MADE["waiting_log"] = waiting.hash_id
    today = clock.localdate()
    month_start = today.replace(day=1)
    job = Job.objects.create(
        kind=PAYROLL_PUSH_KIND, status=JobStatus.SUCCEEDED, processed=1, total=1, creator=admin
    )
    sync = PayrollSync.objects.create(
        sync_code="SYNC-0001", start_date=month_start, end_date=today, jumlah_data=1, user=admin, job=job
    )
    PayrollSyncLine.objects.create(sync=sync, employee=employee, date=today, batch=1)
    SystemTrouble.objects.create(date=today - timedelta(days=1), description="Server absen mati")
    # A delegation of the admin's approval rights (the delegation list opens its row).
    delegate = User.objects.filter(is_active=True).exclude(pk=admin.pk).order_by("pk").first()
    assert delegate is not None
    Delegation.objects.create(
        delegator=admin, delegate=delegate, start_date=today, end_date=today, creator=admin
    )
    MADE["delegate"] = delegate.hash_id
    notify(user_ids=[admin.pk], kind="job.ended", title="Proses selesai.", data={"job": job.hash_id})
    adjustment = _adjustments(admin, employee)
    assert employee.man_power is not None
    upload = ManualUpload.objects.create(
        form_number="UPL-00000000-00001",
        man_power=employee.man_power,
        start_date=month_start,
        end_date=month_start,
        total_data=1,
        file_name="Template.xlsx",
        creator=admin,
    )
    ManualUploadLine.objects.create(upload=upload, employee=employee, date=month_start, row_number=2)
    return {
        "employee_name": employee.name,
        "employee_number": employee.employee_number,
        "employee_number_formatted": employee.employee_number_formatted,
        "adjustment_form_number": adjustment,
        "web": user_client(admin),
        "mobile": employee_client(employee),
        "display": display_client,
        "query": {
            "month": today.month,
            "year": today.year,
            "start_date": month_start.isoformat(),
            "end_date": today.isoformat(),
            "employee_number_formatted": employee.employee_number_formatted,
            "code": "UPL-00000000-00001",
            # The bulk approve preview's selection.
            "ids": waiting.hash_id,
        },
    }


def _adjustments(admin: User, employee: Employee) -> str:
    """A manual leave and an attendance adjustment batch (the seed makes neither); the batch's number."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from server.adjustments.attendance import attendance_adjustment_submit
    from server.adjustments.leave import LeaveAdjustmentInput, leave_adjustment_create
    from server.attendance.models import AttendanceDay
    from server.core.envelope import Unprocessable

    today = clock.localdate()
    for offset in range(14):  # the first day from today the leave can take (a working day, no izin)
        day = today + timedelta(days=offset)
        try:
            leave_adjustment_create(
                creator=admin,
                values=LeaveAdjustmentInput(
                    employee=employee,
                    request_date=today,
                    start_date=day,
                    end_date=day,
                    description="Cuti keluarga",
                    attachment=SimpleUploadedFile("surat.pdf", b"%PDF-1.4\n", content_type="application/pdf"),
                ),
            )
            break
        except Unprocessable:
            continue
    day = AttendanceDay.objects.filter(employee=employee, date__lte=today).order_by("-date").first()
    assert day is not None
    result = attendance_adjustment_submit(
        creator=admin,
        lines_data=[
            {
                "employee_number_formatted": employee.employee_number_formatted,
                "date": day.date.isoformat(),
                "lembur_aktual": 1,
                "is_valid": 1,
                "standby": 0,
            }
        ],
    )
    return result.adjustment.form_number


def _get_operations() -> list[str]:
    from django.conf import settings  # noqa: F401  (settings loaded by pytest-django before collection)
    from drf_spectacular.generators import SchemaGenerator

    document = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(path for path, ops in document["paths"].items() if "get" in ops and path not in NOT_JSON)


# Lists the world leaves empty on purpose (nothing else to build for them).
MAY_BE_EMPTY: set[str] = set()

# Several answers per path where one URL serves two shapes.
VARIANTS: dict[str, list[dict[str, str]]] = {
    "/api/web/v1/attendance_log/list": [{"status": "waiting_approval"}, {}],
    "/api/web/v1/employee/search": [{"filters": "{employee_name}"}],
    "/api/web/v1/penggajian/preview": [{"employee_id": "{employee_number}"}],
    "/api/web/v1/penggajian/check": [{"employee_id": "{employee_number}"}],
    "/api/web/v1/attendance_log/attendance_for_adjustment": [{"employee_id": "{employee_number_formatted}"}],
    "/api/web/v1/report/attendance_adjustment": [{"employee_id": "{employee_number_formatted}"}],
    # The attendance reports need people: one employee (doc3 §7.1 `employee_id`).
    **{
        f"/api/web/v1/report{kind}": [{"employee_id": "{employee_number}"}]
        for kind in ("", "/late", "/lembur", "/permission", "/report_summary")
    },
    # Their lean answers (issue [5/7]) take the same people.
    **{
        f"/api/web/v1/report{kind}/lean": [{"employee_id": "{employee_number}"}]
        for kind in ("", "/late", "/lembur", "/permission")
    },
}


def _first_id(client: APIClient, list_path: str, key: str = "hash_id") -> str:
    body = client.get(list_path).json()
    rows = body["data"]["rows"] if isinstance(body["data"], dict) and "rows" in body["data"] else body["data"]
    assert rows, f"{list_path} has no row to open"
    return str(rows[0][key])


def _approval_link_token() -> str:
    """A fresh e-mailed link of the admin to a waiting izin request of the world."""
    from server.approval_mail.services import approval_links_create
    from server.izin.models import IzinCode, IzinStatus
    from server.testing.factories import make_izin

    employee = Employee.objects.filter(is_active=True).order_by("pk").first()
    assert employee is not None
    day = clock.localdate() + timedelta(days=40)
    izin = make_izin(employee, IzinCode.SAKIT, day, status=IzinStatus.WAITING_APPROVAL)
    return approval_links_create(approver=User.objects.get(email="admin@example.com"), izin=izin)["approve"]


def _concrete(path: str, client: APIClient) -> str:
    """`path` with a real id of its kind: detail pages open the first row of their list."""
    if path == "/api/web/v1/preference/{key}":
        return path.replace("{key}", "approval.attendance.queue")
    if path == "/api/web/v1/approval_link/{token}":
        return path.replace("{token}", _approval_link_token())
    if "{hash_id}" not in path and "{code}" not in path:
        return path
    if path == "/api/web/v1/attendance_log/adjustment_detail/{code}":
        return path.replace(
            "{code}", _first_id(client, "/api/web/v1/attendance_log/last_adjustment", "form_number")
        )
    if path.endswith("/detail/{hash_id}"):
        list_path = path.replace("/detail/{hash_id}", "/list")
        suffix = "?status=waiting_approval" if "attendance_log" in path else ""
        return path.replace("{hash_id}", _first_id(client, list_path + suffix))
    if path == "/api/web/v1/shift_pattern/content/{hash_id}":
        return path.replace("{hash_id}", _first_id(client, "/api/web/v1/shift_pattern/list"))
    if path == "/api/web/v1/job/{hash_id}":
        return path.replace("{hash_id}", _first_id(client, "/api/web/v1/job/list", "job"))
    if path == "/api/web/v1/penggajian/detail/{code}":
        return path.replace(
            "{code}", _first_id(client, "/api/web/v1/penggajian/get_penggajian_sync_list", "sync_code")
        )
    raise AssertionError(f"no id rule for {path}: add one to _concrete")


@pytest.mark.parametrize("path", _get_operations())
def test_real_answer_matches_the_schema(path: str, schema: dict[str, Any], world: dict[str, Any]) -> None:
    if path.startswith("/api/mobile/"):
        client = world["mobile"]
    elif path == "/api/web/v1/wall_display/snapshot":
        client = world["display"]
    else:
        client = world["web"]
    url = _concrete(path, client)
    parameters = schema["paths"][path]["get"].get("parameters", [])
    required = {p["name"] for p in parameters if p.get("in") == "query" and p.get("required")}
    base = {name: world["query"][name] for name in required}
    validator = validator_for(schema, path)
    for template in VARIANTS.get(path, [{}]):
        variant = {key: value.format(**world) for key, value in template.items()}
        response = client.get(url, {**base, **variant})
        assert response.status_code == 200, (path, variant, response.content[:300])
        body = response.json()
        if isinstance(body.get("data"), list) and path not in MAY_BE_EMPTY:
            assert body["data"], f"{path} {variant} answered no rows: the world must give it some to check"
        errors = [
            f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(body)
        ]
        assert not errors, f"{path} {variant} does not match its schema:\n" + "\n".join(errors[:15])


# --- Writes ------------------------------------------------------------------------------------------

WEB = "/api/web/v1"
# A write's call on the world: (url, JSON body) from the admin's client (setup calls allowed).
WriteCall = Callable[[APIClient], tuple[str, dict[str, Any]]]

SHIFT_BODY = {
    "name": "Shift Uji Skema",
    "type": "working_shift",
    "time_in": "07:00",
    "time_out": "16:00",
    "break_start": "12:00",
    "break_end": "13:00",
    "late_in_minutes": 5,
    "early_out_minutes": 5,
    "minimum_check_in_time": 2,
}
PATTERN_BODY = {"name": "Pola Uji Skema", "starting_date": "2030-01-07", "day_circle_number": 7}


def _created(client: APIClient, path: str, body: dict[str, Any]) -> str:
    response = client.post(f"{WEB}/{path}", body, format="json")
    assert response.status_code == 201, (path, response.content[:300])
    return str(response.json()["data"]["hash_id"])


def _detail(client: APIClient, kind: str) -> dict[str, Any]:
    """The first row of `kind`'s list, opened by its detail (the fields a PUT sends back)."""
    hash_id = _first_id(client, f"{WEB}/{kind}/list")
    data: dict[str, Any] = client.get(f"{WEB}/{kind}/detail/{hash_id}").json()["data"]
    return data


def _pattern_with_two_days(client: APIClient) -> list[str]:
    """A new pattern holding two shifts: its content ids in day order."""
    pattern = _created(client, "shift_pattern", PATTERN_BODY)
    shift = _first_id(client, f"{WEB}/shift/list")
    for _ in range(2):
        body = {"shift_pattern_hash_id": pattern, "shift_hash_id": shift}
        rows = client.post(f"{WEB}/shift_pattern/content/", body, format="json").json()["data"]
    return [row["hash_id"] for row in rows]


def _holiday(client: APIClient, day: str) -> str:
    return _created(client, "holiday", {"name": "Libur Uji", "date": [day, day]})


def _kept(data: dict[str, Any], *fields: str) -> dict[str, Any]:
    return {field: data[field] for field in fields}


WRITES: dict[tuple[str, str], list[WriteCall]] = {
    ("post", "/api/web/v1/shift"): [lambda c: (f"{WEB}/shift", SHIFT_BODY)],
    ("put", "/api/web/v1/shift"): [
        lambda c: (f"{WEB}/shift", {**SHIFT_BODY, "hash_id": _detail(c, "shift")["hash_id"]})
    ],
    ("post", "/api/web/v1/shift_pattern"): [lambda c: (f"{WEB}/shift_pattern", PATTERN_BODY)],
    ("put", "/api/web/v1/shift_pattern"): [
        lambda c: (
            f"{WEB}/shift_pattern",
            _kept(_detail(c, "shift_pattern"), "hash_id", "name", "starting_date", "day_circle_number"),
        )
    ],
    ("post", "/api/web/v1/shift_pattern/content/"): [
        lambda c: (
            f"{WEB}/shift_pattern/content/",
            {
                "shift_pattern_hash_id": _created(c, "shift_pattern", PATTERN_BODY),
                "shift_hash_id": _first_id(c, f"{WEB}/shift/list"),
            },
        )
    ],
    ("put", "/api/web/v1/shift_pattern/content_set_order_down/{hash_id}"): [
        lambda c: (f"{WEB}/shift_pattern/content_set_order_down/{_pattern_with_two_days(c)[0]}", {})
    ],
    ("put", "/api/web/v1/shift_pattern/content_set_order_up/{hash_id}"): [
        lambda c: (f"{WEB}/shift_pattern/content_set_order_up/{_pattern_with_two_days(c)[1]}", {})
    ],
    ("post", "/api/web/v1/holiday"): [
        lambda c: (f"{WEB}/holiday", {"name": "Libur Uji", "date": ["2031-03-02", "2031-03-03"]}),
        lambda c: (
            f"{WEB}/holiday",
            {
                "hash_id": _holiday(c, "2031-04-06"),
                "name": "Libur Uji Diubah",
                "date": ["2031-04-06", "2031-04-06"],
                "leave": [{"label": "2031-04-06", "value": 1}],
            },
        ),
    ],
    ("post", "/api/web/v1/holiday/duplicate"): [
        lambda c: (_holiday(c, "2032-05-04") and f"{WEB}/holiday/duplicate", {"year": "2033"})
    ],
    ("post", "/api/web/v1/blacklist_app"): [
        lambda c: (f"{WEB}/blacklist_app", {"name": "Uji", "package_id": "com.uji.skema", "is_allow": 0})
    ],
    ("put", "/api/web/v1/blacklist_app"): [
        lambda c: (
            f"{WEB}/blacklist_app",
            {**_kept(_detail(c, "blacklist_app"), "hash_id", "name", "package_id"), "is_allow": 1},
        )
    ],
    ("post", "/api/web/v1/cuti_khusus"): [
        lambda c: (f"{WEB}/cuti_khusus", {"name": "Cuti Uji", "code": "CUJI", "jumlah_hari": 2})
    ],
    ("put", "/api/web/v1/cuti_khusus"): [
        lambda c: (
            f"{WEB}/cuti_khusus",
            _kept(_detail(c, "cuti_khusus"), "hash_id", "name", "code", "jumlah_hari"),
        )
    ],
    ("post", "/api/web/v1/cuti_tambahan"): [
        lambda c: (f"{WEB}/cuti_tambahan", {"name": "Cuti Tambahan Uji", "code": "CTUJI"})
    ],
    ("put", "/api/web/v1/cuti_tambahan"): [
        lambda c: (f"{WEB}/cuti_tambahan", _kept(_detail(c, "cuti_tambahan"), "hash_id", "name", "code"))
    ],
    ("post", "/api/web/v1/system_trouble"): [
        lambda c: (f"{WEB}/system_trouble", {"date": "2030-02-03", "description": "Server mati"})
    ],
    ("put", "/api/web/v1/system_trouble"): [
        lambda c: (
            f"{WEB}/system_trouble",
            {**_kept(_detail(c, "system_trouble"), "hash_id", "date"), "description": "Jaringan putus"},
        )
    ],
    ("put", "/api/web/v1/setting/risk"): [
        lambda c: (f"{WEB}/setting/risk", {**c.get(f"{WEB}/setting/risk").json()["data"], "high_from": 70})
    ],
    ("post", "/api/web/v1/setting/risk/preview"): [
        lambda c: (
            f"{WEB}/setting/risk/preview",
            {**c.get(f"{WEB}/setting/risk").json()["data"], "high_from": 70},
        )
    ],
    ("put", "/api/web/v1/setting/rejection_notes"): [
        lambda c: (f"{WEB}/setting/rejection_notes", {"notes": ["Lokasi tidak sesuai", "Wajah tidak cocok"]})
    ],
    ("put", "/api/web/v1/setting/approval_sla"): [
        lambda c: (
            f"{WEB}/setting/approval_sla",
            {"attendance_hours": 12, "permission_hours": 36, "escalate_to": []},
        )
    ],
    ("put", "/api/web/v1/preference/{key}"): [
        lambda c: (
            f"{WEB}/preference/approval.attendance.queue",
            {"value": {"dates": "all", "risk": "low", "order": {"column": "risk", "dir": "desc"}}},
        )
    ],
    ("patch", "/api/web/v1/notification/read"): [lambda c: (f"{WEB}/notification/read", {"all": True})],
    ("put", "/api/web/v1/setting/sync_schedule"): [
        lambda c: (f"{WEB}/setting/sync_schedule", {"hr_pull_enabled": True, "hr_pull_time": "03:15"})
    ],
    ("post", "/api/web/v1/wall_display/"): [lambda c: (f"{WEB}/wall_display/", {"name": "Lobi Timur"})],
    ("put", "/api/web/v1/wall_display/update/{hash_id}"): [
        lambda c: (f"{WEB}/wall_display/update/{_first_id(c, f'{WEB}/wall_display/list')}", {"name": "Lobi"})
    ],
    ("post", "/api/web/v1/realtime/ticket"): [lambda c: (f"{WEB}/realtime/ticket", {})],
    ("post", "/api/web/v1/delegation/"): [
        lambda c: (
            f"{WEB}/delegation/",
            {
                "delegate": MADE["delegate"],
                "start_date": (clock.localdate() + timedelta(days=10)).isoformat(),
                "end_date": (clock.localdate() + timedelta(days=12)).isoformat(),
                "note": "Cuti tahunan",
            },
        )
    ],
    ("patch", "/api/web/v1/attendance_log/approve"): [
        lambda c: (
            f"{WEB}/attendance_log/approve",
            # The world's own log (inside its placement's radius): the seed's newest waiting log may be
            # one out of radius, which needs a nearest man power (in the morning, WIB, it is).
            {"id": MADE["waiting_log"]},
        )
    ],
    ("patch", "/api/web/v1/attendance_log/approve_low_risk"): [
        # The ids the approver confirmed from the preview (a background job: 202 with the job).
        lambda c: (f"{WEB}/attendance_log/approve_low_risk", {"ids": [MADE["waiting_log"]]})
    ],
}

# Writes this test does not call yet, each with what calling it takes (a world of its own, a file
# upload, a session it would end, a connector it would reach).
UNCHECKED_WRITES: dict[tuple[str, str], str] = {
    ("post", "/api/web/v1/approval_link/{token}"): "spends its link: server/approval_mail/tests",
    ("post", "/api/mobile/v1/attendance/"): "a check-in with photo and place (mobile tests)",
    ("post", "/api/mobile/v1/auth/"): "signs in: tested by the mobile auth tests",
    ("patch", "/api/mobile/v1/auth/confirm_reset_password"): "needs a reset code",
    ("post", "/api/mobile/v1/auth/logout"): "ends the world's mobile session",
    ("post", "/api/mobile/v1/izin/"): "an izin request with its attachment",
    ("post", "/api/web/v1/adjustment"): "a multipart leave adjustment with attachment",
    ("post", "/api/web/v1/announcement"): "a multipart announcement",
    ("put", "/api/web/v1/announcement/"): "a multipart announcement",
    ("patch", "/api/web/v1/announcement/important"): "needs an announcement",
    ("post", "/api/web/v1/attendance_log/adjustment"): "an adjustment batch of the world's days",
    ("patch", "/api/web/v1/attendance_log/approve_many"): "needs several waiting logs",
    ("post", "/api/web/v1/attendance_log/import_attendance"): "a spreadsheet upload",
    ("patch", "/api/web/v1/attendance_log/reject"): "needs a second waiting log",
    ("patch", "/api/web/v1/attendance_log/reject_many"): "needs several waiting logs",
    ("patch", "/api/web/v1/attendance_log/reject_valid"): "needs an approved valid log",
    ("patch", "/api/web/v1/attendance_log/set_non_working_shift"): "needs a day of the right state",
    ("patch", "/api/web/v1/attendance_log/undo"): "needs a decided log",
    ("patch", "/api/web/v1/attendance_log/undo_many"): "needs a bulk decision (attendance bulk tests)",
    ("post", "/api/web/v1/auth/"): "signs in: tested by the accounts tests",
    ("patch", "/api/web/v1/auth/confirm_reset_password"): "needs a reset code",
    ("patch", "/api/web/v1/auth/forgot_password"): "sends a reset mail",
    ("post", "/api/web/v1/auth/logout"): "ends the world's web session",
    ("patch", "/api/web/v1/employee/set_attendance_disabled"): "employee rights (people tests)",
    ("patch", "/api/web/v1/employee/set_employee_password"): "employee rights (people tests)",
    ("patch", "/api/web/v1/employee/set_force_approval_permission"): "employee rights (people tests)",
    ("post", "/api/web/v1/employee/set_personalia"): "employee rights (people tests)",
    ("post", "/api/web/v1/employee/sync_hr_data"): "reaches the HR connector",
    ("post", "/api/web/v1/job/{hash_id}/cancel"): "needs a running job",
    ("post", "/api/web/v1/penggajian/kirim"): "reaches the payroll connector",
    ("post", "/api/web/v1/penggajian/sync_penggajian_for_resigned_employee"): "reaches the payroll connector",
    ("patch", "/api/web/v1/permission/approve"): "needs a waiting izin request",
    ("patch", "/api/web/v1/permission/reject"): "needs a waiting izin request",
    ("post", "/api/web/v1/profile/change_password"): "ends the world's web session",
    ("post", "/api/web/v1/user_level"): "a level of every flag (people tests)",
    ("put", "/api/web/v1/user_level"): "a level of every flag (people tests)",
    ("patch", "/api/web/v1/user_login"): "a user login's rights (people tests)",
    ("post", "/api/web/v1/user_login/{hash_id}/unlock"): "needs a locked login (accounts lockout tests)",
    ("post", "/api/web/v1/employee/{hash_id}/unlock_mobile"): "needs a locked app account (people tests)",
}


def _write_operations() -> list[tuple[str, str]]:
    from drf_spectacular.generators import SchemaGenerator

    document = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        (method, path)
        for path, ops in document["paths"].items()
        for method in ("post", "put", "patch")
        if method in ops
    )


def test_every_write_is_checked_or_says_why_not() -> None:
    operations = set(_write_operations())
    assert not set(WRITES) & set(UNCHECKED_WRITES)
    assert operations - set(WRITES) - set(UNCHECKED_WRITES) == set(), "add the new writes to WRITES"
    assert set(WRITES) | set(UNCHECKED_WRITES) <= operations, "a listed write no longer exists"


@pytest.mark.parametrize(("method", "path"), sorted(WRITES))
def test_real_write_answer_matches_the_schema(
    method: str, path: str, schema: dict[str, Any], world: dict[str, Any]
) -> None:
    client: APIClient = world["web"]
    for call in WRITES[(method, path)]:
        with transaction.atomic():  # each write undone: the world stays as the GET checks expect it
            url, body = call(client)
            response = getattr(client, method)(url, body, format="json")
            transaction.set_rollback(True)
        # 202: a write started as a background job (a long bulk approve) answers the job.
        assert response.status_code in (200, 201, 202), (method, path, response.content[:300])
        validator = validator_for(schema, path, method, response.status_code)
        errors = [
            f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(response.json())
        ]
        assert not errors, f"{method.upper()} {path} does not match its schema:\n" + "\n".join(errors[:15])
