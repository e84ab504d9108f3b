"""The job and sync GET endpoints answer exactly what /api/schema/ documents (the core schema test's
validator, on a world with a finished job and a payroll sync)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from server.accounts.models import User
from server.core.tests.test_openapi_responses import schema, validator_for  # noqa: F401  (fixture)
from server.jobs.models import Job
from server.sync.models import PayrollSync
from server.sync.tests.conftest import Fakes
from server.sync.tests.test_payroll import params, send, workforce  # noqa: F401  (fixture)
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db


def test_job_and_sync_answers_match_the_schema(
    schema: dict[str, Any],  # noqa: F811
    fakes: Fakes,
    workforce: list[Employee],  # noqa: F811
    make_user: Callable[..., User],
    client_for: Callable[..., Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    admin = make_user(flags=["allow_employee_update", "allow_sync_penggajian"], fullname="Admin")
    client = client_for(admin)
    with override_settings(PAYROLL_BATCH_SIZE=5):
        push = send(client, django_capture_on_commit_callbacks)
    sync = PayrollSync.objects.get()
    calls = {
        "/api/web/v1/job/{hash_id}": (f"/api/web/v1/job/{push.hash_id}", {}),
        "/api/web/v1/job/list": ("/api/web/v1/job/list", {}),
        "/api/web/v1/penggajian/preview": ("/api/web/v1/penggajian/preview", params()),
        "/api/web/v1/penggajian/recent": ("/api/web/v1/penggajian/recent", {}),
        "/api/web/v1/penggajian/get_penggajian_sync_list": (
            "/api/web/v1/penggajian/get_penggajian_sync_list",
            {"month": sync.created.month, "year": sync.created.year},
        ),
        "/api/web/v1/penggajian/detail/{code}": (f"/api/web/v1/penggajian/detail/{sync.sync_code}", {}),
        "/api/web/v1/employee/sync_hr_data": ("/api/web/v1/employee/sync_hr_data", {}),
    }
    for path, (url, query) in calls.items():
        response = client.get(url, query)
        assert response.status_code == 200, (path, response.content[:300])
        body = response.json()
        if isinstance(body.get("data"), list):
            assert body["data"], f"{path} answered no rows"
        errors = [
            f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator_for(schema, path).iter_errors(body)
        ]
        assert not errors, f"{path} does not match its schema:\n" + "\n".join(errors[:15])
    assert Job.objects.filter(kind="sync.hr_pull").count() == 1
