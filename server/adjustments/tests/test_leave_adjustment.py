"""Manual leave adjustment (doc2 §2.1-2.3, §5, §7): ledger, overlap, hutang, yearly boundary, files."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.files.uploadedfile import SimpleUploadedFile

from server.adjustments.models import LeaveAdjustment, LeaveAdjustmentDay
from server.attendance.models import AttendanceDay, Keterangan
from server.core.spreadsheets import DATE_FORMAT, DATETIME_FORMAT, INTEGER_FORMAT
from server.izin.models import IzinCode
from server.leave.models import LeaveLedgerEntry, LeaveReason
from server.testing.clock import freeze
from server.testing.events import capture_events
from server.testing.factories import local, make_employee, make_izin, make_pattern, make_shift
from server.testing.spreadsheets import ExportSheet, assert_no_internal_text, xlsx_rows

pytestmark = pytest.mark.django_db

CREATE = "/api/web/v1/adjustment"
LIST = "/api/web/v1/adjustment/list"
EXPORT = "/api/web/v1/adjustment/report/export"
TODAY = date(2026, 3, 20)  # a Friday


@pytest.fixture(autouse=True)
def today(monkeypatch: pytest.MonkeyPatch) -> date:
    freeze(monkeypatch, local(TODAY, 10))
    return TODAY


@pytest.fixture
def hr(client_for: Any, make_user: Any) -> Any:
    return client_for(make_user(flags=["allow_adjustment", "allow_adjustment_create"], fullname="Rina HR"))


@pytest.fixture
def employee() -> Any:
    # Monday to Friday working, weekend off (the pattern starts on a Monday).
    work = make_shift()
    pattern = make_pattern([work, work, work, work, work, None, None], starting_date=date(2026, 1, 5))
    return make_employee(
        pattern=pattern, cuti_saldo=5, name="Ani Lestari", employee_number_formatted="ANI-01"
    )


def pdf(name: str = "surat.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"%PDF-1.4\n%test\n", content_type="application/pdf")


def form(employee: Any, start: str, end: str, **extra: Any) -> dict[str, Any]:
    return {
        "hash_id": "",
        "employee_number_formatted": employee.employee_number_formatted,
        "request_date": "2026-03-18",
        "start_date": start,
        "end_date": end,
        "description": "Cuti keluarga",
        "attachment": pdf(),
        **extra,
    }


def test_create_books_working_days_through_the_ledger(hr: Any, employee: Any, monkeypatch: Any) -> None:
    with capture_events(monkeypatch) as events:
        # Thu 12 - Tue 17 March: Thu, Fri, Mon, Tue = 4 working days.
        response = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-17"), format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    code = body["data"]["code"]
    assert body["message"] == f"Cuti manual {code} berhasil disimpan."
    assert code.startswith("CM20260320-")
    data = body["data"]
    assert (data["jumlah_hari_cuti"], data["current_cuti_saldo"], data["new_cuti_saldo"]) == (4, 5, 1)
    assert data["tanggal_aktual_cuti_list"] == ["2026-03-12", "2026-03-13", "2026-03-16", "2026-03-17"]
    employee.refresh_from_db()
    assert (employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang) == (1, 4, 0)
    (entry,) = LeaveLedgerEntry.objects.filter(employee=employee)
    assert (entry.reason, entry.saldo_change, entry.terpakai_change) == (LeaveReason.MANUAL, -4, 4)
    assert entry.reference == f"leave_adjustment:{code}"
    days = dict(AttendanceDay.objects.filter(employee=employee).values_list("date", "keterangan"))
    assert days[date(2026, 3, 12)] == Keterangan.CUTI
    assert days[date(2026, 3, 17)] == Keterangan.CUTI
    assert events.of("dashboard") == [("dashboard", "changed", {"reason": "leave_adjustment"}, None)]


def test_recompute_keeps_the_manual_leave_days(hr: Any, employee: Any) -> None:
    from server.attendance.days import attendance_days_recompute_range

    hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart")
    attendance_days_recompute_range(employee_ids=[employee.pk], start=date(2026, 3, 1), end=date(2026, 3, 19))
    assert AttendanceDay.objects.get(employee=employee, date=date(2026, 3, 12)).keterangan == Keterangan.CUTI
    assert (
        AttendanceDay.objects.get(employee=employee, date=date(2026, 3, 11)).keterangan == Keterangan.MANGKIR
    )


def test_beyond_the_balance_goes_to_hutang(hr: Any, employee: Any) -> None:
    # Two weeks of working days (10) with a balance of 5: saldo 0, hutang 5, never a negative saldo.
    response = hr.post(CREATE, form(employee, "2026-03-02", "2026-03-13"), format="multipart")
    assert response.status_code == 201, response.content
    assert response.json()["data"]["new_cuti_saldo"] == -5
    employee.refresh_from_db()
    assert (employee.cuti_saldo, employee.cuti_terpakai, employee.cuti_hutang) == (0, 10, 5)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("employee_number_formatted", "ID Karyawan harus diisi"),
        ("start_date", "Tanggal cuti harus diisi"),
        ("end_date", "Tanggal cuti harus diisi"),
        ("request_date", "Tanggal pengajuan harus diisi"),
        ("description", "Deskripsi harus diisi"),
        ("attachment", "Berkas harus diisi"),
    ],
)
def test_required_fields(hr: Any, employee: Any, field: str, message: str) -> None:
    data = form(employee, "2026-03-12", "2026-03-12")
    data.pop(field)
    response = hr.post(CREATE, data, format="multipart")
    assert response.status_code == 422
    assert response.json()["errors"][field] == [message]
    employee.refresh_from_db()
    assert employee.cuti_saldo == 5
    assert not LeaveLedgerEntry.objects.exists()


def test_overlap_with_an_approved_izin_is_refused(hr: Any, employee: Any) -> None:
    make_izin(employee, IzinCode.SAKIT, date(2026, 3, 16), date(2026, 3, 17))
    response = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-16"), format="multipart")
    assert response.status_code == 422
    assert (
        response.json()["message"]
        == "Tanggal cuti bertabrakan dengan izin yang sudah disetujui (16-03-2026)."
    )
    employee.refresh_from_db()
    assert (employee.cuti_saldo, employee.cuti_terpakai) == (5, 0)
    assert not LeaveAdjustment.objects.exists() and not LeaveLedgerEntry.objects.exists()


def test_overlap_with_another_adjustment_is_refused(hr: Any, employee: Any) -> None:
    first = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-13"), format="multipart").json()["data"]
    response = hr.post(CREATE, form(employee, "2026-03-13", "2026-03-16"), format="multipart")
    assert response.status_code == 422
    assert response.json()["message"] == (
        f"Tanggal cuti bertabrakan dengan cuti manual {first['code']} (13-03-2026)."
    )
    employee.refresh_from_db()
    assert employee.cuti_saldo == 3
    assert LeaveAdjustmentDay.objects.count() == 2


def test_a_failing_create_leaves_balance_and_files_unchanged(hr: Any, employee: Any, media_root: Any) -> None:
    bad = SimpleUploadedFile("virus.exe", b"MZ\x90\x00", content_type="application/octet-stream")
    response = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12", attachment=bad), format="multipart")
    assert response.status_code == 422
    make_izin(employee, IzinCode.SAKIT, date(2026, 3, 12))
    response = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart")
    assert response.status_code == 422
    employee.refresh_from_db()
    assert employee.cuti_saldo == 5
    assert not LeaveLedgerEntry.objects.exists()
    stored = list(media_root.rglob("*.pdf")) if media_root.exists() else []
    assert stored == []


def test_weekend_only_and_reversed_ranges(hr: Any, employee: Any) -> None:
    response = hr.post(CREATE, form(employee, "2026-03-14", "2026-03-15"), format="multipart")
    assert response.json()["message"] == "Tidak ada hari kerja pada tanggal cuti yang dipilih."
    response = hr.post(CREATE, form(employee, "2026-03-16", "2026-03-12"), format="multipart")
    assert response.json()["message"] == "Tanggal selesai cuti tidak boleh sebelum tanggal mulai."
    response = hr.post(
        CREATE,
        form(employee, "2026-03-16", "2026-03-16", employee_number_formatted="NOPE"),
        format="multipart",
    )
    assert response.json()["errors"]["employee_number_formatted"] == ["Karyawan tidak ditemukan."]


def test_flags_per_endpoint(client_for: Any, make_user: Any, employee: Any) -> None:
    reader = client_for(make_user(flags=["allow_adjustment"]))
    assert reader.get(LIST).status_code == 200
    assert (
        reader.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart").status_code == 403
    )
    nobody = client_for(make_user(flags=[]))
    for path in (LIST, "/api/web/v1/adjustment/history", "/api/web/v1/adjustment/year_list", EXPORT):
        assert nobody.get(path).status_code == 403, path


@pytest.mark.parametrize(
    ("moment", "year"),
    [(date(2027, 1, 14), 2026), (date(2027, 1, 15), 2027), (date(2026, 12, 31), 2026)],
)
def test_the_yearly_list_switches_on_15_january(
    client_for: Any, make_user: Any, employee: Any, monkeypatch: Any, moment: date, year: int
) -> None:
    freeze(monkeypatch, local(moment, 9))
    hr = client_for(make_user(flags=["allow_adjustment", "allow_adjustment_create"]))
    before = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart")
    assert before.status_code == 201
    # Leave taken on 14 January 2027 still belongs to the 2026 leave year; on the 15th to 2027.
    jan14 = hr.post(CREATE, form(employee, "2027-01-14", "2027-01-14"), format="multipart").json()["data"]
    jan15 = hr.post(CREATE, form(employee, "2027-01-15", "2027-01-15"), format="multipart").json()["data"]
    body = hr.get(LIST).json()
    codes = {row["code"] for row in body["data"]}
    if year == 2026:
        assert codes == {before.json()["data"]["code"], jan14["code"]}
    else:
        assert codes == {jan15["code"]}
    assert year in hr.get("/api/web/v1/adjustment/year_list").json()["data"]


def test_detail_by_code_and_404(hr: Any, employee: Any) -> None:
    code = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart").json()["data"][
        "code"
    ]
    detail = hr.get(f"/api/web/v1/adjustment/detail/{code}").json()["data"]
    assert detail["employee_name"] == "Ani Lestari"
    rows = hr.get(LIST, {"form_number": code}).json()["data"]
    assert [r["code"] for r in rows] == [code]
    missing = hr.get("/api/web/v1/adjustment/detail/CM00000000-99999")
    assert missing.status_code == 404
    assert missing.json()["message"] == "Data penyesuaian cuti tidak ditemukan."


def test_list_search_and_sort(hr: Any, employee: Any) -> None:
    other = make_employee(cuti_saldo=3, name="Budi Santoso", employee_number_formatted="BDI-02")
    hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart")
    hr.post(CREATE, form(other, "2026-03-12", "2026-03-13"), format="multipart")
    names = [
        r["employee_name"]
        for r in hr.get(LIST, {"order": '{"column":"employee_name","dir":"desc"}'}).json()["data"]
    ]
    assert names == ["Budi Santoso", "Ani Lestari"]
    found = hr.get(LIST, {"search": '{"employee_number_formatted":"BDI"}'}).json()
    assert [r["employee_name"] for r in found["data"]] == ["Budi Santoso"]
    assert found["recordsTotal"] == 2


def test_the_balance_before_sorts_as_it_is_shown_net_of_the_debt(hr: Any, employee: Any) -> None:
    """The column shows the balance before net of that time's debt (new_cuti_saldo + jumlah_hari_cuti,
    the client's netBalanceBefore), so it sorts on that, not on the stored saldo without the debt."""
    indebted = make_employee(
        cuti_saldo=8, cuti_hutang=6, name="Budi Santoso", employee_number_formatted="BDI-02"
    )
    hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart")  # saldo 5: net 5
    hr.post(
        CREATE, form(indebted, "2026-03-12", "2026-03-12"), format="multipart"
    )  # saldo 8, hutang 6: net 2
    rows = hr.get(LIST, {"order": '{"column":"current_cuti_saldo","dir":"asc"}'}).json()["data"]
    assert [(r["employee_name"], r["new_cuti_saldo"] + r["jumlah_hari_cuti"]) for r in rows] == [
        ("Budi Santoso", 2),
        ("Ani Lestari", 5),
    ]


