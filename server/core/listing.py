"""The one list protocol (DESIGN §4): page, per_page, search (JSON column filters),
order (JSON {"column", "dir"}) and global_search, each endpoint whitelisting its columns."""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import logging
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import F, Model, Q, QuerySet
from django.db.models.lookups import In
from django.db.models.query import ModelIterable
from rest_framework.request import Request
from rest_framework.response import Response

from server.core import messages
from server.core.envelope import Unprocessable, respond

PER_PAGE_CHOICES = (10, 25, 50, 100)
M = TypeVar("M", bound=Model)

logger = logging.getLogger(__name__)

Filter = str | Callable[[QuerySet[Any], str], QuerySet[Any]]


@dataclass(frozen=True)
class ListSpec:
    """What a list endpoint lets clients search and sort by.

    `searchable` maps a public column name to an ORM lookup (``"name__icontains"``) or a function
    ``(queryset, value) -> queryset``; `orderable` maps a public column to an ORM field path.
    """

    searchable: Mapping[str, Filter] = field(default_factory=dict)
    # A column's ORM path, or an expression (``F``, ``Func``) sorted with ``.asc()`` / ``.desc()``.
    orderable: Mapping[str, Any] = field(default_factory=dict)
    global_search: Sequence[str] = ()
    # More global search matches beside `global_search`'s paths: text -> condition (a Q, or a boolean
    # expression), OR-ed with them (e.g. a JSON column's texts).
    global_search_conditions: Sequence[Callable[[str], Any]] = ()
    default_order: tuple[str, str] = ("", "asc")
    default_per_page: int = 10
    per_page_choices: Sequence[int] = PER_PAGE_CHOICES
    # The schema of a searchable column's value where it is narrower than any text (e.g. a date).
    search_schemas: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    tie_breaker: str = "pk"
    # Public columns sorted by a column of a small related table (a placement's name), walked one
    # related row at a time instead of joining and sorting every row: see _grouped_page_keys.
    grouped: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # The current version of the data behind the list's rows, e.g. the versions of the realtime groups
    # every write behind them publishes on after commit (DESIGN §6). Given, the counts are shared by
    # every request and process until it moves, for COUNT_CACHE_SECONDS at most (what a write that
    # publishes nothing may leave stale).
    count_version: Callable[[], Hashable] | None = None


# The schema of a `date_search` column's value (ListSpec.search_schemas).
DATE_SEARCH_SCHEMA: Mapping[str, Any] = {"type": "string", "format": "date"}


def date_search(path: str) -> Filter:
    """A searchable column matching one day (YYYY-MM-DD) on the date field `path`; other text is a 422
    on `search` (not the database's refusal of it)."""

    def search(queryset: QuerySet[Any], value: str) -> QuerySet[Any]:
        try:
            day = date.fromisoformat(value)
        except ValueError:
            raise Unprocessable(messages.DATE_FORMAT, errors={"search": [messages.DATE_FORMAT]}) from None
        return queryset.filter(**{path: day})

    return search


@dataclass(frozen=True)
class ListQuery:
    page: int
    per_page: int
    search: dict[str, str]
    order_column: str
    order_dir: str
    global_search: str


def _json_param(params: Mapping[str, Any], name: str) -> Any:
    raw = params.get(name, "")
    if isinstance(raw, dict):  # a JSON body carries the object itself
        return raw
    if not isinstance(raw, str) or raw.strip() == "":
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


def _positive_int(params: Mapping[str, Any], name: str, default: int) -> int:
    raw = params.get(name, "")
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


def parse_list_query(
    request: Request, spec: ListSpec, *, params: Mapping[str, Any] | None = None
) -> ListQuery:
    """The list protocol's parameters of `request` (its query string, or `params`: e.g. the JSON body
    of a write that acts on "every row of this list")."""
    params = request.query_params if params is None else params
    page = _positive_int(params, "page", 1)
    per_page = _positive_int(params, "per_page", spec.default_per_page)
    if per_page not in spec.per_page_choices:
        allowed = ", ".join(str(n) for n in spec.per_page_choices)
        raise Unprocessable(
            f"per_page harus salah satu dari {allowed}.", errors={"per_page": [f"Pilihan: {allowed}."]}
        )

    search: dict[str, str] = {}
    for column, value in _json_param(params, "search").items():
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

    order = _json_param(params, "order")
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
        global_search=str(params.get("global_search", "") or "").strip(),
    )


# A global search over a related table is run first, on that table alone, when it matches at most
# this many rows: the list is then filtered by their ids (an index probe), not by a LIKE on every
# joined row of a large list.
RELATED_SEARCH_IDS_MAX = 5000


