"""Upload files (the posted spreadsheets and their error files) are served only through the upload
endpoints (allow_upload_manual), never by their stored path (DESIGN §16)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from server.accounts.models import User
from server.jobs.models import Job, JobStatus
from server.uploads.files import error_file_path, upload_dir, write_error_file
from server.uploads.jobs import UPLOAD_KIND
from server.uploads.tests.conftest import downloaded

pytestmark = pytest.mark.django_db

URL = "/api/web/v1/attendance_log/import_attendance/{}/errors"


def test_error_files_need_allow_upload_manual_and_stored_files_have_no_route(
    make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    uploader = make_user(flags=["allow_upload_manual"])
    job = Job.objects.create(kind=UPLOAD_KIND, status=JobStatus.FAILED, creator=uploader)
    path = error_file_path(job.hash_id)
    write_error_file(path, [], ["Berkas tidak sesuai template."])
    posted = upload_dir() / "contoh.xlsx"
    posted.write_bytes(path.read_bytes())

    allowed = client_for(uploader).get(URL.format(job.hash_id))
    assert allowed.status_code == 200
    assert downloaded(allowed) == path.read_bytes()

    outsider = client_for(make_user(flags=[]))
    assert outsider.get(URL.format(job.hash_id)).status_code == 403
    for stored in (path, posted):
        relative = stored.relative_to(settings.MEDIA_ROOT).as_posix()
        response = outsider.get(f"/api/web/v1/media/{relative}")
        assert response.status_code == 404 and response.json()["http_status"] == 404
