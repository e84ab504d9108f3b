"""The shape of a job row (`selectors.job_row`), declared once: the answers of the job endpoints and of
every endpoint that starts a job."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from server.core.schema import envelope_schema
from server.jobs.models import JobStatus


# selectors.job_row: the row of the job endpoints, of every endpoint that starts a job and of the
# `jobs` topic.
@extend_schema_serializer(component_name="Job")
class JobOutput(serializers.Serializer[Any]):
    job = serializers.CharField(help_text="hash id")
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=JobStatus.values)
    processed = serializers.IntegerField()
    total = serializers.IntegerField(help_text="0 selama belum diketahui")
    errors = serializers.ListField(  # type: ignore[assignment]
        child=serializers.DictField(), help_text="[{item, message}], dibatasi"
    )
    error_count = serializers.IntegerField()
    result = serializers.DictField()
    message = serializers.CharField()
    params = serializers.DictField()
    creator_user_name = serializers.CharField()
    creator_id = serializers.CharField(allow_null=True)
    cancel_requested = serializers.BooleanField()
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)


JobEnvelope = envelope_schema("JobEnvelope", JobOutput())
