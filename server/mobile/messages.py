"""Indonesian texts of the mobile API."""

from server.core.messages import DATE_FORMAT

TEXT_TOO_LONG = "Teks maksimal {max_length} karakter."
BOOLEAN_INVALID = "Nilai harus benar atau salah."
IDENTIFIER_REQUIRED = "ID karyawan atau email harus diisi"
PASSWORD_REQUIRED = "Password harus diisi"
WRONG_CREDENTIALS = "ID karyawan/email atau password salah."
INACTIVE = "Akun Anda tidak aktif. Hubungi HR."
SIGNED_IN = "Berhasil masuk."
SIGNED_OUT = "Berhasil keluar."

CHECKIN_SAVED = "Absen berhasil disimpan."
CHECKIN_WAITING = "Absen tersimpan dan menunggu persetujuan."
LOG_TYPE_INVALID = "Tipe absen harus check_in atau check_out."
COORDINATE_INVALID = "Koordinat tidak valid."
FR_ACCURACY_INVALID = "Nilai face recognition harus antara 0 dan 100."
GPS_ACCURACY_INVALID = "Akurasi GPS harus angka meter antara 0 dan 100000."
DEVICE_ID_TOO_LONG = "ID perangkat maksimal 128 karakter."
PHOTO_REQUIRED = "Foto harus diisi."
PHOTO_NOT_IMAGE = "Foto harus berupa gambar."
PACKAGES_INVALID = "Daftar aplikasi terpasang tidak valid."

IZIN_SAVED = "Pengajuan izin berhasil dikirim."
IZIN_TYPE_REQUIRED = "Jenis izin harus diisi."
DATE_REQUIRED = "Tanggal harus diisi."
DATE_INVALID = DATE_FORMAT
DESCRIPTION_REQUIRED = "Keterangan harus diisi."
ATTACHMENT_INVALID = "Lampiran harus berupa gambar atau PDF."
