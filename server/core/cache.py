"""The cache: Redis when configured, and an optimisation, never a gate (DESIGN §16).

`FailOpenRedisCache` is Django's RedisCache that answers from a per-process local memory cache
while Redis is unreachable, instead of raising into the request. So with Redis down:
- the DRF throttles (sign-in, forgot and reset password) keep a limit, per process;
- the shared list and dashboard counts are computed (nothing cached across processes);
- topic versions count per process: events cannot be sent anyway, and the realtime hub closes every
  socket for a resync once Redis is back (server/realtime/hub.py watches it through `strict_cache`).

An outage is logged once when it starts and once when it ends. After a failure Redis is tried again
at most every `RETRY_SECONDS` (the other calls go straight to the local cache), and the settings
give the connection short timeouts, so a dead Redis costs a request milliseconds, not seconds.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache import BaseCache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# What counts as Redis being away (a refused, broken or silent connection); any other error (a wrong
# type, say) is a bug and is raised as usual.
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)
RETRY_SECONDS = 1.0


class FailOpenRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.strict = RedisCache(server, params)
        local = {key: value for key, value in params.items() if key not in ("BACKEND", "LOCATION", "OPTIONS")}
        self.local = LocMemCache(f"fail-open-{id(self)}", {**local, "OPTIONS": {"MAX_ENTRIES": 10_000}})
        self._retry_at = 0.0
        self._down = False
        self._lock = threading.Lock()

    @property
    def down(self) -> bool:
        """Whether the last call found Redis unreachable."""
        return self._down

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self._down and time.monotonic() < self._retry_at:
            return getattr(self.local, name)(*args, **kwargs)
        try:
            result = getattr(self.strict, name)(*args, **kwargs)
        except UNREACHABLE as error:
            self._went_down(error)
            return getattr(self.local, name)(*args, **kwargs)
        if self._down:
            self._came_back()
        return result

    def _went_down(self, error: Exception) -> None:
        with self._lock:
            self._retry_at = time.monotonic() + RETRY_SECONDS
            if not self._down:
                self._down = True
                logger.warning(
                    "Cache: Redis unreachable (%s); answering from this process's memory until it is back",
                    error,
                )

    def _came_back(self) -> None:
        with self._lock:
            if self._down:
                self._down = False
                logger.warning("Cache: Redis is back")

    def clear(self) -> Any:
        self.local.clear()
        return self._call("clear")


def _forwarded(name: str) -> Any:
    def operation(self: FailOpenRedisCache, *args: Any, **kwargs: Any) -> Any:
        return self._call(name, *args, **kwargs)

    operation.__name__, operation.__qualname__ = name, f"FailOpenRedisCache.{name}"
    return operation


# Every operation of RedisCache (the others of BaseCache are built on these) goes through `_call`.
FORWARDED = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many")
for _name in FORWARDED:
    setattr(FailOpenRedisCache, _name, _forwarded(_name))


def strict_cache() -> BaseCache:
    """The default cache, raising when Redis is away (the realtime hub's watch must know it is)."""
    default = caches["default"]
    return default.strict if isinstance(default, FailOpenRedisCache) else default


def cache_down() -> bool:
    """Whether the default cache answers from this process's memory because Redis is away."""
    default = caches["default"]
    return isinstance(default, FailOpenRedisCache) and default.down
