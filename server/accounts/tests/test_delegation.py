"""Delegation (issue 41, DESIGN §20): an approver hands their own approval rights to a colleague for a
date range. Effective rights (User.user_access) = own + delegated (active today); the scope follows
the delegator's placement types; no chaining, never more than held; ending it takes the rights away
at once; the delegate's decisions are audited "atas nama" the delegator; the delegate's tabs are told
live."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import TestCase
from django.utils import timezone

from server.accounts.delegation import acting_for, approvers_for, delegations_day_push
from server.accounts.models import Delegation, User
from server.attendance.models import LogStatus
from server.audit.models import AuditEntry
from server.core.clock import local_today
from server.core.flags import APPROVE_ATTENDANCE, REJECT_ATTENDANCE
from server.izin.models import IzinStatus
from server.notifications.models import Notification
from server.testing.events import EventLog
from server.testing.factories import check_in, make_employee, make_izin, make_man_power

pytestmark = pytest.mark.django_db

URL = "/api/web/v1/delegation/"
LIST = "/api/web/v1/delegation/list"
OFFICE_APPROVER = [
    APPROVE_ATTENDANCE,
    f"{APPROVE_ATTENDANCE}_office",
    REJECT_ATTENDANCE,
    f"{REJECT_ATTENDANCE}_office",
]


@pytest.fixture
def people(make_user: Any) -> dict[str, User]:
    return {
        "approver": make_user(flags=["allow_permission"], rights=OFFICE_APPROVER, fullname="Approver Office"),
        "hr": make_user(flags=["allow_report"], fullname="HR"),
        "third": make_user(flags=[], fullname="Pihak Ketiga"),
        "admin": make_user(flags=["allow_user_login"], fullname="Admin Login"),
    }


def _fresh(user: User) -> User:
    return User.objects.select_related("level").get(pk=user.pk)


def _delegate(client: Any, delegate: User, *, days: int = 3, start: int = 0, **extra: Any) -> Any:
    today = local_today()
    return client.post(
        URL,
        {
            "delegate": delegate.hash_id,
            "start_date": (today + timedelta(days=start)).isoformat(),
            "end_date": (today + timedelta(days=start + days - 1)).isoformat(),
            "note": "Cuti tahunan",
            **extra,
        },
        format="json",
    )


def test_a_delegation_gives_the_delegators_approval_rights_with_their_scope(
    people: dict[str, User], client_for: Any, sent_events: EventLog
) -> None:
    approver, hr = people["approver"], people["hr"]
    assert not hr.user_access[APPROVE_ATTENDANCE]
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = _delegate(client_for(approver), hr)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["message"] == "Delegasi disimpan."
    assert body["data"]["status"] == "active" and body["data"]["delegate"]["hash_id"] == hr.hash_id
    assert body["data"]["rights"] == [
        "Setujui Kehadiran (Office)",
        "Tolak Kehadiran (Office)",
        "Persetujuan Izin",
    ]
    access = _fresh(hr).user_access
    # Approval rights with the delegator's placement types, and nothing else of the delegator.
    assert access[APPROVE_ATTENDANCE] == access[f"{APPROVE_ATTENDANCE}_office"] == 1
    assert access[f"{APPROVE_ATTENDANCE}_site"] == 0
    assert access["allow_permission"] == 1
    assert access["allow_report"] == 1  # own rights kept
    assert _fresh(hr).own_access[APPROVE_ATTENDANCE] == 0
    # The delegate's open tabs are told live (the level change's push), with the effective rights.
    pushes = sent_events.of("session", "access")
    assert [event.scope for event in pushes] == [hr.pk]
    assert pushes[0].data["user_access"][f"{APPROVE_ATTENDANCE}_office"] == 1
    # The sign-in profile shows them too.
    profile = client_for(hr).get("/api/web/v1/profile").json()["data"]
    assert profile["user_access"][APPROVE_ATTENDANCE] == 1
    # Audited.
    entry = AuditEntry.objects.get(object_type="delegation", action="create")
    assert entry.actor_id == approver.pk and entry.after["delegate"] == str(hr)
    # The delegate is notified in their notification centre, live on their own topic.
    received = Notification.objects.get(user=hr)
    assert received.kind == "delegation.received" and received.link == "/profile"
    assert received.title == "Approver Office mendelegasikan hak persetujuan kepada Anda"
    assert "Setujui Kehadiran (Office)" in received.body
    assert sent_events.of("notifications", "notification.created")
    assert not Notification.objects.filter(user=approver).exists()


def test_a_delegation_starting_later_gives_nothing_today_and_the_day_push_tells_the_delegate(
    people: dict[str, User], client_for: Any, sent_events: EventLog
) -> None:
    approver, hr = people["approver"], people["hr"]
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = _delegate(client_for(approver), hr, start=2)
    assert response.status_code == 201 and response.json()["data"]["status"] == "upcoming"
    assert not _fresh(hr).user_access[APPROVE_ATTENDANCE]
    assert not sent_events.of("session", "access")
    start = local_today() + timedelta(days=2)
    assert _fresh(hr).delegated_access(start)[APPROVE_ATTENDANCE] == 1
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert delegations_day_push(day=start) == 1
    assert [event.scope for event in sent_events.of("session", "access")] == [hr.pk]
    # The day after its end: pushed again, and the delegate told it ended (once, however often beat runs).
    after = local_today() + timedelta(days=5)
    for _ in range(2):
        with TestCase.captureOnCommitCallbacks(execute=True):
            assert delegations_day_push(day=after) == 1
    assert Notification.objects.filter(user=hr, kind="delegation.ended").count() == 1


def test_ending_takes_the_rights_away_at_once(
    people: dict[str, User], client_for: Any, sent_events: EventLog
) -> None:
    approver, hr = people["approver"], people["hr"]
    hr_client = client_for(hr)
    with TestCase.captureOnCommitCallbacks(execute=True):
        hash_id = _delegate(client_for(approver), hr).json()["data"]["hash_id"]
    office = make_man_power(name="Kantor Pusat")
    log = check_in(make_employee(man_power=office), timezone.now(), status=LogStatus.WAITING_APPROVAL)
    sent_events.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = client_for(approver).delete(f"/api/web/v1/delegation/{hash_id}")
    assert response.status_code == 200 and response.json()["message"] == "Delegasi diakhiri."
    assert [event.scope for event in sent_events.of("session", "access")] == [hr.pk]
    assert sent_events.of("session", "access")[0].data["user_access"][APPROVE_ATTENDANCE] == 0
    # The next request of the delegate's open session is refused.
    refused = hr_client.patch("/api/web/v1/attendance_log/approve", {"id": log.hash_id}, format="json")
    assert refused.status_code == 403
    assert not _fresh(hr).user_access[APPROVE_ATTENDANCE]
    # Ending twice is a conflict with the envelope's message.
    again = client_for(approver).delete(f"/api/web/v1/delegation/{hash_id}")
    assert again.status_code == 409 and again.json()["message"] == "Delegasi ini sudah berakhir."
    assert AuditEntry.objects.filter(object_type="delegation", action="end").count() == 1
    ended = Notification.objects.get(user=hr, kind="delegation.ended")
    assert ended.title == "Delegasi dari Approver Office berakhir"
    assert "diakhiri oleh Approver Office" in ended.body


def test_the_delegates_attendance_decision_is_audited_atas_nama_the_delegator(
    people: dict[str, User], client_for: Any
) -> None:
    approver, hr = people["approver"], people["hr"]
    _delegate(client_for(approver), hr)
    office, site = make_man_power(name="Kantor"), make_man_power(name="Site A", type="site")
    log = check_in(make_employee(man_power=office), timezone.now(), status=LogStatus.WAITING_APPROVAL)
    site_log = check_in(make_employee(man_power=site), timezone.now(), status=LogStatus.WAITING_APPROVAL)
    hr_client = client_for(hr)
    # Outside the delegator's scope (site): refused.
    refused = hr_client.patch("/api/web/v1/attendance_log/approve", {"id": site_log.hash_id}, format="json")
    assert refused.status_code in (403, 404)
    response = hr_client.patch("/api/web/v1/attendance_log/approve", {"id": log.hash_id}, format="json")
    assert response.status_code == 200, response.json()
    entry = AuditEntry.objects.get(object_type="attendance_log", object_id=log.hash_id, action="approve")
    assert entry.actor_id == hr.pk and entry.actor_name == "HR"
    assert entry.after["atas_nama"] == f"Approver Office ({approver.username})"
    # The delegator's own decisions name nobody else.
    other = check_in(make_employee(man_power=office), timezone.now(), status=LogStatus.WAITING_APPROVAL)
    reject = client_for(approver).patch(
        "/api/web/v1/attendance_log/reject", {"id": other.hash_id, "note": "Salah lokasi"}, format="json"
    )
    assert reject.status_code == 200
    own = AuditEntry.objects.get(object_id=other.hash_id, action="reject")
    assert "atas_nama" not in own.after


def test_the_delegates_izin_decision_is_audited_atas_nama_the_delegator(
    people: dict[str, User], client_for: Any
) -> None:
    approver, hr = people["approver"], people["hr"]
    izin = make_izin(make_employee(), "izin", local_today(), status=IzinStatus.WAITING_APPROVAL)
    hr_client = client_for(hr)
    before = hr_client.patch("/api/web/v1/permission/approve", {"id": izin.hash_id}, format="json")
    assert before.status_code in (403, 404)
    _delegate(client_for(approver), hr)
    response = hr_client.patch("/api/web/v1/permission/approve", {"id": izin.hash_id}, format="json")
    assert response.status_code == 200, response.json()
    entry = AuditEntry.objects.get(object_type="izin", object_id=izin.hash_id, action="approve")
    assert entry.actor_id == hr.pk and entry.after["atas_nama"] == f"Approver Office ({approver.username})"


def test_no_chaining_and_never_more_than_held(people: dict[str, User], client_for: Any) -> None:
    approver, hr, third = people["approver"], people["hr"], people["third"]
    _delegate(client_for(approver), hr)
    # hr holds approval rights only by delegation: they do not go onward.
    chained = _delegate(client_for(hr), third)
    assert chained.status_code == 422
    assert "tidak dapat didelegasikan lagi" in chained.json()["message"]
    assert chained.json()["errors"]["delegate"]
    assert not _fresh(third).user_access[APPROVE_ATTENDANCE]
    # Someone holding no approval right has nothing to give.
    # Someone holding no approval right has nothing to give: refused before anything is read.
    nothing = _delegate(client_for(third), hr)
    assert nothing.status_code == 403
    assert nothing.json()["message"] == "Anda tidak memiliki hak persetujuan untuk didelegasikan."
    # Nor can the admin give what its delegator does not hold.
    by_admin = _delegate(client_for(people["admin"]), hr, delegator=third.hash_id)
    assert by_admin.status_code == 422
    assert by_admin.json()["message"] == (
        "Pihak Ketiga tidak memiliki hak persetujuan (kehadiran atau izin) untuk didelegasikan."
    )
    # What goes is what the delegator holds now: a lost right leaves the delegate too.
    approver.special_rights = {APPROVE_ATTENDANCE: 1, f"{APPROVE_ATTENDANCE}_office": 1}
    approver.save(update_fields=["special_rights"])
    access = _fresh(hr).user_access
    assert access[APPROVE_ATTENDANCE] == 1 and access[REJECT_ATTENDANCE] == 0


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"start": -1}, "start_date", "Tanggal mulai tidak boleh sebelum hari ini."),
        ({"days": 0}, "end_date", "Tanggal selesai tidak boleh sebelum tanggal mulai."),
        ({"days": 91}, "end_date", "Delegasi paling lama 90 hari."),
    ],
)
def test_the_date_range_is_checked(
    people: dict[str, User], client_for: Any, change: dict[str, int], field: str, message: str
) -> None:
    response = _delegate(client_for(people["approver"]), people["hr"], **change)
    assert response.status_code == 422
    assert response.json()["message"] == message and response.json()["errors"][field] == [message]
    assert not Delegation.objects.exists()


def test_bad_input_never_500s(people: dict[str, User], client_for: Any) -> None:
    client = client_for(people["approver"])
    assert client.post(URL, {}, format="json").json()["errors"]["delegate"] == [
        "Penerima delegasi harus diisi."
    ]
    unknown = client.post(URL, {"delegate": "zzzzzzzzzzz", "start_date": "x", "end_date": ""}, format="json")
    assert unknown.status_code == 422
    assert unknown.json()["errors"]["delegate"] == ["Penerima delegasi tidak ditemukan."]
    assert unknown.json()["errors"]["start_date"] == ["Tanggal mulai harus diisi."]
    self_ = _delegate(client, people["approver"])
    assert self_.status_code == 422 and self_.json()["errors"]["delegate"]
    people["hr"].is_active = False
    people["hr"].save(update_fields=["is_active"])
    assert _delegate(client, people["hr"]).json()["errors"]["delegate"] == ["Penerima delegasi tidak aktif."]
    assert client.get(LIST, {"scope": "everything"}).status_code == 422
    assert client.delete("/api/web/v1/delegation/zzzzzzzzzzz").status_code == 404


def test_no_overlapping_duplicate(people: dict[str, User], client_for: Any) -> None:
    client = client_for(people["approver"])
    assert _delegate(client, people["hr"], days=5).status_code == 201
    overlapping = _delegate(client, people["hr"], start=3, days=5)
    assert overlapping.status_code == 422
    assert overlapping.json()["message"] == "Sudah ada delegasi ke HR yang beririsan dengan tanggal tersebut."
    assert _delegate(client, people["hr"], start=5, days=2).status_code == 201
    assert _delegate(client, people["third"], days=5).status_code == 201


def test_only_the_user_login_admin_delegates_for_someone_else_and_sees_all(
    people: dict[str, User], client_for: Any
) -> None:
    approver, hr, third, admin = people["approver"], people["hr"], people["third"], people["admin"]
    for_other = _delegate(client_for(third), hr, delegator=approver.hash_id)
    assert for_other.status_code == 403
    created = _delegate(client_for(admin), hr, delegator=approver.hash_id)
    assert created.status_code == 201, created.json()
    assert created.json()["data"]["delegator"]["hash_id"] == approver.hash_id
    assert created.json()["data"]["creator_name"] == "Admin Login"
    assert _fresh(hr).user_access[APPROVE_ATTENDANCE] == 1
    # Lists: given by me, received by me, all for the admin; another user sees none of it.
    given = client_for(approver).get(LIST, {"scope": "given"}).json()["data"]
    assert [row["delegate"]["fullname"] for row in given] == ["HR"]
    assert client_for(approver).get(LIST, {"scope": "received"}).json()["data"] == []
    received = client_for(hr).get(LIST, {"scope": "received"}).json()["data"]
    assert [row["delegator"]["fullname"] for row in received] == ["Approver Office"] and received[0][
        "can_end"
    ]
    assert len(client_for(admin).get(LIST, {"scope": "all"}).json()["data"]) == 1
    assert client_for(third).get(LIST, {"scope": "all"}).json()["data"] == []
    hash_id = received[0]["hash_id"]
    assert client_for(third).delete(f"/api/web/v1/delegation/{hash_id}").status_code == 404
    assert client_for(admin).delete(f"/api/web/v1/delegation/{hash_id}").status_code == 200
    ended = client_for(admin).get(LIST, {"scope": "all", "status": "ended"}).json()["data"]
    assert [row["status"] for row in ended] == ["ended"] and ended[0]["ended_by_name"] == "Admin Login"


def test_acting_for_and_approvers_for(people: dict[str, User], client_for: Any) -> None:
    approver, hr, third = people["approver"], people["hr"], people["third"]
    office = {"flag": APPROVE_ATTENDANCE, "man_power_type": "office"}
    assert [u.pk for u in approvers_for(**office)] == [approver.pk]
    assert acting_for(hr, **office) is None
    _delegate(client_for(approver), hr, start=1)
    tomorrow = local_today() + timedelta(days=1)
    assert [u.pk for u in approvers_for(**office)] == [approver.pk]
    assert {u.pk for u in approvers_for(**office, on=tomorrow)} == {approver.pk, hr.pk}
    assert approvers_for(flag=APPROVE_ATTENDANCE, man_power_type="site", on=tomorrow) == []
    assert {u.pk for u in approvers_for(flag="allow_permission", on=tomorrow)} == {approver.pk, hr.pk}
    _delegate(client_for(approver), hr, days=1)
    found = acting_for(_fresh(hr), **office)
    assert found is not None and found.pk == approver.pk
    assert acting_for(_fresh(approver), **office) is None
    assert acting_for(_fresh(hr), flag=APPROVE_ATTENDANCE, man_power_type="site") is None
    assert acting_for(_fresh(third), **office) is None


def test_a_level_change_of_the_delegator_reaches_the_delegate_live(
    people: dict[str, User], client_for: Any, sent_events: EventLog
) -> None:
    from server.accounts.services import user_level_update

    approver, hr = people["approver"], people["hr"]
    _delegate(client_for(approver), hr)
    sent_events.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        user_level_update(level=approver.level, name=approver.level.name, flags={})
    scopes = [event.scope for event in sent_events.of("session", "access")]
    assert scopes == [approver.pk, hr.pk]
    assert sent_events.of("session", "access")[1].data["user_access"]["allow_permission"] == 0


def test_a_delegates_bulk_decision_and_its_undo_are_audited_atas_nama(
    people: dict[str, User], client_for: Any
) -> None:
    approver, hr = people["approver"], people["hr"]
    _delegate(client_for(approver), hr)
    office = make_man_power(name="Kantor Bulk")
    waiting = LogStatus.WAITING_APPROVAL
    logs = [check_in(make_employee(man_power=office), timezone.now(), status=waiting) for _ in range(2)]
    hr_client = client_for(hr)
    rejected = hr_client.patch(
        "/api/web/v1/attendance_log/reject_many",
        {"ids": [log.hash_id for log in logs], "note": "Titip absen"},
        format="json",
    )
    assert rejected.status_code == 200, rejected.json()
    batch = rejected.json()["data"]["batch"]
    label = f"Approver Office ({approver.username})"
    entries = AuditEntry.objects.filter(object_type="attendance_log", action="reject", actor_id=hr.pk)
    assert sorted(entry.object_id for entry in entries) == sorted(log.hash_id for log in logs)
    assert {entry.after["atas_nama"] for entry in entries} == {label}
    undone = hr_client.patch("/api/web/v1/attendance_log/undo_many", {"batch": batch}, format="json")
    assert undone.status_code == 200, undone.json()
    undo_entries = AuditEntry.objects.filter(object_type="attendance_log", action="undo", actor_id=hr.pk)
    assert undo_entries.count() == 2 and {entry.after["atas_nama"] for entry in undo_entries} == {label}