class InArray(In):
    """`column IN (values)` with the values as one array parameter on PostgreSQL
    (`column = ANY(%s::bigint[])`): the few hundred ids a name search finds, as one placeholder each,
    cost milliseconds per query to build, bind and parse (issue 15). Other databases: the IN list."""

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, Sequence[Any]]:
        db_type = self.lhs.output_field.db_type(connection)
        if not self.rhs_is_direct_value() or db_type is None:
            return self.as_sql(compiler, connection)
        values = list(dict.fromkeys(value for value in self.rhs if value is not None))
        if not values:
            raise EmptyResultSet
        lhs, lhs_params = self.process_lhs(compiler, connection)
        if all(type(value) is int for value in values):
            # The array's text, written once: the driver quoting a list checks every element.
            return f"{lhs} = ANY(%s::{db_type}[])", (*lhs_params, "{" + ",".join(map(str, values)) + "}")
        return f"{lhs} = ANY(%s::{db_type}[])", (*lhs_params, values)


def _global_search_condition(model: type[Model], paths: Sequence[str], text: str) -> Q:
    """`text` in any of `paths`. A path through a foreign key (``employee__name``) becomes
    ``employee_id IN (ids of employees whose name contains text)``, the ids fetched first when there
    are few (see RELATED_SEARCH_IDS_MAX), a subquery otherwise."""
    by_relation: dict[str, list[str]] = {}
    condition = Q()
    for path in paths:
        relation, _, rest = path.partition("__")
        field = model._meta.get_field(relation) if rest else None
        if field is not None and field.many_to_one and field.related_model is not None:
            by_relation.setdefault(relation, []).append(rest)
        else:
            condition |= Q(**{f"{path}__icontains": text})
    for relation, rests in by_relation.items():
        related = model._meta.get_field(relation).related_model
        assert related is not None and not isinstance(related, str)
        matches = Q()
        for rest in rests:
            matches |= Q(**{f"{rest}__icontains": text})
        found = related._default_manager.filter(matches).order_by().values_list("pk", flat=True)
        ids = list(found[: RELATED_SEARCH_IDS_MAX + 1])
        if len(ids) > RELATED_SEARCH_IDS_MAX:
            condition |= Q(**{f"{relation}__in": found})
        else:
            condition |= Q(InArray(F(relation), ids))
    return condition


def apply_list_query(queryset: QuerySet[M], query: ListQuery, spec: ListSpec) -> QuerySet[M]:
    for column, value in query.search.items():
        lookup = spec.searchable[column]
        if callable(lookup):
            queryset = lookup(queryset, value)
        elif lookup.endswith("__icontains"):
            path = lookup.removesuffix("__icontains")
            queryset = queryset.filter(_global_search_condition(queryset.model, [path], value))
        else:
            queryset = queryset.filter(**{lookup: value})
    if query.global_search and (spec.global_search or spec.global_search_conditions):
        condition = _global_search_condition(queryset.model, spec.global_search, query.global_search)
        for extra in spec.global_search_conditions:
            condition |= Q(extra(query.global_search))
        queryset = queryset.filter(condition)
    ordering: list[Any] = []
    descending = bool(query.order_column) and query.order_dir == "desc"
    if query.order_column:
        path = spec.orderable[query.order_column]
        if isinstance(path, str):
            ordering.append(f"-{path}" if descending else path)
        else:
            ordering.append(path.desc() if descending else path.asc())
    # The tie-breaker runs the same way as the sort, so one index on (column, id) serves both
    # directions (a backward scan) instead of sorting every row of the list.
    tie = spec.tie_breaker
    ordering.append(("-" + tie).replace("--", "") if descending else tie)
    return queryset.order_by(*ordering)


def pagination_info(page: int, last_page: int) -> dict[str, int | str]:
    return {
        "firstPage": 1 if page > 1 else "disabled",
        "previousPage": page - 1 if page > 1 else "disabled",
        "currentPage": page,
        "nextPage": page + 1 if page < last_page else "disabled",
        "lastPage": last_page if page < last_page else "disabled",
    }


# Counts stop here (issue 15): an exact count of a million decided logs is a scan of them all on every
# page turn; past the cap the answer says `recordsCapped` and the client shows 'lebih dari'.
COUNT_CAP = 100_000


