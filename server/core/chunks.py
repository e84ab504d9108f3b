"""`chunks`: a long list taken in slices of at most `size` items (ids for one `pk__in`, rows for one
INSERT, items for one batch of a job), in order."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")


def chunks(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
