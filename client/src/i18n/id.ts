import { formatCount } from '@/lib/format';

import { announcementText } from './announcements.id';
import { approvalAttendanceText } from './approval-attendance.id';
import { approvalPermissionText } from './approval-izin.id';
import { attendanceHistoryText } from './attendance-history.id';
import { attendanceLogText } from './attendance-log.id';
import { auditText } from './audit.id';
import { authText } from './auth.id';
import { creditsText } from './credits.id';
import { dashboardText, monthRangeText } from './dashboard.id';
import { jobsText } from './jobs.id';
import { peopleText } from './people.id';
import { profileText } from './profile.id';
import { absentReportText } from './reports.id';
import { settingsText } from './settings.id';
import { shellText } from './shell.id';
import { syncText } from './sync.id';
import { terms } from './terms.id';
import { wallAdminText, wallText } from './wall.id';

/*
 * The product's terms (DESIGN §18), one spelling everywhere: Izin (never Ijin), Silakan (never
 * Silahkan), Lembur, Man Power, Cuti, Unduh (never Download), Urungkan for an undo a text describes.
 * English only where the spec names the English label: 'My Profile', 'Lock Screen', 'Log Out' (user
 * menu), 'Undo' (attendance history), 'Page break' (report documents), 'Face Recognition'.
 * src/i18n/__tests__/terms.test.ts rejects the wrong spellings in every i18n file. The names of the
 * screens and areas (sidebar, page titles, breadcrumbs) and 'Anda' are the term list's: terms.id.ts.
 */

/**
 * Every user-facing text, by area. The words several features share are written here; each feature's
 * texts live in its own `<feature>.id.ts` (named below, so `id.settings…` reads them), kept under 600
 * lines. A new feature adds its file; a file of its own may also be imported directly
 * (`adjustments.id.ts`, `reports.id.ts`, `guide.id.ts`, `manual-upload.id.ts`).
 */
