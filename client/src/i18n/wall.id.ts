
/** Texts of the wall display board. */
export const wallText = {
  clock: 'Jam',
  checkedIn: 'Check-in Hari Ini',
  checkedInScope: 'Check-in yang diterima hari ini, termasuk yang menunggu persetujuan',
  received: 'Diterima',
  approved: 'Sudah disetujui',
  waiting: 'Menunggu Persetujuan',
  waitingAttendance: 'Kehadiran',
  waitingIzin: 'Izin',
  late: 'Terlambat Hari Ini',
  lateScope: 'Check-in disetujui yang lewat jam masuk + toleransi',
  absent: 'Tidak Hadir Hari Ini',
  absentScope: 'Belum check-in setelah jam masuk + toleransi tiap lokasi',
  absentPartial: (known: number, total: number) =>
    `Belum check-in setelah jam masuk + toleransi · ${known} dari ${total} lokasi sudah lewat jam masuk`,
  absentWaiting: 'Menunggu jam masuk',
  waitingScope: 'Semua tanggal, semua tipe man power',
  revoked: 'Tampilan dicabut',
  revokedHint: 'Token tampilan ini telah dicabut oleh administrator. Minta tautan baru untuk layar ini.',
  invalid: 'Token tampilan tidak valid',
  invalidHint: 'Periksa kembali tautan tampilan atau minta tautan baru kepada administrator.',
} as const;

/** Texts of the wall display admin screen. */
export const wallAdminText = {
  intro:
    'Tampilan dinding membuka papan kehadiran langsung di layar kantor tanpa masuk. Setiap tampilan memakai tokennya sendiri dan dapat dicabut kapan saja.',
  name: 'Nama tampilan',
  namePlaceholder: 'Mis. Lobi Kantor Pusat',
  nameRequired: 'Nama tampilan harus diisi',
  create: 'Buat Tampilan',
  createdTitle: 'Tampilan dibuat',
  tokenOnce: 'Salin tautan ini sekarang. Token hanya ditampilkan sekali.',
  link: 'Tautan tampilan',
  copy: 'Salin tautan',
  copied: 'Tautan disalin',
  close: 'Tutup',
  list: 'Daftar tampilan dinding',
  columns: {
    name: 'Nama',
    created: 'Dibuat',
    lastSeen: 'Terakhir terlihat',
    status: 'Status',
    actions: 'Aksi',
  },
  active: 'Aktif',
  revoked: 'Dicabut',
  never: 'Belum pernah',
  revoke: 'Cabut',
  revokeOf: (name: string) => `Cabut ${name}`,
  revokeQuestion: 'Cabut tampilan?',
  empty: 'Data tidak ditemukan',
  modalTitle: 'Tampilan Dinding',
  nameHint: 'Maksimal 100 karakter.',
  createdBy: 'Dibuat oleh',
} as const;
