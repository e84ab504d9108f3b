"""Every write of the API leaves its audit entry (DESIGN §17, §21): each write operation of the OpenAPI
schema (POST, PUT, PATCH, DELETE) is called on the demo w until it succeeds, and at least one new
audit entry must be in the same transaction, named in the catalogue the audit screen labels (its
action, object type and every changed field). A write that keeps no entry is listed in EXEMPT with
the reason it is not business data.

The calls build on test_openapi_responses.py: its w (the demo seed and the admin's clients) and
its WRITES (a valid body for each write it checks); the writes it leaves unchecked get their call here
(AUDITED). Jobs a write starts (202) run inline, so their entries count too; the HR and payroll
connectors are the fake applications of the sync tests. Every call is rolled back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.test import override_settings
from rest_framework.test import APIClient

from server.accounts.models import User
from server.attendance.models import AttendanceLog, LogStatus
from server.audit.labels import ACTION_LABELS, FIELD_LABELS, OBJECT_TYPE_LABELS
from server.audit.models import AuditEntry
from server.core import clock
from server.core.tests.test_openapi_responses import (  # noqa: F401  (fixtures)
    PATTERN_BODY,
    SHIFT_BODY,
    WEB,
    WRITES,
    _created,
    _detail,
    _holiday,
    _pattern_with_two_days,
    world,
)
from server.sync.tests.conftest import Fakes, fake_servers, fakes  # noqa: F401  (fixtures)
from server.testing.factories import check_in, make_izin
from server.workforce.models import Employee

pytestmark = pytest.mark.django_db

MOBILE = "/api/mobile/v1"
PASSWORD = "Sandi-Baru-2026!"


@dataclass
class Call:
    url: str
    body: Any = field(default_factory=dict)
    format: str = "json"
    client: str = "web"


AuditCall = Callable[[dict[str, Any]], Call]


def _admin() -> User:
    return User.objects.get(email="admin@example.com")


def _employee(w: dict[str, Any]) -> Employee:
    return Employee.objects.get(employee_number=w["employee_number"])


def _waiting_log(w: dict[str, Any], minutes: int = 40) -> AttendanceLog:
    return check_in(_employee(w), clock.now() - timedelta(minutes=minutes), status=LogStatus.WAITING_APPROVAL)


def _waiting(w: dict[str, Any], minutes: int = 40) -> str:
    return _waiting_log(w, minutes).hash_id


def _approved(w: dict[str, Any]) -> str:
    return check_in(_employee(w), clock.now() - timedelta(minutes=50), status=LogStatus.APPROVED).hash_id


def _decided_by_admin(w: dict[str, Any]) -> str:
    from server.attendance.services import attendance_log_approve

    log = _waiting_log(w)
    attendance_log_approve(log=log, approver=_admin())
    return log.hash_id


def _bulk_batch(w: dict[str, Any]) -> str:
    from server.attendance.services import attendance_logs_approve_many

    logs = [_waiting_log(w, minutes) for minutes in (41, 42)]
    decision = attendance_logs_approve_many(items=logs, approver=_admin())
    assert decision.batch is not None
    return decision.batch.hash_id


def _waiting_izin(w: dict[str, Any]) -> str:
    from server.izin.models import IzinCode, IzinStatus

    day = clock.localdate() + timedelta(days=30)
    return make_izin(_employee(w), IzinCode.SAKIT, day, status=IzinStatus.WAITING_APPROVAL).hash_id


def _approval_link(w: dict[str, Any]) -> str:
    """A fresh e-mailed approve link of the admin to a waiting izin request."""
    from server.approval_mail.services import approval_links_create
    from server.izin.models import IzinCode, IzinStatus

    day = clock.localdate() + timedelta(days=31)
    izin = make_izin(_employee(w), IzinCode.SAKIT, day, status=IzinStatus.WAITING_APPROVAL)
    return approval_links_create(approver=_admin(), izin=izin)["approve"]


def _level() -> str:
    from server.people.services import user_level_create

    return user_level_create(name="Level Uji Audit", flags={"allow_report": 1}, creator=_admin()).hash_id


def _login(**kw: Any) -> User:
    return User.objects.create_user(
        email=kw.get("email", "audit-uji@example.com"),
        password=PASSWORD,
        username=kw.get("username", "audituji"),
        fullname="Login Uji Audit",
        level=None,
    )


def _locked_login() -> str:
    from server.accounts.services import sign_in_failure_record, user_sign_in_account

    user = _login()
    for _ in range(10):
        sign_in_failure_record(accounts=[user_sign_in_account(user)])
    return user.hash_id


def _locked_employee(w: dict[str, Any]) -> str:
    from server.accounts.services import employee_sign_in_account, sign_in_failure_record

    employee = _employee(w)
    for _ in range(10):
        sign_in_failure_record(accounts=[employee_sign_in_account(employee.pk)])
    return employee.hash_id


def _announcement() -> str:
    from server.announcements.services import AnnouncementInput, announcement_create

    return announcement_create(creator=_admin(), values=AnnouncementInput(title="Rapat Audit")).hash_id


def _wall_display() -> str:
    from server.dashboard.services import wall_display_create

    display, _ = wall_display_create(name="Lobi Audit", created_by=_admin())
    return display.hash_id


def _delegation() -> str:
    from server.accounts.models import Delegation

    admin = _admin()
    delegate = User.objects.filter(is_active=True).exclude(pk=admin.pk).order_by("-pk").first()
    assert delegate is not None
    today = clock.localdate()
    delegation = Delegation.objects.create(
        delegator=admin,
        delegate=delegate,
        start_date=today,
        end_date=today + timedelta(days=1),
        creator=admin,
    )
    return delegation.hash_id


def _adjustment_lines(w: dict[str, Any]) -> list[dict[str, Any]]:
    from server.attendance.models import AttendanceDay

    day = (
        AttendanceDay.objects.filter(employee=_employee(w), date__lte=clock.localdate())
        .order_by("-date")
        .first()
    )
    assert day is not None
    return [
        {
            "employee_number_formatted": w["employee_number_formatted"],
            "date": day.date.isoformat(),
            "lembur_aktual": 2,
            "is_valid": 1,
            "standby": 1,
        }
    ]


def _resigned(w: dict[str, Any]) -> str:
    Employee.objects.filter(employee_number=w["employee_number"]).update(
        is_active=False, resigned_date=clock.localdate()
    )
    return str(w["employee_number"])


def _sync_period() -> dict[str, str]:
    today = clock.localdate()
    return {"start_date": today.replace(day=1).isoformat(), "end_date": today.isoformat()}


def _web(url: str, body: Any = None, **kw: Any) -> AuditCall:
    return lambda w: Call(url, {} if body is None else body, **kw)


# The writes test_openapi_responses.py leaves unchecked, and every DELETE: their call here.
AUDITED: dict[tuple[str, str], AuditCall] = {
    ("post", f"{WEB}/approval_link/{{token}}"): lambda w: Call(
        f"{WEB}/approval_link/{_approval_link(w)}", {"decision": "approve", "note": "Lewat email"}
    ),
    ("patch", f"{WEB}/attendance_log/reject"): lambda w: Call(
        f"{WEB}/attendance_log/reject", {"id": _waiting(w), "note": "Foto buram"}
    ),
    ("patch", f"{WEB}/attendance_log/approve_many"): lambda w: Call(
        f"{WEB}/attendance_log/approve_many", {"ids": [_waiting(w, 41), _waiting(w, 42)]}
    ),
    ("patch", f"{WEB}/attendance_log/reject_many"): lambda w: Call(
        f"{WEB}/attendance_log/reject_many",
        {"ids": [_waiting(w, 41), _waiting(w, 42)], "note": "Titip absen"},
    ),
    ("patch", f"{WEB}/attendance_log/reject_valid"): lambda w: Call(
        f"{WEB}/attendance_log/reject_valid", {"id": _approved(w), "note": "Titip absen"}
    ),
    ("patch", f"{WEB}/attendance_log/undo"): lambda w: Call(
        f"{WEB}/attendance_log/undo", {"id": _decided_by_admin(w)}
    ),
    ("patch", f"{WEB}/attendance_log/undo_many"): lambda w: Call(
        f"{WEB}/attendance_log/undo_many", {"batch": _bulk_batch(w)}
    ),
    ("patch", f"{WEB}/attendance_log/set_non_working_shift"): lambda w: Call(
        f"{WEB}/attendance_log/set_non_working_shift", {"id": _approved(w), "is_different_day": 1}
    ),
    ("post", f"{WEB}/attendance_log/adjustment"): lambda w: Call(
        f"{WEB}/attendance_log/adjustment", _adjustment_lines(w)
    ),
    ("patch", f"{WEB}/permission/approve"): lambda w: Call(
        f"{WEB}/permission/approve", {"id": _waiting_izin(w), "note": "Lekas sembuh"}
    ),
    ("patch", f"{WEB}/permission/reject"): lambda w: Call(
        f"{WEB}/permission/reject", {"id": _waiting_izin(w), "note": "Tanpa surat dokter"}
    ),
    ("patch", f"{WEB}/employee/set_attendance_disabled"): lambda w: Call(
        f"{WEB}/employee/set_attendance_disabled",
        {"employee_number_formatted": w["employee_number_formatted"], "disabled": 1},
    ),
    ("patch", f"{WEB}/employee/set_employee_password"): lambda w: Call(
        f"{WEB}/employee/set_employee_password", {"employee_number_formatted": w["employee_number_formatted"]}
    ),
    ("patch", f"{WEB}/employee/set_force_approval_permission"): lambda w: Call(
        f"{WEB}/employee/set_force_approval_permission",
        {"employee_number_formatted": w["employee_number_formatted"], "force": 1},
    ),
    ("post", f"{WEB}/employee/set_personalia"): lambda w: Call(
        f"{WEB}/employee/set_personalia",
        {
            "hash_id": _employee(w).hash_id,
            "username": "personaliauji",
            "password": PASSWORD,
            "confirm_password": PASSWORD,
            "level_id": _level(),
        },
    ),
    ("post", f"{WEB}/employee/{{hash_id}}/unlock_mobile"): lambda w: Call(
        f"{WEB}/employee/{_locked_employee(w)}/unlock_mobile"
    ),
    ("post", f"{WEB}/user_login/{{hash_id}}/unlock"): lambda w: Call(
        f"{WEB}/user_login/{_locked_login()}/unlock"
    ),
    ("post", f"{WEB}/user_level"): _web(f"{WEB}/user_level", {"name": "Operator Audit", "allow_report": 1}),
    ("put", f"{WEB}/user_level"): lambda w: Call(
        f"{WEB}/user_level",
        {"id": _level(), "name": "Level Uji Audit", "allow_report": 1, "allow_employee": 1},
    ),
    ("patch", f"{WEB}/user_login"): lambda w: Call(
        f"{WEB}/user_login",
        {"id": _login().hash_id, "username": "auditbaru", "is_active": 1, "level_id": _level()},
    ),
    ("post", f"{WEB}/announcement"): _web(
        f"{WEB}/announcement", {"title": "Rapat Bulanan", "content": "Di aula"}, format="multipart"
    ),
    ("put", f"{WEB}/announcement/"): lambda w: Call(
        f"{WEB}/announcement/", {"hash_id": _announcement(), "title": "Rapat Diundur"}, format="multipart"
    ),
    ("patch", f"{WEB}/announcement/important"): lambda w: Call(
        f"{WEB}/announcement/important", {"id": _announcement(), "important": 1}
    ),
    ("post", f"{WEB}/profile/change_password"): _web(
        f"{WEB}/profile/change_password",
        {"old_password": "admin12345", "new_password": PASSWORD, "confirm_new_password": PASSWORD},
    ),
    ("post", f"{WEB}/employee/sync_hr_data"): _web(f"{WEB}/employee/sync_hr_data"),
    ("post", f"{WEB}/penggajian/kirim"): lambda w: Call(
        f"{WEB}/penggajian/kirim", {**_sync_period(), "employee_id": w["employee_number"]}
    ),
    ("post", f"{WEB}/penggajian/sync_penggajian_for_resigned_employee"): lambda w: Call(
        f"{WEB}/penggajian/sync_penggajian_for_resigned_employee",
        {**_sync_period(), "type": "resigned-payroll", "employee_id": _resigned(w)},
    ),
    # DELETE: each removes what its call just made.
    ("delete", f"{WEB}/announcement/{{hash_id}}"): lambda w: Call(f"{WEB}/announcement/{_announcement()}"),
    ("delete", f"{WEB}/blacklist_app/{{hash_id}}"): lambda w: Call(
        f"{WEB}/blacklist_app/"
        + _created(
            w["web"], "blacklist_app", {"name": "Uji Hapus", "package_id": "com.uji.hapus", "is_allow": 0}
        )
    ),
    ("delete", f"{WEB}/cuti_khusus/{{hash_id}}"): lambda w: Call(
        f"{WEB}/cuti_khusus/"
        + _created(w["web"], "cuti_khusus", {"name": "Cuti Hapus", "code": "CHPS", "jumlah_hari": 1})
    ),
    ("delete", f"{WEB}/cuti_tambahan/{{hash_id}}"): lambda w: Call(
        f"{WEB}/cuti_tambahan/"
        + _created(w["web"], "cuti_tambahan", {"name": "Tambahan Hapus", "code": "CTHPS"})
    ),
    ("delete", f"{WEB}/holiday/{{hash_id}}"): lambda w: Call(
        f"{WEB}/holiday/{_holiday(w['web'], '2034-06-05')}"
    ),
    ("delete", f"{WEB}/holiday/year/{{year}}"): lambda w: Call(
        _holiday(w["web"], "2035-02-06") and f"{WEB}/holiday/year/2035"
    ),
    ("delete", f"{WEB}/shift/{{hash_id}}"): lambda w: Call(
        f"{WEB}/shift/" + _created(w["web"], "shift", {**SHIFT_BODY, "name": "Shift Hapus"})
    ),
    ("delete", f"{WEB}/shift_pattern/{{hash_id}}"): lambda w: Call(
        f"{WEB}/shift_pattern/" + _created(w["web"], "shift_pattern", PATTERN_BODY)
    ),
    ("delete", f"{WEB}/shift_pattern/content/{{hash_id}}"): lambda w: Call(
        f"{WEB}/shift_pattern/content/{_pattern_with_two_days(w['web'])[1]}"
    ),
    ("delete", f"{WEB}/system_trouble/{{hash_id}}"): lambda w: Call(
        f"{WEB}/system_trouble/"
        + _created(w["web"], "system_trouble", {"date": "2034-03-04", "description": "Listrik padam"})
    ),
    ("delete", f"{WEB}/user_level/{{hash_id}}"): lambda w: Call(f"{WEB}/user_level/{_level()}"),
    ("delete", f"{WEB}/user_login/{{hash_id}}"): lambda w: Call(f"{WEB}/user_login/{_login().hash_id}"),
    ("delete", f"{WEB}/wall_display/{{hash_id}}"): lambda w: Call(f"{WEB}/wall_display/{_wall_display()}"),
    ("delete", f"{WEB}/delegation/{{hash_id}}"): lambda w: Call(f"{WEB}/delegation/{_delegation()}"),
}


def _pattern_of_two_shifts(client: APIClient) -> list[str]:
    """A new pattern of two different shifts: its content ids in day order (a swap changes it)."""
    pattern = _created(client, "shift_pattern", {**PATTERN_BODY, "name": "Pola Dua Shift"})
    rows: list[dict[str, Any]] = []
    for name in ("Shift Satu", "Shift Dua"):
        shift = _created(client, "shift", {**SHIFT_BODY, "name": name})
        body = {"shift_pattern_hash_id": pattern, "shift_hash_id": shift}
        rows = client.post(f"{WEB}/shift_pattern/content/", body, format="json").json()["data"]
    return [row["hash_id"] for row in rows]


def _changed(kind: str, fields: tuple[str, ...], **changes: Any) -> AuditCall:
    """A PUT of `kind`'s first row with `changes` (the schema check sends the values back unchanged,
    which writes nothing and so records nothing)."""

    def call(w: dict[str, Any]) -> Call:
        data = _detail(w["web"], kind)
        return Call(f"{WEB}/{kind}", {**{f: data[f] for f in fields}, **changes})

    return call


# Writes of WRITES whose call there changes nothing (an update to the same values records nothing):
# their call here changes a value.
CHANGED_VALUES: dict[tuple[str, str], AuditCall] = {
    ("put", f"{WEB}/cuti_khusus"): _changed("cuti_khusus", ("hash_id", "name", "code"), jumlah_hari=9),
    ("put", f"{WEB}/cuti_tambahan"): _changed("cuti_tambahan", ("hash_id", "code"), name="Tambahan Diubah"),
    ("put", f"{WEB}/shift_pattern"): _changed(
        "shift_pattern", ("hash_id", "starting_date", "day_circle_number"), name="Pola Diubah"
    ),
    ("put", f"{WEB}/shift_pattern/content_set_order_down/{{hash_id}}"): lambda w: Call(
        f"{WEB}/shift_pattern/content_set_order_down/{_pattern_of_two_shifts(w['web'])[0]}"
    ),
    ("put", f"{WEB}/shift_pattern/content_set_order_up/{{hash_id}}"): lambda w: Call(
        f"{WEB}/shift_pattern/content_set_order_up/{_pattern_of_two_shifts(w['web'])[1]}"
    ),
    ("put", f"{WEB}/wall_display/update/{{hash_id}}"): lambda w: Call(
        f"{WEB}/wall_display/update/{_wall_display()}", {"name": "Lobi Barat"}
    ),
}


# Writes that keep no audit entry, each with why: none of them changes business data.
EXEMPT: dict[tuple[str, str], str] = {
    ("post", f"{WEB}/auth/"): "signing in: a session, not business data (failures feed the lock)",
    ("post", f"{MOBILE}/auth/"): "signing in: a session, not business data (failures feed the lock)",
    ("post", f"{WEB}/auth/logout"): "ends the caller's own session",
    ("post", f"{MOBILE}/auth/logout"): "ends the caller's own session",
    ("patch", f"{WEB}/auth/forgot_password"): "mails a reset code; nothing changes until it is used",
    ("post", f"{WEB}/realtime/ticket"): "a one-time socket ticket",
    ("put", f"{WEB}/preference/{{key}}"): "the caller's own screen settings (UI state)",
    ("delete", f"{WEB}/preference/{{key}}"): "the caller's own screen settings (UI state)",
    ("patch", f"{WEB}/notification/read"): "the caller's own notifications marked read (UI state)",
    ("post", f"{WEB}/setting/risk/preview"): "a preview: counts under unsaved thresholds, writes nothing",
    ("post", f"{MOBILE}/attendance/"): (
        "an employee's own check-in: the attendance log is its own record (who, when, where, device, "
        "photo); every decision on it is audited"
    ),
    ("post", f"{MOBILE}/izin/"): (
        "an employee's own izin request: the request is its own record (who, when, attachment); its "
        "approval or rejection is audited"
    ),
    ("post", f"{WEB}/job/{{hash_id}}/cancel"): (
        "asks a running job to stop; the job's own trail records how it ended (status cancelled)"
    ),
}

# Writes audited, whose call needs what this w cannot give: the test that calls them over the API
# and asserts their entry.
AUDITED_ELSEWHERE: dict[tuple[str, str], str] = {
    ("post", f"{WEB}/attendance_log/import_attendance"): (
        "server/uploads/tests/test_audit_upload.py (a spreadsheet from the template, run as a job)"
    ),
    ("post", f"{WEB}/adjustment"): (
        "server/adjustments/tests/test_audit_leave_adjustment.py (a multipart leave with its attachment "
        "on a free working day)"
    ),
    ("patch", f"{WEB}/auth/confirm_reset_password"): (
        "server/accounts/tests/test_password_audit.py (needs the mailed reset code)"
    ),
    ("patch", f"{MOBILE}/auth/confirm_reset_password"): (
        "server/accounts/tests/test_password_audit.py (needs the mailed reset code)"
    ),
}


def _all_writes() -> set[tuple[str, str]]:
    from drf_spectacular.generators import SchemaGenerator

    document = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (method, path)
        for path, ops in document["paths"].items()
        for method in ("post", "put", "patch", "delete")
        if method in ops
    }


def _calls(method: str, path: str) -> list[AuditCall]:
    if (method, path) in AUDITED:
        return [AUDITED[(method, path)]]
    if (method, path) in CHANGED_VALUES:
        return [CHANGED_VALUES[(method, path)]]
    return [_schema_check_call(call) for call in WRITES[(method, path)]]


def _schema_check_call(write: Callable[[APIClient], tuple[str, dict[str, Any]]]) -> AuditCall:
    """A call of test_openapi_responses.WRITES (from the admin's web client)."""

    def call(w: dict[str, Any]) -> Call:
        url, body = write(w["web"])
        return Call(url, body)

    return call


def _driven() -> list[tuple[str, str]]:
    return sorted((set(WRITES) | set(AUDITED)) - set(EXEMPT))


def test_every_write_is_audited_here_elsewhere_or_exempt_with_its_reason() -> None:
    operations = _all_writes()
    lists = [set(WRITES) - set(EXEMPT), set(AUDITED), set(EXEMPT), set(AUDITED_ELSEWHERE)]
    assert not set(AUDITED) & set(WRITES), "a write called twice: keep it in WRITES"
    assert set(CHANGED_VALUES) <= set(WRITES) - set(EXEMPT)
    for n, one in enumerate(lists):
        for other in lists[n + 1 :]:
            assert not one & other, one & other
    listed = set().union(*lists)
    assert operations - listed == set(), "a write without its audit check: add it to AUDITED or EXEMPT"
    assert listed - operations == set(), "a listed write no longer exists"
    assert all(reason.strip() for reason in [*EXEMPT.values(), *AUDITED_ELSEWHERE.values()])
    from django.conf import settings

    for where in AUDITED_ELSEWHERE.values():
        assert (settings.BASE_DIR / where.split(" ")[0]).exists(), where


@pytest.mark.parametrize(("method", "path"), _driven())
def test_a_successful_write_leaves_an_audit_entry_in_the_catalogue(
    method: str,
    path: str,
    world: dict[str, Any],  # noqa: F811
    fakes: Fakes,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    for make in _calls(method, path):
        with transaction.atomic(), override_settings(PAYROLL_BATCH_SIZE=50):
            call = make(world)
            client: APIClient = world[call.client]
            before = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
            with django_capture_on_commit_callbacks(execute=True):
                response = getattr(client, method)(call.url, call.body, format=call.format)
            made = list(AuditEntry.objects.filter(pk__gt=before).order_by("pk"))
            transaction.set_rollback(True)
        assert response.status_code in (200, 201, 202, 204), (method, path, response.content[:400])
        assert made, f"{method.upper()} {path} succeeded ({response.status_code}) and left no audit entry"
        for entry in made:
            assert entry.action in ACTION_LABELS, (path, entry.action)
            assert entry.object_type in OBJECT_TYPE_LABELS, (path, entry.object_type)
            unknown = {key for key in [*entry.before, *entry.after] if key not in FIELD_LABELS}
            assert not unknown, f"{path}: fields without a label in the audit catalogue: {sorted(unknown)}"