export const id = {
  productName: 'Kehadiran',
  productTagline: 'Administrasi kehadiran karyawan',

  common: {
    loading: 'Memuat…',
    close: 'Tutup',
    cancel: 'Batal',
    breadcrumb: 'Breadcrumb',
    showCharacters: 'Tampilkan karakter',
    hideCharacters: 'Sembunyikan karakter',
    opensInNewTab: '(membuka tab baru)',
  },

  errors: {
    network: 'Mohon periksa koneksi internet dan coba beberapa saat lagi.',
    generic: 'Terjadi kesalahan. Silakan coba beberapa saat lagi.',
    accessDenied: 'Anda tidak memiliki akses untuk membuka halaman ini!',
    accessDeniedHint: 'Hubungi administrator bila Anda memerlukan akses ke halaman ini.',
    accessRevoked: 'Akses Anda ke halaman ini telah dicabut',
    accessRevokedHint: 'Level akses Anda baru saja diubah oleh administrator. Menu sudah menyesuaikan; lanjutkan dari Dashboard.',
    goBack: 'Kembali',
    backToDashboard: 'Kembali ke Dashboard',
    invalidResetLink: 'Pastikan link yang Anda akses sudah benar!',
    notFound: 'Halaman yang Anda cari tidak ada.',
    toDashboard: 'Ke Dashboard?',
    pageCrashed: 'Halaman ini mengalami kesalahan.',
    pageCrashedHint: 'Data yang sudah tersimpan aman. Muat ulang halaman untuk mencoba lagi.',
    reload: 'Muat ulang',
  },

  notifications: {
    errorTitle: 'Gagal',
  },

  validation: {
    emailRequired: 'Email harus diisi',
    emailInvalid: 'Email tidak valid',
    passwordRequired: 'Password harus diisi',
    passwordMin: 'Password setidaknya memiliki 6 karakter',
    passwordMismatch: 'Password harus sama',
    codeRequired: 'Kode verifikasi harus diisi',
    kataSandiRequired: 'Kata sandi harus diisi',
    kataSandiMismatch: 'Kata sandi tidak sama',
    kataSandiMin: 'Kata sandi setidaknya memiliki 6 karakter',
  },

  auth: authText,

  profile: profileText,

  shell: shellText,

  /** Page titles (h1, document title): a menu entry's page has the entry's name (terms.id.ts). */
  pages: {
    dashboard: terms.dashboard,
    announcement: terms.announcement,
    employee: terms.employee,
    credits: terms.credits,
    profile: 'Profil Saya',
    sync: terms.sync,
    syncEmployee: terms.syncEmployee,
    syncAttendance: terms.syncPayroll,
    syncAttendanceList: 'Daftar Sinkronisasi',
    syncAttendanceValidation: 'Validasi Sinkronisasi',
    syncAttendanceDetail: 'Detail Sinkronisasi',
    leaveAdjustment: terms.leaveAdjustment,
    leaveAdjustmentDetail: 'Detail Cuti Manual',
    attendanceAdjustment: terms.attendanceAdjustment,
    attendanceAdjustmentEdit: 'Ubah Penyesuaian Kehadiran',
    attendanceAdjustmentList: 'Daftar Penyesuaian Kehadiran',
    attendanceAdjustmentDetail: 'Detail Penyesuaian Kehadiran',
    manualUpload: 'Unggah Manual',
    manualUploadDetail: 'Detail Unggah Kehadiran',
    approvalAttendance: terms.approvalAttendance,
    approvalPermission: terms.approvalPermission,
    reportDetail: terms.reportDetail,
    reportDetailDoc: 'Dokumen Laporan Detail',
    reportDetailOvertime: 'Laporan Detail Lembur',
    reportDetailPermission: 'Laporan Detail Izin',
    reportDetailUndisciplined: 'Laporan Detail Tidak Disiplin',
    reportSummary: terms.reportSummary,
    reportSummaryDoc: 'Dokumen Laporan Rangkuman',
    reportSummaryOvertime: 'Laporan Rangkuman Lembur',
    reportSummaryPermission: 'Laporan Rangkuman Izin',
    reportSummaryUndisciplined: 'Laporan Rangkuman Tidak Disiplin',
    reportLog: terms.reportLog,
    reportAdjustment: terms.reportAdjustment,
    reportAbsent: 'Laporan Karyawan Tidak Hadir',
    settingsShift: terms.settingsShift,
    settingsHoliday: terms.settingsHoliday,
    settingsBlacklist: terms.settingsBlacklist,
    settingsPermission: terms.settingsPermission,
    userLevel: terms.userLevel,
    userLogin: terms.userLogin,
    wallDisplay: terms.wallDisplay,
    audit: terms.audit,
    wall: terms.wallDisplay,
    notFound: 'Halaman Tidak Ditemukan',
    accessDenied: 'Akses Ditolak',
    accessRevoked: 'Akses Dicabut',
  },

  breadcrumbs: {
    home: 'Beranda',
    sync: terms.sync,
    adjustment: terms.adjustment,
    attendanceAdjustment: terms.attendanceAdjustment,
    upload: terms.upload,
    approval: terms.approval,
    report: terms.report,
    settings: terms.settings,
    systemAdmin: terms.systemAdmin,
  },

  credits: creditsText,

  dataTable: {
    pageSize: 'Jumlah data per halaman',
    show: 'Tampilkan',
    entries: 'data',
    globalSearch: 'Cari',
    globalSearchPlaceholder: 'Cari…',
    columns: 'Kolom',
    columnSearch: (column: string) => `Cari ${column}`,
    allOptions: 'Semua',
    empty: 'Data tidak ditemukan',
    loading: 'Memuat data…',
    summary: (top: number, bottom: number, total: number) =>
      `Menampilkan data ${formatCount(top)} sampai ${formatCount(bottom)} dari ${formatCount(total)}`,
    /** The server stopped counting at `total` (recordsCapped): there are more rows. */
    summaryCapped: (top: number, bottom: number, total: number) =>
      `Menampilkan data ${formatCount(top)} sampai ${formatCount(bottom)} dari lebih dari ${formatCount(total)}`,
    pagination: 'Navigasi halaman',
    firstPage: 'Halaman pertama',
    previousPage: 'Halaman sebelumnya',
    nextPage: 'Halaman berikutnya',
    lastPage: 'Halaman terakhir',
    page: (page: number) => `Halaman ${page}`,
  },

  filterPanel: {
    title: 'Filter',
    reset: 'Atur ulang',
    showResults: 'Lihat hasil',
    active: (count: number) => `${count} filter aktif`,
  },

  manPower: {
    type: 'Tipe Man Power',
    name: 'Man Power',
    team: 'Tim Man Power',
    group: 'Grup Man Power',
    all: 'Semua',
    loadingOptions: 'Memuat pilihan…',
  },

  employeePicker: {
    placeholder: 'Ketik nama atau ID karyawan',
    searching: 'Mencari…',
    noResult: 'Data tidak ditemukan',
    selected: 'Karyawan terpilih',
    remove: (name: string) => `Hapus ${name}`,
  },

  dateInput: {
    placeholder: 'dd/mm/yyyy',
    open: 'Pilih tanggal dari kalender',
    calendar: 'Kalender',
    previousMonth: 'Bulan sebelumnya',
    nextMonth: 'Bulan berikutnya',
    invalid: 'Tanggal tidak valid, tulis dd/mm/yyyy.',
  },

  monthInput: {
    placeholder: 'contoh: November 2026',
    open: 'Pilih bulan',
    dialog: 'Pilih bulan, tahun',
    previousYear: 'Tahun sebelumnya',
    nextYear: 'Tahun berikutnya',
    invalid: 'Bulan tidak valid, tulis misalnya November 2026 atau 11/2026.',
    outOfBounds: 'Bulan di luar rentang yang bisa dipilih.',
  },

  timeInput: {
    placeholder: 'jj:mm',
    invalid: 'Jam tidak valid, tulis jj:mm (24 jam), misalnya 08:30.',
    date: 'Tanggal',
    time: 'Jam',
  },

  dateRange: {
    label: 'Rentang tanggal',
    start: 'Tanggal mulai',
    end: 'Tanggal selesai',
    to: 's/d',
  },

  mapView: {
    label: 'Peta lokasi',
    legend: 'Keterangan peta',
    radius: (metres: number) => `Radius ${metres} m`,
    noTiles: 'Latar peta tidak tersedia; titik dan radius tetap ditampilkan.',
  },

  authImage: {
    missing: 'Foto tidak tersedia',
    openFailed: 'Berkas tidak dapat dibuka. Muat ulang halaman lalu coba lagi.',
  },

  attendanceLog: attendanceLogText,

  /** The scope a waiting count covers, said the same way on the queue and the dashboard. */
  approvalScope: {
    allDates: 'semua tanggal',
    allTypes: 'semua tipe man power',
    types: (labels: string[]) => `untuk ${labels.join(', ')}`,
    waiting: (count: number, period: string, types: string) =>
      `${formatCount(count)} menunggu persetujuan · ${period} · ${types}`,
    lowRisk: (count: number, period: string, types: string) =>
      `${formatCount(count)} berisiko rendah · ${period} · ${types}`,
  },

  approvalAttendance: approvalAttendanceText,

  approvalPermission: approvalPermissionText,

  attendanceHistory: attendanceHistoryText,

  dashboard: dashboardText,

  monthRange: monthRangeText,

  absentReport: absentReportText,

  jobs: jobsText,

  sync: syncText,

  wall: wallText,

  wallAdmin: wallAdminText,
  people: peopleText,
  form: {
    required: (label: string) => `${label} harus diisi`,
    requiredMark: 'wajib',
    add: 'Tambah',
    addPlus: 'Tambah +',
    save: 'Simpan',
    update: 'Perbarui',
    edit: 'Ubah',
    delete: 'Hapus',
    cancel: 'Batal',
    deleteQuestion: 'Hapus data?',
    actions: 'Aksi',
    saveFailed: 'Data gagal disimpan. Periksa kembali isian Anda.',
    chooseOption: 'Pilih…',
    loadingDetail: 'Memuat data…',
    discardTitle: 'Tutup form?',
    discardText: 'Isian yang belum disimpan akan hilang.',
    discard: 'Buang isian',
    keepEditing: 'Lanjut mengisi',
  },

  announcement: announcementText,
  settings: settingsText,
  audit: auditText,
} as const;

export type Messages = typeof id;
