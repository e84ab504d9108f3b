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


def action_label(code: str) -> str:
    return ACTION_LABELS.get(code, code)


def object_type_label(code: str) -> str:
    return OBJECT_TYPE_LABELS.get(code, code)
