"""The OpenAPI shape of a job row: the answers of the job endpoints and of every endpoint that
starts a job."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from server.core.schema import (
    envelope_schema,
    inline_serializer,
)
from server.jobs.models import JobStatus


def job_row_fields() -> dict[str, serializers.Field[Any, Any, Any, Any]]:
    """Fresh field instances for each schema (a serializer field belongs to one serializer)."""
    return {
        "job": serializers.CharField(help_text="hash id"),
        "kind": serializers.CharField(),
        "status": serializers.ChoiceField(choices=JobStatus.values),
        "processed": serializers.IntegerField(),
        "total": serializers.IntegerField(help_text="0 selama belum diketahui"),
        "errors": serializers.ListField(
            child=serializers.DictField(), help_text="[{item, message}], dibatasi"
        ),
        "error_count": serializers.IntegerField(),
        "result": serializers.DictField(),
        "message": serializers.CharField(),
        "params": serializers.DictField(),
        "creator_user_name": serializers.CharField(),
        "creator_id": serializers.CharField(allow_null=True),
        "cancel_requested": serializers.BooleanField(),
        "created": serializers.DateTimeField(),
        "started": serializers.DateTimeField(allow_null=True),
        "finished": serializers.DateTimeField(allow_null=True),
    }


JobSchema = inline_serializer("Job", job_row_fields())
JobEnvelope = envelope_schema("JobEnvelope", JobSchema)
