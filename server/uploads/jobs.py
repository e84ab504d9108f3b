"""The `upload.attendance` job: read and validate every row with live progress, then import all or
nothing; a file with errors fails the job with every error (the first ones on the job, all of them
in a downloadable xlsx of the offending rows)."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError

from server.core.policy import AnyFlag
from server.jobs.context import JobContext, JobFailed
from server.jobs.kinds import register_job_kind
from server.uploads import messages as msg
from server.uploads.files import error_file_path, error_file_values, write_error_file
from server.uploads.reader import UploadRefused, UploadTarget, read_rows
from server.uploads.services import manual_upload_import
from server.uploads.validation import validate_rows
from server.workforce.models import ManPower

UPLOAD_KIND = "upload.attendance"
# Who may follow an upload job.
UPLOAD_FLAGS = ("allow_upload_manual",)


def _target(params: dict[str, Any]) -> UploadTarget:
    return UploadTarget(
        man_power=ManPower.objects.get(pk=params["man_power_id"]),
        start=date.fromisoformat(params["start_date"]),
        end=date.fromisoformat(params["end_date"]),
        file_name=params["file_name"],
    )


@register_job_kind(UPLOAD_KIND, access=AnyFlag(*UPLOAD_FLAGS))
def attendance_upload(job: JobContext) -> dict[str, Any]:
    """Params: `path` (under MEDIA_ROOT), `file_name`, `man_power_id`, `start_date`, `end_date`,
    `rows` (data rows counted when the file was posted)."""
    path = Path(settings.MEDIA_ROOT) / job.params["path"]
    target = _target(job.params)
    file_rows = int(job.params.get("rows") or 0)
    # Validation then import: the bar runs over both (validation counts the file's rows; the import,
    # once it starts, the rows it writes).
    job.set_total(2 * file_rows)
    job.set_result(phase="validasi", file_rows=file_rows)

    def failed(message: str, *, rows: int = 0, **result: Any) -> JobFailed:
        # The counts a failed upload ends with are what it imported: nothing, of the rows filled.
        job.job.processed, job.job.total = 0, rows
        return JobFailed(message, result={"rows": rows, "imported": 0, **result})

    try:
        if not path.is_file():
            raise UploadRefused(msg.FILE_MISSING)
        checked = validate_rows(target=target, raws=read_rows(path), progress=job.advance)
    except UploadRefused as refused:
        job.error("File", refused.message)
        raise failed(refused.message, error_count=1, error_rows=0, error_file=False) from None
    if checked.errors:
        by_row: dict[int, list[str]] = defaultdict(list)
        for error in checked.errors:
            job.error(f"Baris {error.row}", error.cell_text)
            by_row[error.row].append(error.text)
        write_error_file(
            error_file_path(job.job.hash_id),
            (
                (row, error_file_values(checked.raw.get(row, ())), texts)
                for row, texts in sorted(by_row.items())
            ),
            [],
        )
        count = len(checked.errors)
        raise failed(
            msg.FAILED.format(count=count, rows=len(by_row)),
            rows=checked.filled,
            error_count=count,
            error_rows=len(by_row),
            error_file=True,
            phase="validasi",
        )
    if not checked.rows:
        job.error("File", msg.FILE_NO_ROWS)
        raise failed(msg.FILE_NO_ROWS, error_count=1, error_rows=0, error_file=False)
    # The import runs in one transaction: progress is set on the row, and the side thread publishes it.
    job.job.total = job.job.processed + len(checked.rows)
    job.set_result(phase="impor", import_from=job.job.processed, rows=len(checked.rows))

    def imported(count: int) -> None:
        job.job.processed += count

    try:
        upload = manual_upload_import(
            target=target, rows=checked.rows, user=job.job.creator, job_id=job.job.pk, progress=imported
        )
    except IntegrityError:
        job.error("File", msg.CONFLICT)
        raise failed(
            msg.CONFLICT, rows=len(checked.rows), error_count=1, error_rows=0, error_file=False
        ) from None
    # The counts it ends with: every row imported.
    job.job.processed = job.job.total = upload.total_data
    return {
        "rows": upload.total_data,
        "imported": upload.total_data,
        "form_number": upload.form_number,
        "upload": upload.hash_id,
        "total_data": upload.total_data,
        "phase": "selesai",
        "message": msg.DONE.format(count=upload.total_data, form_number=upload.form_number),
    }
