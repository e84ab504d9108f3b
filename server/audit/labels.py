"""Indonesian labels of the audit trail's codes (DESIGN §18: screens and files show labels)."""

from __future__ import annotations

from typing import Final

ACTION_LABELS: Final[dict[str, str]] = {
    "create": "Tambah",
    "update": "Ubah",
    "delete": "Hapus",
    "approve": "Setujui",
    "reject": "Tolak",
    "undo": "Batalkan Keputusan",
    "reject_valid": "Tolak Kehadiran Valid",
    "set_different_day": "Ubah Beda Hari",
    "adjust": "Penyesuaian",
    "upload": "Unggah Manual",
    "hr_pull": "Tarik Data HR",
    "payroll_push": "Kirim ke Penggajian",
    "password_reset": "Reset Kata Sandi",
    "password_change": "Ubah Kata Sandi",
    "unlock": "Buka Kunci",
    "revoke": "Cabut",
    "duplicate": "Duplikat",
}

OBJECT_TYPE_LABELS: Final[dict[str, str]] = {
    "attendance_log": "Log Kehadiran",
    "izin": "Izin",
    "leave_adjustment": "Penyesuaian Cuti",
    "attendance_adjustment": "Penyesuaian Kehadiran",
    "manual_upload": "Unggah Manual",
    "hr_sync": "Sinkronisasi HR",
    "payroll_sync": "Sync Penggajian",
    "sync_schedule": "Jadwal Sinkronisasi",
    "shift": "Jam Kerja",
    "shift_pattern": "Pola Jam Kerja",
    "holiday": "Hari Libur",
    "blacklist_app": "Blacklist Aplikasi",
    "special_leave": "Cuti Khusus",
    "additional_leave": "Cuti Tahunan Tambahan",
    "system_trouble": "Gangguan Sistem",
    "risk_settings": "Ambang Risiko",
    "rejection_notes": "Catatan Penolakan Siap Pakai",
    "user_level": "User Level",
    "user_login": "User Login",
    "employee": "Karyawan",
    "announcement": "Pengumuman",
    "wall_display": "Layar Dinding",
}


# Every field an entry's before/after may hold (the walk over the API's writes checks each new entry
# against it: server/core/tests/test_openapi_audit.py); the screen's own copy is client/src/i18n/id.ts
# `audit.fields`, checked against this one by server/audit/tests/test_labels.py.
FIELD_LABELS: Final[dict[str, str]] = {
    "status": "Status",
    "decided_by": "Diputuskan oleh",
    "rejected_note": "Catatan penolakan",
    "risk_level": "Risiko saat diputuskan",
    "risk_score": "Skor risiko saat diputuskan",
    "risk_reasons": "Alasan risiko saat diputuskan",
    "decision_note": "Catatan keputusan",
    "near_man_power": "Man power terdekat",
    "is_different_day": "Beda hari",
    "name": "Nama",
    "code": "Kode",
    "type": "Tipe",
    "time_in": "Jam masuk",
    "time_out": "Jam pulang",
    "break_start": "Mulai istirahat",
    "break_end": "Selesai istirahat",
    "late_in_minutes": "Toleransi terlambat (menit)",
    "early_out_minutes": "Toleransi pulang cepat (menit)",
    "minimum_check_in_time": "Absen masuk paling awal (jam)",
    "starting_date": "Tanggal mulai",
    "day_circle_number": "Jumlah hari siklus",
    "contents": "Isi pola",
    "start_date": "Tanggal mulai",
    "end_date": "Tanggal selesai",
    "collective": "Cuti bersama",
    "package_id": "Package ID",
    "is_allow": "Diizinkan",
    "jumlah_hari": "Jumlah hari",
    "date": "Tanggal",
    "description": "Keterangan",
    "attendance_disabled": "Kehadiran nonaktif",
    "force_approval_permission": "Izin selalu ke Is Owner",
    "locked": "Terkunci",
    "mobile_password": "Kata sandi aplikasi",
    "emailed": "Dikirim lewat email",
    "flags": "Hak akses",
    "username": "Username",
    "level": "User level",
    "is_active": "Aktif",
    "special_rights": "Hak khusus",
    "title": "Judul",
    "content": "Isi",
    "is_published": "Terbit",
    "is_important": "Penting",
    "published_date": "Tanggal terbit",
    "tags": "Tag",
    "url_title": "Judul tautan",
    "url": "Tautan",
    "attachment_name": "Lampiran",
    "revoked": "Dicabut",
    "employee": "Karyawan",
    "jumlah_hari_cuti": "Jumlah hari cuti",
    "cuti_saldo": "Saldo cuti",
    "adjustment_total": "Jumlah data",
    "changed_days": "Hari berubah",
    "man_power_name": "Man power",
    "man_power": "Man power",
    "file_name": "Nama file",
    "total_data": "Jumlah data",
    "check_ins": "Data hadir",
    "sick": "Data sakit",
    "created": "Baru",
    "updated": "Diperbarui",
    "resigned": "Resign",
    "unchanged": "Tidak berubah",
    "failed": "Gagal",
    "sent": "Terkirim",
    "updates": "Perubahan",
    "sync_code": "Kode sync",
    "notes": "Catatan",
    "radius_margin_m": "Toleransi di luar radius (meter)",
    "medium_from": "Sedang mulai",
    "high_from": "Tinggi mulai",
    "page": "Halaman",
    "batch": "Batch",
    "employees": "Nomor karyawan",
    "links": "Atasan diperbarui",
    "message": "Pesan",
    "password": "Kata sandi",
    "via": "Melalui",
    "hr_pull_enabled": "Tarik data HR terjadwal",
    "hr_pull_time": "Jam tarik data HR",
}


def action_label(code: str) -> str:
    return ACTION_LABELS.get(code, code)


def object_type_label(code: str) -> str:
    return OBJECT_TYPE_LABELS.get(code, code)


def field_label(code: str) -> str:
    return FIELD_LABELS.get(code, code)
