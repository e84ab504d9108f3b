"""Indonesian messages of the dashboard and wall display endpoints."""

TYPE_INVALID = "Tipe harus terlambat atau pulang_cepat."
NAME_REQUIRED = "Nama layar harus diisi."
NAME_TOO_LONG = "Nama layar maksimal 100 karakter."
DISPLAY_CREATED = "Layar dinding berhasil dibuat. Simpan tokennya: token hanya ditampilkan sekali."
DISPLAY_UPDATED = "Layar dinding berhasil diperbarui."
DISPLAY_REVOKED = "Token layar dinding berhasil dicabut."
DISPLAY_NOT_FOUND = "Layar dinding tidak ditemukan."
