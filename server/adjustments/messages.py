"""Indonesian messages of the adjustments (doc2 §5, §8)."""

from server.core import inputs

# The selection's messages (server.core.inputs.selection_read).
BAD_DATE = inputs.SELECTION_BAD_DATE
INCOMPLETE_FORM = inputs.SELECTION_INCOMPLETE
RANGE_REVERSED = inputs.SELECTION_RANGE_REVERSED
RANGE_TOO_LONG = inputs.SELECTION_RANGE_TOO_LONG
UNKNOWN_EMPLOYEES = inputs.SELECTION_UNKNOWN_EMPLOYEES


EMPLOYEE_REQUIRED = "ID Karyawan harus diisi"
LEAVE_DATE_REQUIRED = "Tanggal cuti harus diisi"
DESCRIPTION_REQUIRED = "Deskripsi harus diisi"
REQUEST_DATE_REQUIRED = "Tanggal pengajuan harus diisi"
ATTACHMENT_REQUIRED = "Berkas harus diisi"
DESCRIPTION_TOO_LONG = "Deskripsi maksimal 1000 karakter."
EMPLOYEE_UNKNOWN = "Karyawan tidak ditemukan."
EMPLOYEE_RESIGNED = "Karyawan sudah resign."
LEAVE_RANGE_REVERSED = "Tanggal selesai cuti tidak boleh sebelum tanggal mulai."
LEAVE_RANGE_TOO_LONG = "Rentang tanggal cuti maksimal 31 hari."
LEAVE_NO_WORKING_DAY = "Tidak ada hari kerja pada tanggal cuti yang dipilih."
LEAVE_OVERLAP_IZIN = "Tanggal cuti bertabrakan dengan izin yang sudah disetujui ({dates})."
LEAVE_OVERLAP_ADJUSTMENT = "Tanggal cuti bertabrakan dengan cuti manual {code} ({dates})."
LEAVE_CREATED = "Cuti manual {code} berhasil disimpan."
LEAVE_NOT_FOUND = "Data penyesuaian cuti tidak ditemukan."
CODE_INVALID = "Nomor form berisi karakter yang tidak diizinkan."
LEAVE_HISTORY_TEXT = "{creator} membuat cuti manual {days} hari untuk {employee} ({number})"


LINES_REQUIRED = "Tidak ada data penyesuaian yang dikirim."
LINES_TOO_MANY = "Data penyesuaian maksimal {limit} baris."
LINES_INVALID = "Penyesuaian tidak disimpan: {count} baris tidak valid."
LINE_PREFIX = "Baris {row} ({number}, {date}): {reason}"
LINE_EMPLOYEE_REQUIRED = "ID karyawan harus diisi."
LINE_EMPLOYEE_UNKNOWN = "karyawan tidak ditemukan."
LINE_DATE_INVALID = "tanggal harus berformat YYYY-MM-DD."
LINE_DATE_FUTURE = "tanggal tidak boleh setelah hari ini."
LINE_NO_DAY = "tidak ada data kehadiran pada tanggal ini."
LINE_DUPLICATE = "baris ganda untuk karyawan dan tanggal yang sama."
LINE_OVERTIME_REQUIRED = "Lembur aktual harus diisi"
LINE_OVERTIME_MIN = "Nilai minimal lembur aktual adalah 0"
LINE_OVERTIME_MAX = "lembur aktual maksimal 24 jam."
LINE_VALID_INVALID = "Status absen harus diisi"
LINE_STANDBY_INVALID = "standby harus 0 atau 1."
ADJUSTMENT_SAVED = "Penyesuaian kehadiran {code} berhasil disimpan ({count} data)."
ADJUSTMENT_UNCHANGED = "Penyesuaian ini sudah tersimpan sebagai {code}; tidak ada perubahan."
ADJUSTMENT_NOT_FOUND = "Data penyesuaian kehadiran tidak ditemukan."
MONTH_INVALID = "Bulan harus antara 1 dan 12."
FORMAT_INVALID = "Format unduhan harus xlsx atau csv."
