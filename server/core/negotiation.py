"""Content negotiation of the download endpoints: `?format=` picks the file type, not DRF's renderer."""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class FirstRendererNegotiation(DefaultContentNegotiation):
    """Always the envelope renderer: `?format=` picks the file type here, not DRF's renderer."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type
