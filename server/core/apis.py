"""Health, public client configuration, and the single-page client for every non-API path."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.build import client_build
from server.core.cache import strict_cache
from server.core.envelope import respond
from server.core.files import FileResponse, client_page_response
from server.core.health import health_counters
from server.core.policy import Public
from server.core.schema import envelope_schema
from server.core.security import CSP_HEADER, content_security_policy

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


def cache_ok() -> bool:
    """The shared cache (Redis) answers; the server answers without it (server/core/cache.py)."""
    try:
        strict_cache().get("health-probe")
        return True
    except Exception:
        logger.warning("Health: cache unreachable", exc_info=True)
        return False


class HealthApi(APIView):
    """Bare JSON (not the envelope): load balancers and probes read it as is. Each dependency is "ok"
    or "error". Without the database nothing works: 503, take the process out. Without Redis (cache,
    channel layer) requests are still answered (DESIGN §16) and only live updates pause: 200 with
    status "degraded", so a Redis outage does not take every web replica out of the balancer.
    `publish_failures` counts the realtime events this process could not send since it started (they
    never fail a request)."""

    access = Public()
    authentication_classes: list[type] = []

    @extend_schema(summary="Status layanan", responses={200: dict, 503: dict})
    def get(self, request: Request) -> HttpResponse:
        checks = {
            "database": database_ok(),
            "cache": cache_ok(),
            "channel_layer": channel_layer_ok(),
        }
        status = "ok" if all(checks.values()) else "degraded" if checks["database"] else "error"
        return JsonResponse(
            {
                "status": status,
                **{name: "ok" if fine else "error" for name, fine in checks.items()},
                # What apps register (`server.core.health`): realtime's `publish_failures`.
                **health_counters(),
            },
            status=503 if status == "error" else 200,
        )


@extend_schema_serializer(component_name="ClientConfig")
class ClientConfigOutput(serializers.Serializer[Any]):
    product_name = serializers.CharField()
    guide_url = serializers.CharField()
    tile_url = serializers.CharField()
    build = serializers.CharField(
        help_text="Id build klien yang dilayani; tab dengan build lain memuat ulang."
    )


class ClientConfigApi(APIView):
    access = Public()
    authentication_classes: list[type] = []

    @extend_schema(
        summary="Konfigurasi publik untuk klien web",
        responses=envelope_schema("ClientConfigEnvelope", ClientConfigOutput()),
    )
    def get(self, request: Request) -> Response:
        config = {
            "product_name": settings.PRODUCT_NAME,
            "guide_url": settings.GUIDE_URL,
            "tile_url": settings.MAP_TILE_URL,
            "build": client_build(),
        }
        return respond(ClientConfigOutput(config).data)


def client_index(request: HttpRequest, path: str = "") -> HttpResponse | FileResponse:
    index = settings.CLIENT_DIST / "index.html"
    if not index.exists():
        return HttpResponse(
            "Klien web belum dibangun. Jalankan `make run` atau `npm --prefix client run build`.",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    return client_page_response(index)


# The OpenAPI schema and its Swagger UI (the schema class is server.core.schema.ApiSchema, which
# must not import these views: drf-spectacular's views read DEFAULT_SCHEMA_CLASS when defined).
class SchemaApi(SpectacularAPIView):
    access = Public()
    authentication_classes: list[type] = []


class SwaggerUiApi(SpectacularSwaggerSplitView):
    """The split view serves its start script as a file (`?script`), so no inline script runs. Its
    page carries a `<style>` block of its own and Swagger UI styles itself: only this page allows
    inline styles."""

    access = Public()
    authentication_classes: list[type] = []

    @extend_schema(exclude=True)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call]
        style = "'self' 'unsafe-inline'"
        response.headers[CSP_HEADER] = content_security_policy(host=request.get_host(), style_src=style)
        return response
