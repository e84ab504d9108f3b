/** The in-app guide at /panduan (shown when the server names no external guide, GUIDE_URL). */
export interface GuideSection {
  id: string;
  title: string;
  paragraphs: string[];
  steps?: string[];
}

export const guide = {
  title: 'Panduan Kehadiran',
  intro:
    'Kehadiran adalah aplikasi administrasi kehadiran karyawan: menyetujui absen dan izin, memantau angka hari ini, dan menyusun laporan. Panduan singkat ini menjelaskan cara memakai setiap bagian.',
  contents: 'Daftar isi',
  toDashboard: 'Ke Dashboard',
  toLogin: 'Ke halaman masuk',
  help: 'Butuh bantuan lebih lanjut? Hubungi administrator sistem di kantor anda.',
  sections: [
    {
      id: 'masuk',
      title: 'Masuk dan keamanan akun',
      paragraphs: [
        'Masuk dengan email dan password akun anda. Centang "Ingat saya" hanya di komputer pribadi: sesi tetap tersimpan setelah browser ditutup.',
        'Lupa password? Pilih "Lupa password?", masukkan email, lalu masukkan kode verifikasi dari email beserta password baru (minimal 6 karakter).',
        'Meninggalkan meja sebentar? Pilih "Lock Screen" di menu pengguna (pojok kanan atas). Buka kunci dengan password anda; anda kembali ke halaman yang sedang dibuka.',
      ],
    },
    {
      id: 'dashboard',
      title: 'Dashboard',
      paragraphs: [
        'Dashboard menampilkan ringkasan persetujuan bulan ini, karyawan tidak disiplin, ulang tahun karyawan, umur karyawan, dan laporan karyawan tidak hadir. Angka diperbarui langsung tanpa memuat ulang halaman.',
        'Titik hijau "Terhubung" di header berarti pembaruan langsung aktif. "Terputus" berarti koneksi hilang; aplikasi menyambung kembali dengan sendirinya.',
      ],
    },
    {
      id: 'persetujuan-kehadiran',
      title: 'Persetujuan kehadiran',
      paragraphs: [
        'Menu Persetujuan > Kehadiran berisi absen yang menunggu persetujuan: di luar radius lokasi, wajah tidak cocok, atau di luar jadwal shift. Absen baru muncul langsung di daftar.',
      ],
      steps: [
        'Saring daftar dengan tanggal, tipe log, lokasi, face recognition, atau man power. Di layar kecil, filter ada di tombol "Filter".',
        'Klik baris untuk membuka detail: foto, peta lokasi, shift dan tipe layanan.',
        'Pilih "Setujui" atau "Tolak". Penolakan wajib diberi catatan; absen di luar radius meminta man power terdekat.',
        'Bila absen sudah diproses oleh penyetuju lain, aplikasi memberi tahu siapa yang memprosesnya.',
      ],
    },
    {
      id: 'persetujuan-izin',
      title: 'Persetujuan izin',
      paragraphs: [
        'Menu Persetujuan > Izin berisi pengajuan izin per tahun. Klik baris untuk membuka detail: data izin, lampiran, dan 5 pengajuan terakhir karyawan. Setujui atau tolak dengan catatan; penolakan wajib diberi catatan.',
      ],
    },
    {
      id: 'riwayat',
      title: 'Riwayat kehadiran',
      paragraphs: [
        'Menu Laporan > Riwayat Kehadiran berisi absen yang sudah diproses. Dari detailnya, absen dapat di-undo (kembali ke tahap persetujuan), absen valid dapat ditolak dengan catatan, dan "Mundurkan absen" menghitung absen untuk hari sebelumnya.',
      ],
    },
    {
      id: 'tabel',
      title: 'Bekerja dengan tabel',
      paragraphs: [
        'Setiap tabel dapat diurutkan dengan mengklik judul kolom, dicari dengan kotak "Cari", dan dipilih kolomnya lewat tombol "Kolom". Jumlah data per halaman dapat diatur 10, 25, 50 atau 100.',
      ],
    },
    {
      id: 'dinding',
      title: 'Tampilan dinding',
      paragraphs: [
        'Administrator dapat membuat tautan Tampilan Dinding (Sistem Administrasi > Tampilan Dinding) untuk layar kantor: papan angka kehadiran hari ini yang diperbarui langsung, tanpa perlu masuk. Tautan dapat dicabut kapan saja.',
      ],
    },
    {
      id: 'profil',
      title: 'Profil dan hak akses',
      paragraphs: [
        'Pilih "My Profile" di menu pengguna untuk melihat nama, email, user level dan hak akses anda, serta mengubah kata sandi. Menu dan tombol yang tidak sesuai hak akses anda tidak ditampilkan; hubungi administrator bila anda memerlukan akses tambahan.',
      ],
    },
  ] satisfies GuideSection[],
};
