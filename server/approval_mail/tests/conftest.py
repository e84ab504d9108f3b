"""The world of the approval-mail tests: an izin request of Andi addressed to his supervisor, an HR
approver with allow_permission, the supervisor's login and a stranger."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from server.accounts.models import User
from server.izin.models import IzinCode, IzinRequest
from server.testing.factories import izin_type, make_employee

START = date(2026, 12, 7)


@pytest.fixture
def world(db: Any, make_user: Callable[..., User]) -> dict[str, Any]:
    for code in IzinCode.values:
        izin_type(code)
    boss = make_employee(name="Bu Atasan")
    andi = make_employee(name="Andi Wijaya", supervisor=boss, cuti_saldo=9)
    boss_login = make_user(fullname="Bu Atasan (login)", email="atasan@example.com")
    boss_login.employee = boss
    boss_login.save()
    izin = IzinRequest.objects.create(
        employee=andi,
        izin_type=izin_type(IzinCode.CUTI),
        start_date=START,
        end_date=date(2026, 12, 9),
        total_days=3,
        description="Acara keluarga di Bandung",
        approver=boss,
    )
    return {
        "andi": andi,
        "boss": boss,
        "boss_login": boss_login,
        "hr": make_user(flags=["allow_permission"], fullname="Hana HR", email="hana.hr@example.com"),
        "stranger": make_user(fullname="Orang Lain", email="orang@example.com"),
        "izin": izin,
    }
