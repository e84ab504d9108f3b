"""A manual upload appends ONE audit entry at the end of its job (counts, never one per row), made by
the job and the user who started it; a refused file records nothing."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from server.audit.models import AuditEntry
from server.jobs.models import JobStatus
from server.uploads.models import ManualUpload
from server.uploads.tests.conftest import Site, download, fill, last_job, post
from server.uploads.tests.test_import import MON, good_edits

pytestmark = [pytest.mark.django_db]


def test_an_upload_is_one_entry_by_its_job(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    answer = post(client, fill(content, good_edits()), name, django_capture_on_commit_callbacks)
    assert answer.status_code == 200, answer.json()
    job = last_job()
    assert job.status == JobStatus.SUCCEEDED, job.message
    upload = ManualUpload.objects.get()
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.object_type, entry.object_id, entry.object_label) == (
        "upload",
        "manual_upload",
        upload.hash_id,
        upload.form_number,
    )
    assert (entry.job_id, entry.job_kind, entry.actor_name) == (job.hash_id, job.kind, "Admin Unggah")
    assert entry.after["total_data"] == 4 and entry.after["sick"] == 1 and entry.after["check_ins"] == 3
    assert entry.after["man_power"] == site.man_power.name and entry.before == {}


def test_a_refused_upload_records_nothing(
    site: Site, client: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    content, name = download(client, site.man_power)
    bad = fill(content, {("UP-0001", str(MON)): {"D": "25:00", "E": "17:00"}})
    post(client, bad, name, django_capture_on_commit_callbacks)
    assert last_job().status == JobStatus.FAILED
    assert not AuditEntry.objects.exists()
