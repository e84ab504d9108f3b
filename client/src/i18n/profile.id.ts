
/** Texts of 'My Profile' and the password change. */
export const profileText = {
  page: {
    account: 'Akun',
    fullname: 'Nama',
    username: 'Username',
    email: 'Email',
    level: 'User Level',
    noLevel: 'Belum ada level',
    rights: 'Hak akses',
    rightsHint: 'Hak akses diatur oleh administrator melalui User Level dan User Login.',
    noRights: 'Anda belum memiliki hak akses tambahan. Dashboard, Sync, Credits dan Panduan tetap dapat dibuka.',
    loadFailed: 'Profil tidak dapat dimuat.',
    retry: 'Coba lagi',
  },
  changePassword: {
    title: 'Ubah Kata Sandi',
    oldLabel: 'Kata Sandi Lama',
    newLabel: 'Kata Sandi Baru',
    repeatLabel: 'Ulangi Kata Sandi Baru',
    newHint: 'Minimal 6 karakter.',
    submit: 'Simpan',
    cancel: 'Batal',
  },
} as const;
