"""Service helpers shared by every app (HackSoft style)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
