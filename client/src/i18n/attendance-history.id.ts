
/** Texts of the attendance history. */
export const attendanceHistoryText = {
  notice: 'Absen yang di-undo akan kembali ke tahap persetujuan.',
  tableTitle: 'Riwayat Kehadiran',
  summaryTitle: 'Ringkasan status',
  month: 'Bulan',
  summary: { approved: 'Disetujui', manual_approval: 'Disetujui Manual', rejected: 'Ditolak' },
} as const;
