"""What the health endpoint reports beside the database and the channel layer: counters that apps
register (e.g. realtime's `publish_failures`), so that core needs to import none of them."""

from __future__ import annotations

from collections.abc import Callable

HealthCounter = Callable[[], int]

_counters: dict[str, HealthCounter] = {}


def register_health_counter(name: str, counter: HealthCounter) -> None:
    """Report `counter()` under `name` in `GET /api/health` (from the app's `AppConfig.ready()`)."""
    _counters[name] = counter


def health_counters() -> dict[str, int]:
    return {name: counter() for name, counter in _counters.items()}
