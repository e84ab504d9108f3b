/** The in-app guide at /panduan (shown when the server names no external guide, GUIDE_URL). */
export interface GuideSection {
  id: string;
  title: string;
  paragraphs: string[];
  steps?: string[];
  /** The sidebar entries and groups (their menu keys) this section explains; every one has a section. */
  areas?: string[];
}

export const guide = {
  title: 'Panduan Kehadiran',
  intro:
    'Kehadiran adalah aplikasi administrasi kehadiran karyawan: menyetujui absen dan izin, memantau angka hari ini, dan menyusun laporan. Panduan singkat ini menjelaskan cara memakai setiap bagian.',
  contents: 'Daftar isi',
  toDashboard: 'Ke Dashboard',
  toLogin: 'Ke halaman masuk',
  help: 'Butuh bantuan lebih lanjut? Hubungi administrator sistem di kantor Anda.',
  sections: [
    {
      id: 'masuk',
      title: 'Masuk dan keamanan akun',
      paragraphs: [
        'Masuk dengan email dan password akun Anda. Centang "Ingat saya" hanya di komputer pribadi: sesi tetap tersimpan setelah browser ditutup.',
        'Lupa password? Pilih "Lupa password?", masukkan email, lalu masukkan kode verifikasi dari email beserta password baru (minimal 6 karakter).',
        'Meninggalkan meja sebentar? Pilih "Lock Screen" di menu pengguna (pojok kanan atas). Buka kunci dengan password Anda; Anda kembali ke halaman yang sedang dibuka.',
      ],
    },
    {
      id: 'dashboard',
      areas: ['dashboard'],
      title: 'Dashboard',
      paragraphs: [
        'Dashboard menampilkan ringkasan persetujuan bulan ini, karyawan tidak disiplin, ulang tahun karyawan, umur karyawan, dan laporan karyawan tidak hadir. Angka diperbarui langsung tanpa memuat ulang halaman.',
        'Titik hijau "Terhubung" di header berarti pembaruan langsung aktif. "Terputus" berarti koneksi hilang; aplikasi menyambung kembali dengan sendirinya.',
      ],
    },
    {
      id: 'persetujuan-kehadiran',
      areas: ['approval'],
      title: 'Persetujuan kehadiran',
      paragraphs: [
        'Menu Persetujuan > Persetujuan Kehadiran berisi absen yang menunggu persetujuan: di luar radius lokasi, wajah tidak cocok, atau di luar jadwal shift. Absen baru muncul langsung di daftar.',
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
        'Menu Persetujuan > Persetujuan Izin berisi pengajuan izin per tahun. Klik baris untuk membuka detail: data izin, lampiran, dan 5 pengajuan terakhir karyawan. Setujui atau tolak dengan catatan; penolakan wajib diberi catatan.',
      ],
    },
    {
      id: 'riwayat',
      areas: ['report'],
      title: 'Riwayat kehadiran',
      paragraphs: [
        'Menu Laporan > Riwayat Kehadiran berisi absen yang sudah diproses. Dari detailnya, absen dapat di-undo (kembali ke tahap persetujuan), absen valid dapat ditolak dengan catatan, dan "Mundurkan absen" menghitung absen untuk hari sebelumnya.',
      ],
    },
    {
      id: 'pengumuman',
      areas: ['announcement'],
      title: 'Pengumuman',
      paragraphs: [
        'Menu Pengumuman menampilkan pengumuman untuk karyawan di aplikasi mobile, 9 per halaman. Saring dengan tag (Office, Pool, Site, Tug Boat) atau tombol "Penting".',
        'Pengumuman yang terjadwal (tanggal terbit belum tiba) masih dapat diubah atau dijadikan draft kembali. Setelah terbit, pengumuman hanya dapat dibaca, ditandai penting, atau dihapus.',
      ],
      steps: [
        'Pilih "Buat Pengumuman", isi judul, tag, isi pengumuman, dan bila perlu link serta lampiran.',
        '"Simpan draft" menyimpan tanpa menerbitkan; "Terbitkan" menjadwalkan pengumuman pada tanggal terbit yang dipilih.',
      ],
    },
    {
      id: 'karyawan',
      areas: ['employee'],
      title: 'Karyawan',
      paragraphs: [
        'Menu Karyawan berisi direktori karyawan. Cari dengan nama atau ID karyawan, lalu klik baris untuk membuka detail: data pribadi, penempatan (man power), lokasi, dan tab Cuti berisi sisa cuti serta mutasi cuti tahun ini.',
        'Sisa cuti ditulis satu cara di seluruh aplikasi: "12 hari", atau "-1 hari (hutang)" bila cuti yang diambil melebihi saldo.',
      ],
    },
    {
      id: 'sync',
      areas: ['sync'],
      title: 'Sinkronisasi (Sync)',
      paragraphs: [
        'Menu Sync tampil bagi pengguna yang berhak menjalankan salah satu sinkronisasi.',
        '"Sinkronisasi dari HRM" mengambil data karyawan terbaru dari aplikasi HR. Kemajuannya tampil langsung, juga bagi admin lain yang membuka halaman yang sama.',
        '"Sinkronisasi ke Penggajian" mengirim penyesuaian kehadiran ke aplikasi penggajian: pilih periode dan penempatan, periksa pratinjau di halaman validasi, lalu kirim. Riwayat pengiriman dan detailnya ada di daftar sinkronisasi.',
      ],
    },
    {
      id: 'penyesuaian',
      areas: ['adjustment'],
      title: 'Penyesuaian cuti dan kehadiran',
      paragraphs: [
        'Penyesuaian > Daftar Cuti Manual: cuti tahunan diperbarui setiap tanggal 15 Januari. "Buat Cuti Manual" mencatat cuti karyawan: pilih karyawan, tanggal cuti, tanggal pengajuan, deskripsi dan berkas. Formulir menampilkan saldo saat ini, jumlah hari cuti, dan saldo baru sebelum disimpan.',
        'Bila rentang tanggal tidak memuat hari kerja, formulir memperingatkan "0 hari" sebelum disimpan. Saldo negatif dicatat sebagai hutang cuti.',
        'Penyesuaian > Penyesuaian Kehadiran: pilih karyawan dan periode, ubah baris kehadiran (atau "Edit Semua" untuk banyak hari sekaligus), lalu "Kirim". Data dalam jumlah besar dapat diunggah dengan "Unggah manual" memakai templat yang disediakan.',
      ],
    },
    {
      id: 'laporan',
      areas: ['report'],
      title: 'Laporan',
      paragraphs: [
        'Menu Laporan berisi laporan detail (kehadiran, lembur, izin, tidak disiplin), ringkasan, riwayat kehadiran, dan laporan penyesuaian. Pilih karyawan atau man power dan periode, lalu "Tampilkan".',
        'Dokumen laporan dapat diunduh sebagai Excel atau CSV (tanggal, jam dan angka siap dihitung), dicetak, dan diberi "Page break" per karyawan. Laporan karyawan tidak hadir dibuka dari Dashboard.',
      ],
    },
    {
      id: 'pengaturan',
      areas: ['settings'],
      title: 'Pengaturan',
      paragraphs: [
        'Pengaturan > Hari Libur: hari libur per tahun; satu tahun dapat disalin ke tahun lain. Pengaturan > Jadwal Kerja: jam kerja shift dan pola shift karyawan.',
        'Pengaturan > Blacklist App: aplikasi yang tidak boleh terpasang di ponsel karyawan saat absen. Pengaturan > Cuti & Gangguan Sistem: jenis cuti khusus, cuti tambahan, gangguan sistem, dan ambang risiko.',
      ],
    },
    {
      id: 'sistem-administrasi',
      areas: ['system-admin'],
      title: 'Sistem administrasi',
      paragraphs: [
        'User Level menentukan hak akses (menu dan tombol) setiap level. User Login berisi akun pengguna: level, karyawan yang terhubung, dan hak khusus seperti menyetujui atau menolak absen per tipe man power.',
        'Perubahan level atau hak akses berlaku langsung di layar pengguna yang sedang terbuka. Bila halaman yang sedang dibuka tidak lagi diizinkan, aplikasi menampilkan "Akses Anda ke halaman ini telah dicabut".',
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
      areas: ['system-admin'],
      title: 'Tampilan dinding',
      paragraphs: [
        'Administrator dapat membuat tautan Tampilan Dinding (Sistem Administrasi > Tampilan Dinding) untuk layar kantor: papan angka kehadiran hari ini yang diperbarui langsung, tanpa perlu masuk. Tautan dapat dicabut kapan saja.',
      ],
    },
    {
      id: 'profil',
      title: 'Profil dan hak akses',
      paragraphs: [
        'Pilih "My Profile" di menu pengguna untuk melihat nama, email, user level dan hak akses Anda, serta mengubah kata sandi. Menu dan tombol yang tidak sesuai hak akses Anda tidak ditampilkan; hubungi administrator bila Anda memerlukan akses tambahan.',
      ],
    },
  ] satisfies GuideSection[],
};