def test_history_by_month(hr: Any, employee: Any) -> None:
    code = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-13"), format="multipart").json()["data"][
        "code"
    ]
    items = hr.get("/api/web/v1/adjustment/history", {"month": 3, "year": 2026}).json()["data"]
    assert [(i["code"], i["text"]) for i in items] == [
        (code, "Rina HR membuat cuti manual 2 hari untuk Ani Lestari (ANI-01)")
    ]
    assert hr.get("/api/web/v1/adjustment/history", {"month": 2, "year": 2026}).json()["data"] == []


def _download(response: Any) -> bytes:
    async def read() -> bytes:
        return b"".join([chunk async for chunk in response.streaming_content])

    return async_to_sync(read)()


@pytest.mark.parametrize(
    ("params", "name", "period"),
    [
        ({"month": 3, "year": 2026}, "Penyesuaian Cuti Maret 2026.xlsx", "Maret 2026"),
        ({"year": 2026}, "Penyesuaian Cuti 2026.xlsx", "2026"),
    ],
)
def test_xlsx_downloads(hr: Any, employee: Any, params: dict[str, Any], name: str, period: str) -> None:
    hr.post(CREATE, form(employee, "2026-03-12", "2026-03-13"), format="multipart")
    response = hr.get(EXPORT, params)
    assert response.status_code == 200
    assert (
        response["Content-Disposition"].endswith(f'filename="{name}"')
        or name.replace(" ", "%20") in response["Content-Disposition"]
    )
    content = _download(response)
    export = ExportSheet(content)
    assert (export.title, export.title_lines["Periode"]) == ("Laporan Penyesuaian Cuti", period)
    assert export.title_lines["Dicetak oleh"]
    rows = [[], export.header, *export.data]
    assert list(rows[1]) == [
        "ID Karyawan", "Nama", "Job Title", "Nomor Form", "Tanggal Penyesuaian", "Jumlah Hari Cuti",
        "Tanggal Aktual Cuti", "Tanggal Mulai", "Tanggal Selesai", "Deskripsi", "Berkas", "Man Power Name",
        "Man Power Type", "Man Power Team", "Man Power Group",
    ]  # fmt: skip
    # One line per actual leave day (DESIGN §13/§18): 'Tanggal Aktual Cuti' a date cell a clerk can
    # filter, 'Jumlah Hari Cuti' 1 a line; the form's columns repeat on each of its lines.
    assert len(export.data) == 2
    assert [line[:2] for line in export.data] == [["ANI-01", "Ani Lestari"]] * 2
    assert [line[6] for line in export.data] == [datetime(2026, 3, 12), datetime(2026, 3, 13)]
    assert [line[5] for line in export.data] == [1, 1]
    # Dates as date cells, the attachment's file name instead of its URL, the man power type's label
    # instead of its code.
    for line in export.data:
        assert (line[3], line[4], line[7], line[8]) == (
            export.data[0][3],
            datetime(2026, 3, 20, 10),
            datetime(2026, 3, 12),
            datetime(2026, 3, 13),
        )
        assert (line[10], line[12]) == ("surat.pdf", "Office")
    cells = xlsx_rows(content)
    for line in cells[export.header_row : export.header_row + 2]:
        assert [(c.data_type, c.number_format) for c in (line[4], line[5], line[6], line[7], line[8])] == [
            ("d", DATETIME_FORMAT), ("n", INTEGER_FORMAT), ("d", DATE_FORMAT), ("d", DATE_FORMAT),
            ("d", DATE_FORMAT),
        ]  # fmt: skip
    # The totals row under the table sums the days (SUBTOTAL: a filtered sum counts the days shown).
    assert export.total("Jumlah Hari Cuti") == ("F", export.header_row + 1, export.header_row + 2)
    assert_no_internal_text(content)


