from typing import Any

from drf_spectacular.utils import inline_serializer
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