def _plain(queryset: QuerySet[Any]) -> bool:
    """Rows of one model, one per row of its table (no DISTINCT, GROUP BY, aggregate or UNION)."""
    query = queryset.query
    return (
        queryset._iterable_class is ModelIterable
        and not query.distinct
        and query.group_by is None
        and not query.combinator
        and not query.annotations
    )


# The count statements (SQL and parameters) that stopped at the cap the last time this process ran
# them. Those are asked first whether row COUNT_CAP + 1 exists (OFFSET cap LIMIT 1, a quarter cheaper
# than an aggregate over 100,001 rows), and counted only when it does not: exact either way.
_CAPPED_BEFORE: set[tuple[str, str, str]] = set()
CAPPED_BEFORE_MAX = 1024


def _count_expression(
    queryset: QuerySet[Any], alias: str
) -> tuple[str, list[Any], tuple[str, str, str]] | None:
    """SQL for the bounded count of a plain queryset, its parameters and its key in _CAPPED_BEFORE;
    None when the queryset cannot match a row."""
    rows = queryset.order_by().values("pk")
    try:
        sql, params = rows[: COUNT_CAP + 1].query.get_compiler(using=alias).as_sql()
    except EmptyResultSet:  # e.g. a search through a relation that matched nothing
        return None
    key = (alias, sql, repr(params))
    count = f"(SELECT COUNT(*) FROM ({sql}) AS counted)"
    if key not in _CAPPED_BEFORE:
        return count, list(params), key
    probe, probe_params = rows[COUNT_CAP : COUNT_CAP + 1].query.get_compiler(using=alias).as_sql()
    # COALESCE runs the count only when the probe found no row.
    return (
        f"COALESCE((SELECT {COUNT_CAP + 1} FROM ({probe}) AS probed), {count})",
        [*probe_params, *params],
        key,
    )


def bounded_counts(*querysets: QuerySet[Any]) -> list[tuple[int, bool]]:
    """For each queryset, the number of its rows counting no further than COUNT_CAP, and whether it
    stopped there; all in one statement (`SELECT (SELECT COUNT(*) FROM (... LIMIT cap + 1)), ...`: one
    round trip) when they are plain querysets of one database."""
    alias = querysets[0].db
    if any(qs.db != alias or not _plain(qs) for qs in querysets):
        numbers = [qs.order_by()[: COUNT_CAP + 1].count() for qs in querysets]
        return [(min(n, COUNT_CAP), n > COUNT_CAP) for n in numbers]
    parts: list[str] = []
    params: list[Any] = []
    keys: list[tuple[str, str, str] | None] = []
    for queryset in querysets:
        expression = _count_expression(queryset, alias)
        if expression is None:
            parts.append("0")
            keys.append(None)
            continue
        sql, expression_params, expression_key = expression
        parts.append(sql)
        params.extend(expression_params)
        keys.append(expression_key)
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts), params)
        row = cursor.fetchone()
    results: list[tuple[int, bool]] = []
    for value, key in zip(row, keys, strict=True):
        counted = int(value)
        if key is not None and counted > COUNT_CAP:
            if len(_CAPPED_BEFORE) >= CAPPED_BEFORE_MAX:
                _CAPPED_BEFORE.clear()
            _CAPPED_BEFORE.add(key)
        elif key is not None:
            _CAPPED_BEFORE.discard(key)
        results.append((min(counted, COUNT_CAP), counted > COUNT_CAP))
    return results


def bounded_count(queryset: QuerySet[Any]) -> tuple[int, bool]:
    """The number of rows, counting no further than COUNT_CAP; and whether it stopped there."""
    return bounded_counts(queryset)[0]


def _grouped_page_keys(
    filtered: QuerySet[M], relation: str, column: str, descending: bool, offset: int, size: int
) -> list[Any]:
    """The page's primary keys in the order of `ORDER BY relation.column, pk` (both reversed when
    descending; rows without the relation last, first when descending), walked group by group: the
    related rows sharing a value of `column`, each group read in pk order through the relation's
    index. The related table is small (placements), the list large (a million logs): this never
    sorts the list."""
    related = filtered.model._meta.get_field(relation).related_model
    assert related is not None and not isinstance(related, str)
    values = related._default_manager.order_by(column, "pk").values_list(column, "pk")
    groups: list[Q] = [
        Q(**{f"{relation}__in": [pk for _, pk in members]})
        for _, members in itertools.groupby(values, key=lambda pair: pair[0])
    ]
    groups.append(Q(**{f"{relation}__isnull": True}))
    if descending:
        groups.reverse()
    unordered = filtered.order_by()
    keys: list[Any] = []
    skip = offset
    for condition in groups:
        group = unordered.filter(condition)
        if skip:
            counted = group[: skip + 1].count()
            if counted <= skip:
                skip -= counted
                continue
        ordered = group.order_by("-pk" if descending else "pk").values_list("pk", flat=True)
        keys.extend(ordered[skip : skip + size - len(keys)])
        skip = 0
        if len(keys) >= size:
            break
    return keys


