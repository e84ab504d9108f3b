"""Indonesian messages of the manual attendance upload (doc2 §5, §8)."""

from server.core import messages as core_messages

INCOMPLETE_FORM = "Lengkapi form terlebih dahulu!"
BAD_DATE = core_messages.DATE_FORMAT
RANGE_REVERSED = "Tanggal akhir tidak boleh sebelum tanggal awal."
MAN_POWER_UNKNOWN = "Man power '{name}' tidak ditemukan."
MAN_POWER_AMBIGUOUS = "Ada beberapa man power bernama '{name}'; pilih tipe man power."
NO_EMPLOYEES = "Man power {name} tidak memiliki karyawan aktif pada rentang tanggal ini."
TEMPLATE_TOO_BIG = (
    "Template maksimal {limit} baris; rentang tanggal ini menghasilkan {rows} baris. "
    "Perkecil rentang tanggal."
)

# The file as a whole (checked when it is posted; the answer is 422 with the message).
FILE_REQUIRED = "Lengkapi form terlebih dahulu!"
FILE_EXTENSION = "Format file harus .xls atau .xlsx."
FILE_XLS = "File .xls tidak dapat dibaca; simpan file template sebagai .xlsx lalu unggah kembali."
FILE_EMPTY = "File kosong."
FILE_TOO_LARGE = "Ukuran file maksimal {limit} MB."
FILE_NOT_XLSX = "File bukan file Excel (.xlsx) yang valid."
FILE_BOMB = "Isi file terlalu besar setelah diekstrak; file ditolak."
FILE_BROKEN = "File Excel rusak atau tidak dapat dibaca."
# The stored upload is not on this server's media (a replica without the shared media volume, DESIGN §19).
FILE_MISSING = "File unggahan tidak ditemukan di server. Unggah kembali file tersebut."
FILE_NOT_TEMPLATE = "File tidak dibuat dari template. Unduh template terlebih dahulu lalu isi datanya."
FILE_SIGNATURE = (
    "Tanda template tidak cocok: file bukan template asli atau sudah diubah. Unduh template kembali."
)
FILE_RENAMED = "Nama file tidak boleh diubah. Gunakan nama file template: {name}"
FILE_PLACEMENT_GONE = "Man power template ini sudah tidak ada."
FILE_TOO_MANY_ROWS = "File berisi lebih dari {limit} baris data (termasuk baris kosong di bawah data)."
FILE_MERGED = "File berisi sel yang digabung (merge) di {ref}; pisahkan sel terlebih dahulu."
FILE_HEADER = "Judul kolom baris 1 harus sama dengan template: {headers}."
FILE_NO_ROWS = "Tidak ada data kehadiran yang diisi di file ini."

# One row ("Baris {row}, kolom {column}: ...").
ROW_PREFIX = "Baris {row}, kolom {column}: {message}"
FORMULA = "rumus (formula) tidak diizinkan, isi dengan nilai."
EMPLOYEE_REQUIRED = "ID karyawan harus diisi."
EMPLOYEE_UNKNOWN = "ID karyawan {number} tidak ditemukan."
EMPLOYEE_OTHER_PLACEMENT = "karyawan {number} bukan karyawan man power {name}."
EMPLOYEE_NOT_ACTIVE = "karyawan {number} tidak aktif pada tanggal {date}."
DATE_REQUIRED = "tanggal harus diisi."
DATE_FORMAT = "tanggal tidak dikenali; tulis tanggal seperti 14/03/2022 (hari/bulan/tahun)."
DATE_OUT_OF_RANGE = "tanggal {date} di luar periode template ({period})."
DUPLICATE_ROW = "karyawan {number} tanggal {date} sudah ada di baris {other}."
ALREADY_FILLED = "kehadiran karyawan {number} tanggal {date} sudah tercatat di aplikasi ({what})."
ALREADY_UPLOADED = "kehadiran karyawan {number} tanggal {date} sudah diunggah ({form_number})."
# What the app holds on a day (the template's Status column and the message above).
HELD_ATTENDANCE = "absen"
HELD_IZIN = "izin disetujui"
HELD_UPLOADED = "diunggah {form_number}"

# The template's marks of the days the app already holds (locked rows).
STATUS_COLUMN = "Status"
HELD_STATUS = "Sudah tercatat: {what}"
HELD_NOTE = "Hari ini sudah tercatat di aplikasi ({what}). Baris dikunci; isian di hari ini akan ditolak."
CODE_PROMPT = (
    "Kosong: hadir atau masuk di hari libur nasional. sakit: jam datang dan pulang 00.00. "
    "shift_off: masuk di hari libur shift."
)
CODE_ERROR = "Kode harus kosong, sakit atau shift_off."
TIME_FORMAT = "format jam tidak dikenali; tulis jam seperti 08.00 atau 08:00 (detik boleh: 08.00.00)."
TIME_BOTH = "jam datang dan jam pulang harus diisi keduanya (kosongkan keduanya untuk Alpa)."
CODE_UNKNOWN = "kode harus kosong, 'sakit' atau 'shift_off'."
SICK_TIMES = "untuk sakit, jam datang dan jam pulang harus 00.00."
SICK_NOT_WORKDAY = "sakit hanya untuk hari kerja; tanggal {date} adalah hari libur."
SHIFT_OFF_REQUIRED = "tanggal {date} adalah hari libur shift; isi kode 'shift_off'."
SHIFT_OFF_WORKDAY = "kode 'shift_off' hanya untuk hari libur shift; tanggal {date} adalah hari kerja."
HOLIDAY_CODE = "tanggal {date} adalah hari libur nasional; kode harus kosong."
CHECK_OUT_BEFORE_IN = "jam pulang harus setelah jam datang (melewati tengah malam hanya untuk shift malam)."
OVERTIME_FORMAT = "lembur aktual harus angka (jam), minimal 0 dan maksimal 24."
OVERTIME_WITHOUT_ATTENDANCE = "lembur aktual hanya diisi bila jam datang dan jam pulang diisi."

# The job.
VALIDATING = "Memvalidasi {total} baris."
FAILED = (
    "File berisi {count} kesalahan di {rows} baris; tidak ada data yang disimpan. "
    "Perbaiki lalu unggah kembali."
)
CONFLICT = "Sebagian data sudah diunggah oleh proses lain; tidak ada data yang disimpan."
STARTED = "File diterima; validasi dan impor berjalan."
DONE = "Data kehadiran berhasil diunggah ({count} data, nomor {form_number})."
NOT_FOUND = "Data unggah tidak ditemukan."
ERRORS_NOT_FOUND = "File kesalahan tidak ditemukan."
