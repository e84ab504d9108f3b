"""The client build the server serves (DESIGN §19: version skew during a deploy).

`npm run build` writes `client/dist/build.json` (`{"build": "<id>"}`, client/vite.config.ts) and
compiles the same id into the client. The server answers it in `/api/web/v1/config` and in every
realtime `subscribed` frame; a tab whose own id differs is running an older build and reloads at a safe
moment (client/src/lib/build-version.ts). Read again whenever the file changes (a new dist swapped in
under a running server), at most once a second.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path

from django.conf import settings

RECHECK_S = 1.0
_lock = threading.Lock()
_cached: tuple[float, tuple[int, int] | None, str] = (0.0, None, "")


def _read(dist: Path) -> tuple[tuple[int, int] | None, str]:
    manifest, index = dist / "build.json", dist / "index.html"
    for path in (manifest, index):
        try:
            stat = path.stat()
        except OSError:
            continue
        key = (stat.st_mtime_ns, stat.st_size)
        if key == _cached[1]:
            return key, _cached[2]
        try:
            if path is manifest:
                build = str(json.loads(path.read_text())["build"])
            else:
                # A dist built before build.json existed: its index names the hashed bundles.
                build = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        return key, build
    return None, ""


def client_build() -> str:
    """The id of the client build in CLIENT_DIST ("" when there is none)."""
    global _cached
    now = time.monotonic()
    if now - _cached[0] < RECHECK_S:
        return _cached[2]
    with _lock:
        key, build = _read(Path(settings.CLIENT_DIST))
        _cached = (now, key, build)
    return build
