"""Health, public client configuration, and the single-page client for every non-API path."""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.health import health_counters
from server.core.policy import Public
from server.core.schema import envelope_schema, inline_serializer

logger = logging.getLogger(__name__)


def database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return True
    except Exception:
        logger.warning("Health: database unreachable", exc_info=True)
        return False


async def _probe_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    await asyncio.wait_for(layer.group_send("health-probe", {"type": "health.probe"}), timeout=2)


def channel_layer_ok() -> bool:
    try:
        async_to_sync(_probe_layer)()
        return True
    except Exception:
        logger.warning("Health: channel layer unreachable", exc_info=True)
        return False


class HealthApi(APIView):
    """Bare JSON (not the envelope): load balancers and probes read it as is. `publish_failures` counts
    the realtime events this process could not send since it started (they never fail a request)."""

    access = Public()
    authentication_classes: list[type] = []

    @extend_schema(summary="Status layanan", responses={200: dict, 503: dict})
    def get(self, request: Request) -> HttpResponse:
        database = "ok" if database_ok() else "error"
        layer = "ok" if channel_layer_ok() else "error"
        healthy = database == "ok" and layer == "ok"
        return JsonResponse(
            {
                "status": "ok" if healthy else "error",
                "database": database,
                "channel_layer": layer,
                # What apps register (`server.core.health`): realtime's `publish_failures`.
                **health_counters(),
            },
            status=200 if healthy else 503,
        )


class ClientConfigApi(APIView):
    access = Public()
    authentication_classes: list[type] = []

    @extend_schema(
        summary="Konfigurasi publik untuk klien web",
        responses=envelope_schema(
            "ClientConfigEnvelope",
            inline_serializer(
                "ClientConfig",
                {
                    "product_name": serializers.CharField(),
                    "guide_url": serializers.CharField(),
                    "tile_url": serializers.CharField(),
                },
            ),
        ),
    )
    def get(self, request: Request) -> Response:
        return respond(
            {
                "product_name": settings.PRODUCT_NAME,
                "guide_url": settings.GUIDE_URL,
                "tile_url": settings.MAP_TILE_URL,
            }
        )


def client_index(request: HttpRequest, path: str = "") -> HttpResponse | FileResponse:
    index = settings.CLIENT_DIST / "index.html"
    if not index.exists():
        return HttpResponse(
            "Klien web belum dibangun. Jalankan `make run` atau `npm --prefix client run build`.",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response = FileResponse(index.open("rb"), content_type="text/html; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


# The OpenAPI schema and its Swagger UI (the schema class is server.core.schema.ApiSchema, which
# must not import these views: drf-spectacular's views read DEFAULT_SCHEMA_CLASS when defined).
class SchemaApi(SpectacularAPIView):
    access = Public()
    authentication_classes: list[type] = []


class SwaggerUiApi(SpectacularSwaggerView):
    access = Public()
    authentication_classes: list[type] = []
