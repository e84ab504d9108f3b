"""Izin requests from the mobile app: addressed to the right approver, no overlaps, queued live."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from server.attendance.tests.factories import izin_type, make_employee, make_izin
from server.izin.models import IzinCode, IzinRequest, IzinStatus
from server.izin.selectors import date_range_id
from server.mobile.tests.helpers import captured_events, employee_client, jpeg_bytes, topics_of
from server.schedules.models import SpecialLeave
from server.testing.files import signed_file

pytestmark = pytest.mark.django_db

URL = "/api/mobile/v1/izin/"


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture(autouse=True)
def types() -> None:
    for code in IzinCode.values:
        izin_type(code)


@pytest.fixture
def people() -> dict[str, Any]:
    owner = make_employee(name="Pak Pemilik", is_owner=True)
    supervisor = make_employee(name="Bu Atasan")
    employee = make_employee(name="Andi", supervisor=supervisor)
    return {"owner": owner, "supervisor": supervisor, "employee": employee}


def body(**overrides: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "izin_type": "sakit",
        "start_date": "2026-03-02",
        "end_date": "2026-03-04",
        "description": "Demam tinggi",
    }
    values.update(overrides)
    return {k: v for k, v in values.items() if v is not None}


def test_request_goes_to_the_supervisor_and_enters_the_queue(
    people: dict[str, Any], monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    client = employee_client(people["employee"])
    with captured_events(monkeypatch, django_capture_on_commit_callbacks) as events:
        response = client.post(URL, body(), format="multipart")
    assert response.status_code == 201, response.json()
    assert response.json()["message"] == "Pengajuan izin berhasil dikirim."
    izin = IzinRequest.objects.get()
    assert izin.approver == people["supervisor"] and izin.total_days == 3
    assert izin.status == IzinStatus.WAITING_APPROVAL

    row = {
        "hash_id": izin.hash_id,
        "name": "Andi",
        "employee_number_formatted": people["employee"].employee_number_formatted,
        "label": "Sakit",
        "date_formatted": "2 Maret 2026 - 4 Maret 2026",
        "total_days": 3,
        "approval_user_name": "Bu Atasan",
        "status": "waiting_approval",
    }
    # The back office's row also says whether it waits past its deadline (not the employee's own).
    queue_row = {
        **row,
        "overdue": False,
        "waiting_since": izin.created.astimezone(timezone.get_current_timezone()).isoformat(),
    }
    assert topics_of(events) == ["approval.izin", "dashboard"]
    assert events[0][1:] == ("created", {"row": queue_row, "waiting": 1}, None)
    assert events[1][1:3] == ("changed", {"reason": "izin"})
    data = response.json()["data"]
    assert {k: data[k] for k in row} == row
    assert (
        data["izin_type"] == "sakit" and data["start_date"] == "2026-03-02" and data["attachment_url"] == ""
    )


def test_forced_requests_go_to_the_owner(people: dict[str, Any]) -> None:
    employee = people["employee"]
    employee.force_approval_permission = True
    employee.save()
    response = employee_client(employee).post(URL, body(), format="multipart")
    assert response.json()["data"]["approval_user_name"] == "Pak Pemilik"
    assert IzinRequest.objects.get().approver == people["owner"]


def test_without_a_supervisor_the_owner_stands_in(people: dict[str, Any]) -> None:
    loner = make_employee(name="Tanpa Atasan")
    employee_client(loner).post(URL, body(), format="multipart")
    assert IzinRequest.objects.get().approver == people["owner"]


@pytest.mark.parametrize(
    ("existing_status", "start", "end", "allowed"),
    [
        (IzinStatus.WAITING_APPROVAL, "2026-03-04", "2026-03-06", False),
        (IzinStatus.APPROVED, "2026-02-28", "2026-03-02", False),
        (IzinStatus.APPROVED, "2026-03-01", "2026-03-10", False),
        (IzinStatus.REJECTED, "2026-03-02", "2026-03-04", True),
        (IzinStatus.APPROVED, "2026-03-05", "2026-03-06", True),
    ],
)
def test_overlapping_an_open_request_is_422(
    people: dict[str, Any], existing_status: str, start: str, end: str, allowed: bool
) -> None:
    employee = people["employee"]
    make_izin(employee, "cuti", date(2026, 3, 2), date(2026, 3, 4), status=existing_status)
    response = employee_client(employee).post(URL, body(start_date=start, end_date=end), format="multipart")
    if allowed:
        assert response.status_code == 201
    else:
        assert response.status_code == 422
        assert response.json()["message"].startswith("Sudah ada pengajuan izin")


def test_other_employees_requests_do_not_overlap(people: dict[str, Any]) -> None:
    make_izin(people["supervisor"], "cuti", date(2026, 3, 2), date(2026, 3, 4), status=IzinStatus.APPROVED)
    assert employee_client(people["employee"]).post(URL, body(), format="multipart").status_code == 201


def test_special_leave_takes_its_fixed_number_of_days(people: dict[str, Any]) -> None:
    SpecialLeave.objects.create(name="Menikah", code="menikah", jumlah_hari=3)
    client = employee_client(people["employee"])
    response = client.post(
        URL,
        body(
            izin_type="cuti_khusus", special_leave="menikah", start_date="2026-03-02", end_date="2026-03-02"
        ),
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    data = response.json()["data"]
    assert (
        data["total_days"] == 3
        and data["label"] == "Cuti Khusus - Menikah"
        and data["special_leave"] == "menikah"
    )


PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def test_pdf_and_image_attachments_are_stored_under_permission(
    people: dict[str, Any], media_root: Path
) -> None:
    client = employee_client(people["employee"])
    pdf = SimpleUploadedFile("surat.pdf", PDF, content_type="application/pdf")
    first = client.post(URL, body(attachment=pdf), format="multipart").json()["data"]
    attachment = signed_file(first["attachment_url"])
    assert first["attachment_url"].startswith("/api/mobile/v1/file/")
    assert attachment.path.startswith("permission/") and attachment.path.endswith(".pdf")
    assert attachment.viewer == f"employee:{people['employee'].pk}"
    image = SimpleUploadedFile("surat.png", jpeg_bytes(fmt="PNG"), content_type="image/png")
    second = client.post(
        URL, body(attachment=image, start_date="2026-04-01", end_date="2026-04-01"), format="multipart"
    ).json()["data"]
    assert signed_file(second["attachment_url"]).path.endswith(".jpg")
    stored = sorted(p.relative_to(media_root).as_posix() for p in media_root.rglob("*") if p.is_file())
    assert len(stored) == 2 and all(p.startswith("permission/") for p in stored)
    # The employee fetches their attachment with the URL they were given.
    response = client.get(first["attachment_url"])
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == PDF


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"izin_type": None}, "Jenis izin harus diisi."),
        ({"izin_type": "liburan"}, "Jenis izin tidak dikenal."),
        ({"izin_type": "  "}, "Jenis izin harus diisi."),
        ({"start_date": None}, "Tanggal harus diisi."),
        ({"end_date": "04-03-2026"}, "Format tanggal harus YYYY-MM-DD."),
        (
            {"start_date": "2026-03-05", "end_date": "2026-03-04"},
            "Tanggal mulai tidak boleh setelah tanggal selesai.",
        ),
        ({"end_date": "2027-03-05"}, "Rentang tanggal izin maksimal 366 hari."),
        ({"description": None}, "Keterangan harus diisi."),
        ({"description": "   "}, "Keterangan harus diisi."),
        ({"izin_type": "cuti_khusus"}, "Jenis cuti khusus harus diisi."),
        ({"izin_type": "cuti_khusus", "special_leave": "umroh"}, "Jenis cuti khusus tidak dikenal."),
        (
            {"attachment": SimpleUploadedFile("a.txt", b"hanya teks", content_type="text/plain")},
            "Lampiran harus berupa gambar atau PDF.",
        ),
        # Issue 39: %PDF- anywhere but at offset 0 is no PDF (an HTML page or a script with it inside).
        (
            {"attachment": SimpleUploadedFile("a.pdf", b"\n" + PDF, content_type="application/pdf")},
            "Lampiran harus berupa gambar atau PDF.",
        ),
        (
            {
                "attachment": SimpleUploadedFile(
                    "a.pdf", b"<html><script>alert(1)</script>" + PDF, content_type="application/pdf"
                )
            },
            "Lampiran harus berupa gambar atau PDF.",
        ),
        (
            {
                "attachment": SimpleUploadedFile(
                    "a.pdf", PDF + b"0" * (5 * 1024 * 1024), content_type="application/pdf"
                )
            },
            "Ukuran lampiran maksimal 5 MB.",
        ),
    ],
)
def test_bad_requests_are_422(
    people: dict[str, Any], media_root: Path, overrides: dict[str, Any], message: str
) -> None:
    values = body()
    for key, value in overrides.items():
        if value is None:
            values.pop(key)
        else:
            values[key] = value
    response = employee_client(people["employee"]).post(URL, values, format="multipart")
    assert response.status_code == 422, response.json()
    assert response.json()["message"] == message
    assert not IzinRequest.objects.exists()
    assert not any(p.is_file() for p in media_root.rglob("*"))


def test_type_requiring_an_attachment(people: dict[str, Any]) -> None:
    sick = izin_type("sakit")
    sick.requires_attachment = True
    sick.save()
    response = employee_client(people["employee"]).post(URL, body(), format="multipart")
    assert response.status_code == 422 and response.json()["message"] == "Lampiran harus diisi."


def test_own_list_uses_the_list_protocol(people: dict[str, Any]) -> None:
    employee = people["employee"]
    make_izin(employee, "cuti", date(2026, 1, 5), date(2026, 1, 6), status=IzinStatus.APPROVED)
    make_izin(employee, "sakit", date(2026, 2, 2), status=IzinStatus.REJECTED)
    make_izin(people["supervisor"], "cuti", date(2026, 1, 5))
    client = employee_client(employee)

    everything = client.get(URL).json()
    assert everything["recordsTotal"] == 2 and everything["recordsFiltered"] == 2
    assert [row["izin_type"] for row in everything["data"]] == ["sakit", "cuti"]
    assert everything["data"][1]["date_formatted"] == "5 Januari 2026 - 6 Januari 2026"

    approved = client.get(URL, {"search": '{"status": "approved"}'}).json()
    assert approved["recordsFiltered"] == 1 and approved["data"][0]["status"] == "approved"
    ordered = client.get(URL, {"order": '{"column": "start_date", "dir": "asc"}'}).json()
    assert [row["start_date"] for row in ordered["data"]] == ["2026-01-05", "2026-02-02"]
    assert client.get(URL, {"search": '{"employee": "x"}'}).status_code == 422


def test_dates_in_indonesian() -> None:
    assert date_range_id(date(2026, 8, 17), date(2026, 8, 17)) == "17 Agustus 2026"
    assert date_range_id(date(2026, 12, 31), date(2027, 1, 2)) == "31 Desember 2026 - 2 Januari 2027"


# Fuzzing as an employee: the schema said any text and the server refused all but seven codes (422);
# the schema lists them now.
def test_the_schema_lists_the_izin_type_codes_and_a_code_is_trimmed(people: dict[str, Any], api: Any) -> None:
    schema = api.get("/api/schema/", {"format": "json"}).json()
    content = schema["paths"][URL]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    ref = content["$ref"].rsplit("/", 1)[1]
    izin_type = schema["components"]["schemas"][ref]["properties"]["izin_type"]
    enum = (
        izin_type.get("enum") or schema["components"]["schemas"][izin_type["$ref"].rsplit("/", 1)[1]]["enum"]
    )
    assert sorted(enum) == sorted(IzinCode.values)
    response = employee_client(people["employee"]).post(URL, body(izin_type=" sakit "), format="multipart")
    assert response.status_code == 201, response.json()
