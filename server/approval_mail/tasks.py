"""Celery tasks of the approval mail: a new request's mail (queued after its commit, never sent in
the request) and the daily digest (beat asks every minute; APPROVAL_DIGEST_TIME decides)."""

from __future__ import annotations

from celery import shared_task
from django.db import transaction

from server.approval_mail.digest import approval_digest_due
from server.approval_mail.services import izin_request_mail_send
from server.izin.models import IzinRequest


@shared_task(name="approval_mail.izin_request")
def izin_request_mail(izin_id: int) -> int:
    return izin_request_mail_send(izin_id=izin_id)


@shared_task(name="approval_mail.digest_due")
def approval_digest_on_schedule() -> int:
    return approval_digest_due()


def izin_request_mail_after_commit(*, izin: IzinRequest) -> None:
    """izin's "created" hook (registered in apps.py): queue the mail once the request is committed.
    Robust: a broker that is down costs the mail (logged), never the request that was saved."""
    izin_id = izin.pk
    transaction.on_commit(lambda: izin_request_mail.delay(izin_id), robust=True)
