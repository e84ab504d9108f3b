/*
 * The term list: one name for each screen and area of the product, used by the sidebar
 * (shell.id.ts `menu`), the page titles (id.ts `pages`, the h1 and the document title) and the
 * breadcrumbs (id.ts `breadcrumbs`). A menu entry, the title of the page it opens and the breadcrumb
 * of the pages under it are the same words; src/features/shell/components/__tests__/menu-terms.test.ts
 * keeps them so.
 *
 * Where the spec fixes a label it is used: the sidebar entries of doc1 §2.7 (Dashboard, Pengumuman,
 * Karyawan, Sync, the groups Penyesuaian, Persetujuan, Laporan, Pengaturan, Sistem Administrasi), doc2
 * §2.1 'Daftar Cuti Manual', doc2 §2.6 'Penyesuaian Kehadiran', doc2 §2.11 'Riwayat Kehadiran', doc3
 * §2.1 the form names 'Laporan Detail' and 'Laporan Rangkuman', doc3 §2.6 'User Level' and 'User Login'.
 * Where the spec names one screen twice, one name is kept and the other dropped:
 * - /report/attendance-detail: form 'Laporan Detail', breadcrumb 'Detail Kehadiran' → 'Laporan Detail'
 *   ('Detail Kehadiran' is the attendance-log detail dialog);
 * - /report/attendance-adjustment: 'Penyesuaian Kehadiran' → 'Laporan Penyesuaian Kehadiran'
 *   ('Penyesuaian Kehadiran' is the adjustment screen under Penyesuaian);
 * - /approval/*: breadcrumb 'Persetujuan > Kehadiran' / '> Izin' → 'Persetujuan Kehadiran' /
 *   'Persetujuan Izin' (a bare 'Kehadiran' also names the adjustment screen and the product);
 * - /sync: sidebar 'Sync', breadcrumb 'Laporan > Sync Kehadiran' → 'Sync', not under Laporan (the hub
 *   is its own sidebar entry and also holds the HR employee sync);
 * - 'Settings > …' (doc3 §2.5) → the group's name 'Pengaturan'.
 *
 * The same names label the user-level matrix's flags (server/core/flags.py LABELS) and the audit's
 * object types (server/audit/labels.py, src/i18n/audit.id.ts).
 *
 * The words of the texts (DESIGN §18): Anda capitalised in every text (also where the spec quotes it
 * in lower case), Izin (never Ijin), Silakan (never Silahkan), Unduh (never Download), Unggah (upload),
 * Tampilan Dinding (never Layar Dinding), Lembur, Man Power, Cuti. src/i18n/__tests__/terms.test.ts
 * rejects the wrong spellings in every client text; server/core/tests/test_ui_terms.py in the
 * server's messages.
 */
export const terms = {
  dashboard: 'Dashboard',
  announcement: 'Pengumuman',
  employee: 'Karyawan',
  sync: 'Sync',

  syncEmployee: 'Sinkronisasi dari HRM',
  syncPayroll: 'Sinkronisasi ke Penggajian',

  adjustment: 'Penyesuaian',
  leaveAdjustment: 'Daftar Cuti Manual',
  /** One manual leave record (the list above is 'Daftar Cuti Manual'; 'Buat Cuti Manual', 'Detail Cuti Manual'). */
  leaveManual: 'Cuti Manual',
  attendanceAdjustment: 'Penyesuaian Kehadiran',
  upload: 'Unggah',

  approval: 'Persetujuan',
  approvalAttendance: 'Persetujuan Kehadiran',
  approvalPermission: 'Persetujuan Izin',

  report: 'Laporan',
  reportDetail: 'Laporan Detail',
  reportSummary: 'Laporan Rangkuman',
  reportLog: 'Riwayat Kehadiran',
  reportAdjustment: 'Laporan Penyesuaian Kehadiran',

  settings: 'Pengaturan',
  settingsHoliday: 'Hari Libur',
  settingsShift: 'Jadwal Kerja',
  settingsBlacklist: 'Blacklist App',
  /** The two tables of Jadwal Kerja (doc3 §2.5): shifts and shift patterns. */
  shift: 'Jam Kerja',
  shiftPattern: 'Pola Kerja',
  settingsPermission: 'Cuti & Gangguan Sistem',

  systemAdmin: 'Sistem Administrasi',
  userLevel: 'User Level',
  userLogin: 'User Login',
  wallDisplay: 'Tampilan Dinding',
  audit: 'Audit',

  credits: 'Credits',
  guide: 'Panduan',
} as const;
