"""Indonesian messages of the HR and payroll sync."""

from server.core import inputs

# The selection's messages (server.core.inputs.selection_read).
BAD_DATE = inputs.SELECTION_BAD_DATE
INCOMPLETE_FORM = inputs.SELECTION_INCOMPLETE
RANGE_REVERSED = inputs.SELECTION_RANGE_REVERSED
RANGE_TOO_LONG = inputs.SELECTION_RANGE_TOO_LONG
UNKNOWN_EMPLOYEES = inputs.SELECTION_UNKNOWN_EMPLOYEES


HR_STARTED = "Sinkronisasi data karyawan dimulai."
HR_ALREADY_RUNNING = "Sinkronisasi data karyawan sedang berjalan."
HR_DONE = "Sinkronisasi selesai: {created} karyawan baru, {updated} diperbarui, {resigned} resign."
HR_BAD_DATE = "Tanggal {field} tidak valid: {value}."
HR_UNKNOWN_PLACEMENT = "Man power '{name}' tidak dikenal."
HR_MISSING_IDENTITY = "Nomor karyawan dan nama harus diisi."
HR_NUMBER_TAKEN = "ID karyawan {number} sudah dipakai karyawan lain."

PAYROLL_STARTED = "Pengiriman data penyesuaian dimulai."
PAYROLL_DONE = "Data penyesuaian berhasil dikirim ({count} data, kode {code})."
PAYROLL_NOTHING = "Tidak ada data baru atau berubah untuk dikirim."
PAYROLL_FAILED = "Pengiriman berhenti di batch {batch}: {reason} {sent} data sebelumnya sudah terkirim."
BAD_TYPE = "Tipe sinkronisasi harus 'default' atau 'resigned-payroll'."
NOT_RESIGNED = "Karyawan berikut belum resign: {numbers}."
MONTH_INVALID = "Bulan harus antara 1 dan 12."
YEAR_INVALID = "Tahun tidak valid."
LIMIT_INVALID = "Limit harus antara 1 dan 100."
SYNC_NOT_FOUND = "Data sinkronisasi tidak ditemukan."
PAYROLL_RESEND_QUESTION = "{count} baris sudah pernah dikirim. Kirim ulang?"
SCHEDULE_TIME_INVALID = "Jam jadwal tarik data HR tidak valid (format JJ:MM)."
SCHEDULE_ENABLED_INVALID = "Status jadwal tarik data HR tidak valid."

# The audit entries of a sync job (object label): when it started, then the page or batch.
AUDIT_JOB = "{started:%Y-%m-%d %H:%M}"
AUDIT_PAGE = "{started:%Y-%m-%d %H:%M}, halaman {page}"
AUDIT_SCHEDULE = "Jadwal tarik data HR"
AUDIT_BATCH = "{started:%Y-%m-%d %H:%M}, batch {batch}"
