import { formatCount } from '@/lib/format';


/** Texts of background jobs (components/jobs): progress, last run, history. */
export const jobsText = {
  status: {
    queued: 'Menunggu giliran…',
    running: 'Sedang diproses…',
    succeeded: 'Selesai',
    failed: 'Gagal',
    cancelled: 'Dibatalkan',
  },
  processedOf: (processed: number, total: number) =>
    `${formatCount(processed)} dari ${formatCount(total)} data`,
  processed: (processed: number) => `${formatCount(processed)} data`,
  percentText: (percent: number) => `${percent} persen`,
  elapsed: (duration: string) => `Waktu berjalan ${duration}`,
  remaining: (duration: string) => `Perkiraan sisa ${duration}`,
  estimating: 'Menghitung perkiraan sisa waktu…',
  startedBy: (name: string) => `Dijalankan oleh ${name}`,
  seconds: (seconds: number) => `${seconds} detik`,
  minutesSeconds: (minutes: number, seconds: number) => `${minutes} menit ${seconds} detik`,
  hoursMinutes: (hours: number, minutes: number) => `${hours} jam ${minutes} menit`,
  cancel: 'Batalkan',
  cancelQuestion: 'Hentikan proses ini? Proses yang dihentikan tidak dapat dilanjutkan.',
  keepRunning: 'Lanjutkan proses',
  cancelRequested: 'Membatalkan…',
  errorCount: (count: number) => `${formatCount(count)} kesalahan`,
  moreErrors: (count: number) => `dan ${formatCount(count)} kesalahan lainnya`,
  neverRun: 'Belum pernah dijalankan.',
  detail: 'Detail Proses',
  columns: {
    created: 'Dimulai',
    status: 'Status',
    creator: 'Dijalankan oleh',
    counts: 'Hasil',
    message: 'Pesan',
  },
  fields: {
    status: 'Status',
    creator: 'Dijalankan oleh',
    started: 'Mulai',
    finished: 'Selesai',
    duration: 'Lama',
    processed: 'Data diproses',
    counts: 'Hasil',
    message: 'Pesan',
    errors: 'Kesalahan',
  },
  empty: 'Belum ada proses.',
} as const;
