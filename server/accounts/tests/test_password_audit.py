"""A login's password changing leaves an audit entry (DESIGN §17: logins), never the password: its own
change (profile), and a reset confirmed with the mailed code on the web and mobile routes, made by the
login itself. A refused change or a wrong code records nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from rest_framework.test import APIClient

from server.accounts.models import User
from server.accounts.tests.test_auth_flows import CHANGE, CONFIRM, FORGOT, MOBILE_CONFIRM, emailed_code
from server.audit.models import AuditEntry
from server.testing.clients import PASSWORD

pytestmark = pytest.mark.django_db

NEW = "Sandi-Baru-2026!"


def entries(user: User) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(object_type="user_login", object_id=user.hash_id).order_by("pk"))


def no_password_in(entry: AuditEntry, *secrets: str) -> bool:
    text = f"{entry.before} {entry.after} {entry.object_label}"
    return all(secret not in text for secret in secrets)


def test_changing_ones_own_password_is_audited_without_it(make_user: Any, client_for: Any) -> None:
    user = make_user(email="dewi@example.com", fullname="Dewi")
    wrong = client_for(user).post(
        CHANGE, {"old_password": "salah", "new_password": NEW, "confirm_new_password": NEW}, format="json"
    )
    assert wrong.status_code == 422 and entries(user) == []
    answer = client_for(user).post(
        CHANGE, {"old_password": PASSWORD, "new_password": NEW, "confirm_new_password": NEW}, format="json"
    )
    assert answer.status_code == 200
    (entry,) = entries(user)
    assert (entry.action, entry.actor_id, entry.actor_name) == ("password_change", user.pk, "Dewi")
    assert entry.after == {"password": "(diubah)"} and entry.before == {}
    assert no_password_in(entry, NEW, PASSWORD)


@pytest.mark.parametrize("route", [CONFIRM, MOBILE_CONFIRM])
def test_a_reset_confirmed_with_the_code_is_audited_without_it(
    route: str, api: APIClient, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    user = make_user(email="dewi@example.com", fullname="Dewi")
    with django_capture_on_commit_callbacks(execute=True):
        assert api.patch(FORGOT, {"email": "dewi@example.com"}, format="json").status_code == 200
    code = emailed_code()
    body = {"email": "dewi@example.com", "new_password": NEW, "confirm_new_password": NEW}
    version = {"HTTP_VERSION": "1000000"} if route == MOBILE_CONFIRM else {}  # a supported app
    wrong = api.patch(route, {**body, "verification_code": "ZZZZZZ"}, format="json", **version)
    assert wrong.status_code == 422 and entries(user) == []
    assert api.patch(route, {**body, "verification_code": code}, format="json", **version).status_code == 200
    (entry,) = entries(user)
    assert (entry.action, entry.actor_id) == ("password_reset", user.pk)
    assert entry.after == {"password": "(diubah)", "via": "kode email"}
    assert no_password_in(entry, NEW, code) and len(mail.outbox) == 1