def test_xlsx_by_code(hr: Any, employee: Any) -> None:
    code = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-12"), format="multipart").json()["data"][
        "code"
    ]
    response = hr.get(EXPORT, {"id": code})
    assert f"Penyesuaian Cuti {code}.xlsx" in response["Content-Disposition"].replace("%20", " ")
    export = ExportSheet(_download(response))
    assert "Periode" not in export.title_lines and export.title_lines["Nomor Form"] == code
    assert len(export.data) == 1 and export.data[0][3] == code


def test_preview_of_the_new_balance(hr: Any, employee: Any) -> None:
    body = hr.get(
        "/api/web/v1/adjustment/preview",
        {"employee_number_formatted": "ANI-01", "start_date": "2026-03-12", "end_date": "2026-03-17"},
    ).json()["data"]
    assert (body["jumlah_hari_cuti"], body["current_cuti_saldo"], body["new_cuti_saldo"]) == (4, 5, 1)
    employee.refresh_from_db()
    assert employee.cuti_saldo == 5


def test_an_izin_on_manual_leave_days_is_refused_when_submitted_and_when_approved(
    hr: Any, employee: Any, make_user: Any
) -> None:
    """Manual leave days are leave already: an izin over them (submitted by the employee, or waiting
    since before the adjustment and then approved) would count them twice."""
    from server.core.envelope import Unprocessable
    from server.izin.models import IzinRequest, IzinStatus
    from server.izin.services import izin_request_approve, izin_request_create
    from server.testing.factories import izin_type

    izin_type(IzinCode.SAKIT)

    waiting = make_izin(
        employee, IzinCode.CUTI, date(2026, 3, 13), date(2026, 3, 16), status=IzinStatus.WAITING_APPROVAL
    )
    code = hr.post(CREATE, form(employee, "2026-03-12", "2026-03-13"), format="multipart").json()["data"][
        "code"
    ]
    employee.refresh_from_db()
    balance = (employee.cuti_saldo, employee.cuti_terpakai)
    expected = (
        f"Karyawan sudah tercatat cuti manual {code} (12-03-2026 s.d. 13-03-2026)"
        " pada rentang tanggal tersebut."
    )

    with pytest.raises(Unprocessable) as refused:
        izin_request_approve(izin=waiting, user=make_user(fullname="Atasan"))
    assert refused.value.message == expected
    waiting.refresh_from_db()
    assert waiting.status == IzinStatus.WAITING_APPROVAL and waiting.decided_by is None
    employee.refresh_from_db()
    assert (employee.cuti_saldo, employee.cuti_terpakai) == balance

    with pytest.raises(Unprocessable) as refused:
        izin_request_create(
            employee=employee,
            izin_type_code=IzinCode.SAKIT,
            start_date=date(2026, 3, 11),
            end_date=date(2026, 3, 12),
            description="Demam",
        )
    assert refused.value.message == expected
    assert IzinRequest.objects.count() == 1
    # Days beside the manual leave are fine.
    izin_request_create(
        employee=employee,
        izin_type_code=IzinCode.SAKIT,
        start_date=date(2026, 3, 17),
        end_date=date(2026, 3, 17),
        description="Demam",
    )
    assert IzinRequest.objects.count() == 2


@pytest.mark.parametrize("code", ["k\n{l\x08~", "CM\x00", "a\x1fb"])
def test_export_by_a_code_with_control_characters_is_refused_not_a_500(hr: Any, code: str) -> None:
    response = hr.get(EXPORT, {"id": code})
    assert response.status_code == 422, response.content[:200]
    assert "id" in response.json()["errors"]
