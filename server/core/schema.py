import copy
from collections.abc import Mapping
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema_field
from drf_spectacular.utils import inline_serializer as spectacular_inline_serializer  # noqa: TID251
from rest_framework import serializers

from server.core.listing import ListSpec
from server.core.policy import Public, SignedIn, policy_for


def inline_serializer(name: str, fields: dict[str, Any], **kwargs: Any) -> Any:
    """drf-spectacular's `inline_serializer`, safe to call with a shared dict of field instances.

    The serializer metaclass pops the fields out of the dict it is given, and a field instance used
    twice is bound once: both made documented fields silently vanish from the schema. Each call
    gets its own copies."""
    return spectacular_inline_serializer(
        name, {key: copy.deepcopy(field) for key, field in fields.items()}, **kwargs
    )


@extend_schema_field({"type": "integer", "enum": [0, 1]})
class ZeroOneField(serializers.IntegerField):
    """An answer's 0/1 flag, documented as the two values it takes (generated clients see `0 | 1`)."""


def envelope_schema(name: str, data: Any, **extra: Any) -> Any:
    """OpenAPI component for `{"http_status", "message", "data": <data>}` plus any `extra` fields
    the answer carries (e.g. `recordsTotal=serializers.IntegerField()`)."""
    return inline_serializer(
        name,
        {
            "http_status": serializers.IntegerField(),
            "message": serializers.CharField(),
            "data": data,
            **extra,
        },
    )


def counted_envelope_schema(name: str, rows: Any, **extra: Any) -> Any:
    """The envelope of a whole (unpaged) list: its rows plus `recordsTotal`, their count."""
    return envelope_schema(name, rows, recordsTotal=serializers.IntegerField(), **extra)


def count_envelope_schema(name: str) -> Any:
    """The envelope of one count, data `{"count": n}`: the data is the component `name`, the envelope
    `<name>Envelope`."""
    return envelope_schema(f"{name}Envelope", inline_serializer(name, {"count": serializers.IntegerField()}))


MessageEnvelope = envelope_schema("MessageEnvelope", serializers.JSONField(allow_null=True))


def answers(ok: Any, *errors: int) -> dict[int, Any]:
    """An operation's responses: `ok` (the 200 answer's schema, or a `{status: schema}` dict when it
    answers 201 or more than one success) and a MessageEnvelope for each error status in `errors`."""
    return {**(ok if isinstance(ok, dict) else {200: ok}), **dict.fromkeys(errors, MessageEnvelope)}


# Every error answer (server.core.envelope.error_body): the status, the Indonesian message, the
# messages per field (`{}` when none).
ErrorEnvelope = inline_serializer(
    "ErrorEnvelope",
    {
        "http_status": serializers.IntegerField(),
        "message": serializers.CharField(),
        "errors": serializers.DictField(child=serializers.ListField(child=serializers.CharField())),
    },
)


def _bare_text(schema: dict[str, Any]) -> bool:
    """A string schema that names none of its characters (no enum, format or pattern)."""
    return schema.get("type") == "string" and not {"enum", "format", "pattern"} & set(schema)


def _say_no_nul(schema: dict[str, Any]) -> None:
    """A text schema says it holds no NUL character (PostgreSQL text cannot hold one; DRF's CharField
    and RejectNulCharactersMiddleware refuse it with a 422): plain text, and text that must not be
    blank (core.inputs.NOT_BLANK's `\\S`, which a NUL would satisfy). Enums, formats and the other
    patterns already name their characters."""
    if schema.get("type") != "string" or {"enum", "format"} & set(schema):
        return
    pattern = schema.get("pattern")
    if pattern is None:
        schema["pattern"] = NO_NUL_PATTERN
    elif pattern == NOT_BLANK_PATTERN:
        schema["pattern"] = NOT_BLANK_NO_NUL_PATTERN


class ApiSchema(AutoSchema):
    """drf-spectacular's AutoSchema plus the errors every view of the API can answer, whatever its
    `extend_schema` lists: 401 when its policy needs a signed-in caller, 403 when it checks flags,
    404 with a path parameter, 415 with a request body (a body of another media type or one that
    does not parse), 422 with any input (parameters or body), 429 when throttled. An error
    documented as the MessageEnvelope is documented as the ErrorEnvelope it really is."""

    def map_parsers(self) -> list[str]:
        """The request media types documented: JSON alone where the view reads JSON. The server also
        parses the form encodings, but a form cannot carry what the JSON bodies hold (a null, a list of
        objects, a number rather than text), so documenting them would promise data the fields refuse.
        Views that read only forms (file uploads) keep their types."""
        types: list[str] = super().map_parsers()
        return ["application/json"] if "application/json" in types else types

    def _get_parameters(self) -> list[Any]:
        parameters: list[Any] = super()._get_parameters()
        for parameter in parameters:
            if not isinstance(parameter, dict):
                continue
            if parameter.pop(JSON_PARAMETER, False):
                parameter["content"] = {"application/json": {"schema": parameter.pop("schema")}}
                continue
            if parameter.get("in") == "query":
                _say_no_nul(parameter.get("schema", {}))
        return parameters

    def _map_serializer_field(self, field: Any, direction: Any, bypass_extensions: bool = False) -> Any:
        """A text a request must fill says so: DRF trims it (`trim_whitespace`) before refusing it blank,
        so text of white space alone is refused too (`minLength: 1` would let it pass)."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)  # type: ignore[no-untyped-call]
        filled = isinstance(field, serializers.CharField) and field.trim_whitespace and not field.allow_blank
        # A pattern of its own (its validators', added after this) names its characters already.
        patterned = any(
            isinstance(validator, RegexValidator) for validator in getattr(field, "validators", ())
        )
        if (
            direction == "request"
            and filled
            and not patterned
            and isinstance(schema, dict)
            and _bare_text(schema)
        ):
            schema["pattern"] = NOT_BLANK_PATTERN
        return schema

    def _get_response_bodies(self, direction: Any = "response") -> dict[str, Any]:
        responses: dict[str, Any] = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        message_ref = self.resolve_serializer(MessageEnvelope, "response").ref
        error = self._get_response_for_code(ErrorEnvelope, "400")  # type: ignore[no-untyped-call]
        for code, response in list(responses.items()):
            schema = response.get("content", {}).get("application/json", {}).get("schema")
            if code >= "400" and schema == message_ref:
                responses[code] = copy.deepcopy(error)
        policy = policy_for(self.view, self.method)
        parameters = [p for p in self._get_parameters() if isinstance(p, dict)]
        has_body = bool(self._get_request_body())  # type: ignore[no-untyped-call]
        implied = {
            "401": policy is not None and policy.requires_sign_in,
            "403": policy is not None and not isinstance(policy, Public | SignedIn),
            "404": any(p.get("in") == "path" for p in parameters),
            "415": has_body,
            "422": bool(parameters) or has_body,
            "429": bool(getattr(self.view, "throttle_classes", None)),
        }
        for code, applies in implied.items():
            if applies and code not in responses:
                responses[code] = copy.deepcopy(error)
        return dict(sorted(responses.items()))


def no_nul_in_request_text(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Postprocessing hook: every text of a request body says it holds no NUL character (`_say_no_nul`),
    as the query parameters do (`ApiSchema._get_parameters`). Added to the finished components, where
    drf-spectacular no longer rewrites a blank-allowing field with a pattern into a oneOf."""

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            _say_no_nul(node)
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            visit(component)
    return result


