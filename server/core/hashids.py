"""Opaque public ids: a per-model salted hashid of the primary key."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from hashids import Hashids
from rest_framework.exceptions import NotFound

from server.core import messages

M = TypeVar("M", bound=models.Model)


@cache
def _codec(label: str) -> Hashids:
    return Hashids(salt=f"{settings.SECRET_KEY}:{label}", min_length=settings.HASHID_MIN_LENGTH)


def encode_id(label: str, pk: int) -> str:
    return str(_codec(label).encode(pk))


def decode_id(label: str, hash_id: str) -> int | None:
    try:
        values = _codec(label).decode(hash_id)
    except Exception:
        return None
    return int(values[0]) if len(values) == 1 else None


class HashIdMixin(models.Model):
    class Meta:
        abstract = True

    @property
    def hash_id(self) -> str:
        return encode_id(self._meta.label, int(self.pk))


def get_by_hash_id(queryset: models.QuerySet[M], hash_id: Any, *, message: str = messages.NOT_FOUND) -> M:
    pk = decode_id(queryset.model._meta.label, str(hash_id or ""))
    if pk is None:
        raise NotFound(message)
    try:
        return queryset.get(pk=pk)
    except models.ObjectDoesNotExist:
        raise NotFound(message) from None
