"""The OpenAPI schema tells the truth: every GET operation of /api/schema/ is called on a world with
data, and its real 200 answer must match the documented schema exactly (no undocumented field, no
missing required one, the documented types and nulls)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import LogStatus
from server.core import clock
from server.dashboard.services import wall_display_create
from server.jobs.models import Job, JobStatus
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


def validator_for(schema: dict[str, Any], path: str) -> Draft202012Validator:
    operation = schema["paths"][path]["get"]
    content = operation["responses"]["200"]["content"]
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
    check_in(employee, clock.now() - timedelta(minutes=30), status=LogStatus.WAITING_APPROVAL)
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
    "/api/web/v1/attendance_log/attendance_for_adjustment": [{"employee_id": "{employee_number_formatted}"}],
    "/api/web/v1/report/attendance_adjustment": [{"employee_id": "{employee_number_formatted}"}],
    # The attendance reports need people: one employee (doc3 §7.1 `employee_id`).
    **{
        f"/api/web/v1/report{kind}": [{"employee_id": "{employee_number}"}]
        for kind in ("", "/late", "/lembur", "/permission", "/report_summary")
    },
}


def _first_id(client: APIClient, list_path: str, key: str = "hash_id") -> str:
    body = client.get(list_path).json()
    rows = body["data"]["rows"] if isinstance(body["data"], dict) and "rows" in body["data"] else body["data"]
    assert rows, f"{list_path} has no row to open"
    return str(rows[0][key])


def _concrete(path: str, client: APIClient) -> str:
    """`path` with a real id of its kind: detail pages open the first row of their list."""
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
