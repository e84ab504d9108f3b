"""Opaque public ids: a per-model salted hashid of the primary key.

Only a string that can be an id is decoded: the codec's alphabet, a length between the codec's minimum
and the length of the largest primary key, and a value a bigint column holds. A longer string can be a
valid hashid of a number past 2**63 ("0" * 63 is one), which reached the database in an `IN` list and
failed there (SQLite: OverflowError, a 500); now it is an unknown id like any other.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from hashids import Hashids
from rest_framework.exceptions import NotFound

from server.core import messages

M = TypeVar("M", bound=models.Model)

# hashids' own default alphabet, spelled out (the order is part of every id ever handed out).
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"
HASH_ID_PATTERN = r"^[0-9A-Za-z]+$"
# The largest primary key a bigint column (PostgreSQL, SQLite) holds.
PK_MAX = 2**63 - 1
_SHAPE = re.compile(HASH_ID_PATTERN.replace("$", r"\Z"))


@cache
def _codec(label: str) -> Hashids:
    salt = f"{settings.SECRET_KEY}:{label}"
    return Hashids(salt=salt, min_length=settings.HASHID_MIN_LENGTH, alphabet=ALPHABET)


@cache
def hash_id_lengths() -> tuple[int, int]:
    """The shortest and the longest public id (the salt changes the letters, never the length)."""
    return settings.HASHID_MIN_LENGTH, len(_codec("").encode(PK_MAX))


def is_hash_id(value: Any) -> bool:
    """Whether `value` has the shape of a public id (alphabet and length); it may still name nothing."""
    shortest, longest = hash_id_lengths()
    return isinstance(value, str) and shortest <= len(value) <= longest and bool(_SHAPE.match(value))


def encode_id(label: str, pk: int) -> str:
    return str(_codec(label).encode(pk))


def decode_id(label: str, hash_id: str) -> int | None:
    """The primary key `hash_id` names for the model `label`, or None (never raises)."""
    if not is_hash_id(hash_id):
        return None
    values = _codec(label).decode(hash_id)
    if len(values) != 1 or not 0 <= values[0] <= PK_MAX:
        return None
    return int(values[0])


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
