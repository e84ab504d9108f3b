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
INACTIVE = "Akun Anda tidak aktif. Hubungi administrator."
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

Kode verifikasi untuk mengatur ulang password Anda: {code}

Kode ini berlaku {minutes} menit dan hanya dapat digunakan satu kali.
Pengguna aplikasi mobile dapat membuka tautan berikut: {link}

Jika Anda tidak meminta reset password, abaikan email ini.
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

# Delegation (server/accounts/delegation.py).
DELEGATE_REQUIRED = "Penerima delegasi harus diisi."
DELEGATE_NOT_FOUND = "Penerima delegasi tidak ditemukan."
DELEGATOR_NOT_FOUND = "Pemberi delegasi tidak ditemukan."
DELEGATOR_ADMIN_ONLY = "Hanya admin user login yang dapat membuat delegasi atas nama pengguna lain."
DELEGATION_START_REQUIRED = "Tanggal mulai harus diisi."
DELEGATION_END_REQUIRED = "Tanggal selesai harus diisi."
DELEGATION_DATE_INVALID = "Format tanggal tidak valid (YYYY-MM-DD)."
DELEGATION_NOTE_TOO_LONG = "Catatan maksimal 255 karakter."
DELEGATION_SELF = "Pemberi dan penerima delegasi tidak boleh orang yang sama."
DELEGATION_DELEGATE_INACTIVE = "Penerima delegasi tidak aktif."
DELEGATION_DELEGATOR_INACTIVE = "Pemberi delegasi tidak aktif."
DELEGATION_END_BEFORE_START = "Tanggal selesai tidak boleh sebelum tanggal mulai."
DELEGATION_START_PAST = "Tanggal mulai tidak boleh sebelum hari ini."
DELEGATION_TOO_LONG = "Delegasi paling lama {days} hari."
DELEGATION_NOTHING_TO_GIVE = (
    "{name} tidak memiliki hak persetujuan (kehadiran atau izin) untuk didelegasikan."
)
DELEGATION_NO_CHAINING = (
    "Hak persetujuan yang diterima {name} dari delegasi tidak dapat didelegasikan lagi; "
    "hanya hak milik sendiri yang dapat didelegasikan."
)
DELEGATION_OVERLAP = "Sudah ada delegasi ke {name} yang beririsan dengan tanggal tersebut."
DELEGATION_NOT_FOUND = "Delegasi tidak ditemukan."
DELEGATION_NO_RIGHTS = "Anda tidak memiliki hak persetujuan untuk didelegasikan."
DELEGATION_ALREADY_ENDED = "Delegasi ini sudah berakhir."
DELEGATION_SCOPE_INVALID = "Cakupan tidak valid: mine, given, received atau all."
DELEGATION_STATUS_INVALID = "Status tidak valid: active, upcoming atau ended."
DELEGATION_CREATED = "Delegasi disimpan."
DELEGATION_ENDED = "Delegasi diakhiri."
DELEGATION_RECEIVED_TITLE = "{name} mendelegasikan hak persetujuan kepada Anda"
DELEGATION_RECEIVED_BODY = "{period}: {rights}."
DELEGATION_ENDED_TITLE = "Delegasi dari {name} berakhir"
DELEGATION_ENDED_BODY = "Delegasi {period} diakhiri oleh {name}."
DELEGATION_EXPIRED_BODY = "Delegasi {period} telah selesai."
