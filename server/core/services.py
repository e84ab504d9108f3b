"""Service helpers shared by every app (HackSoft style)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, TypeVar

from django.db import models

M = TypeVar("M", bound=models.Model)


def model_update(*, instance: M, fields: Sequence[str], data: Mapping[str, Any]) -> tuple[M, bool]:
    """Set the `fields` present in `data` on `instance`, validate (`full_clean`) and save only the
    changed columns. Many-to-many fields are `.set()` after the save. Answers (instance, changed).

    A service calls it inside its transaction and publishes its event only when `changed`.
    """
    model_fields = {field.name: field for field in instance._meta.get_fields()}
    changed_columns: list[str] = []
    many_to_many: dict[str, Any] = {}
    for name in fields:
        if name not in data:
            continue
        field = model_fields.get(name)
        if field is None:
            raise ValueError(f"{type(instance).__name__} has no field {name!r}")
        if isinstance(field, models.ManyToManyField):
            many_to_many[name] = data[name]
            continue
        if getattr(instance, name) != data[name]:
            setattr(instance, name, data[name])
            changed_columns.append(name)
    if changed_columns:
        instance.full_clean(exclude=[n for n in model_fields if n not in changed_columns])
        instance.save(update_fields=changed_columns)
    for name, value in many_to_many.items():
        related = getattr(instance, name)
        before = set(related.values_list("pk", flat=True))
        related.set(value)
        if set(related.values_list("pk", flat=True)) != before:
            changed_columns.append(name)
    return instance, bool(changed_columns)


def rows_touch(rows: Iterable[M], *, field: str, now: datetime, interval: timedelta) -> None:
    """Stamp `field` with `now` on the rows whose stamp is missing or at least `interval` old: one UPDATE
    for them all, and the same value on the loaded objects (a session's or a display's last use, which
    a busy client would otherwise write on every request)."""
    due = [row for row in rows if (stamp := getattr(row, field)) is None or now - stamp >= interval]
    if not due:
        return
    type(due[0])._default_manager.filter(pk__in={row.pk for row in due}).update(**{field: now})
    for row in due:
        setattr(row, field, now)
