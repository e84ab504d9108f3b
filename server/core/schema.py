import copy
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import extend_schema_field
from drf_spectacular.utils import inline_serializer as spectacular_inline_serializer  # noqa: TID251
from rest_framework import serializers

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


MessageEnvelope = envelope_schema("MessageEnvelope", serializers.JSONField(allow_null=True))

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


class ApiSchema(AutoSchema):
    """drf-spectacular's AutoSchema plus the errors every view of the API can answer, whatever its
    `extend_schema` lists: 401 when its policy needs a signed-in caller, 403 when it checks flags,
    404 with a path parameter, 415 with a request body (a body of another media type or one that
    does not parse), 422 with any input (parameters or body), 429 when throttled. An error
    documented as the MessageEnvelope is documented as the ErrorEnvelope it really is."""

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


def list_envelope_schema(name: str, row: Any) -> Any:
    """OpenAPI component of a list answer: rows plus the list protocol's counts and pagination."""
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
        },
    )


class ListQueryInput(serializers.Serializer[Any]):
    """The list protocol's query parameters as the schema shows them (server.core.listing reads and
    validates them): what a client may send, with the limits the server enforces."""

    page = serializers.IntegerField(
        required=False, min_value=1, help_text="halaman, mulai 1; melewati akhir: data kosong"
    )
    per_page = serializers.ChoiceField(choices=[10, 25, 50, 100], required=False, help_text="default 10")
    search = serializers.RegexField(
        r"^\s*(\{.*\})?\s*$",
        required=False,
        allow_blank=True,
        help_text='objek JSON filter kolom, mis. {"status":"approved"}; kolom yang tidak dikenal: 422',
    )
    order = serializers.RegexField(
        r"^\s*(\{.*\})?\s*$",
        required=False,
        allow_blank=True,
        help_text='objek JSON {"column": ..., "dir": "asc|desc"}',
    )
    global_search = serializers.CharField(required=False, allow_blank=True)


# The query parameters of the list protocol, for `extend_schema(parameters=[*LIST_PARAMETERS, ...])`.
LIST_PARAMETERS: list[Any] = [ListQueryInput]
