"""The e-mailed approval link: it shows the request to its approver and decides it once, through the
izin queue's own service (audited via the link, published to the queues); refused when spent,
expired, forged, decided elsewhere or when its approver lost the right; throttled."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import signing
from django.test import override_settings
from rest_framework.test import APIClient

from server.approval_mail import messages as msg
from server.approval_mail.models import ApprovalLink
from server.approval_mail.services import LINK_SALT, approval_links_create
from server.audit.models import AuditEntry
from server.core import clock
from server.izin import services as izin_services
from server.izin.models import IzinStatus
from server.testing.events import capture_events
from server.testing.fixtures import user_client

URL = "/api/web/v1/approval_link/"


def _links(world: dict[str, Any], approver: str = "hr") -> dict[str, str]:
    return approval_links_create(approver=world[approver], izin=world["izin"])


def _get(token: str, client: APIClient | None = None) -> Any:
    return (client or APIClient()).get(f"{URL}{token}")


def _post(token: str, body: dict[str, Any], client: APIClient | None = None) -> Any:
    return (client or APIClient()).post(f"{URL}{token}", body, format="json")


def test_the_link_shows_the_request_to_its_approver(world: dict[str, Any]) -> None:
    tokens = _links(world)
    answer = _get(tokens["reject"])
    assert answer.status_code == 200, answer.json()
    data = answer.json()["data"]
    assert data["name"] == "Andi Wijaya"
    assert data["label"] == "Cuti"
    assert data["date_formatted"] == "7 Desember 2026 - 9 Desember 2026"
    assert data["total_days"] == 3
    assert data["description"] == "Acara keluarga di Bandung"
    assert data["approver_name"] == "Hana HR"
    assert data["suggested_decision"] == "reject"
    assert data["cuti_saldo"] == 9
    assert data["status"] == IzinStatus.WAITING_APPROVAL


def test_approve_once_through_the_queue_service(
    world: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    tokens = _links(world)
    with capture_events(monkeypatch) as events:
        answer = _post(tokens["approve"], {"decision": "approve", "note": "Silakan"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["message"] == izin_services.APPROVED
    assert answer.json()["data"]["status"] == IzinStatus.APPROVED
    izin = world["izin"]
    izin.refresh_from_db()
    assert (izin.status, izin.decided_by, izin.decision_note) == (IzinStatus.APPROVED, world["hr"], "Silakan")
    entry = AuditEntry.objects.get(object_type="izin", object_id=izin.hash_id, action="approve")
    assert entry.actor_name == "Hana HR"
    assert entry.after["via"] == msg.VIA_EMAIL
    decided = events.of("approval.izin", "decided")
    assert decided and decided[0].data["hash_id"] == izin.hash_id
    assert decided[0].data["decided_by_name"] == "Hana HR"

    again = _post(tokens["approve"], {"decision": "approve", "note": ""})
    assert (again.status_code, again.json()["message"]) == (410, msg.LINK_USED)
    # The mail's other button is spent with it.
    other = _get(tokens["reject"])
    assert (other.status_code, other.json()["message"]) == (410, msg.LINK_USED)
    assert AuditEntry.objects.filter(object_type="izin", object_id=izin.hash_id).count() == 1


def test_reject_needs_a_note_and_a_refusal_spends_nothing(world: dict[str, Any]) -> None:
    tokens = _links(world)
    refused = _post(tokens["reject"], {"decision": "reject", "note": "  "})
    assert (refused.status_code, refused.json()["message"]) == (422, izin_services.NOTE_REQUIRED)
    unknown = _post(tokens["reject"], {"decision": "maybe"})
    assert (unknown.status_code, unknown.json()["message"]) == (422, msg.DECISION_REQUIRED)
    assert _get(tokens["reject"]).status_code == 200
    rejected = _post(tokens["reject"], {"decision": "reject", "note": "Bentrok jadwal audit"})
    assert rejected.status_code == 200, rejected.json()
    izin = world["izin"]
    izin.refresh_from_db()
    assert (izin.status, izin.decision_note) == (IzinStatus.REJECTED, "Bentrok jadwal audit")


def test_the_link_expires_after_72_hours(world: dict[str, Any]) -> None:
    tokens = _links(world)
    link = ApprovalLink.objects.get(approver=world["hr"], decision="approve")
    assert link.expires_at - clock.now() > timedelta(hours=71, minutes=59)
    with clock.clock_at(link.expires_at + timedelta(seconds=1)):
        for answer in (_get(tokens["approve"]), _post(tokens["approve"], {"decision": "approve"})):
            assert answer.status_code == 410
            assert answer.json()["message"] == msg.LINK_EXPIRED.format(hours=72)
    world["izin"].refresh_from_db()
    assert world["izin"].status == IzinStatus.WAITING_APPROVAL


def test_the_link_is_bound_to_its_approver(world: dict[str, Any]) -> None:
    tokens = _links(world)
    hash_id, _secret = signing.loads(tokens["approve"], salt=LINK_SALT)
    # Another secret for the same row, properly signed: the stored digest refuses it.
    guessed = signing.dumps([hash_id, "not-the-secret"], salt=LINK_SALT)
    forged = tokens["approve"][:-3] + ("aaa" if not tokens["approve"].endswith("aaa") else "bbb")
    for token in (guessed, forged, "garbage", signing.dumps([hash_id, _secret], salt="other-salt")):
        answer = _post(token, {"decision": "approve"})
        assert (answer.status_code, answer.json()["message"]) == (404, msg.LINK_INVALID)
    # Whoever holds the link, signed in or not, decides as the approver it was sent to (never as
    # the browser's own session).
    answer = _post(tokens["approve"], {"decision": "approve"}, client=user_client(world["stranger"]))
    assert answer.status_code == 200, answer.json()
    world["izin"].refresh_from_db()
    assert world["izin"].decided_by == world["hr"]


def test_refused_when_the_approver_lost_the_right(world: dict[str, Any]) -> None:
    tokens = _links(world)
    boss_tokens = _links(world, "boss_login")
    level = world["hr"].level
    level.flags = {}
    level.save()
    world["boss_login"].is_active = False
    world["boss_login"].save()
    for token in (tokens["approve"], boss_tokens["approve"]):
        for answer in (_get(token), _post(token, {"decision": "approve"})):
            assert (answer.status_code, answer.json()["message"]) == (403, msg.RIGHT_LOST)
    world["izin"].refresh_from_db()
    assert world["izin"].status == IzinStatus.WAITING_APPROVAL


def test_refused_once_the_delegation_that_gave_the_right_ends(world: dict[str, Any]) -> None:
    from server.accounts.delegation import DelegationInput, delegation_create, delegation_end

    today = clock.localdate()
    delegation = delegation_create(
        data=DelegationInput(
            delegator=world["hr"], delegate=world["stranger"], start_date=today, end_date=today
        ),
        creator=world["hr"],
    )
    tokens = _links(world, "stranger")
    assert _get(tokens["approve"]).status_code == 200
    delegation_end(delegation=delegation, user=world["hr"])
    answer = _post(tokens["approve"], {"decision": "approve"})
    assert (answer.status_code, answer.json()["message"]) == (403, msg.RIGHT_LOST)


def test_the_addressed_approver_decides_by_the_link(world: dict[str, Any]) -> None:
    tokens = _links(world, "boss_login")
    answer = _post(tokens["approve"], {"decision": "approve"})
    assert answer.status_code == 200, answer.json()
    world["izin"].refresh_from_db()
    assert world["izin"].decided_by == world["boss_login"]


def test_refused_when_decided_elsewhere(world: dict[str, Any]) -> None:
    tokens = _links(world)
    izin_services.izin_request_reject(izin=world["izin"], user=world["boss_login"], note="Tidak bisa")
    expected = izin_services.ALREADY_DECIDED.format(name="Bu Atasan (login)")
    for answer in (_get(tokens["approve"]), _post(tokens["approve"], {"decision": "approve"})):
        assert (answer.status_code, answer.json()["message"]) == (409, expected)
        assert answer.json()["data"]["status"] == IzinStatus.REJECTED
    world["izin"].refresh_from_db()
    assert (world["izin"].status, world["izin"].decided_by) == (IzinStatus.REJECTED, world["boss_login"])
    assert ApprovalLink.objects.filter(used_at__isnull=False).count() == 0


@override_settings(
    AUTH_THROTTLE_RATES={
        "sign_in": "10/min",
        "forgot_password": "5/min",
        "reset_password": "10/min",
        "approval_link": "3/min",
    }
)
def test_the_link_is_throttled_per_address_and_token(world: dict[str, Any]) -> None:
    tokens = _links(world)
    answers = [_get(tokens["approve"]).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    # Another token from the same address has its own count.
    assert _get(tokens["reject"]).status_code == 200
