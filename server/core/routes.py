"""The API's route table: every APIView URL with its methods and declared access policy.

`access_table()` is checked in as server/core/access_table.txt (`make access-table` regenerates it), so
a review sees every change of who may call what; a test fails while the file is stale.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver, path
from rest_framework.views import APIView

from server.core.policy import policy_for

HTTP_METHODS = ("get", "post", "put", "patch", "delete")
ACCESS_TABLE_FILE = Path(__file__).with_name("access_table.txt")


def api_paths(*routes: tuple[str, type[APIView], str]) -> list[URLPattern]:
    """An app's route table: one URL pattern per (route, view class, URL name), in the order given."""
    return [path(route, view.as_view(), name=name) for route, view, name in routes]


def crud_routes(
    prefix: str,
    list_api: type[APIView],
    detail_api: type[APIView],
    write_api: type[APIView],
    delete_api: type[APIView],
    *,
    collection: Mapping[str, type[APIView]] | None = None,
    member: Mapping[str, type[APIView]] | None = None,
) -> list[URLPattern]:
    """The routes of a CRUD resource (doc3 §7's settings screens), like a DRF router's:

        <prefix>/list                    <name>-list       the list protocol
        <prefix>/<action>                <name>-<action>   `collection` views (catalogues, pickers)
        <prefix>/detail/<hash_id>        <name>-detail
        <prefix>                         <name>            the writes (POST create, PUT/PATCH update)
        <prefix>/<hash_id>/<action>      <name>-<action>   `member` views (an action on one record)
        <prefix>/<hash_id>               <name>-delete

    `<name>` is the prefix with dashes, an action's name its key with dashes. The fixed paths come
    before `<prefix>/<hash_id>`, which would otherwise take them.
    """
    name = prefix.replace("_", "-")

    def action(route: str, key: str, view: type[APIView]) -> URLPattern:
        return path(route, view.as_view(), name=f"{name}-{key.replace('_', '-')}")

    return [
        path(f"{prefix}/list", list_api.as_view(), name=f"{name}-list"),
        *(action(f"{prefix}/{key}", key, view) for key, view in (collection or {}).items()),
        path(f"{prefix}/detail/<str:hash_id>", detail_api.as_view(), name=f"{name}-detail"),
        path(prefix, write_api.as_view(), name=name),
        *(action(f"{prefix}/<str:hash_id>/{key}", key, view) for key, view in (member or {}).items()),
        path(f"{prefix}/<str:hash_id>", delete_api.as_view(), name=f"{name}-delete"),
    ]


def walk(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.callback


def api_views() -> list[tuple[str, type[APIView]]]:
    """(route, view class) of every DRF view, in URL order."""
    found = []
    for route, callback in walk(get_resolver().url_patterns):
        view_class = getattr(callback, "cls", None)
        if view_class is not None and issubclass(view_class, APIView):
            found.append((route, view_class))
    return found


def view_methods(view_class: type[APIView]) -> list[str]:
    return [m for m in HTTP_METHODS if hasattr(view_class, m)]


def access_table() -> str:
    lines = []
    for route, view_class in api_views():
        for method in view_methods(view_class):
            policy = policy_for(view_class, method.upper())
            described = policy.describe() if policy is not None else "NO POLICY (denied)"
            lines.append(f"{method.upper():<6} /{route}  [{view_class.__name__}]  {described}")
    return "\n".join(lines) + "\n"
