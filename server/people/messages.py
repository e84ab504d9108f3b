"""Indonesian messages of the people and access screens (one text, one place)."""

# Employee directory
EMPLOYEE_NOT_FOUND = "Karyawan tidak ditemukan."
EMPLOYEE_NUMBER_REQUIRED = "ID karyawan harus diisi."
FLAG_INVALID = "Nilai harus 0 atau 1."
ATTENDANCE_DISABLED_ON = "Kehadiran karyawan dinonaktifkan."
ATTENDANCE_DISABLED_OFF = "Kehadiran karyawan diaktifkan kembali."
FORCE_APPROVAL_ON = "Izin karyawan selalu diteruskan ke Is Owner."
FORCE_APPROVAL_OFF = "Izin karyawan kembali diteruskan ke atasan."
PASSWORD_RESET_SHOWN = (
    "Password baru berhasil dibuat. Catat dan berikan kepada karyawan: password hanya ditampilkan sekali."
)
PASSWORD_RESET_EMAILED = "Password baru berhasil dibuat dan dikirim ke email {email}."
PASSWORD_EMAIL_SUBJECT = "Password baru aplikasi Kehadiran"
PASSWORD_EMAIL_BODY = (
    "Halo {name},\n\nPassword aplikasi Kehadiran Anda telah diatur ulang oleh personalia.\n"
    "Password baru: {password}\n\nSilakan masuk dan segera ganti password Anda."
)

# Personalia wizard (doc1 §5)
USERNAME_REQUIRED_WIZARD = "Username tidak boleh kosong!"
PASSWORD_REQUIRED = "Password harus diisi"
PASSWORD_MIN = "Password setidaknya memiliki 6 karakter"
PASSWORD_MISMATCH = "Password harus sama"
LEVEL_REQUIRED_WIZARD = "Hak Akses harus diisi!"
USERNAME_TAKEN = "Username sudah digunakan. Pilih username lain."
USERNAME_TOO_LONG = "Username maksimal 150 karakter."
USERNAME_INVALID = "Username hanya boleh berisi huruf, angka, titik, garis bawah dan tanda hubung."
ALREADY_PERSONALIA = "Karyawan ini sudah menjadi personalia."
EMPLOYEE_EMAIL_MISSING = (
    "Karyawan belum memiliki email. Atur email karyawan terlebih dahulu: personalia masuk dengan email."
)
EMAIL_TAKEN = "Email karyawan ini sudah dipakai oleh user login lain."
EMPLOYEE_RESIGNED = "Karyawan sudah tidak aktif."
PERSONALIA_CREATED = "Karyawan berhasil dijadikan personalia."

# User levels (doc3 §5)
LEVEL_NAME_REQUIRED = "Nama / wewenang harus diisi."
LEVEL_NAME_TOO_LONG = "Nama / wewenang maksimal 100 karakter."
LEVEL_NAME_TAKEN = "Nama / wewenang sudah dipakai."
LEVEL_NOT_FOUND = "User level tidak ditemukan."
LEVEL_IN_USE = "User level tidak dapat dihapus: masih dipakai oleh {count} user login."
UNKNOWN_FLAGS = "Hak akses tidak dikenal: {flags}."
ID_REQUIRED = "ID harus diisi."
OWN_LEVEL_LOCKOUT = (
    "Anda tidak dapat mencabut hak {label} dari level yang Anda pakai sendiri: Anda akan terkunci di luar."
)

# User logins (doc3 §5)
USERNAME_REQUIRED = "Username wajib diisi"
STATUS_REQUIRED = "Status wajib diisi"
LEVEL_REQUIRED = "Hak akses wajib diisi"
LOGIN_NOT_FOUND = "User login tidak ditemukan."
LOGIN_UNLOCKED = "Kunci login berhasil dibuka."
LOGIN_NOT_LOCKED = "Login ini tidak sedang terkunci."
EMPLOYEE_UNLOCKED = "Kunci aplikasi karyawan berhasil dibuka."
EMPLOYEE_NOT_LOCKED = "Akun aplikasi karyawan ini tidak sedang terkunci."
SELF_DEACTIVATE = "Anda tidak dapat menonaktifkan login Anda sendiri."
SELF_DELETE = "Anda tidak dapat menghapus login Anda sendiri."
SELF_STRIP = "Anda tidak dapat mencabut hak User Login dari login Anda sendiri."
