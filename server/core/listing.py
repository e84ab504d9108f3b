"""The one list protocol (DESIGN §4): page, per_page, search (JSON column filters),
order (JSON {"column", "dir"}) and global_search, each endpoint whitelisting its columns."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.db.models import Model, Q, QuerySet
from rest_framework.request import Request
from rest_framework.response import Response

from server.core import messages
from server.core.envelope import Unprocessable, respond

PER_PAGE_CHOICES = (10, 25, 50, 100)
M = TypeVar("M", bound=Model)

Filter = str | Callable[[QuerySet[Any], str], QuerySet[Any]]


@dataclass(frozen=True)
class ListSpec:
    """What a list endpoint lets clients search and sort by.

    `searchable` maps a public column name to an ORM lookup (``"name__icontains"``) or a function
    ``(queryset, value) -> queryset``; `orderable` maps a public column to an ORM field path.
    """

    searchable: Mapping[str, Filter] = field(default_factory=dict)
    orderable: Mapping[str, str] = field(default_factory=dict)
    global_search: Sequence[str] = ()
    default_order: tuple[str, str] = ("", "asc")
    default_per_page: int = 10
    per_page_choices: Sequence[int] = PER_PAGE_CHOICES
    tie_breaker: str = "pk"


@dataclass(frozen=True)
class ListQuery:
    page: int
    per_page: int
    search: dict[str, str]
    order_column: str
    order_dir: str
    global_search: str


def _json_param(request: Request, name: str) -> Any:
    raw = request.query_params.get(name, "")
    if raw.strip() == "":
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, TypeError):
        raise Unprocessable(
            f"Parameter {name} harus berupa JSON yang valid.", errors={name: ["Format JSON tidak valid."]}
        ) from None
    if not isinstance(value, dict):
        raise Unprocessable(
            f"Parameter {name} harus berupa objek JSON.", errors={name: ["Harus berupa objek JSON."]}
        )
    return value


def _positive_int(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Unprocessable(
            f"Parameter {name} harus berupa angka.", errors={name: ["Harus berupa angka."]}
        ) from None
    if value < 1:
        raise Unprocessable(f"Parameter {name} minimal 1.", errors={name: ["Minimal 1."]})
    return value


def parse_list_query(request: Request, spec: ListSpec) -> ListQuery:
    page = _positive_int(request, "page", 1)
    per_page = _positive_int(request, "per_page", spec.default_per_page)
    if per_page not in spec.per_page_choices:
        allowed = ", ".join(str(n) for n in spec.per_page_choices)
        raise Unprocessable(
            f"per_page harus salah satu dari {allowed}.", errors={"per_page": [f"Pilihan: {allowed}."]}
        )

    search: dict[str, str] = {}
    for column, value in _json_param(request, "search").items():
        if column not in spec.searchable:
            raise Unprocessable(
                f"Kolom '{column}' tidak dapat dicari.",
                errors={"search": [f"Kolom '{column}' tidak dikenal."]},
            )
        if value is None or (isinstance(value, dict | list)):
            if value is None:
                continue
            raise Unprocessable(
                f"Nilai pencarian kolom '{column}' tidak valid.", errors={"search": ["Nilai tidak valid."]}
            )
        text = str(value).strip()
        if "\x00" in text:
            raise Unprocessable(messages.NUL_CHARACTER, errors={"search": [messages.NUL_CHARACTER]})
        if text != "":
            search[column] = text

    order = _json_param(request, "order")
    column = str(order.get("column", spec.default_order[0]) or spec.default_order[0])
    direction = str(order.get("dir", spec.default_order[1]) or "asc").lower()
    if column and column not in spec.orderable:
        raise Unprocessable(
            f"Kolom '{column}' tidak dapat diurutkan.", errors={"order": [f"Kolom '{column}' tidak dikenal."]}
        )
    if direction not in ("asc", "desc"):
        raise Unprocessable("Arah urutan harus asc atau desc.", errors={"order": ["Harus asc atau desc."]})

    return ListQuery(
        page=page,
        per_page=per_page,
        search=search,
        order_column=column,
        order_dir=direction,
        global_search=request.query_params.get("global_search", "").strip(),
    )


def apply_list_query(queryset: QuerySet[M], query: ListQuery, spec: ListSpec) -> QuerySet[M]:
    for column, value in query.search.items():
        lookup = spec.searchable[column]
        queryset = lookup(queryset, value) if callable(lookup) else queryset.filter(**{lookup: value})
    if query.global_search and spec.global_search:
        condition = Q()
        for path in spec.global_search:
            condition |= Q(**{f"{path}__icontains": query.global_search})
        queryset = queryset.filter(condition)
    ordering: list[str] = []
    if query.order_column:
        path = spec.orderable[query.order_column]
        ordering.append(f"-{path}" if query.order_dir == "desc" else path)
    ordering.append(spec.tie_breaker)
    return queryset.order_by(*ordering)


def pagination_info(page: int, last_page: int) -> dict[str, int | str]:
    return {
        "firstPage": 1 if page > 1 else "disabled",
        "previousPage": page - 1 if page > 1 else "disabled",
        "currentPage": page,
        "nextPage": page + 1 if page < last_page else "disabled",
        "lastPage": last_page if page < last_page else "disabled",
    }


def list_response(
    request: Request,
    queryset: QuerySet[M],
    spec: ListSpec,
    serialize: Callable[[Iterable[M], int], list[dict[str, Any]]],
    *,
    message: str = "",
) -> Response:
    """Filter, order and page `queryset`; `serialize(rows, first_row_number)` builds the rows."""
    query = parse_list_query(request, spec)
    records_total = queryset.count()
    filtered = apply_list_query(queryset, query, spec)
    records_filtered = filtered.count() if (query.search or query.global_search) else records_total
    last_page = max(1, math.ceil(records_filtered / query.per_page))
    page = query.page
    offset = (page - 1) * query.per_page
    # A page past the end is empty without asking the database (a huge offset would overflow it).
    rows = list(filtered[offset : offset + query.per_page]) if page <= last_page else []
    return respond(
        serialize(rows, offset + 1),
        message=message,
        recordsTotal=records_total,
        recordsFiltered=records_filtered,
        pagination=pagination_info(page, last_page),
    )
