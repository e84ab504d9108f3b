"""The security headers of every answer (DESIGN §16): the page, the API, static files, the wall.

One function builds them, for `SecurityHeadersMiddleware` (every Django answer, whitenoise's static
files included) and for the realtime ticket answers made on the event loop in front of Django
(`server/realtime/ticket_endpoint.py`).

The Content-Security-Policy allows the client what it needs and nothing more:
- scripts only from this origin (the built client has no inline script; `client/index.html` loads
  its entry as a file), no plugins, no `<base>` elsewhere, forms posting only here;
- stylesheets only from this origin. Style *attributes* are allowed (`style-src-attr
  'unsafe-inline'`): TipTap's table extension writes `style="min-width: ..."` on tables and columns
  through `setAttribute`, and an announcement's stored HTML keeps them. A style attribute runs no
  script and styles only its own element; `<style>` elements stay refused (`style-src-elem 'self'`),
  so the editor is told not to inject its own (`injectCSS: false`, the rules are in the client's CSS);
- images from here, `data:` (Bootstrap's and Leaflet's CSS icons) and `blob:` (photos fetched with
  the token and shown as object URLs), and the map tile host of `MAP_TILE_URL`;
- connections to this origin and its websocket (`ws:`/`wss:` of the same host, spelled out because
  not every browser counts them as 'self');
- never inside a frame (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older browsers):
  the wall display too.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host

CSP_HEADER = "Content-Security-Policy"


def tile_source(url: str) -> str | None:
    """The CSP source of a Leaflet tile URL template (`https://{s}.tile.example.org/{z}/{x}/{y}.png`
    → `https://*.tile.example.org`); None when it is empty or on this origin (a relative URL)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    host = parts.netloc.split("@")[-1]
    labels = ["*" if "{" in label else label for label in host.split(".")]
    return f"{parts.scheme}://{'.'.join(labels)}"


def _websocket_sources(host: str | None) -> list[str]:
    domain = split_domain_port(host)[0] if host else ""
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return []
    return [f"ws://{host}", f"wss://{host}"]


def content_security_policy(*, host: str | None, style_src: str = "'self'") -> str:
    """The policy for an answer to a request for `host` (its Host header; validated against
    ALLOWED_HOSTS before it goes into the header)."""
    images = ["'self'", "data:", "blob:"]
    tiles = tile_source(settings.MAP_TILE_URL)
    if tiles:
        images.append(tiles)
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": [style_src],
        "style-src-elem": [style_src],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": images,
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", *_websocket_sources(host)],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


def security_headers(*, host: str | None) -> list[tuple[str, str]]:
    """Every answer's security headers, CSP first (HSTS only when served over TLS: `SECURE_TLS`)."""
    headers = [
        (CSP_HEADER, content_security_policy(host=host)),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
    ]
    if settings.SECURE_TLS and settings.SECURE_HSTS_SECONDS:
        headers.append(("Strict-Transport-Security", f"max-age={settings.SECURE_HSTS_SECONDS}"))
    return headers
