from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework import serializers

from server.core.policy import Public


class SchemaApi(SpectacularAPIView):
    access = Public()
    authentication_classes: list[type] = []


class SwaggerUiApi(SpectacularSwaggerView):
    access = Public()
    authentication_classes: list[type] = []


def envelope_schema(name: str, data: Any) -> Any:
    """OpenAPI component for `{"http_status", "message", "data": <data>}`."""
    return inline_serializer(
        name, {"http_status": serializers.IntegerField(), "message": serializers.CharField(), "data": data}
    )


MessageEnvelope = envelope_schema("MessageEnvelope", serializers.JSONField(allow_null=True))


def list_envelope_schema(name: str, row: Any) -> Any:
    """OpenAPI component of a list answer: rows plus the list protocol's counts and pagination."""
    return inline_serializer(
        name,
        {
            "http_status": serializers.IntegerField(),
            "message": serializers.CharField(),
            "data": row,
            "recordsTotal": serializers.IntegerField(),
            "recordsFiltered": serializers.IntegerField(),
            "pagination": serializers.DictField(),
        },
    )


# The query parameters of the list protocol (server.core.listing), for `extend_schema(parameters=...)`.
LIST_PARAMETERS = [
    OpenApiParameter("page", OpenApiTypes.INT, description="halaman, mulai 1"),
    OpenApiParameter("per_page", OpenApiTypes.INT, description="10, 25, 50 atau 100"),
    OpenApiParameter("search", OpenApiTypes.STR, description='JSON filter kolom, mis. {"status":"approved"}'),
    OpenApiParameter("order", OpenApiTypes.STR, description='JSON {"column": ..., "dir": "asc|desc"}'),
    OpenApiParameter("global_search", OpenApiTypes.STR),
]
