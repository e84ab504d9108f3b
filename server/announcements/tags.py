"""Announcement tags: the man power types, or 'all' (labelled 'Semua') for every type.

Stored canonically: 'all', or the chosen types in catalogue order joined by ','. Choosing every type
is the same as choosing 'all' (spec doc1 §4).
"""

from __future__ import annotations

from collections.abc import Iterable

from server.workforce.models import ManPowerType

ALL = "all"
ALL_LABEL = "Semua"
TYPES: tuple[str, ...] = tuple(ManPowerType.values)
LABELS: dict[str, str] = {ALL: ALL_LABEL, **{value: str(label) for value, label in ManPowerType.choices}}


class UnknownTag(ValueError):
    pass


def tags_parse(raw: str | Iterable[str]) -> list[str]:
    """'office, pool' (or a list) as canonical tags; [] when empty; UnknownTag on anything else."""
    parts = raw.split(",") if isinstance(raw, str) else list(raw)
    chosen = {str(part).strip().lower() for part in parts if str(part).strip()}
    unknown = chosen - {ALL, *TYPES}
    if unknown:
        raise UnknownTag(", ".join(sorted(unknown)))
    if not chosen:
        return []
    if ALL in chosen or chosen == set(TYPES):
        return [ALL]
    return [value for value in TYPES if value in chosen]


def tags_store(tags: list[str]) -> str:
    return ",".join(tags)


def tags_of(stored: str) -> list[str]:
    return [part for part in stored.split(",") if part]


def tag_catalogue() -> list[dict[str, str | int]]:
    return [
        {"id": index, "value": value, "label": LABELS[value]} for index, value in enumerate((ALL, *TYPES), 1)
    ]
