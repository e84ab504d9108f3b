"""`audit/list` on the list protocol behind allow_audit (one object's history also for its readers),
the export through the shared writer (labels, not codes), no write path, the topic's rule, and the
archive command."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.audit.models import AuditArchive, AuditEntry
from server.audit.selectors import audit_value_text, export_field_label
from server.audit.services import audit_record
from server.realtime.models import TicketKind
from server.realtime.principals import Principal
from server.realtime.topics import topics
from server.testing.spreadsheets import ExportSheet, csv_cells, downloaded, xlsx_cells

pytestmark = pytest.mark.django_db

LIST = "/api/web/v1/audit/list"
EXPORT = "/api/web/v1/audit/export"


@pytest.fixture
def trail(make_user: Callable[..., User]) -> dict[str, Any]:
    budi = make_user(fullname="Budi Admin")
    sari = make_user(fullname="Sari HR")
    shift = audit_record(
        action="update",
        object_type="shift",
        object_id="shiftA",
        object_label="Pagi",
        before={"name": "Pagi"},
        after={"name": "=Pagi Baru"},
        actor=budi,
    )
    level = audit_record(
        action="create",
        object_type="user_level",
        object_id="levelA",
        object_label="Operator",
        after={"name": "Operator"},
        actor=sari,
    )
    # Entries are immutable (the model and the database): this one is written 40 days ago.
    with mock.patch("server.audit.services.timezone.now", return_value=timezone.now() - timedelta(days=40)):
        old = audit_record(
            action="delete",
            object_type="holiday",
            object_id="holA",
            object_label="Lebaran",
            before={"name": "Lebaran"},
            actor=budi,
        )
    assert shift and level and old
    return {"shift": shift, "level": level, "old": old}


def test_the_list_needs_allow_audit(
    trail: dict[str, Any], make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    assert client_for(make_user(flags=["allow_user_level"])).get(LIST).status_code == 403
    assert client_for(make_user(flags=["allow_user_level"])).get(EXPORT).status_code == 403
    body = client_for(make_user(flags=["allow_audit"])).get(LIST).json()
    assert body["http_status"] == 200 and body["recordsTotal"] == 3 and body["recordsFiltered"] == 3
    first = body["data"][0]
    assert [row["object_id"] for row in body["data"]] == ["levelA", "shiftA", "holA"]  # newest first
    assert first["action_label"] == "Tambah" and first["object_type_label"] == "User Level"
    assert first["actor"] == "Sari HR" and first["no"] == 1
    assert body["data"][1]["changes"] == [{"field": "name", "before": "Pagi", "after": "=Pagi Baru"}]


def test_search_filters_and_order_follow_the_list_protocol(
    trail: dict[str, Any], make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    client = client_for(make_user(flags=["allow_audit"]))

    def ids(**params: Any) -> list[str]:
        query = {k: json.dumps(v) if isinstance(v, dict) else v for k, v in params.items()}
        body = client.get(LIST, query).json()
        assert body["http_status"] == 200, body
        return [row["object_id"] for row in body["data"]]

    assert ids(search={"actor": "budi"}) == ["shiftA", "holA"]
    assert ids(search={"object_type": "user_level"}) == ["levelA"]
    assert ids(search={"action": "delete"}) == ["holA"]
    today = timezone.localdate().isoformat()
    assert ids(search={"start_date": today, "end_date": today}) == ["levelA", "shiftA"]
    assert ids(order={"column": "at", "dir": "asc"}) == ["holA", "shiftA", "levelA"]
    assert ids(global_search="operator") == ["levelA"]
    assert ids(per_page=10, page=2) == []
    bad = client.get(LIST, {"search": json.dumps({"start_date": "kemarin"})})
    assert bad.status_code == 422
    assert bad.json()["errors"] == {"search": ["start_date: Format tanggal harus YYYY-MM-DD."]}
    assert client.get(LIST, {"search": json.dumps({"secret": "x"})}).status_code == 422


def test_one_objects_history_is_open_to_the_readers_of_that_object(
    trail: dict[str, Any], make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    shift_reader = client_for(make_user(flags=["allow_setting_shift"]))
    body = shift_reader.get(LIST, {"object_type": "shift", "object_id": "shiftA"}).json()
    assert body["http_status"] == 200 and [row["object_id"] for row in body["data"]] == ["shiftA"]
    assert shift_reader.get(LIST, {"object_type": "user_level", "object_id": "levelA"}).status_code == 403
    assert shift_reader.get(LIST).status_code == 403


def test_there_is_no_write_path(
    trail: dict[str, Any], admin_user: User, client_for: Callable[..., APIClient]
) -> None:
    client = client_for(admin_user)
    for method in (client.put, client.patch, client.delete, client.post):
        assert method(LIST, {}, format="json").status_code == 405
    assert client.delete(f"{LIST}/{trail['shift'].hash_id}").status_code == 404
    assert AuditEntry.objects.count() == 3


def test_export_writes_labels_and_keeps_formulas_as_text(
    trail: dict[str, Any], make_user: Callable[..., User], client_for: Callable[..., APIClient]
) -> None:
    client = client_for(make_user(flags=["allow_audit"]))
    response = client.get(EXPORT, {"format": "xlsx", "search": json.dumps({"actor": "budi"})})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('.xlsx"')
    cells = xlsx_cells(downloaded(response))
    values = [cell.value for cell in cells]
    assert "Waktu" in values and "Ubah" in values and "Jam Kerja" in values and "Hari Libur" in values
    assert "update" not in values and "shift" not in values and "Operator" not in values
    formula = next(cell for cell in cells if isinstance(cell.value, str) and "=Pagi Baru" in cell.value)
    assert formula.data_type == "s"
    assert formula.value == "Nama: Pagi → =Pagi Baru"  # the field's label, not its name
    text = csv_cells(downloaded(client.get(EXPORT, {"format": "csv"})))
    assert "Tambah" in text and "User Level" in text
    # DESIGN §21: the title block names the filter (by its label), the header is frozen and filtered.
    search = json.dumps({"actor": "budi", "action": "update", "start_date": "2026-01-05"})
    export = ExportSheet(downloaded(client.get(EXPORT, {"format": "xlsx", "search": search})))
    assert export.title == "Jejak Audit"
    assert export.title_lines["Pengguna"] == "budi"
    assert export.title_lines["Aksi"] == "Ubah"
    assert export.title_lines["Periode"] == "5 Januari 2026 s.d. …"
    assert export.header[:3] == ["Waktu", "Pelaku", "Aksi"]
    assert export.data and {row[2] for row in export.data} == {"Ubah"}
    assert export.totals is None


def test_export_values_are_labels_and_indonesian_formats() -> None:
    assert audit_value_text(True) == "Ya"
    assert audit_value_text(None) == ""
    assert audit_value_text("2026-03-05") == "5 Maret 2026"
    assert audit_value_text("2026-03-05T01:30:00+00:00") == "5 Maret 2026 08.30 WIB"
    assert audit_value_text(["2026-03-05", "2026-03-06"]) == "5 Maret 2026, 6 Maret 2026"
    assert audit_value_text(1.5) == "1,5"
    assert audit_value_text("=Pagi") == "=Pagi"
    assert export_field_label("cuti_saldo_baru_x") == "Cuti saldo baru x"
    assert export_field_label("name") == "Nama"


def test_only_allow_audit_subscribes_to_the_audit_topic() -> None:
    topic = topics.get("audit")
    assert topic is not None
    assert topic.allows(Principal(kind=TicketKind.USER, access={"allow_audit": 1}, user_id=1))
    assert not topic.allows(Principal(kind=TicketKind.USER, access={"allow_user_level": 1}, user_id=1))


def test_archive_moves_only_the_old_entries(trail: dict[str, Any]) -> None:
    call_command("archive_audit", "--older-than-days", "30")
    assert set(AuditEntry.objects.values_list("object_id", flat=True)) == {"shiftA", "levelA"}
    archived = AuditArchive.objects.get()
    assert (archived.id, archived.object_id, archived.before) == (
        trail["old"].pk,
        "holA",
        {"name": "Lebaran"},
    )
    call_command("archive_audit")  # the default age (3 years) moves nothing here
    assert AuditEntry.objects.count() == 2
