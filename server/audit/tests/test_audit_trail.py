"""The audit trail (DESIGN §17): one entry with the changed fields before and after for each kind of
business write, none for a rolled-back one, append-only entries, the `audit` event after commit."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, time, timedelta
from typing import Any

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from server.accounts.models import User
from server.accounts.services import employee_sign_in_account, sign_in_failure_record, user_sign_in_account
from server.announcements.services import (
    AnnouncementInput,
    announcement_create,
    announcement_delete,
    announcement_important_set,
    announcement_update,
)
from server.attendance import services as attendance
from server.attendance.models import LogStatus
from server.attendance.risk_services import risk_settings_update
from server.attendance.tests.approval_builders import log_of, make_approver, placement, staff
from server.audit.models import AuditEntry, ImmutableEntry
from server.audit.services import audit_record
from server.dashboard.services import wall_display_create, wall_display_revoke, wall_display_update
from server.izin.models import IzinCode, IzinStatus
from server.izin.services import izin_request_approve, izin_request_reject
from server.people import services as people
from server.schedules.models import Shift
from server.schedules.services.blacklist_apps import blacklist_app_save
from server.schedules.services.holidays import holiday_delete, holiday_save
from server.schedules.services.leaves import (
    additional_leave_delete,
    additional_leave_save,
    special_leave_save,
)
from server.schedules.services.shift_patterns import (
    PatternFields,
    shift_pattern_content_add,
    shift_pattern_create,
    shift_pattern_update,
)
from server.schedules.services.shifts import ShiftFields, shift_create, shift_delete, shift_update
from server.schedules.services.system_trouble import system_trouble_save
from server.testing.events import EventLog
from server.testing.factories import make_employee, make_izin, make_shift
from server.workforce.models import ManPowerType

pytestmark = pytest.mark.django_db


def entries(object_type: str, object_id: str | None = None) -> list[AuditEntry]:
    queryset = AuditEntry.objects.filter(object_type=object_type)
    if object_id is not None:
        queryset = queryset.filter(object_id=object_id)
    return list(queryset.order_by("pk"))


def only(object_type: str, object_id: str | None = None) -> AuditEntry:
    (entry,) = entries(object_type, object_id)
    return entry


@pytest.fixture
def approver(make_user: Callable[..., User]) -> User:
    return make_approver(
        make_user,
        "office",
        fullname="Budi Kantor",
        extra_rights=["allow_reset_attendance", "allow_reject_valid_attendance"],
    )


@pytest.fixture
def ani() -> Any:
    return staff(placement(ManPowerType.OFFICE, "Kantor Pusat"), "Ani Kantor")


# ---------------------------------------------------------------- attendance decisions


def test_an_approval_over_the_api_records_who_what_and_the_request_and_tells_the_audit_topic(
    ani: Any,
    approver: User,
    client_for: Callable[..., APIClient],
    sent_events: EventLog,
    django_capture_on_commit_callbacks: Any,
) -> None:
    log = log_of(ani)
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(approver).patch(
            "/api/web/v1/attendance_log/approve",
            {"id": log.hash_id, "near_man_power": ""},
            format="json",
            headers={"X-Request-ID": "req-approve-0001"},
        )
    assert response.status_code == 200, response.json()
    assert response["X-Request-ID"] == "req-approve-0001"
    entry = only("attendance_log", log.hash_id)
    assert entry.action == "approve"
    assert entry.actor_id == approver.pk and entry.actor_name == "Budi Kantor" and entry.job_id == ""
    assert entry.request_id == "req-approve-0001"
    assert entry.before == {"status": "waiting_approval", "decided_by": None}
    assert entry.after == {
        "status": "manual_approved",
        "decided_by": str(approver),
        "risk_level": "low",
        "risk_score": 0,
        "risk_reasons": [],
    }
    assert entry.object_label.startswith("Ani Kantor")
    assert sent_events.of("audit", "created") == [
        ("audit", "created", {"count": 1, "objects": [["attendance_log", log.hash_id]]}, None)
    ]


def test_every_attendance_decision_leaves_its_entry(ani: Any, approver: User) -> None:
    rejected = attendance.attendance_log_reject(log=log_of(ani), approver=approver, note="Foto buram")
    assert (
        only("attendance_log", rejected.hash_id).before,
        only("attendance_log", rejected.hash_id).after,
    ) == (
        {"status": "waiting_approval", "decided_by": None, "rejected_note": ""},
        {
            "status": "rejected",
            "decided_by": str(approver),
            "rejected_note": "Foto buram",
            "risk_level": "low",
            "risk_score": 0,
            "risk_reasons": [],
        },
    )
    attendance.attendance_log_undo(log=rejected, user=approver)
    undo = entries("attendance_log", rejected.hash_id)[-1]
    assert undo.action == "undo" and undo.after["status"] == "waiting_approval"

    valid = log_of(ani, status=LogStatus.APPROVED)
    attendance.attendance_log_reject_valid(log=valid, user=approver, note="Titip absen")
    entry = only("attendance_log", valid.hash_id)
    assert entry.action == "reject_valid" and entry.before["status"] == "approved"

    moved = log_of(ani, status=LogStatus.APPROVED)
    attendance.attendance_log_set_different_day(log=moved, is_different_day=True)
    entry = only("attendance_log", moved.hash_id)
    assert (entry.action, entry.before, entry.after) == (
        "set_different_day",
        {"is_different_day": False},
        {"is_different_day": True},
    )


def test_a_bulk_decision_and_its_undo_leave_one_entry_per_log(ani: Any, approver: User) -> None:
    logs = [log_of(ani) for _ in range(3)]
    decision = attendance.attendance_logs_approve_many(items=logs, approver=approver)
    assert decision.decided == 3 and decision.batch is not None
    assert [e.action for e in entries("attendance_log")] == ["approve"] * 3
    attendance.attendance_batch_undo(batch=decision.batch, user=approver)
    assert sorted(e.action for e in entries("attendance_log")) == ["approve"] * 3 + ["undo"] * 3
    assert {e.object_id for e in entries("attendance_log")} == {log.hash_id for log in logs}


def test_low_risk_approval_goes_through_the_same_entries(ani: Any, approver: User) -> None:
    log = log_of(ani)
    log.risk_level = "low"
    log.save(update_fields=["risk_level"])
    from server.attendance.models import AttendanceLog

    decision = attendance.attendance_logs_approve_low_risk(
        logs=AttendanceLog.objects.filter(pk=log.pk), approver=approver, limit=10
    )
    assert decision.decided == 1
    assert only("attendance_log", log.hash_id).action == "approve"


def test_a_conflicting_decision_and_a_rolled_back_write_record_nothing(ani: Any, approver: User) -> None:
    log = log_of(ani, status=LogStatus.REJECTED)
    with pytest.raises(attendance.AttendanceLogConflict):
        attendance.attendance_log_approve(log=log, approver=approver)
    shift = make_shift()
    with pytest.raises(RuntimeError), transaction.atomic():
        shift_update(shift=shift, fields=_shift_fields(name="Pagi Baru"))
        raise RuntimeError("rolled back")
    assert not AuditEntry.objects.exists()


# ---------------------------------------------------------------- izin


def test_izin_decisions_record_status_and_note(ani: Any, make_user: Callable[..., User]) -> None:
    hr = make_user(flags=["allow_permission"], fullname="Hana HR")
    approved = make_izin(ani, IzinCode.SAKIT, date(2025, 3, 10), status=IzinStatus.WAITING_APPROVAL)
    izin_request_approve(izin=approved, user=hr, note="Semoga lekas sembuh")
    entry = only("izin", approved.hash_id)
    assert entry.action == "approve" and entry.actor_name == "Hana HR"
    assert entry.before == {"status": "waiting_approval", "decided_by": None, "decision_note": ""}
    assert entry.after == {
        "status": "approved",
        "decided_by": str(hr),
        "decision_note": "Semoga lekas sembuh",
    }
    rejected = make_izin(ani, IzinCode.SAKIT, date(2025, 3, 12), status=IzinStatus.WAITING_APPROVAL)
    izin_request_reject(izin=rejected, user=hr, note="Tanpa surat dokter")
    assert only("izin", rejected.hash_id).action == "reject"


# ---------------------------------------------------------------- settings


def _shift_fields(**kw: Any) -> ShiftFields:
    values: dict[str, Any] = {
        "name": "Pagi",
        "type": "working_shift",
        "time_in": time(8),
        "time_out": time(17),
        "break_start": time(12),
        "break_end": time(13),
        "late_in_minutes": 5,
        "early_out_minutes": 5,
        "minimum_check_in_time": 2,
        **kw,
    }
    return ShiftFields(**values)


def test_shift_create_update_delete_keep_only_the_changed_fields() -> None:
    shift = shift_create(fields=_shift_fields(code="JK900"))
    created = only("shift", shift.hash_id)
    assert created.action == "create" and created.before == {}
    assert created.after["name"] == "Pagi" and created.after["time_in"] == "08:00:00"
    shift_update(shift=shift, fields=_shift_fields(code="JK900", name="Pagi Baru", late_in_minutes=10))
    updated = entries("shift", shift.hash_id)[-1]
    assert (updated.action, updated.before, updated.after) == (
        "update",
        {"name": "Pagi", "late_in_minutes": 5},
        {"name": "Pagi Baru", "late_in_minutes": 10},
    )
    shift_update(shift=shift, fields=_shift_fields(code="JK900", name="Pagi Baru", late_in_minutes=10))
    assert len(entries("shift", shift.hash_id)) == 2  # an update that changed nothing records nothing
    hash_id = shift.hash_id
    shift_delete(shift=Shift.objects.get(pk=shift.pk))
    deleted = entries("shift", hash_id)[-1]
    assert deleted.action == "delete" and deleted.after == {} and deleted.before["name"] == "Pagi Baru"


def test_patterns_and_their_content_are_audited() -> None:
    pattern = shift_pattern_create(
        fields=PatternFields(name="Pola A", starting_date=date(2025, 1, 6), day_circle_number=7)
    )
    assert only("shift_pattern", pattern.hash_id).action == "create"
    shift_pattern_content_add(pattern=pattern, shift=make_shift(name="Siang"))
    content = entries("shift_pattern", pattern.hash_id)[-1]
    assert (content.before, content.after) == ({"contents": []}, {"contents": ["1: Siang"]})
    shift_pattern_update(
        pattern=pattern,
        fields=PatternFields(name="Pola B", starting_date=date(2025, 1, 6), day_circle_number=7),
    )
    assert entries("shift_pattern", pattern.hash_id)[-1].after == {"name": "Pola B"}


def test_holidays_blacklist_leave_kinds_system_trouble_and_risk_are_audited() -> None:
    holiday = holiday_save(
        holiday=None,
        name="Lebaran",
        start=date(2026, 3, 20),
        end=date(2026, 3, 21),
        collective=[date(2026, 3, 21)],
    )
    entry = only("holiday", holiday.hash_id)
    assert entry.after["collective"] == ["2026-03-21"] and entry.after["name"] == "Lebaran"
    holiday_delete(holiday=holiday)
    assert entries("holiday", holiday.hash_id)[-1].action == "delete"

    app = blacklist_app_save(app=None, name="Fake GPS", package_id="com.fake.gps", is_allow=False)
    blacklist_app_save(app=app, name="Fake GPS", package_id="com.fake.gps", is_allow=True)
    assert [(e.action, e.after) for e in entries("blacklist_app", app.hash_id)][-1] == (
        "update",
        {"is_allow": True},
    )
    special = special_leave_save(leave=None, name="Menikah", code="CK9", jumlah_hari=3)
    special_leave_save(leave=special, name="Menikah", code="CK9", jumlah_hari=2)
    assert entries("special_leave", special.hash_id)[-1].before == {"jumlah_hari": 3}
    extra = additional_leave_save(leave=None, name="Tambahan", code="CT9")
    additional_leave_delete(leave=extra)
    assert [e.action for e in entries("additional_leave", extra.hash_id)] == ["create", "delete"]
    trouble = system_trouble_save(trouble=None, day=date(2025, 3, 3), description="Server mati")
    assert only("system_trouble", trouble.hash_id).after == {
        "date": "2025-03-03",
        "description": "Server mati",
    }

    risk_settings_update(data={"medium_from": 30, "high_from": 70})
    risk = entries("risk_settings")
    assert risk and risk[-1].action == "update" and set(risk[-1].after) <= {"medium_from", "high_from"}


# ---------------------------------------------------------------- people and access


def test_employee_toggles_unlock_and_password_reset_never_record_the_password(
    admin_user: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    employee = make_employee(name="Citra", email="")
    people.employee_set_attendance_disabled(employee=employee, disabled=True)
    people.employee_set_force_approval(employee=employee, force=True)
    for _ in range(10):
        sign_in_failure_record(accounts=[employee_sign_in_account(employee.pk)])
    people.employee_mobile_unlock(employee=employee)
    password, emailed = people.employee_password_reset(employee=employee)
    assert not emailed
    found = entries("employee", employee.hash_id)
    assert [(e.action, e.after) for e in found] == [
        ("update", {"attendance_disabled": True}),
        ("update", {"force_approval_permission": True}),
        ("unlock", {"locked": False}),
        ("password_reset", {"mobile_password": "(diubah)", "emailed": False}),
    ]
    assert all(password not in str(e.before) + str(e.after) for e in found)


def test_user_levels_and_logins_are_audited(admin_user: User, make_user: Callable[..., User]) -> None:
    level = people.user_level_create(name="Operator", flags={"allow_report": 1}, creator=admin_user)
    assert only("user_level", level.hash_id).after == {"name": "Operator", "flags": ["Laporan"]}
    people.user_level_change(
        level=level,
        name="Operator",
        flags={"allow_report": 1, "allow_employee": 1, "allow_employee_update": 1},
        actor=admin_user,
    )
    change = entries("user_level", level.hash_id)[-1]
    assert (change.before, change.after) == (
        {"flags": ["Laporan"]},
        {"flags": ["Karyawan (Ubah)", "Laporan"]},
    )
    login = make_user(flags=["allow_report"], fullname="Dewi")
    people.user_login_change(
        user=login, actor=admin_user, username="dewi", level=level, is_active=True, special_rights={}
    )
    edit = only("user_login", login.hash_id)
    assert edit.before["username"] != "dewi" and edit.after["username"] == "dewi"
    assert edit.after["level"] == "Operator"
    for _ in range(10):
        sign_in_failure_record(accounts=[user_sign_in_account(login)])
    people.user_login_unlock(user=login)
    hash_id = login.hash_id
    people.user_login_delete(user=login, actor=admin_user)
    assert [e.action for e in entries("user_login", hash_id)] == ["update", "unlock", "delete"]
    other = people.user_level_create(name="Sementara", flags={}, creator=admin_user)
    other_id = other.hash_id
    people.user_level_delete(level=other)
    assert [e.action for e in entries("user_level", other_id)] == ["create", "delete"]


def test_announcements_and_wall_displays_are_audited(admin_user: User) -> None:
    draft = announcement_create(creator=admin_user, values=AnnouncementInput(title="Rapat"))
    announcement_update(hash_id=draft.hash_id, values=AnnouncementInput(title="Rapat Bulanan"))
    announcement_important_set(hash_id=draft.hash_id, important=True)
    found = entries("announcement", draft.hash_id)
    assert [e.action for e in found] == ["create", "update", "update"]
    assert (found[1].before, found[1].after) == ({"title": "Rapat"}, {"title": "Rapat Bulanan"})
    assert (found[2].before, found[2].after) == ({"is_important": False}, {"is_important": True})
    announcement_delete(hash_id=draft.hash_id)
    assert entries("announcement", draft.hash_id)[-1].action == "delete"

    display, _ = wall_display_create(name="Lobi", created_by=admin_user)
    wall_display_update(display=display, name="Lobi Utama")
    wall_display_revoke(display=display)
    assert [(e.action, e.after) for e in entries("wall_display", display.hash_id)] == [
        ("create", {"name": "Lobi"}),
        ("update", {"name": "Lobi Utama"}),
        ("revoke", {"revoked": True}),
    ]


# ---------------------------------------------------------------- the entries themselves


def test_entries_cannot_be_changed_or_removed_through_the_model() -> None:
    entry = audit_record(action="create", object_type="shift", object_id="x", after={"name": "A"})
    assert entry is not None
    entry.action = "delete"
    with pytest.raises(ImmutableEntry):
        entry.save()
    with pytest.raises(ImmutableEntry):
        entry.delete()
    with pytest.raises(ImmutableEntry):
        AuditEntry.objects.filter(pk=entry.pk).update(action="delete")
    with pytest.raises(ImmutableEntry):
        AuditEntry.objects.all().delete()
    assert AuditEntry.objects.get(pk=entry.pk).action == "create"


def test_dates_times_and_missing_keys_are_plain_json(approver: User) -> None:
    entry = audit_record(
        action="update",
        object_type="holiday",
        object_id="x",
        before={"start_date": date(2025, 1, 1), "gone": 1},
        after={"start_date": date(2025, 1, 2), "span": timedelta(minutes=90)},
        actor=approver,
    )
    assert entry is not None
    assert entry.before == {"start_date": "2025-01-01", "gone": 1}
    assert entry.after == {"start_date": "2025-01-02", "span": 90}
    assert entry.actor_name == "Budi Kantor"
