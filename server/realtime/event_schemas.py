"""What the realtime topics send, in the OpenAPI components (DESIGN §6), so the client types its socket
handlers from the generated schema as it types its REST answers (`make api-types`).

The module that registers a topic describes its snapshot and the data of each event it sends, in JSON
Schema, naming the REST components the payloads share (a queue event's `row` is the list's row):

    # server/izin/topics.py
    describe_topic(
        APPROVAL_TOPIC,
        snapshot=payload(waiting=INTEGER),
        events={"created": payload(row=component("PermissionListRow"), waiting=INTEGER)},
    )

The schema hook (`realtime_event_components`, in SPECTACULAR_SETTINGS' POSTPROCESSING_HOOKS) adds one
component per payload: `<Topic>Snapshot` and `<Topic><Event>Event`, the topic's name in words
('approval.izin' + 'created' → `ApprovalIzinCreatedEvent`). A topic left undescribed still works:
its events are hints the client answers by refetching.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from server.core.registry import Registry

JsonSchema = dict[str, Any]

INTEGER: JsonSchema = {"type": "integer"}
STRING: JsonSchema = {"type": "string"}
COUNT_BY_KEY: JsonSchema = {"type": "object", "additionalProperties": {"type": "integer"}}


def component(name: str) -> JsonSchema:
    """A reference to a component of the REST schema (the name drf-spectacular gave it)."""
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: JsonSchema) -> JsonSchema:
    return {"type": "array", "items": items}


def nullable(schema: JsonSchema) -> JsonSchema:
    """`schema` or null, as OpenAPI 3.0 says it (`nullable`; 3.0 refuses a `{"type": "null"}`)."""
    if "$ref" in schema:
        return {"allOf": [schema], "nullable": True}
    return {**schema, "nullable": True}


def payload(optional: Mapping[str, JsonSchema] | None = None, **required: JsonSchema) -> JsonSchema:
    """An object with the `required` properties (keyword arguments) and the `optional` ones."""
    properties = {**required, **(optional or {})}
    schema: JsonSchema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return schema


EMPTY: JsonSchema = payload()


@dataclass(frozen=True)
class TopicPayloads:
    topic: str
    snapshot: JsonSchema | None = None
    events: Mapping[str, JsonSchema] = field(default_factory=dict)


topic_payloads: Registry[str, TopicPayloads] = Registry("Realtime topic payload", lambda entry: entry.topic)


def describe_topic(
    topic: str, *, snapshot: JsonSchema | None = None, events: Mapping[str, JsonSchema] | None = None
) -> None:
    """Declare what `topic`'s snapshot and events carry (once per topic, beside its registration)."""
    topic_payloads.register(TopicPayloads(topic=topic, snapshot=snapshot, events=dict(events or {})))


def _words(name: str) -> str:
    parts = name.replace(".", " ").replace("_", " ").replace("-", " ").split()
    return "".join(part[:1].upper() + part[1:] for part in parts)


def snapshot_component_name(topic: str) -> str:
    return f"{_words(topic)}Snapshot"


def event_component_name(topic: str, event_type: str) -> str:
    return f"{_words(topic)}{_words(event_type)}Event"


def payload_components() -> dict[str, JsonSchema]:
    """Every described payload by its component name."""
    components: dict[str, JsonSchema] = {}
    for entry in topic_payloads.all():
        if entry.snapshot is not None:
            components[snapshot_component_name(entry.topic)] = entry.snapshot
        for event_type, schema in entry.events.items():
            components[event_component_name(entry.topic, event_type)] = schema
    return components


def realtime_event_components(result: JsonSchema, generator: Any, request: Any, public: bool) -> JsonSchema:
    """drf-spectacular postprocessing hook: the described payloads join `components.schemas`."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in payload_components().items():
        if name in schemas:
            raise ValueError(f"Realtime payload component {name!r} clashes with a REST component")
        schemas[name] = schema
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result
