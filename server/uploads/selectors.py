"""Reads of manual uploads (doc2 §2.4 list, §2.8 detail)."""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound

from server.core.hashids import get_by_hash_id
from server.uploads import messages as msg
from server.uploads.models import ManualUpload, ManualUploadLine


def manual_uploads() -> QuerySet[ManualUpload]:
    return ManualUpload.objects.select_related("creator", "man_power")


def manual_upload_by_code(code: str) -> ManualUpload:
    """By form number (what the list links to) or hash id; 404 otherwise."""
    upload = manual_uploads().filter(form_number=code).first()
    if upload is None:
        try:
            upload = get_by_hash_id(manual_uploads(), code, message=msg.NOT_FOUND)
        except NotFound:
            raise NotFound(msg.NOT_FOUND) from None
    return upload


def manual_upload_lines(upload: ManualUpload) -> QuerySet[ManualUploadLine]:
    return ManualUploadLine.objects.filter(upload=upload).select_related("employee")
