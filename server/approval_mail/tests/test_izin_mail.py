"""A new izin request e-mails the approvers in its scope after its commit (from the Celery task, never
in the request): the request's details and each approver's own two links; one test sends through a
real SMTP server, the production path."""

from __future__ import annotations

import email
import email.header
import re
from datetime import date
from email.message import Message
from typing import Any

from django.core import mail
from django.test import TestCase, override_settings
from rest_framework.test import APIClient

from server.approval_mail.models import ApprovalLink
from server.approval_mail.services import izin_request_mail_send
from server.approval_mail.tests.smtp import smtp_server
from server.izin.models import IzinCode, IzinRequest
from server.izin.services import izin_request_create

LINK = re.compile(r"https?://[^\s\"<>]+/approval-link/([^\s\"<>]+)")


def _create(world: dict[str, Any]) -> IzinRequest:
    return izin_request_create(
        employee=world["andi"],
        izin_type_code=IzinCode.IZIN,
        start_date=date(2026, 12, 14),
        end_date=date(2026, 12, 15),
        description="Mengurus <surat> pindah",
    )


def _by_address() -> dict[str, mail.EmailMultiAlternatives]:
    return {message.to[0]: message for message in mail.outbox}  # type: ignore[misc]


def test_a_new_request_mails_its_approvers_after_commit(world: dict[str, Any], make_user: Any) -> None:
    make_user(flags=["allow_permission"], fullname="Tidak Aktif", email="off@example.com", is_active=False)
    with TestCase.captureOnCommitCallbacks(execute=True) as callbacks:
        izin = _create(world)
        assert mail.outbox == []  # nothing inside the request's transaction
    assert callbacks
    sent = _by_address()
    assert set(sent) == {"hana.hr@example.com", "atasan@example.com"}
    message = sent["hana.hr@example.com"]
    assert message.subject == "Pengajuan izin baru: Andi Wijaya, Izin (14 Desember 2026 - 15 Desember 2026)"
    text = str(message.body)
    for expected in (
        "Halo Hana HR,",
        "Andi Wijaya",
        "Izin",
        "14 Desember 2026 - 15 Desember 2026 (2 hari)",
        "Bu Atasan",
        "Mengurus <surat> pindah",
        "berlaku 72 jam",
    ):
        assert expected in text, expected
    ((html, mimetype),) = message.alternatives
    assert mimetype == "text/html"
    assert "Mengurus &lt;surat&gt; pindah" in str(html)
    text_tokens = LINK.findall(text)
    assert len(text_tokens) == 2
    assert LINK.findall(str(html)) == text_tokens
    # Each approver's links are their own: the page answers with their name and the button's decision.
    for token, decision in zip(text_tokens, ("approve", "reject"), strict=True):
        data = APIClient().get(f"/api/web/v1/approval_link/{token}").json()["data"]
        assert (data["approver_name"], data["suggested_decision"], data["hash_id"]) == (
            "Hana HR",
            decision,
            izin.hash_id,
        )
    boss_tokens = LINK.findall(str(sent["atasan@example.com"].body))
    assert set(boss_tokens).isdisjoint(text_tokens)
    assert ApprovalLink.objects.filter(izin=izin).count() == 4


def test_no_mail_for_a_request_decided_before_the_task_ran(world: dict[str, Any]) -> None:
    from server.izin.services import izin_request_approve

    izin_request_approve(izin=world["izin"], user=world["hr"])
    assert izin_request_mail_send(izin_id=world["izin"].pk) == 0
    assert mail.outbox == []
    assert not ApprovalLink.objects.exists()


def _parts(message: Message) -> dict[str, str]:
    return {
        part.get_content_type(): part.get_payload(decode=True).decode()  # type: ignore[union-attr]
        for part in message.walk()
        if not part.is_multipart()
    }


def test_the_mail_goes_through_a_real_smtp_server(world: dict[str, Any]) -> None:
    with (
        smtp_server() as mailbox,
        override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=mailbox.port,
            EMAIL_USE_TLS=False,
            EMAIL_HOST_USER="",
            EMAIL_HOST_PASSWORD="",
        ),
    ):
        assert izin_request_mail_send(izin_id=world["izin"].pk) == 2
    received = {tuple(m.rcpt_to): email.message_from_bytes(m.data) for m in mailbox.messages}
    assert set(received) == {("<hana.hr@example.com>",), ("<atasan@example.com>",)}
    message = received[("<hana.hr@example.com>",)]
    assert message["To"] == "hana.hr@example.com"
    assert "Andi Wijaya" in str(email.header.make_header(email.header.decode_header(message["Subject"])))
    parts = _parts(message)
    assert set(parts) == {"text/plain", "text/html"}
    assert "7 Desember 2026 - 9 Desember 2026 (3 hari)" in parts["text/plain"]
    assert len(LINK.findall(parts["text/plain"])) == 2
    assert LINK.findall(parts["text/html"]) == LINK.findall(parts["text/plain"])


def test_an_active_delegate_is_mailed_and_decides_by_the_link(world: dict[str, Any]) -> None:
    from server.accounts.delegation import DelegationInput, delegation_create, delegation_end
    from server.audit.models import AuditEntry
    from server.core import clock

    today = clock.localdate()
    delegation = delegation_create(
        data=DelegationInput(
            delegator=world["hr"], delegate=world["stranger"], start_date=today, end_date=today
        ),
        creator=world["hr"],
    )
    assert izin_request_mail_send(izin_id=world["izin"].pk) == 3
    tokens = LINK.findall(str(_by_address()["orang@example.com"].body))
    assert len(tokens) == 2
    answer = APIClient().post(
        f"/api/web/v1/approval_link/{tokens[0]}", {"decision": "approve"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    entry = AuditEntry.objects.get(object_type="izin", object_id=world["izin"].hash_id, action="approve")
    assert entry.actor_name == "Orang Lain"
    assert entry.after["via"] == "tautan email"
    assert "Hana HR" in str(entry.after.get("atas_nama", ""))
    # Once the delegation ends, the delegate is no longer mailed.
    delegation_end(delegation=delegation, user=world["hr"])
    mail.outbox.clear()
    second = _create(world)
    assert izin_request_mail_send(izin_id=second.pk) == 2
    assert "orang@example.com" not in _by_address()
