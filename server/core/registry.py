"""A registry of entries by key, each registered once (realtime topics, socket owners)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from django.core.exceptions import ImproperlyConfigured

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Registry(Generic[K, V]):
    """Entries by the key `key_of` reads from each, in the order they were registered; registering
    a key twice is a configuration error that names the entry as `what`."""

    def __init__(self, what: str, key_of: Callable[[V], K]) -> None:
        self._what = what
        self._key_of = key_of
        self._entries: dict[K, V] = {}

    def register(self, entry: V) -> V:
        key = self._key_of(entry)
        if key in self._entries:
            raise ImproperlyConfigured(f"{self._what} {key!r} is registered twice")
        self._entries[key] = entry
        return entry

    def unregister(self, key: K) -> None:
        self._entries.pop(key, None)

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def all(self) -> list[V]:
        """In the order of registration."""
        return list(self._entries.values())
