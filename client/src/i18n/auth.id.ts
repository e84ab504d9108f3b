
/** Texts of sign-in, the lock screen and the password resets (doc1 §1). */
export const authText = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  newPasswordLabel: 'Password Baru',
  repeatPasswordLabel: 'Ulangi Password',
  login: {
    title: 'Masuk',
    heading: 'Masuk ke Kehadiran',
    subheading: 'Silakan masuk dengan akun Anda.',
    remember: 'Ingat saya',
    forgot: 'Lupa password?',
    submit: 'Masuk',
  },
  forgot: {
    title: 'Lupa Password',
    heading: 'Lupa Password',
    subheading: 'Masukkan email akun Anda. Kami akan mengirim kode verifikasi ke email tersebut.',
    submit: 'Kirim',
    cancel: 'Batal',
    haveCode: 'Sudah memiliki kode verifikasi?',
  },
  reset: {
    title: 'Reset Password',
    heading: 'Reset Password',
    subheading: 'Masukkan kode verifikasi dari email dan password baru Anda.',
    codeLegend: 'Kode Verifikasi',
    codeBox: (position: number) => `Kode verifikasi ${position}`,
    clearCode: 'Hapus kode',
    submit: 'Simpan',
    backToLogin: 'Kembali ke halaman masuk',
  },
  mobileReset: {
    title: 'Reset Password',
    heading: 'Reset Password Aplikasi Mobile',
    subheading: 'Masukkan password baru untuk akun aplikasi mobile Anda.',
    submit: 'Simpan',
    done: 'Password berhasil diperbarui. Silakan masuk kembali di aplikasi mobile.',
  },
  lock: {
    title: 'Kunci Layar',
    heading: 'Layar Terkunci',
    subheading: 'Masukkan password untuk membuka kunci.',
    submit: 'Buka Kunci',
    otherAccount: 'Bukan Anda? Masuk dengan akun lain',
    wrongPassword: 'Password salah.',
  },
  guide: {
    title: 'Panduan',
    redirecting: 'Mengalihkan ke halaman panduan…',
    retry: 'Coba lagi',
  },
} as const;
