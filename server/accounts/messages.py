"""Indonesian texts of sign-in, profile and password reset (spec doc1 §5)."""

EMAIL_REQUIRED = "Email harus diisi"
EMAIL_INVALID = "Email tidak valid"
PASSWORD_REQUIRED = "Password harus diisi"
PASSWORD_MIN = "Password setidaknya memiliki 6 karakter"
PASSWORD_MISMATCH = "Password harus sama"
CODE_REQUIRED = "Kode verifikasi harus diisi"
CODE_LENGTH = "Kode verifikasi harus 6 karakter"
KATA_SANDI_REQUIRED = "Kata sandi harus diisi"
KATA_SANDI_MIN = "Kata sandi setidaknya memiliki 6 karakter"
KATA_SANDI_MISMATCH = "Kata sandi tidak sama"

WRONG_CREDENTIALS = "Email atau password salah."
INACTIVE = "Akun anda tidak aktif. Hubungi administrator."
ACCOUNT_LOCKED = (
    "Akun dikunci sementara karena terlalu banyak percobaan masuk yang gagal. "
    "Coba lagi dalam {minutes} menit."
)
SIGNED_IN = "Berhasil masuk."
SIGNED_OUT = "Berhasil keluar."
RESET_SENT = "Jika email terdaftar, kode verifikasi telah dikirim ke email tersebut."
RESET_DONE = "Password berhasil diubah. Silakan masuk dengan password baru."
CODE_INVALID = "Kode verifikasi salah atau sudah kedaluwarsa."
CODE_TOO_MANY_TRIES = "Kode verifikasi sudah terlalu banyak dicoba. Silakan minta kode baru."
OLD_PASSWORD_WRONG = "Kata sandi lama salah."
PASSWORD_SAME_AS_OLD = "Kata sandi baru tidak boleh sama dengan kata sandi lama."
PASSWORD_CHANGED = "Kata sandi berhasil diubah."
APP_VERSION_UNSUPPORTED = "Versi aplikasi tidak didukung. Silakan perbarui aplikasi."

RESET_EMAIL_SUBJECT = "Kode verifikasi reset password Kehadiran"
RESET_EMAIL_BODY = """Halo {name},

Kode verifikasi untuk mengatur ulang password anda: {code}

Kode ini berlaku {minutes} menit dan hanya dapat digunakan satu kali.
Pengguna aplikasi mobile dapat membuka tautan berikut: {link}

Jika anda tidak meminta reset password, abaikan email ini.
"""

PREFERENCE_KEY_INVALID = (
    "Kunci preferensi tidak valid: huruf kecil, angka, titik, garis bawah atau tanda hubung (maksimal 64)."
)
PREFERENCE_VALUE_REQUIRED = "Nilai preferensi harus diisi."
PREFERENCE_VALUE_NOT_OBJECT = "Nilai preferensi harus berupa objek JSON."
PREFERENCE_TOO_LARGE = "Preferensi terlalu besar (maksimal {limit} byte)."
PREFERENCE_TOO_DEEP = "Preferensi terlalu bertingkat (maksimal {depth} tingkat)."
PREFERENCE_TOO_MANY = "Terlalu banyak preferensi tersimpan (maksimal {limit})."
PREFERENCE_SAVED = "Preferensi disimpan."
PREFERENCE_RESET = "Preferensi dikembalikan ke bawaan."