def _page_rows(
    filtered: QuerySet[M], offset: int, size: int, grouped: tuple[str, str, bool] | None = None
) -> list[M]:
    """One page, in two steps: the page's primary keys, sorted and filtered with only the joins the
    sort and the filters need (so the database sorts narrow rows), then those rows with everything
    the queryset selects (select_related joins for ten rows, not for every row of the list)."""
    plain_rows = filtered._iterable_class is ModelIterable  # not values() rows of an aggregate
    if not plain_rows or filtered.query.distinct or filtered.query.group_by is not None:
        return list(filtered[offset : offset + size])
    if grouped is not None:
        relation, column, descending = grouped
        keys = _grouped_page_keys(filtered, relation, column, descending, offset, size)
    else:
        keys = list(filtered.values_list("pk", flat=True)[offset : offset + size])
    if not keys:
        return []
    found = {row.pk: row for row in filtered.order_by().filter(pk__in=keys)}
    return [found[key] for key in keys if key in found]


COUNT_CACHE_SECONDS = 20


def _list_counts(
    spec: ListSpec, queryset: QuerySet[Any], filtered: QuerySet[Any], *, searched: bool
) -> tuple[int, int, bool]:
    """recordsTotal, recordsFiltered and whether the latter stopped at the cap; shared through the
    cache while the versions of `spec.count_groups` stand still (read before counting, so a count is
    never filed under a version newer than the rows it saw). The cache away: counted every time."""

    def count() -> tuple[int, int, bool]:
        if searched:
            # Both counts in one statement: one round trip instead of two on every searched page.
            (total, _), (matching, capped) = bounded_counts(queryset, filtered)
            return total, matching, capped
        total, capped = bounded_count(queryset)
        return total, total, capped

    if spec.count_version is None:
        return count()
    try:
        version = spec.count_version()
        # The statements that select the rows' keys (without the joins of the rows' columns: cheap to
        # compile) say what is counted.
        statements = [
            qs.order_by().values("pk").query.get_compiler(using=qs.db).as_sql() for qs in (queryset, filtered)
        ]
        digest = hashlib.sha256(repr((version, statements, searched)).encode()).hexdigest()
        key = f"list-counts:{digest}"
        cached = cache.get(key)
    except EmptyResultSet:
        return count()
    except Exception:
        logger.warning("List counts: the cache is away; counting", exc_info=True)
        return count()
    if cached is not None:
        total, matching, capped = cached
        return int(total), int(matching), bool(capped)
    counted = count()
    with contextlib.suppress(Exception):
        cache.set(key, counted, timeout=COUNT_CACHE_SECONDS)
    return counted


def list_response(
    request: Request,
    queryset: QuerySet[M],
    spec: ListSpec,
    serialize: Callable[[Iterable[M], int], list[dict[str, Any]]],
    *,
    message: str = "",
    extra: Callable[[int], Mapping[str, Any]] | None = None,
) -> Response:
    """Filter, order and page `queryset`; `serialize(rows, first_row_number)` builds the rows.
    `extra(records_filtered)`: more members of the answer (beside recordsTotal, ...)."""
    query = parse_list_query(request, spec)
    # recordsTotal stops at the cap too; `recordsCapped` speaks of recordsFiltered, what pages show.
    filtered = apply_list_query(queryset, query, spec)
    records_total, records_filtered, capped = _list_counts(
        spec, queryset, filtered, searched=bool(query.search or query.global_search)
    )
    last_page = max(1, math.ceil(records_filtered / query.per_page))
    page = query.page
    offset = (page - 1) * query.per_page
    # A page past the end is empty without asking the database (a huge offset would overflow it).
    grouped = None
    if query.order_column in spec.grouped:
        relation, column = spec.grouped[query.order_column]
        grouped = (relation, column, query.order_dir == "desc")
    rows = _page_rows(filtered, offset, query.per_page, grouped) if page <= last_page else []
    return respond(
        serialize(rows, offset + 1),
        message=message,
        recordsTotal=records_total,
        recordsFiltered=records_filtered,
        pagination=pagination_info(page, last_page),
        **({"recordsCapped": True} if capped else {}),
        **(extra(records_filtered) if extra is not None else {}),
    )
