from typing import Any

import pytest

from server.accounts.rights import access_rights
from server.core.flags import ALL_FLAGS

PROFILE = "/api/web/v1/profile"

pytestmark = pytest.mark.django_db


def test_profile_lists_the_rights_held_in_words(client_for: Any, make_user: Any) -> None:
    user = make_user(
        flags=[
            "allow_announcement",
            "allow_announcement_create",
            "allow_announcement_delete",
            "allow_report",
        ],
        rights=[
            "allow_approved_attendance",
            "allow_approved_attendance_office",
            "allow_approved_attendance_site",
            "allow_reset_attendance",
        ],
    )
    body = client_for(user).get(PROFILE).json()
    assert body["data"]["rights"] == [
        {"flag": "allow_announcement", "label": "Pengumuman", "details": ["Tambah", "Hapus"]},
        {"flag": "allow_report", "label": "Laporan", "details": []},
        {"flag": "allow_approved_attendance", "label": "Setujui Kehadiran", "details": ["Office", "Site"]},
        {"flag": "allow_reset_attendance", "label": "Riwayat Kehadiran (Undo)", "details": []},
    ]


def test_no_flags_no_rights() -> None:
    assert access_rights({flag: 0 for flag in ALL_FLAGS}) == []


def test_a_child_flag_without_its_list_flag_grants_nothing_shown() -> None:
    assert access_rights({"allow_employee_update": 1}) == []
