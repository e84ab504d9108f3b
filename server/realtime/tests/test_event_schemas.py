"""The realtime payloads in the OpenAPI components tell the truth: every described topic is registered,
each payload is a component whose references resolve, and what the topics really send (snapshots and
the queue events of a decision and its undo) matches its component exactly."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.core.tests.test_openapi_responses import _nullable_to_json_schema
from server.dashboard.services import wall_display_create
from server.realtime.event_schemas import (
    STRING,
    array,
    component,
    event_component_name,
    nullable,
    payload_components,
    snapshot_component_name,
    topic_payloads,
)
from server.realtime.models import TicketKind
from server.realtime.principals import WALL_TOPIC, Principal
from server.realtime.topics import topics
from server.testing.events import capture_events
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db

BASE = "/api/web/v1/attendance_log/"


@pytest.fixture
def schema() -> dict[str, Any]:
    response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    document: dict[str, Any] = response.json()
    return document


def validator(schema: dict[str, Any], component: str) -> Draft202012Validator:
    root = {**copy.deepcopy(schema["components"]["schemas"][component]), "components": schema["components"]}
    return Draft202012Validator(_nullable_to_json_schema(root))


def assert_matches(schema: dict[str, Any], component: str, data: Any) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator(schema, component).iter_errors(data)]
    assert not errors, f"{component}: {errors}"


def references(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in references(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in references(item)]
    return []


def test_every_payload_is_a_component_of_a_registered_topic_and_its_references_resolve(
    schema: dict[str, Any],
) -> None:
    components = schema["components"]["schemas"]
    described = payload_components()
    assert {
        "ApprovalAttendanceEnteredEvent",
        "ApprovalIzinDecidedEvent",
        "JobsSnapshot",
        "WallCountsEvent",
    } <= set(described)
    for name, payload in described.items():
        assert components[name] == payload
        for ref in references(payload):
            assert ref.removeprefix("#/components/schemas/") in components, (
                f"{name}: {ref} resolves to nothing"
            )
    registered = {topic.name for topic in topics.all()}
    assert {entry.topic for entry in topic_payloads.all()} <= registered


def test_a_nullable_payload_field_is_said_the_openapi_3_0_way() -> None:
    assert nullable(array(STRING)) == {"type": "array", "items": STRING, "nullable": True}
    assert nullable(component("Job")) == {"allOf": [{"$ref": "#/components/schemas/Job"}], "nullable": True}


def test_the_component_names_spell_the_topic_and_the_event_type() -> None:
    assert snapshot_component_name("approval.attendance") == "ApprovalAttendanceSnapshot"
    assert event_component_name("settings.rejection_notes", "changed") == "SettingsRejectionNotesChangedEvent"


def test_each_described_snapshot_is_what_the_topic_sends(
    schema: dict[str, Any], make_user: Callable[..., User]
) -> None:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    log_of(staff(office, "Ani"))
    admin = make_user(
        flags=["allow_permission", "allow_employee_update", "allow_system_trouble"],
        rights=["allow_approved_attendance", "allow_approved_attendance_office"],
    )
    user = Principal(kind=TicketKind.USER, access=admin.user_access, user_id=admin.pk)
    display, _ = wall_display_create(name="Lobi", created_by=admin)
    wall = Principal(kind=TicketKind.DISPLAY, access={}, wall_display_id=display.pk)
    checked = []
    for entry in topic_payloads.all():
        topic = topics.get(entry.topic)
        assert topic is not None
        if entry.snapshot is None:
            continue
        principal = wall if entry.topic == WALL_TOPIC else user
        assert topic.allows(principal), entry.topic
        assert_matches(schema, snapshot_component_name(entry.topic), topic.snapshot(principal))
        checked.append(entry.topic)
    assert {"approval.attendance", "approval.izin", "jobs", "session", "dashboard", "wall"} <= set(checked)


def test_a_decision_and_its_undo_send_the_described_queue_events(
    schema: dict[str, Any],
    make_user: Callable[..., User],
    client_for: Callable[..., APIClient],
    monkeypatch: Any,
) -> None:
    office = placement(ManPowerType.OFFICE, "Kantor Pusat")
    log = log_of(staff(office, "Ani"))
    approver = client_for(make_approver(make_user, "office", fullname="Budi Kantor"))
    with capture_events(monkeypatch) as events:
        approved = approver.patch(BASE + "approve", {"id": log.hash_id}, format="json")
        assert approved.status_code == 200, approved.json()
        batch = approver.get(BASE + "last_decision").json()["data"]["batch"]
        undone = approver.patch(BASE + "undo_many", {"batch": batch}, format="json")
        assert undone.status_code == 200, undone.json()
    queue = events.of("approval.attendance")
    assert [event.type for event in queue] == ["left", "entered"]
    for event in queue:
        assert_matches(schema, event_component_name(event.topic, event.type), event.data)