def list_envelope_schema(name: str, row: Any, extra: Mapping[str, Any] | None = None) -> Any:
    """OpenAPI component of a list answer: rows plus the list protocol's counts and pagination (and
    the `extra` members a list adds, see core.listing.list_response)."""
    return inline_serializer(
        name,
        {
            "http_status": serializers.IntegerField(),
            "message": serializers.CharField(),
            "data": row,
            "recordsTotal": serializers.IntegerField(),
            "recordsFiltered": serializers.IntegerField(),
            "recordsCapped": serializers.BooleanField(
                required=False,
                help_text="hanya ada bila hitungan berhenti di batas (100.000): jumlahnya lebih banyak",
            ),
            "pagination": serializers.DictField(),
            **(extra or {}),
        },
    )


# A parameter whose value is JSON (OpenAPI `content: application/json` instead of `schema`), marked on
# the OpenApiParameter with `extensions={JSON_PARAMETER: True}`; ApiSchema writes it so.
JSON_PARAMETER = "x-json-parameter"
# Text with no NUL character (PostgreSQL text cannot hold one; the server refuses it with 422).
NO_NUL_PATTERN = "^[^\\x00]*$"
# Text that is not blank (core.inputs.NOT_BLANK; Python's \s, as DRF's trimming strips).
NOT_BLANK_PATTERN = r"\S"
# ... and not blank either: a character neither white space nor NUL.
NOT_BLANK_NO_NUL_PATTERN = "^[^\\x00]*[^\\s\\x00][^\\x00]*$"


def page_parameters(spec: ListSpec) -> list[OpenApiParameter]:
    """`page` and `per_page` as server.core.listing takes them for `spec`: for a paged list that
    filters and sorts nothing the client chooses."""
    return [
        OpenApiParameter(
            "page",
            {"type": "integer", "minimum": 1},
            description="halaman, mulai 1; melewati akhir: data kosong",
        ),
        OpenApiParameter(
            "per_page",
            {"type": "integer", "enum": list(spec.per_page_choices)},
            description=f"default {spec.default_per_page}",
        ),
    ]


def list_parameters(spec: ListSpec) -> list[OpenApiParameter]:
    """The list protocol's query parameters of one endpoint, with the limits server.core.listing
    enforces for `spec`: the page (from 1), a page size of its choices, `search` and `order` as JSON
    objects naming only the columns it lets clients filter and sort by, and the global search."""
    search = {
        "type": "object",
        "properties": {column: {"type": "string", "pattern": NO_NUL_PATTERN} for column in spec.searchable}
        | dict(spec.search_schemas),
        "additionalProperties": False,
    }
    order = {
        "type": "object",
        "properties": {
            "column": {"type": "string", "enum": ["", *spec.orderable]},
            "dir": {"type": "string", "enum": ["asc", "desc"]},
        },
        "additionalProperties": False,
    }
    return [
        *page_parameters(spec),
        OpenApiParameter(
            "search",
            search,
            description='objek JSON filter kolom, mis. {"status":"approved"}; kolom yang tidak dikenal: 422',
            extensions={JSON_PARAMETER: True},
        ),
        OpenApiParameter(
            "order",
            order,
            description='objek JSON {"column": ..., "dir": "asc|desc"}',
            extensions={JSON_PARAMETER: True},
        ),
        OpenApiParameter("global_search", OpenApiTypes.STR),
    ]


def requiring_id(
    input_class: type[serializers.Serializer[Any]], name: str, field: str = "hash_id"
) -> type[serializers.Serializer[Any]]:
    """The documented body of an update of one record: `input_class` with `field` (optional there, as
    the create shares the class) required and holding more than blanks, as the view refuses it
    otherwise (422). Only the schema uses it; the view validates with `input_class` as before."""
    required = serializers.RegexField(r"\S", help_text="wajib: ID data yang diubah")
    return type(name, (input_class,), {field: required})
